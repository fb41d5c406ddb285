/** 删除节假日 POST /api/workCalendar/delete */
import { postSaying } from '../../../core/post-saying'

/** Removes a day's mark: it is again what its weekday makes it. */
export const deleteCalendarDay = (day: string) => postSaying<null>('/api/workCalendar/delete', { day })
