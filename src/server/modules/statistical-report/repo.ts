/**
 * SQL of 统计报表: sums by district and by industry, and the enterprise, parcel and 低效用地 lists,
 * every query limited by a {@link DataScope}. Figures are aggregates of the master tables, computed
 * the way the big-data walls compute them (亩均 = the year's sum ÷ the enterprises' land in 亩), so
 * a report and a wall of the same scope and year agree. Areas come back in 平方米.
 */
import type { Db } from '../../db/engine'
import { Where, contains, eachKeyset, orderBy, queryPage, type KeysetSort } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Page } from '../../../domain/contracts/envelope'
import type {
  EnterpriseReportQuery,
  LowEfficiencyQuery,
  LowEfficiencyReason,
  ParcelReportQuery,
} from '../../../domain/contracts/statistical-report'
import { M2_PER_MU } from '../../../domain/codes/units'
import {
  stockBefore,
  enterpriseSums,
  enterpriseYearColumns,
  enterpriseYearFrom,
  idleLandOfYear,
  lowLandOfYear,
  parcelOfYear,
  parcelSums,
  scaleAtYearEnd,
  statusAtYearEnd,
  ratioSql,
  yearlyRowOf,
} from '../../figures/sql'
import type { EnterpriseSumsRow, ParcelSumsRow } from '../../figures/values'

/** A scoped WHERE for one table alias: not deleted and inside the scope. */
function scoped(scope: DataScope, alias: string, where = new Where()): Where {
  where.add(`NOT ${alias}.deleted`)
  return where.raw(scopeCondition(scope, alias, where.params))
}

/** The land and enterprise figures of one group (key null: the rows without a key, or the whole scope). */
export interface RawSums {
  key: string | null
  parcels: ParcelSumsRow | null
  enterprises: EnterpriseSumsRow | null
}

/**
 * The catalogue's figures of the scope in a year (src/server/figures), grouped by a key on parcels
 * (alias p, with the holder as pe) and the same key on enterprises (alias e); keys null = one row
 * for the whole scope.
 */
export async function sums(
  db: Db,
  scope: DataScope,
  year: number,
  figuresYear: number,
  key: { parcel: string; enterprise: string } | null,
): Promise<RawSums[]> {
  const pk = key?.parcel ?? 'NULL::text'
  const ek = key?.enterprise ?? 'NULL::text'
  // $1 the stock figures' year (today for the current year), $2 the yearly figures' year
  const params: unknown[] = [year, figuresYear]
  const pw = `${parcelOfYear('p', '$1')} AND ${scopeCondition(scope, 'p', params)}`
  const ewSql = `NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`
  const r = await db.query<RawSums>(
    `WITH pa AS (
       SELECT ${pk} AS k, ${parcelSums('p', '$1')}
       FROM parcel p LEFT JOIN enterprise pe ON pe.id = p.enterprise_id WHERE ${pw} GROUP BY 1
     ), r AS MATERIALIZED (
       SELECT ${ek} AS k, ${enterpriseYearColumns('$2')} FROM ${enterpriseYearFrom('$2')} WHERE ${ewSql}
     ), ey AS (
       SELECT r.k, ${enterpriseSums('r')} FROM r GROUP BY 1
     ), keys AS (SELECT k FROM pa UNION SELECT k FROM ey)
     SELECT keys.k AS key, to_jsonb(pa) AS parcels, to_jsonb(ey) AS enterprises
     FROM keys LEFT JOIN pa ON pa.k IS NOT DISTINCT FROM keys.k LEFT JOIN ey ON ey.k IS NOT DISTINCT FROM keys.k`,
    params,
  )
  const parsed = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
  return r.rows.map((x) => ({ key: x.key, parcels: parsed(x.parcels), enterprises: parsed(x.enterprises) }))
}

/** A district: code, name, level. */
export interface RegionRow {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
  parent_code: string | null
}

/** A district by its code. */
export async function region(db: Db, code: string): Promise<RegionRow | undefined> {
  const r = await db.query<RegionRow>('SELECT code, name, level, parent_code FROM region WHERE code = $1', [code])
  return r.rows[0]
}

