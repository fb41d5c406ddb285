/**
 * SQL of 辅助决策 and 运行监测: the catalogue's 亩均 indicators (src/domain/figures) by district or
 * division and per enterprise, each by its one SQL fragment (src/server/figures) — every query
 * limited by a {@link DataScope}.
 */
import type { Db } from '../../db/engine'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import { enterpriseSums, enterpriseYearColumns, ratedEnterprise, ratioSql, rowOf, yearlyRowOf } from '../../figures/sql'
import type { EnterpriseSumsRow } from '../../figures/values'

/** The catalogue's enterprise figures of a group: counts, sums and each ratio's parts (src/server/figures). */
export type IndicatorSums = EnterpriseSumsRow

/**
 * The enterprise figures by a key expression over enterprises (alias e) for the given years, each
 * year over that year's rated enterprises (参评企业); key null = the whole scope.
 */
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
    `WITH r AS MATERIALIZED (
       SELECT ${key ?? 'NULL::text'} AS k, y.year::int AS year, ${enterpriseYearColumns('y.year')}
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = ANY($1::int[])
       WHERE NOT e.deleted AND ${cond}${ind}
     )
     SELECT r.k AS key, r.year, ${enterpriseSums('r')} FROM r GROUP BY 1, 2
     HAVING count(*) FILTER (WHERE ${ratedEnterprise(rowOf('r'))}) > 0`,
    params,
  )
  return r.rows
}

/** The years with figures, oldest first. */
export async function years(db: Db): Promise<number[]> {
  return (await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly ORDER BY 1')).rows.map((r) => r.year)
}

/** One enterprise's inputs of a year, its land that year and its exact indicators (null: not rated). */
export interface EnterpriseYear {
  id: number
  year: number
  industry: string | null
  tax: number | null
  value_added: number | null
  revenue: number | null
  land_m2: number | null
  employees: number | null
  energy: number | null
  emissions: number | null
  rd: number | null
  tax_per_mu: number | null
  value_added_per_mu: number | null
  labor_productivity: number | null
  energy_efficiency: number | null
  emission_efficiency: number | null
  rd_ratio: number | null
}

const INDICATOR_SQL = (['taxPerMu', 'valueAddedPerMu', 'laborProductivity', 'energyEfficiency', 'emissionEfficiency', 'rdRatio'] as const)
  .map((k) => `${ratioSql(k, yearlyRowOf('y.year'))} AS ${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)
  .join(', ')

const ENTERPRISE_YEAR = `e.id, y.year::int AS year, left(e.industry_code, 3) AS industry, y.tax::float8 AS tax, y.value_added::float8 AS value_added,
  y.revenue::float8 AS revenue, (${yearlyRowOf('y.year').land_m2})::float8 AS land_m2, y.employees, y.energy::float8 AS energy, y.emissions::float8 AS emissions,
  y.rd_expense::float8 AS rd, ${INDICATOR_SQL}`

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
  const r = await db.query<EnterpriseYear>(
    `SELECT ${ENTERPRISE_YEAR} FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id WHERE e.id = $1 ORDER BY y.year`,
    [id],
  )
  return r.rows
}

/** An enterprise inside the scope, with its names. */
export async function enterprise(
  db: Db,
  scope: DataScope,
  id: number,
): Promise<
  | {
      id: number
      name: string
      credit_code: string
      industry_code: string | null
      county_code: string | null
      county_name: string | null
      scale: string
      status: string
    }
  | undefined
> {
  const params: unknown[] = [id]
  const r = await db.query<{
    id: number
    name: string
    credit_code: string
    industry_code: string | null
    county_code: string | null
    county_name: string | null
    scale: string
    status: string
  }>(
    `SELECT e.id, e.name, e.credit_code, e.industry_code, e.county_code, c.name AS county_name, e.scale, e.status
     FROM enterprise e LEFT JOIN region c ON c.code = e.county_code WHERE e.id = $1 AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  return r.rows[0]
}

/** The appraisal class of an enterprise in a year (view enterprise_appraisal_yearly). */
export async function appraisalClass(db: Db, id: number, year: number): Promise<string | null> {
  const r = await db.query<{ class: string }>('SELECT class FROM enterprise_appraisal_yearly WHERE enterprise_id = $1 AND year = $2', [
    id,
    year,
  ])
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
  /** 亩均税收 this year, exact (null: not rated) */
  tax_per_mu: number | null
  last_tax: number | null
  last_value_added: number | null
  last_energy: number | null
  last_land_m2: number | null
  last_tax_per_mu: number | null
  reported: boolean
  last_reported: boolean
}

/** The enterprises of the scope with figures this year or the year before. */
export async function monitorInputs(db: Db, scope: DataScope, year: number): Promise<MonitorInput[]> {
  const params: unknown[] = [year]
  const cur = yearlyRowOf('$1', 'e', 'cur')
  const prev = yearlyRowOf('$1 - 1', 'e', 'prev')
  const r = await db.query<MonitorInput>(
    `SELECT e.id, e.name, e.credit_code, c.name AS county_name, e.industry_code, e.status,
            cur.tax::float8 AS tax, cur.value_added::float8 AS value_added, cur.energy::float8 AS energy,
            (${cur.land_m2})::float8 AS land_m2, ${ratioSql('taxPerMu', cur)} AS tax_per_mu,
            prev.tax::float8 AS last_tax, prev.value_added::float8 AS last_value_added, prev.energy::float8 AS last_energy,
            (${prev.land_m2})::float8 AS last_land_m2, ${ratioSql('taxPerMu', prev)} AS last_tax_per_mu,
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
