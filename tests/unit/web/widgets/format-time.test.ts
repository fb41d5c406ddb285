/**
 * The one time format of the product: times `YYYY-MM-DD HH:mm:ss`, dates `YYYY-MM-DD`, on the
 * product's calendar (Asia/Shanghai) whatever the zone of the machine, a dash for nothing.
 */
import { describe, expect, it } from 'vitest'
import { NO_TIME, formatDate, formatTime, type TimeValue } from '../../../../src/web/widgets/format-time'

const TIMES: [string, TimeValue, string][] = [
  ['an API time in UTC is shown on the product calendar', '2026-11-21T00:30:00Z', '2026-11-21 08:30:00'],
  ['seconds are shown', '2026-11-21T08:30:05+08:00', '2026-11-21 08:30:05'],
  ['midnight is 00, not 24', '2026-11-20T16:00:00.000Z', '2026-11-21 00:00:00'],
  ['the evening is 24-hour', '2026-11-21T13:45:59Z', '2026-11-21 21:45:59'],
  ['epoch milliseconds (a lock expiry)', Date.UTC(2026, 0, 5, 6, 30, 0), '2026-01-05 14:30:00'],
  ['a Date', new Date(Date.UTC(2025, 11, 31, 16, 0, 1)), '2026-01-01 00:00:01'],
  ['nothing', null, NO_TIME],
  ['absent', undefined, NO_TIME],
  ['empty text', '', NO_TIME],
  ['unreadable text', 'yesterday', NO_TIME],
]

const DATES: [string, TimeValue, string][] = [
  ['a moment is dated on the product calendar, not in UTC', '2026-11-20T16:30:00Z', '2026-11-21'],
  ['a morning moment', '2026-11-21T00:30:00Z', '2026-11-21'],
  ['a bare calendar date stays the day it names', '2026-05-01', '2026-05-01'],
  ['epoch milliseconds', Date.UTC(2026, 0, 5, 20, 0, 0), '2026-01-06'],
  ['nothing', null, NO_TIME],
  ['unreadable text', '2026-13-45T99:00:00Z', NO_TIME],
]

describe('formatTime', () => {
  it.each(TIMES)('%s', (_, value, shown) => {
    expect(formatTime(value)).toBe(shown)
  })
})

describe('formatDate', () => {
  it.each(DATES)('%s', (_, value, shown) => {
    expect(formatDate(value)).toBe(shown)
  })
})
