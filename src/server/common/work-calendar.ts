/** The working-day calendar and the due-process settings as stored (tables work_calendar, due_process_setting). */
import type { Db } from '../db/engine'
import {
  type CalendarMark,
  type CalendarMarks,
  DEFAULT_HEARING_WORKING_DAYS,
  DEFAULT_PUBLICITY_WORKING_DAYS,
} from '../../domain/work-calendar'

/** The marked days (休 / 班) from `from` to `to`, both included. */
export async function calendarMarks(db: Db, from: string, to: string): Promise<CalendarMarks> {
  const r = await db.query<{ day: string; mark: CalendarMark }>('SELECT day, mark FROM work_calendar WHERE day BETWEEN $1 AND $2', [
    from,
    to,
  ])
  return new Map(r.rows.map((x) => [x.day, x.mark]))
}

/** The due-process settings, in working days. */
export interface DueProcessSettings {
  /** 公示期 of a 亩均 batch */
  publicityDays: number
  /** days to ask for a 听证 after the 听证告知 */
  hearingDays: number
}

export async function dueProcessSettings(db: Db): Promise<DueProcessSettings> {
  const r = await db.query<{ key: string; value: number }>('SELECT key, value FROM due_process_setting')
  const of = (k: string, d: number) => r.rows.find((x) => x.key === k)?.value ?? d
  return {
    publicityDays: of('publicity_days', DEFAULT_PUBLICITY_WORKING_DAYS),
    hearingDays: of('hearing_days', DEFAULT_HEARING_WORKING_DAYS),
  }
}
