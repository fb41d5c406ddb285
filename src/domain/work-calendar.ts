/**
 * 工作日历 (docs/domain.md "Due process"): the working days of the product's calendar. A day is a
 * working day when it is Monday–Friday, unless the calendar table marks it 休 (an official holiday
 * of the year, 国务院办公厅 notice), or a Saturday/Sunday the table marks 班 (a 调休 working day).
 * Deadlines counted in working days — the 公示期 of a 亩均 batch, the days a land holder has to ask
 * for a 听证 — are counted here, on dates 'YYYY-MM-DD' of the product's calendar.
 */

/** What the calendar table says of a date: 休 (a holiday on a weekday) or 班 (a working weekend day). */
export type CalendarMark = '休' | '班'

/** The marked days of the calendar table: date → mark. */
export type CalendarMarks = ReadonlyMap<string, CalendarMark>

/** The default 公示期 of a 亩均 batch, in working days (系统设置 → 工作日历 changes it). */
export const DEFAULT_PUBLICITY_WORKING_DAYS = 5
/** The default days a land holder has to ask for a 听证 after the 听证告知, in working days. */
export const DEFAULT_HEARING_WORKING_DAYS = 5

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether `s` is a real calendar date written 'YYYY-MM-DD'. */
export function isDate(s: string): boolean {
  if (!DATE.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/** The date `n` calendar days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Whether a date is a working day of the calendar. */
export function isWorkingDay(day: string, marks: CalendarMarks): boolean {
  const mark = marks.get(day)
  if (mark) return mark === '班'
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

/** The working days from `start` to `end`, both included (0 when end is before start). */
export function workingDaysBetween(start: string, end: string, marks: CalendarMarks): number {
  let n = 0
  for (let d = start; d <= end; d = addDays(d, 1)) if (isWorkingDay(d, marks)) n++
  return n
}

/**
 * The last day of a window of `n` working days that opens on `start` (`start` counts when it is a
 * working day): 5 working days from Wednesday 2026-12-02 end on Tuesday 2026-12-08.
 */
export function windowEnd(start: string, n: number, marks: CalendarMarks): string {
  if (n < 1) throw new RangeError('a window holds at least one working day')
  let d = start
  let left = isWorkingDay(d, marks) ? n - 1 : n
  while (left > 0) {
    d = addDays(d, 1)
    if (isWorkingDay(d, marks)) left--
  }
  return d
}

/** A date written the way the pages write it: 2026年12月9日. */
export function chineseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return `${y}年${m}月${d}日`
}
