/**
 * The product's calendar: its users work in China, so "today" (deadlines, overdue, dates not after
 * today) is the date in Asia/Shanghai, on the server, in the database session and in tests alike —
 * not the UTC date, which is a day behind between 00:00 and 08:00 there.
 */

/** The time zone of the product's dates. */
export const PRODUCT_TIME_ZONE = 'Asia/Shanghai'

const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today as 'YYYY-MM-DD' in the product's time zone (or the date of `at`). */
export function todayInProductZone(at: Date = new Date()): string {
  return FORMAT.format(at)
}
