/**
 * "Today" of the forms: the product's date (Asia/Shanghai, domain/today.ts), as the server checks
 * it — not the browser's, which is a day off between its midnight and China's for a user whose
 * clock runs in another zone. Date defaults and "不晚于今天 / 不早于今天" limits read it.
 */
import dayjs, { type Dayjs } from 'dayjs'
import { todayInProductZone } from '../../domain/today'

/** The product's date today, as a local date (midnight) for the date pickers. */
export const productToday = (): Dayjs => dayjs(todayInProductZone())