/** The districts from the province down to a district (first = the province). */
export async function regionPath(db: Db, code: string): Promise<RegionRow[]> {
  const r = await db.query<RegionRow & { depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT code, name, level, parent_code, 0 AS depth FROM region WHERE code = $1
       UNION ALL SELECT r.code, r.name, r.level, r.parent_code, up.depth + 1 FROM region r JOIN up ON r.code = up.parent_code
     ) SELECT code, name, level, parent_code, depth FROM up ORDER BY depth DESC`,
    [code],
  )
  return r.rows.map(({ depth: _d, ...row }) => row)
}

/** The child districts of a district, in their order. */
export async function childRegions(db: Db, parentCode: string): Promise<RegionRow[]> {
  const r = await db.query<RegionRow>('SELECT code, name, level, parent_code FROM region WHERE parent_code = $1 ORDER BY sort, code', [
    parentCode,
  ])
  return r.rows
}

/** Cities and counties of Zhejiang (for the region picker), parents first. */
export async function citiesAndCounties(db: Db): Promise<RegionRow[]> {
  const r = await db.query<RegionRow>(
    `SELECT code, name, level, parent_code FROM region WHERE level IN ('city', 'county') AND code LIKE '33%' ORDER BY level = 'county', sort, code`,
  )
  return r.rows
}

// ---- 用地单位列表 ----

/** One enterprise row of the list. */
export interface EnterpriseRow {
  id: number
  credit_code: string
  name: string
  industry_code: string | null
  scale: string
  status: string
  county_name: string | null
  park_name: string | null
  parcel_count: number
  land_m2: number
  tax: number | null
  value_added: number | null
  /** 亩均税收 exact (null: not rated that year) */
  tax_per_mu: number | null
  appraisal_class: string | null
}

/**
 * The joins of an enterprise (alias e) to its yearly row (alias y) and its published class (alias
 * a) of year `y`. A list page joins them plainly. An export in key order looks them up per row
 * (`perRow`): a LATERAL subquery kept apart (OFFSET 0) reads each through the enterprise's index,
 * so a keyset batch of 1 000 rows costs 1 000 lookups. Joined plainly, the planner hashed and sorted
 * the whole year's published classes (enterprise_appraisal_yearly, 61 000 rows at 100 000 parcels)
 * and merged the yearly rows from the first enterprise on in every batch, so an export's time per
 * row grew with the data (issue 20). Both forms read the same rows of the same table and view.
 */
function enterpriseYearJoins(e: string, y: string, perRow: boolean): string {
  if (!perRow)
    return `LEFT JOIN enterprise_yearly y ON y.enterprise_id = ${e}.id AND y.year = ${y}
    LEFT JOIN enterprise_appraisal_yearly a ON a.enterprise_id = ${e}.id AND a.year = ${y}`
  return `LEFT JOIN LATERAL (SELECT ey.* FROM enterprise_yearly ey WHERE ey.enterprise_id = ${e}.id AND ey.year = ${y} OFFSET 0) y ON true
    LEFT JOIN LATERAL (SELECT ea.class FROM enterprise_appraisal_yearly ea WHERE ea.enterprise_id = ${e}.id AND ea.year = ${y} OFFSET 0) a ON true`
}

/** FROM and WHERE of the enterprise list for a year and filters ({@link enterpriseYearJoins} for `perRow`). */
function enterpriseQuery(
  scope: DataScope,
  year: number,
  f: Omit<EnterpriseReportQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder' | 'year' | 'regionCode'>,
  perRow = false,
) {
  const where = new Where()
  const y = `$${where.params.push(year)}`
  scoped(scope, 'e', where)
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  if (f.industry) where.add('left(e.industry_code, 3) = ?', f.industry)
  // 规模 as it stood at the end of the year (the 规上企业数 of the year counts the same)
  where.addIf(f.scale, `${scaleAtYearEnd('e', y)} = ?`)
  where.addIf(f.status, 'e.status = ?')
  where.addIf(f.appraisalClass, 'a.class = ?')
  const from = `enterprise e
    ${enterpriseYearJoins('e', y, perRow)}
    LEFT JOIN region c ON c.code = e.county_code
    LEFT JOIN industrial_park k ON k.id = e.park_id
    LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM parcel pp WHERE pp.enterprise_id = e.id AND ${parcelOfYear('pp', y)}) h ON true`
  return { from, where }
}

/** The year's land (catalogue 用地面积 of an enterprise) and 亩均税收 of a list row, exact. */
const landSql = (y: string) => yearlyRowOf(y).land_m2
const taxPerMuSql = (y: string) => ratioSql('taxPerMu', yearlyRowOf(y))

const enterpriseSelect = (
  y: string,
) => `e.id, e.credit_code, e.name, e.industry_code, ${scaleAtYearEnd('e', y)} AS scale, e.status, c.name AS county_name, k.name AS park_name,
  h.n AS parcel_count, (${landSql(y)})::float8 AS land_m2, y.tax::float8 AS tax, y.value_added::float8 AS value_added,
  ${taxPerMuSql(y)} AS tax_per_mu, a.class AS appraisal_class`

export async function enterprises(
  db: Db,
  scope: DataScope,
  year: number,
  q: Omit<EnterpriseReportQuery, 'year' | 'regionCode'>,
): Promise<Page<EnterpriseRow>> {
  const { page, pageSize, sortField, sortOrder, ...f } = q
  const { from, where } = enterpriseQuery(scope, year, f)
  // the year is the list's first parameter ($1)
  const order = orderBy(
    { page, pageSize, sortField, sortOrder },
    { name: 'e.name', taxPerMu: taxPerMuSql('$1'), landAreaMu: `COALESCE(${landSql('$1')}, 0)`, tax: 'y.tax' },
    'e.id',
  )
  return queryPage<EnterpriseRow>(db, { select: enterpriseSelect('$1'), from, where, order }, { page, pageSize, sortField, sortOrder })
}

// ---- 工业用地列表 and 低效用地 ----

/** One parcel row of the lists. */
export interface ParcelRow {
  id: number
  land_code: string
  name: string
  land_use_code: string
  status: string
  area_m2: number | null
  plot_ratio: number | null
  building_density: number | null
  supply_date: string | Date | null
  supply_method: string | null
  county_name: string | null
  park_name: string | null
  enterprise_id: number | null
  enterprise_name: string | null
}

const PARCEL_SELECT = `p.id, p.land_code, p.name, p.land_use_code, p.status, p.area_m2, p.plot_ratio, p.building_density,
  to_char(p.supply_date, 'YYYY-MM-DD') AS supply_date, p.supply_method, c.name AS county_name, k.name AS park_name,
  p.enterprise_id, e.name AS enterprise_name`
const PARCEL_FROM = `parcel p LEFT JOIN region c ON c.code = p.county_code LEFT JOIN industrial_park k ON k.id = p.park_id
  LEFT JOIN enterprise e ON e.id = p.enterprise_id`

type ParcelFilter = Omit<ParcelReportQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder' | 'regionCode'>

function parcelWhere(scope: DataScope, f: ParcelFilter): Where {
  const where = scoped(scope, 'p')
  if (f.keyword) where.add('(p.name ILIKE ? OR p.land_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.landUse, 'p.land_use_code = ?')
  where.addIf(f.status, 'p.status = ?')
  where.addIf(f.supplyMethod, 'p.supply_method = ?')
  if (f.minMu !== undefined) where.add('p.area_m2 >= ?', f.minMu * M2_PER_MU)
  if (f.maxMu !== undefined) where.add('p.area_m2 <= ?', f.maxMu * M2_PER_MU)
  return where
}

const PARCEL_ORDER = { landCode: 'p.land_code', name: 'p.name', areaMu: 'p.area_m2', supplyDate: 'p.supply_date' }

export async function parcels(db: Db, scope: DataScope, q: Omit<ParcelReportQuery, 'regionCode'>): Promise<Page<ParcelRow>> {
  const { page, pageSize, sortField, sortOrder, ...f } = q
  const order = orderBy({ page, pageSize, sortField, sortOrder }, PARCEL_ORDER, 'p.id')
  return queryPage<ParcelRow>(
    db,
    { select: PARCEL_SELECT, from: PARCEL_FROM, where: parcelWhere(scope, f), order },
    { page, pageSize, sortField, sortOrder },
  )
}

/**
 * The criteria of docs/domain.md 低效用地 as SQL over a parcel (p), its holder (e) and the holder's
 * appraisal of the year (a). 容积率 and 建筑密度 judge built land only (nothing built is 闲置, not a
 * low ratio); 闲置 counts a parcel marked 闲置 or one whose agreed start is more than a year past
 * without a start.
 */
export const REASON_SQL: Readonly<Record<LowEfficiencyReason, string>> = {
  plotRatio: 'COALESCE(p.plot_ratio > 0 AND p.plot_ratio < 1.0, false)',
  density: 'COALESCE(p.building_density > 0 AND p.building_density < 30, false)',
  idle: `(${idleLandOfYear('p', '$1')} OR COALESCE((p.actual_start_date IS NULL OR p.actual_start_date >= ${stockBefore('$1')}) AND p.agreed_start_date + interval '1 year' < ${stockBefore('$1')}, false))`,
  stopped: `COALESCE(e.status IN ('停产', '半停产'), false)`,
  appraisal: `COALESCE(a.class = 'D', false)`,
}
const REASON_KEYS = Object.keys(REASON_SQL) as LowEfficiencyReason[]

/** One 低效用地 row: the parcel, a flag per criterion and the holder's 亩均税收 of the year. */
export type LowRow = ParcelRow & Record<LowEfficiencyReason, boolean> & { tax_per_mu: number | null }

type LowFilter = Omit<LowEfficiencyQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder' | 'year' | 'regionCode'>

/**
 * 低效用地 of `year` ($1: its end, today for the current year) with its holders' yearly figures of
 * `figuresYear` ($2: the year's own, or the latest with figures) for the criteria and 亩均税收.
 */
function lowQuery(scope: DataScope, year: number, figuresYear: number, f: LowFilter, perRow = false) {
  const where = new Where()
  const y = `$${where.params.push(year)}`
  where.params.push(figuresYear)
  // the catalogue's 低效用地 of the year: the 台账 of record and 闲置 as they stood then
  where
    .raw(parcelOfYear('p', y))
    .raw(scopeCondition(scope, 'p', where.params))
    .raw(lowLandOfYear('p', y))
  if (f.keyword) where.add('(p.name ILIKE ? OR p.land_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.status, `${statusAtYearEnd('p', y)} = ?`)
  if (f.reason) where.add(REASON_SQL[f.reason])
  const from = `${PARCEL_FROM}
    ${enterpriseYearJoins('e', '$2', perRow)}`
  return { from, where }
}

export async function lowParcels(
  db: Db,
  scope: DataScope,
  year: number,
  figuresYear: number,
  q: Omit<LowEfficiencyQuery, 'year' | 'regionCode'>,
): Promise<Page<LowRow>> {
  const { page, pageSize, sortField, sortOrder, ...f } = q
  const { from, where } = lowQuery(scope, year, figuresYear, f)
  // the row's 状态 is the one of the year, as the list was chosen by it
  const select = `${PARCEL_SELECT.replace('p.status,', `${statusAtYearEnd('p', '$1')} AS status,`)}, ${REASON_KEYS.map((k) => `${REASON_SQL[k]} AS "${k}"`).join(', ')},
    ${taxPerMuSql('$2')} AS tax_per_mu`
  const order = orderBy({ page, pageSize, sortField, sortOrder }, { landCode: 'p.land_code', areaMu: 'p.area_m2' }, 'p.id')
  return queryPage<LowRow>(db, { select, from, where, order }, { page, pageSize, sortField, sortOrder })
}

/** Totals of the 低效用地 list for the filters: count and area, by status and by criterion. */
export async function lowSummary(
  db: Db,
  scope: DataScope,
  year: number,
  figuresYear: number,
  f: LowFilter,
): Promise<
  { n: number; m2: number; idle: number; low: number } & Record<`${LowEfficiencyReason}_n` | `${LowEfficiencyReason}_m2`, number>
> {
  const { from, where } = lowQuery(scope, year, figuresYear, f)
  const perReason = REASON_KEYS.map(
    (k) =>
      `count(*) FILTER (WHERE ${REASON_SQL[k]})::int AS "${k}_n", COALESCE(sum(p.area_m2) FILTER (WHERE ${REASON_SQL[k]}), 0)::float8 AS "${k}_m2"`,
  ).join(', ')
  const r = await db.query<
    { n: number; m2: number; idle: number; low: number } & Record<`${LowEfficiencyReason}_n` | `${LowEfficiencyReason}_m2`, number>
  >(
    `SELECT count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2,
            count(*) FILTER (WHERE ${idleLandOfYear('p', '$1')})::int AS idle,
            count(*) FILTER (WHERE NOT ${idleLandOfYear('p', '$1')})::int AS low, ${perReason}
     FROM ${from} WHERE ${where.sql}`,
    where.params,
  )
  return r.rows[0]
}

// ---- exports: every row in the list's order, by keyset (src/server/db/sql.ts eachKeyset) ----

/** Sort fields of a list → the keyset sort of its export (same expressions as the list's ORDER BY). */
function keysetSort(
  sorts: Record<string, Omit<KeysetSort, 'desc'>>,
  sortField?: string,
  sortOrder?: 'ascend' | 'descend',
): KeysetSort | undefined {
  const s = sortField ? sorts[sortField] : undefined
  return s && { ...s, desc: sortOrder === 'descend' }
}

type Sorted = { sortField?: string; sortOrder?: 'ascend' | 'descend' }

/** Every row of 用地单位列表 for an export, in the list's order, `size` rows a query. */
export function eachEnterprise(
  db: Db,
  scope: DataScope,
  year: number,
  q: Omit<EnterpriseReportQuery, 'year' | 'regionCode' | 'page' | 'pageSize'>,
  size = 1000,
): AsyncGenerator<EnterpriseRow[]> {
  const { sortField, sortOrder, ...f } = q as typeof q & Sorted
  const sort = keysetSort(
    {
      name: { expr: 'e.name', type: 'text' },
      taxPerMu: { expr: taxPerMuSql('$1'), type: 'float8' },
      landAreaMu: { expr: `COALESCE(${landSql('$1')}, 0)`, type: 'float8' },
      tax: { expr: 'y.tax', type: 'float8' },
    },
    sortField,
    sortOrder,
  )
  // in key order a batch reads its own 1 000 enterprises; sorted, every batch orders the whole list anyway
  const { from, where } = enterpriseQuery(scope, year, f, !sort)
  return eachKeyset<EnterpriseRow>(db, { select: enterpriseSelect('$1'), from, where, key: 'e.id', sort }, size)
}

const PARCEL_SORTS: Record<string, Omit<KeysetSort, 'desc'>> = {
  landCode: { expr: 'p.land_code', type: 'text' },
  name: { expr: 'p.name', type: 'text' },
  areaMu: { expr: 'p.area_m2', type: 'float8' },
  supplyDate: { expr: 'p.supply_date', type: 'date' },
}

/** Every row of 工业用地列表 for an export, in the list's order. */
export function eachParcel(
  db: Db,
  scope: DataScope,
  q: Omit<ParcelReportQuery, 'regionCode' | 'page' | 'pageSize'>,
): AsyncGenerator<ParcelRow[]> {
  const { sortField, sortOrder, ...f } = q as typeof q & Sorted
  const sort = keysetSort(PARCEL_SORTS, sortField, sortOrder)
  return eachKeyset<ParcelRow>(db, { select: PARCEL_SELECT, from: PARCEL_FROM, where: parcelWhere(scope, f), key: 'p.id', sort })
}

/** Every row of 低效用地 for an export, in the list's order, `size` rows a query. */
export function eachLowParcel(
  db: Db,
  scope: DataScope,
  year: number,
  figuresYear: number,
  q: Omit<LowEfficiencyQuery, 'year' | 'regionCode' | 'page' | 'pageSize'>,
  size = 1000,
): AsyncGenerator<LowRow[]> {
  const { sortField, sortOrder, ...f } = q as typeof q & Sorted
  const sort = keysetSort({ landCode: PARCEL_SORTS.landCode, areaMu: PARCEL_SORTS.areaMu }, sortField, sortOrder)
  // in key order a batch reads its own parcels' holders (enterpriseYearJoins)
  const { from, where } = lowQuery(scope, year, figuresYear, f, !sort)
  const select = `${PARCEL_SELECT.replace('p.status,', `${statusAtYearEnd('p', '$1')} AS status,`)}, ${REASON_KEYS.map((k) => `${REASON_SQL[k]} AS "${k}"`).join(', ')},
    ${taxPerMuSql('$2')} AS tax_per_mu`
  return eachKeyset<LowRow>(db, { select, from, where, key: 'p.id', sort }, size)
}
