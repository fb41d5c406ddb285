/**
 * SQL of the statistics reads (docs/product.md §7 `/api/bigData/*`). Every figure is an aggregate of the
 * master tables (parcel, enterprise, enterprise_yearly, industrial_park, region); nothing is
 * stored twice. Areas come back in 平方米 and are turned into 亩 by the service.
 */
import type { Db } from '../../db/engine'
import type { StatFilter } from '../../../domain/contracts/big-data'

/** Parameterised WHERE pieces for one table alias. */
class Where {
  readonly params: unknown[] = []
  private readonly parts: string[] = []
  constructor(first: unknown[] = []) {
    this.params.push(...first)
  }
  add(sql: (n: string) => string, value: unknown): void {
    this.params.push(value)
    this.parts.push(sql(`$${this.params.length}`))
  }
  scope(alias: string, f: StatFilter): this {
    if (f.cityCode) this.add((n) => `${alias}.city_code = ${n}`, f.cityCode)
    if (f.countyCode) this.add((n) => `${alias}.county_code = ${n}`, f.countyCode)
    if (f.parkId) this.add((n) => `${alias}.park_id = ${n}`, f.parkId)
    return this
  }
  sql(): string {
    return this.parts.map((p) => ` AND ${p}`).join('')
  }
}

/**
 * 用地面积 of an enterprise in a year: the year's own figure when reported, else the area of the
 * parcels it holds now (enterprise_yearly.land_area_m2, docs/domain.md 亩均效益评价).
 */
export const LAND_M2 = `COALESCE(y.land_area_m2, (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = e.id AND NOT pp.deleted), 0)`

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

/** Raw sums of one group (or of the whole scope when the key is null). */
export interface RawGroup {
  key: string | null
  parcel_count: number
  area_m2: number
  enterprise_count: number
  tax: number
  value_added: number
  revenue: number
  land_m2: number
}

/** Sums by a dimension in the filter's scope and year. */
export async function sumsBy(db: Db, dim: Dimension | null, year: number, f: StatFilter): Promise<RawGroup[]> {
  const pk = dim ? dim.parcelKey : 'NULL::text'
  const ek = dim ? dim.enterpriseKey : 'NULL::text'
  // the scope filter applies the same values in the same order to both tables: one param list
  const w = new Where([year])
  const pw = w.scope('p', f).sql()
  const ewSql = new Where([year]).scope('e', f).sql()
  const params = w.params
  const holder = dim && 'parcelNeedsHolder' in dim && dim.parcelNeedsHolder ? 'LEFT JOIN enterprise pe ON pe.id = p.enterprise_id' : ''
  const r = await db.query<RawGroup>(
    `WITH pa AS (
       SELECT ${pk} AS k, count(*)::int AS parcel_count, COALESCE(sum(p.area_m2), 0)::float8 AS area_m2
       FROM parcel p ${holder} WHERE NOT p.deleted${pw} GROUP BY 1
     ), ec AS (
       SELECT ${ek} AS k, count(*)::int AS enterprise_count FROM enterprise e WHERE NOT e.deleted${ewSql} GROUP BY 1
     ), ey AS (
       SELECT ${ek} AS k, COALESCE(sum(y.tax), 0)::float8 AS tax, COALESCE(sum(y.value_added), 0)::float8 AS value_added,
              COALESCE(sum(y.revenue), 0)::float8 AS revenue, COALESCE(sum(${LAND_M2}), 0)::float8 AS land_m2
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
       WHERE NOT e.deleted${ewSql} GROUP BY 1
     ), keys AS (SELECT k FROM pa UNION SELECT k FROM ec UNION SELECT k FROM ey)
     SELECT keys.k AS key, COALESCE(pa.parcel_count, 0)::int AS parcel_count, COALESCE(pa.area_m2, 0)::float8 AS area_m2,
            COALESCE(ec.enterprise_count, 0)::int AS enterprise_count, COALESCE(ey.tax, 0)::float8 AS tax,
            COALESCE(ey.value_added, 0)::float8 AS value_added, COALESCE(ey.revenue, 0)::float8 AS revenue,
            COALESCE(ey.land_m2, 0)::float8 AS land_m2
     FROM keys LEFT JOIN pa ON pa.k IS NOT DISTINCT FROM keys.k LEFT JOIN ec ON ec.k IS NOT DISTINCT FROM keys.k
          LEFT JOIN ey ON ey.k IS NOT DISTINCT FROM keys.k`,
    params,
  )
  return r.rows
}

