/**
 * 统计年度: the years that have enterprise figures, and the year a request means when it names
 * none (the latest). Every module that answers "for year Y" resolves Y here.
 */
import type { Db } from '../db/engine'

/** The years with enterprise figures, ascending. */
export async function statYears(db: Db): Promise<number[]> {
  const r = await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly ORDER BY 1')
  return r.rows.map((x) => x.year)
}

/** The year asked for, else the latest with figures (this calendar year when there are none). */
export async function resolveYear(db: Db, year?: number): Promise<number> {
  if (year) return year
  const years = await statYears(db)
  return years.at(-1) ?? new Date().getFullYear()
}
