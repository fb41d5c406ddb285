/**
 * SQL of the statistics reads (docs/product.md §7 `/api/bigData/*`). Every figure is an aggregate of the
 * master tables (parcel, enterprise, enterprise_yearly, industrial_park, region); nothing is
 * stored twice. Areas come back in 平方米 and are turned into 亩 by the service.
 */
import type { Db } from '../../db/engine'
import { Where } from '../../db/sql'
import type { StatFilter } from '../../../domain/contracts/big-data'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import {
  afterYear,
  stageReachedIn,
  statusAtYearEnd,
  suppliedBetween,
  enterpriseSums,
  enterpriseYearColumns,
  enterpriseYearFrom,
  parcelOfYear,
  parcelSums,
  ratedEnterprise,
  ratioSql,
  yearlyRowOf,
  appraisedEnterprise,
} from '../../figures/sql'
import type { EnterpriseSumsRow, ParcelSumsRow } from '../../figures/values'

/** A statistic filter inside a data scope: the user's region (issue 18 finding 6); absent = everything (the portal's totals). */
export type ScopedStatFilter = StatFilter & { scope?: DataScope }

/**
 * The data scope, then the statistic filter's city, county and park on a table alias (parks themselves:
 * alias k, park = its id). Parks carry no town code: a town's scope holds no park of its own.
 */
function statScope(w: Where, alias: string, f: ScopedStatFilter): Where {
  if (f.scope)
    w.add(alias === 'k' && f.scope.kind === 'region' && f.scope.level === 'town' ? 'FALSE' : scopeCondition(f.scope, alias, w.params))
  return w
    .addIf(f.cityCode, `${alias}.city_code = ?`)
    .addIf(f.countyCode, `${alias}.county_code = ?`)
    .addIf(f.parkId, alias === 'k' ? 'k.id = ?' : `${alias}.park_id = ?`)
}

/** A grouping: the key expression on parcels (alias p, holder pe) and on enterprises (alias e). */
export interface Dimension {
  parcelKey: string
  enterpriseKey: string
  /** the parcel side needs its holding enterprise joined as pe */
  parcelNeedsHolder?: boolean
}

/** Groupings of the grouped statistic. */
export const DIMENSIONS = {
  city: { parcelKey: 'p.city_code', enterpriseKey: 'e.city_code' },
  county: { parcelKey: 'p.county_code', enterpriseKey: 'e.county_code' },
  park: { parcelKey: 'p.park_id::text', enterpriseKey: 'e.park_id::text' },
  industry: { parcelKey: 'left(pe.industry_code, 3)', enterpriseKey: 'left(e.industry_code, 3)', parcelNeedsHolder: true },
} satisfies Record<string, Dimension>

/** The land and enterprise figures of one group (or of the whole scope when the key is null). */
export interface RawGroup {
  key: string | null
  parcels: ParcelSumsRow | null
  enterprises: EnterpriseSumsRow | null
}

/**
 * Figures by a dimension in the filter's scope: the catalogue's land figures over the land in the
 * books at the end of `year` (today for the current year), its enterprise figures over the
 * enterprises of `figuresYear` (src/server/figures; server/common/stat-years).
 */
export async function sumsBy(db: Db, dim: Dimension | null, year: number, figuresYear: number, f: ScopedStatFilter): Promise<RawGroup[]> {
  const pk = dim ? dim.parcelKey : 'NULL::text'
  const ek = dim ? dim.enterpriseKey : 'NULL::text'
  // the scope filter applies the same values in the same order to both tables: one param list
  // ($1 the stock figures' year, $2 the yearly figures' year)
  const w = statScope(new Where(year, figuresYear), 'p', f)
  const pw = ` AND ${w.sql}`
  const ewSql = ` AND ${statScope(new Where(year, figuresYear), 'e', f).sql}`
  const holder = dim && 'parcelNeedsHolder' in dim && dim.parcelNeedsHolder ? 'LEFT JOIN enterprise pe ON pe.id = p.enterprise_id' : ''
  const r = await db.query<RawGroup>(
    `WITH pa AS (
       SELECT ${pk} AS k, ${parcelSums('p', '$1')}
       FROM parcel p ${holder} WHERE ${parcelOfYear('p', '$1')}${pw}${inParks('p', f)} GROUP BY 1
     ), r AS MATERIALIZED (
       SELECT ${ek} AS k, ${enterpriseYearColumns('$2')} FROM ${enterpriseYearFrom('$2')} WHERE NOT e.deleted${ewSql}${inParks('e', f)}
     ), ey AS (
       SELECT r.k, ${enterpriseSums('r')} FROM r GROUP BY 1
     ), keys AS (SELECT k FROM pa UNION SELECT k FROM ey)
     SELECT keys.k AS key, to_jsonb(pa) AS parcels, to_jsonb(ey) AS enterprises
     FROM keys LEFT JOIN pa ON pa.k IS NOT DISTINCT FROM keys.k LEFT JOIN ey ON ey.k IS NOT DISTINCT FROM keys.k`,
    w.params,
  )
  return r.rows.map((x) => ({ key: x.key, parcels: parsed(x.parcels), enterprises: parsed(x.enterprises) }))
}

