/**
 * The product's clock: "today" of the rules that count days (the 公示期 of a 亩均 batch, the 听证
 * deadline of a 闲置土地 case). It is the date in Asia/Shanghai (src/domain/today.ts), unless a test
 * has moved it through the test-only clock (TEST_CLOCK=1, `PUT /api/test/clock`), which a production
 * start refuses (src/server/env.ts).
 */
import { todayInProductZone } from '../domain/today'
import { addDays } from '../domain/work-calendar'

let offsetDays = 0

/** Today 'YYYY-MM-DD' on the product's calendar. */
export function productToday(): string {
  const today = todayInProductZone()
  return offsetDays === 0 ? today : addDays(today, offsetDays)
}

/** Test-only: makes `day` today (null: back to the real date). */
export function setTestToday(day: string | null): void {
  offsetDays =
    day === null ? 0 : Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${todayInProductZone()}T00:00:00Z`)) / 86_400_000)
}