/** Counts in the scope that the sums do not carry: 规上, parks, low-efficiency parcels. */
export async function scopeCounts(db: Db, f: StatFilter): Promise<{ scale_count: number; park_count: number; low_count: number; low_m2: number }> {
  const e = new Where().scope('e', f)
  const p = new Where().scope('p', f)
  const k = new Where()
  if (f.cityCode) k.add((n) => `k.city_code = ${n}`, f.cityCode)
  if (f.countyCode) k.add((n) => `k.county_code = ${n}`, f.countyCode)
  if (f.parkId) k.add((n) => `k.id = ${n}`, f.parkId)
  const [a, b, c] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enterprise e WHERE NOT e.deleted AND e.scale = '规上'${e.sql()}`, e.params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM industrial_park k WHERE NOT k.deleted${k.sql()}`, k.params),
    db.query<{ n: number; m2: number }>(
      `SELECT count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2 FROM parcel p
       WHERE NOT p.deleted AND p.status IN ('低效', '闲置')${p.sql()}`,
      p.params,
    ),
  ])
  return { scale_count: a.rows[0].n, park_count: b.rows[0].n, low_count: c.rows[0].n, low_m2: c.rows[0].m2 }
}

/** Parcels by a column of their own (land use, status, supply method). */
export async function parcelsBy(db: Db, column: 'land_use_code' | 'status' | 'supply_method', f: StatFilter): Promise<{ key: string | null; n: number; m2: number }[]> {
  const w = new Where().scope('p', f)
  const r = await db.query<{ key: string | null; n: number; m2: number }>(
    `SELECT p.${column} AS key, count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2
     FROM parcel p WHERE NOT p.deleted${w.sql()} GROUP BY 1 ORDER BY 2 DESC`,
    w.params,
  )
  return r.rows
}

/** Enterprises by scale with the year's land, for 规上/规下. */
export async function enterprisesByScale(db: Db, year: number, f: StatFilter): Promise<{ key: string; n: number; m2: number; tax: number }[]> {
  const w = new Where([year]).scope('e', f)
  const r = await db.query<{ key: string; n: number; m2: number; tax: number }>(
    `SELECT e.scale AS key, count(*)::int AS n, COALESCE(sum(${LAND_M2}), 0)::float8 AS m2, COALESCE(sum(y.tax), 0)::float8 AS tax
     FROM enterprise e LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
     WHERE NOT e.deleted${w.sql()} GROUP BY 1 ORDER BY 1`,
    w.params,
  )
  return r.rows
}

/** Each enterprise's tax and land in the year (亩均税收 bands and rankings). */
export async function enterpriseYear(
  db: Db,
  year: number,
  f: StatFilter,
): Promise<{ id: number; name: string; county_name: string | null; industry_code: string | null; tax: number; land_m2: number }[]> {
  const w = new Where([year]).scope('e', f)
  const r = await db.query<{ id: number; name: string; county_name: string | null; industry_code: string | null; tax: number; land_m2: number }>(
    `SELECT e.id, e.name, c.name AS county_name, e.industry_code, COALESCE(y.tax, 0)::float8 AS tax, (${LAND_M2})::float8 AS land_m2
     FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
     LEFT JOIN region c ON c.code = e.county_code
     WHERE NOT e.deleted${w.sql()}`,
    w.params,
  )
  return r.rows
}

/** Yearly sums (trend). */
export async function yearlySums(db: Db, f: StatFilter): Promise<{ year: number; n: number; tax: number; value_added: number; revenue: number; land_m2: number }[]> {
  const w = new Where().scope('e', f)
  const r = await db.query<{ year: number; n: number; tax: number; value_added: number; revenue: number; land_m2: number }>(
    `SELECT y.year::int AS year, count(*)::int AS n, COALESCE(sum(y.tax), 0)::float8 AS tax,
            COALESCE(sum(y.value_added), 0)::float8 AS value_added, COALESCE(sum(y.revenue), 0)::float8 AS revenue,
            COALESCE(sum(${LAND_M2}), 0)::float8 AS land_m2
     FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id
     WHERE NOT e.deleted${w.sql()} GROUP BY 1 ORDER BY 1`,
    w.params,
  )
  return r.rows
}

