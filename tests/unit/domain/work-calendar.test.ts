import { describe, expect, it } from 'vitest'
import {
  addDays,
  chineseDate,
  isDate,
  isWorkingDay,
  windowEnd,
  workingDaysBetween,
  type CalendarMarks,
} from '../../../src/domain/work-calendar'

// the 国庆 of 2026 as the calendar table ships it: 10-01…10-07 off (weekdays marked 休), 09-20 and 10-10 worked
const MARKS: CalendarMarks = new Map([
  ['2026-09-20', '班'],
  ['2026-10-01', '休'],
  ['2026-10-02', '休'],
  ['2026-10-05', '休'],
  ['2026-10-06', '休'],
  ['2026-10-07', '休'],
  ['2026-10-10', '班'],
])

describe('working days of the product calendar', () => {
  it.each([
    ['2026-12-02', true, 'a Wednesday'],
    ['2026-12-05', false, 'a Saturday'],
    ['2026-12-06', false, 'a Sunday'],
    ['2026-10-01', false, 'a holiday on a Thursday'],
    ['2026-10-10', true, 'a 调休 Saturday'],
    ['2026-09-20', true, 'a 调休 Sunday'],
  ] as const)('%s is a working day: %s (%s)', (day, working, _why) => {
    expect(isWorkingDay(day, MARKS)).toBe(working)
  })

  it('counts a window of five working days from a Wednesday to the Tuesday after', () => {
    expect(windowEnd('2026-12-02', 5, MARKS)).toBe('2026-12-08')
    expect(workingDaysBetween('2026-12-02', '2026-12-08', MARKS)).toBe(5)
  })

  it('skips the 国庆 holidays and counts the 调休 Saturday', () => {
    // 09-30 (Wed), 10-08 (Thu), 10-09 (Fri), 10-10 (调休 Sat), 10-12 (Mon)
    expect(windowEnd('2026-09-30', 5, MARKS)).toBe('2026-10-12')
    expect(workingDaysBetween('2026-09-30', '2026-10-09', MARKS)).toBe(3)
  })

  it('opens a window on a weekend from the next working day', () => {
    expect(windowEnd('2026-12-05', 5, MARKS)).toBe('2026-12-11')
  })

  it('refuses a window of no working day', () => {
    expect(() => windowEnd('2026-12-02', 0, MARKS)).toThrow(RangeError)
  })

  it('writes and checks dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(chineseDate('2026-12-09')).toBe('2026年12月9日')
    expect([isDate('2026-02-29'), isDate('2028-02-29'), isDate('2026-1-1')]).toEqual([false, true, false])
  })
})
