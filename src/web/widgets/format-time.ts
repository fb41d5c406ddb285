/**
 * The one way the product writes a moment and a day: times as `YYYY-MM-DD HH:mm:ss`, dates as
 * `YYYY-MM-DD`, both on the product's calendar (Asia/Shanghai, whatever the browser's zone), and
 * a dash for what is not known.
 */
import { PRODUCT_TIME_ZONE } from '../../domain/today'

/** Shown for a time that is absent or unreadable. */
export const NO_TIME = '—'

/** What a time may arrive as: the API's ISO text, epoch milliseconds, or a Date. */
export type TimeValue = string | number | Date | null | undefined

const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** A calendar date as the API sends it: no time, no zone. */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/

function parts(value: TimeValue): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return null
  return Object.fromEntries(PARTS.formatToParts(d).map((p) => [p.type, p.value]))
}

/** A moment as `2026-11-21 08:30:00` (product time zone); '—' when absent or unreadable. */
export function formatTime(value: TimeValue): string {
  const p = parts(value)
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : NO_TIME
}

/**
 * A day as `2026-11-21`: the date of a moment on the product's calendar, or a bare calendar date
 * as it is (it names a day, not a moment, so no zone may shift it); '—' when absent or unreadable.
 */
export function formatDate(value: TimeValue): string {
  if (typeof value === 'string' && BARE_DATE.test(value)) return value
  const p = parts(value)
  return p ? `${p.year}-${p.month}-${p.day}` : NO_TIME
}