/** The years with figures, oldest first. */
export async function statYears(db: Db): Promise<number[]> {
  const r = await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly ORDER BY 1')
  return r.rows.map((x) => x.year)
}

/** Names of regions (code → name). */
export async function regionNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  const r = await db.query<{ code: string; name: string }>('SELECT code, name FROM region WHERE code = ANY($1::text[])', [codes])
  return new Map(r.rows.map((x) => [x.code, x.name]))
}

/** The child regions of a level within a scope (all cities, or the counties of one city). */
export async function regionsOf(db: Db, level: 'city' | 'county', parentCode?: string): Promise<{ code: string; name: string }[]> {
  const r = await db.query<{ code: string; name: string }>(
    `SELECT code, name FROM region WHERE level = $1 AND code LIKE '33%' ${parentCode ? 'AND parent_code = $2' : ''} ORDER BY sort, code`,
    parentCode ? [level, parentCode] : [level],
  )
  return r.rows
}

/** Parks in the scope (id, name). */
export async function parksOf(db: Db, f: StatFilter): Promise<{ id: number; name: string }[]> {
  const w = new Where()
  if (f.cityCode) w.add((n) => `k.city_code = ${n}`, f.cityCode)
  if (f.countyCode) w.add((n) => `k.county_code = ${n}`, f.countyCode)
  const r = await db.query<{ id: number; name: string }>(`SELECT k.id, k.name FROM industrial_park k WHERE NOT k.deleted${w.sql()} ORDER BY k.sort, k.id`, w.params)
  return r.rows
}

/** Outlines of regions as GeoJSON text, simplified for a wall (≈ 100 m tolerance). */
export async function regionOutlines(db: Db, level: 'city' | 'county', parentCode?: string): Promise<{ code: string; name: string; geojson: string }[]> {
  const r = await db.query<{ code: string; name: string; geojson: string }>(
    `SELECT code, name, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, 0.001), 4) AS geojson
     FROM region WHERE level = $1 AND geom IS NOT NULL AND code LIKE '33%' ${parentCode ? 'AND parent_code = $2' : ''} ORDER BY code`,
    parentCode ? [level, parentCode] : [level],
  )
  return r.rows
}

/** Enterprises by 亩均 appraisal class in a year (view enterprise_appraisal_yearly, migration 0081). */
export async function enterprisesByAppraisal(db: Db, year: number, f: StatFilter): Promise<{ key: string; n: number; m2: number }[]> {
  const w = new Where([year]).scope('e', f)
  const r = await db.query<{ key: string; n: number; m2: number }>(
    `SELECT a.class AS key, count(*)::int AS n, COALESCE(sum(a.land_m2), 0)::float8 AS m2
     FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
     WHERE a.year = $1${w.sql()} GROUP BY 1`,
    w.params,
  )
  return r.rows
}

/** 供地 of a year by month of supply_date: parcels, area, 出让价款. */
export async function suppliedByMonth(db: Db, year: number, f: StatFilter): Promise<{ month: number; n: number; m2: number; price: number }[]> {
  const w = new Where([year]).scope('p', f)
  const r = await db.query<{ month: number; n: number; m2: number; price: number }>(
    `SELECT extract(month FROM p.supply_date)::int AS month, count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2,
            COALESCE(sum(p.supply_price), 0)::float8 AS price
     FROM parcel p WHERE NOT p.deleted AND p.supply_date >= make_date($1::int, 1, 1) AND p.supply_date < make_date($1::int + 1, 1, 1)${w.sql()}
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
export async function stagesInMonth(db: Db, year: number, month: number, f: StatFilter): Promise<Record<keyof typeof STAGE_COLUMN, number>> {
  const w = new Where([`${year}-${String(month).padStart(2, '0')}-01`]).scope('p', f)
  const counts = Object.entries(STAGE_COLUMN)
    .map(([stage, col]) => `count(*) FILTER (WHERE lp.${col} >= $1::date AND lp.${col} < $1::date + interval '1 month')::int AS ${stage}`)
    .join(', ')
  const r = await db.query<Record<keyof typeof STAGE_COLUMN, number>>(
    `SELECT ${counts} FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted${w.sql()}`,
    w.params,
  )
  return r.rows[0]
}
