/**
 * SQL of 辅助决策 and 运行监测: the yearly inputs of the 亩均 indicators summed by district or
 * division, and per enterprise — every query limited by a {@link DataScope}. The land of an
 * enterprise in a year is the year's reported figure, else the parcels it holds now (as the walls
 * and reports count it).
 */
import type { Db } from '../../db/engine'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import { LAND_M2 } from '../big-data/repo'

/** The sums behind the indicators, each ratio's numerator over the enterprises that reported its denominator. */
export interface IndicatorSums {
  n: number
  tax: number
  value_added: number
  revenue: number
  land_m2: number
  va_of_employees: number
  employees: number
  va_of_energy: number
  energy: number
  va_of_emissions: number
  emissions: number
  rd: number
  revenue_of_rd: number
}

const SUMS = `count(*)::int AS n, COALESCE(sum(y.tax), 0)::float8 AS tax, COALESCE(sum(y.value_added), 0)::float8 AS value_added,
  COALESCE(sum(y.revenue), 0)::float8 AS revenue, COALESCE(sum(${LAND_M2}), 0)::float8 AS land_m2,
  COALESCE(sum(y.value_added) FILTER (WHERE y.employees > 0), 0)::float8 AS va_of_employees,
  COALESCE(sum(y.employees) FILTER (WHERE y.employees > 0), 0)::float8 AS employees,
  COALESCE(sum(y.value_added) FILTER (WHERE y.energy > 0), 0)::float8 AS va_of_energy,
  COALESCE(sum(y.energy) FILTER (WHERE y.energy > 0), 0)::float8 AS energy,
  COALESCE(sum(y.value_added) FILTER (WHERE y.emissions > 0), 0)::float8 AS va_of_emissions,
  COALESCE(sum(y.emissions) FILTER (WHERE y.emissions > 0), 0)::float8 AS emissions,
  COALESCE(sum(y.rd_expense) FILTER (WHERE y.revenue > 0 AND y.rd_expense IS NOT NULL), 0)::float8 AS rd,
  COALESCE(sum(y.revenue) FILTER (WHERE y.revenue > 0 AND y.rd_expense IS NOT NULL), 0)::float8 AS revenue_of_rd`

/** Sums by a key expression over enterprises (alias e) for the given years; key null = the whole scope. */
export async function sumsByYear(
  db: Db,
  scope: DataScope,
  years: number[],
  key: string | null,
  industry?: string,
): Promise<(IndicatorSums & { key: string | null; year: number })[]> {
  const params: unknown[] = [years]
  const cond = scopeCondition(scope, 'e', params)
  const ind = industry ? ` AND left(e.industry_code, 3) = $${params.push(industry)}` : ''
  const r = await db.query<IndicatorSums & { key: string | null; year: number }>(
    `SELECT ${key ?? 'NULL::text'} AS key, y.year::int AS year, ${SUMS}
     FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = ANY($1::int[])
     WHERE NOT e.deleted AND ${cond}${ind} GROUP BY 1, 2`,
    params,
  )
  return r.rows
}

/** The years with figures, oldest first. */
export async function years(db: Db): Promise<number[]> {
  return (await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly ORDER BY 1')).rows.map((r) => r.year)
}

/** One enterprise's inputs of a year. */
export interface EnterpriseYear {
  id: number
  year: number
  industry: string | null
  tax: number | null
  value_added: number | null
  revenue: number | null
  land_m2: number
  employees: number | null
  energy: number | null
  emissions: number | null
  rd: number | null
}

const ENTERPRISE_YEAR = `e.id, y.year::int AS year, left(e.industry_code, 3) AS industry, y.tax::float8 AS tax, y.value_added::float8 AS value_added,
  y.revenue::float8 AS revenue, (${LAND_M2})::float8 AS land_m2, y.employees, y.energy::float8 AS energy, y.emissions::float8 AS emissions,
  y.rd_expense::float8 AS rd`

/** The enterprises of a county with figures in a year (the peers of an enterprise). */
export async function countyYear(db: Db, countyCode: string, year: number): Promise<EnterpriseYear[]> {
  const r = await db.query<EnterpriseYear>(
    `SELECT ${ENTERPRISE_YEAR} FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $2
     WHERE NOT e.deleted AND e.county_code = $1`,
    [countyCode, year],
  )
  return r.rows
}

/** Every year of one enterprise. */
export async function enterpriseYears(db: Db, id: number): Promise<EnterpriseYear[]> {
  const r = await db.query<EnterpriseYear>(`SELECT ${ENTERPRISE_YEAR} FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id WHERE e.id = $1 ORDER BY y.year`, [id])
  return r.rows
}

/** An enterprise inside the scope, with its names. */
export async function enterprise(
  db: Db,
  scope: DataScope,
  id: number,
): Promise<{ id: number; name: string; credit_code: string; industry_code: string | null; county_code: string | null; county_name: string | null; scale: string; status: string } | undefined> {
  const params: unknown[] = [id]
  const r = await db.query<{ id: number; name: string; credit_code: string; industry_code: string | null; county_code: string | null; county_name: string | null; scale: string; status: string }>(
    `SELECT e.id, e.name, e.credit_code, e.industry_code, e.county_code, c.name AS county_name, e.scale, e.status
     FROM enterprise e LEFT JOIN region c ON c.code = e.county_code WHERE e.id = $1 AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  return r.rows[0]
}

/** The appraisal class of an enterprise in a year (view enterprise_appraisal_yearly). */
export async function appraisalClass(db: Db, id: number, year: number): Promise<string | null> {
  const r = await db.query<{ class: string }>('SELECT class FROM enterprise_appraisal_yearly WHERE enterprise_id = $1 AND year = $2', [id, year])
  return r.rows[0]?.class ?? null
}

/** One enterprise of the monitor: this year's and last year's inputs (null when not reported). */
export interface MonitorInput {
  id: number
  name: string
  credit_code: string
  county_name: string | null
  industry_code: string | null
  status: string
  tax: number | null
  value_added: number | null
  energy: number | null
  land_m2: number | null
  last_tax: number | null
  last_value_added: number | null
  last_energy: number | null
  last_land_m2: number | null
  reported: boolean
  last_reported: boolean
}

/** The enterprises of the scope with figures this year or the year before. */
export async function monitorInputs(db: Db, scope: DataScope, year: number): Promise<MonitorInput[]> {
  const params: unknown[] = [year]
  const held = '(SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = e.id AND NOT pp.deleted)'
  const r = await db.query<MonitorInput>(
    `SELECT e.id, e.name, e.credit_code, c.name AS county_name, e.industry_code, e.status,
            cur.tax::float8 AS tax, cur.value_added::float8 AS value_added, cur.energy::float8 AS energy,
            COALESCE(cur.land_area_m2, ${held})::float8 AS land_m2,
            prev.tax::float8 AS last_tax, prev.value_added::float8 AS last_value_added, prev.energy::float8 AS last_energy,
            COALESCE(prev.land_area_m2, ${held})::float8 AS last_land_m2,
            cur.id IS NOT NULL AS reported, prev.id IS NOT NULL AS last_reported
     FROM enterprise e
     LEFT JOIN enterprise_yearly cur ON cur.enterprise_id = e.id AND cur.year = $1
     LEFT JOIN enterprise_yearly prev ON prev.enterprise_id = e.id AND prev.year = $1 - 1
     LEFT JOIN region c ON c.code = e.county_code
     WHERE NOT e.deleted AND ${scopeCondition(scope, 'e', params)} AND (cur.id IS NOT NULL OR prev.id IS NOT NULL)
     ORDER BY e.id`,
    params,
  )
  return r.rows
}