/** jsonb as an object on both engines. */
function parsed<T>(v: T | string | null): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v
}

/** The park wall's own population: records in a (live) park, when the filter asks for it. */
function inParks(alias: string, f: ScopedStatFilter): string {
  return f.inParks ? ` AND ${alias}.park_id IN (SELECT k.id FROM industrial_park k WHERE NOT k.deleted)` : ''
}

/** Parks in the scope (园区数, as of today). */
export async function parkCount(db: Db, f: ScopedStatFilter): Promise<number> {
  const k = statScope(new Where(), 'k', f)
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM industrial_park k WHERE NOT k.deleted AND ${k.sql}`, k.params))
    .rows[0].n
}

/** Land in the books at the end of the year by a column of its own (land use, status as it stood then, supply method). */
export async function parcelsBy(
  db: Db,
  column: 'land_use_code' | 'status' | 'supply_method',
  year: number,
  f: ScopedStatFilter,
): Promise<{ key: string | null; n: number; m2: number }[]> {
  const w = statScope(new Where(year), 'p', f)
  const r = await db.query<{ key: string | null; n: number; m2: number }>(
    `SELECT ${column === 'status' ? statusAtYearEnd('p', '$1') : `p.${column}`} AS key, count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2
     FROM parcel p WHERE ${parcelOfYear('p', '$1')} AND ${w.sql}${inParks('p', f)} GROUP BY 1 ORDER BY 2 DESC`,
    w.params,
  )
  return r.rows
}

/** The enterprise figures by 规上 / 规下 in the year. */
export async function enterprisesByScale(db: Db, year: number, f: ScopedStatFilter): Promise<(EnterpriseSumsRow & { key: string })[]> {
  const w = statScope(new Where(year), 'e', f)
  const r = await db.query<EnterpriseSumsRow & { key: string }>(
    `WITH r AS MATERIALIZED (SELECT ${enterpriseYearColumns('$1')} FROM ${enterpriseYearFrom('$1')} WHERE NOT e.deleted AND ${w.sql}${inParks('e', f)})
     SELECT r.scale AS key, ${enterpriseSums('r')} FROM r GROUP BY 1 ORDER BY 1`,
    w.params,
  )
  return r.rows
}

/** One rated enterprise of the year with its 亩均税收 (exact) — bands and rankings. */
export interface EnterpriseYearRow {
  id: number
  name: string
  county_name: string | null
  industry_code: string | null
  tax: number
  land_m2: number
  tax_per_mu: number | null
  /** 评价范围企业: classed in the year's published 亩均效益评价 batch */
  classed: boolean
}

/** The rated enterprises of the year (参评企业) with their tax, land and 亩均税收. */
export async function enterpriseYear(db: Db, year: number, f: ScopedStatFilter): Promise<EnterpriseYearRow[]> {
  const w = statScope(new Where(year), 'e', f)
  const row = yearlyRowOf('$1')
  const r = await db.query<EnterpriseYearRow>(
    `SELECT e.id, e.name, c.name AS county_name, e.industry_code, COALESCE(y.tax, 0)::float8 AS tax, (${row.land_m2})::float8 AS land_m2,
            ${ratioSql('taxPerMu', row)} AS tax_per_mu, ${appraisedEnterprise(row)} AS classed
     FROM ${enterpriseYearFrom('$1')}
     LEFT JOIN region c ON c.code = e.county_code
     WHERE NOT e.deleted AND ${ratedEnterprise(row)} AND ${w.sql}${inParks('e', f)}`,
    w.params,
  )
  return r.rows
}

/** The enterprise figures of every year (trend): the rated enterprises of each year. */
export async function yearlySums(db: Db, f: ScopedStatFilter): Promise<(EnterpriseSumsRow & { year: number })[]> {
  const w = statScope(new Where(), 'e', f)
  const r = await db.query<EnterpriseSumsRow & { year: number }>(
    `WITH r AS MATERIALIZED (
       SELECT y.year::int AS year, ${enterpriseYearColumns('y.year')}
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id WHERE NOT e.deleted AND ${w.sql}${inParks('e', f)}
     )
     SELECT r.year, ${enterpriseSums('r')} FROM r GROUP BY 1 ORDER BY 1`,
    w.params,
  )
  return r.rows
}

/** Names of regions (code → name). */
export async function regionNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  const r = await db.query<{ code: string; name: string }>('SELECT code, name FROM region WHERE code = ANY($1::text[])', [codes])
  return new Map(r.rows.map((x) => [x.code, x.name]))
}

/**
 * The regions of a level (all cities, or the counties of one city) that meet the data scope: those
 * inside the user's region and those it lies in — a county user's wall lists its city and its county
 * only, never the other regions as rows of zeros.
 */
export async function regionsOf(
  db: Db,
  level: 'city' | 'county',
  parentCode?: string,
  scope?: DataScope,
): Promise<{ code: string; name: string }[]> {
  const w = new Where(level).addIf(parentCode, 'r.parent_code = ?')
  if (scope?.kind === 'none') w.add('FALSE')
  if (scope?.kind === 'region') {
    w.params.push(scope.code)
    const c = `$${w.params.length}`
    w.add(
      `(r.code IN (WITH RECURSIVE up AS (SELECT code, parent_code FROM region WHERE code = ${c}
                     UNION ALL SELECT g.code, g.parent_code FROM region g JOIN up ON g.code = up.parent_code) SELECT code FROM up)
        OR r.parent_code = ${c} OR r.parent_code IN (SELECT code FROM region WHERE parent_code = ${c}))`,
    )
  }
  const r = await db.query<{ code: string; name: string }>(
    `SELECT r.code, r.name FROM region r WHERE r.level = $1 AND r.code LIKE '33%' AND ${w.sql} ORDER BY r.sort, r.code`,
    w.params,
  )
  return r.rows
}

/** Parks in the scope (id, name). */
export async function parksOf(db: Db, f: ScopedStatFilter): Promise<{ id: number; name: string }[]> {
  const w = statScope(new Where(), 'k', { ...f, parkId: undefined })
  const r = await db.query<{ id: number; name: string }>(
    `SELECT k.id, k.name FROM industrial_park k WHERE NOT k.deleted AND ${w.sql} ORDER BY k.sort, k.id`,
    w.params,
  )
  return r.rows
}

/** Outlines of regions as GeoJSON text, simplified for a wall (≈ 100 m tolerance). */
export async function regionOutlines(
  db: Db,
  level: 'city' | 'county',
  parentCode?: string,
): Promise<{ code: string; name: string; geojson: string; lng: number; lat: number }[]> {
  const r = await db.query<{ code: string; name: string; geojson: string; lng: number; lat: number }>(
    `SELECT code, name, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, 0.001), 4) AS geojson,
            ST_X(coalesce(center, ST_PointOnSurface(geom))) AS lng, ST_Y(coalesce(center, ST_PointOnSurface(geom))) AS lat
     FROM region WHERE level = $1 AND geom IS NOT NULL AND code LIKE '33%' ${parentCode ? 'AND parent_code = $2' : ''} ORDER BY code`,
    parentCode ? [level, parentCode] : [level],
  )
  return r.rows
}

/** Enterprises by 亩均 appraisal class in a year (view enterprise_appraisal_yearly, migration 0081). */
export async function enterprisesByAppraisal(db: Db, year: number, f: ScopedStatFilter): Promise<{ key: string; n: number; m2: number }[]> {
  const w = statScope(new Where(year), 'e', f)
  const r = await db.query<{ key: string; n: number; m2: number }>(
    `SELECT a.class AS key, count(*)::int AS n, COALESCE(sum(a.land_m2), 0)::float8 AS m2
     FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
     WHERE a.year = $1 AND ${w.sql} GROUP BY 1`,
    w.params,
  )
  return r.rows
}

/** 供地 of a year by month of supply_date: parcels, area, 出让价款. */
export async function suppliedByMonth(
  db: Db,
  year: number,
  f: ScopedStatFilter,
): Promise<{ month: number; n: number; m2: number; price: number }[]> {
  const w = statScope(new Where(year), 'p', f)
  const r = await db.query<{ month: number; n: number; m2: number; price: number }>(
    `SELECT extract(month FROM p.supply_date)::int AS month, count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2,
            COALESCE(sum(p.supply_price), 0)::float8 AS price
     FROM parcel p WHERE ${suppliedBetween('p', 'make_date($1::int, 1, 1)', afterYear('$1'))} AND ${w.sql}
     GROUP BY 1`,
    w.params,
  )
  return r.rows
}

/** The date column of each lifecycle stage (docs/domain.md order xmqy → xmpj). */
export const STAGE_COLUMN = {
  xmqy: 'signed_date',
  tdgy: 'supply_date',
  xmkg: 'start_date',
  sgjs: 'construction_date',
  jgys: 'completion_date',
  xmtc: 'production_date',
  xmpj: 'evaluation_date',
} as const

/** Lifecycle projects whose stage date falls in the month, per stage (scope by the parcel's region and park). */
export async function stagesInMonth(
  db: Db,
  year: number,
  month: number,
  f: ScopedStatFilter,
): Promise<Record<keyof typeof STAGE_COLUMN, number>> {
  const w = statScope(new Where(`${year}-${String(month).padStart(2, '0')}-01`), 'p', f)
  const counts = Object.entries(STAGE_COLUMN)
    .map(([stage, col]) => `count(*) FILTER (WHERE ${stageReachedIn('lp', col, '$1::date')})::int AS ${stage}`)
    .join(', ')
  const r = await db.query<Record<keyof typeof STAGE_COLUMN, number>>(
    `SELECT ${counts} FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted AND ${w.sql}`,
    w.params,
  )
  return r.rows[0]
}
