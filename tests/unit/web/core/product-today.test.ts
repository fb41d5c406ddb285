import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import dayjs from 'dayjs'
import { productToday } from '../../../../src/web/core/product-today'

describe('productToday (the forms’ today)', () => {
  const zone = process.env.TZ
  beforeAll(() => {
    // a browser whose clock runs in California: its midnight is 16 hours after China's
    process.env.TZ = 'America/Los_Angeles'
    vi.useFakeTimers()
  })
  afterAll(() => {
    vi.useRealTimers()
    process.env.TZ = zone
  })

  it('is the date in China when the browser’s date is still the day before', () => {
    vi.setSystemTime(new Date('2026-11-27T17:00:00Z')) // 09:00 on the 27th there, 01:00 on the 28th in China
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-27')
    expect(productToday().format('YYYY-MM-DD')).toBe('2026-11-28')
    expect(productToday().hour()).toBe(0)
  })

  it('is the same date when both calendars agree', () => {
    vi.setSystemTime(new Date('2026-11-27T15:00:00Z')) // 07:00 there, 23:00 in China
    expect(productToday().format('YYYY-MM-DD')).toBe('2026-11-27')
    expect(productToday().endOf('day').isAfter(dayjs('2026-11-27T23:59:00'))).toBe(true)
  })
})
