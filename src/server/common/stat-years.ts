/**
 * 统计年度: the years that have enterprise figures, and the year a request means (issue 29). A
 * STOCK figure (land, 低效, 闲置, the 台账: catalogue asOf 'yearEnd') of the current year is today's,
 * so a request naming no year means today; a YEARLY figure (亩均, tax, classes: asOf 'year') is of
 * the latest year that has figures when the year asked has none yet (the current year, a year not
 * reported). Every module that answers "for year Y" resolves Y here.
 */
import type { Db } from '../db/engine'
import { productToday } from '../clock'

/** The years with enterprise figures, ascending. */
export async function statYears(db: Db): Promise<number[]> {
  const r = await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly ORDER BY 1')
  return r.rows.map((x) => x.year)
}

/** The year asked for, else the latest with figures (this calendar year when there are none). */
export async function resolveYear(db: Db, year?: number): Promise<number> {
  if (year) return year
  const years = await statYears(db)
  return years.at(-1) ?? currentYear()
}

/** The current year on the product's calendar. */
export const currentYear = (): number => Number(productToday().slice(0, 4))

/** The year of the stock figures a request means: the year asked for, else the current year (today). */
export const stockYear = (year?: number): number => year ?? currentYear()

/**
 * The year of the yearly figures a request means: the year asked for when figures of it exist or
 * it lies before the latest year with figures; otherwise (the current year, a later year, or no
 * year named) the latest year with figures.
 */
export async function figuresYear(db: Db, year?: number): Promise<number> {
  const latest = (await statYears(db)).at(-1)
  if (latest === undefined) return year ?? currentYear()
  return year === undefined || year > latest ? latest : year
}

/** Both years of a request showing stock and yearly figures together (a wall, a report). */
export async function asOfYears(db: Db, year?: number): Promise<{ year: number; figuresYear: number }> {
  return { year: stockYear(year), figuresYear: await figuresYear(db, year) }
}
