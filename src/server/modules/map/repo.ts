/**
 * SQL of the map suite: boundaries, region tree, statistics, points, search and details. Records
 * are limited to the user's data scope with the product's one helper (auth/data-scope).
 */
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { currentYear } from '../../common/stat-years'
import {
  enterpriseSums,
  enterpriseYearColumns,
  enterpriseYearFrom,
  parcelOfYear,
  parcelSums,
  ratioSql,
  yearlyRowOf,
} from '../../figures/sql'
import type { EnterpriseSumsRow, ParcelSumsRow } from '../../figures/values'

/** Simplification tolerance in degrees: about one screen pixel at zoom z (256-px tiles). */
export const toleranceAt = (zoom: number) => 360 / (256 * 2 ** Math.max(0, Math.min(22, zoom)))

export interface BoundaryRow {
  code: string
  name: string
  level: string
  geometry: string
  lng: number
  lat: number
}

/** City or county outlines simplified for a zoom level, with a label point (reference drawing: not data-scoped). */
export async function boundaries(db: Db, level: 'city' | 'county', zoom: number): Promise<BoundaryRow[]> {
  const r = await db.query<BoundaryRow>(
    `SELECT code, name, level, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, $2), 5) AS geometry,
            ST_X(coalesce(center, ST_PointOnSurface(geom))) AS lng, ST_Y(coalesce(center, ST_PointOnSurface(geom))) AS lat
     FROM region WHERE level = $1 AND geom IS NOT NULL ORDER BY sort, code`,
    [level, toleranceAt(zoom)],
  )
  return r.rows
}

export interface RegionRow {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
  parent_code: string | null
  bbox: string | null
}

/** Every division of the tree, parents before children, with the extent of those that have an outline. */
export async function regions(db: Db): Promise<RegionRow[]> {
  const r = await db.query<RegionRow>(
    `SELECT code, name, level, parent_code,
            CASE WHEN geom IS NULL THEN NULL ELSE concat_ws(',', ST_XMin(geom), ST_YMin(geom), ST_XMax(geom), ST_YMax(geom)) END AS bbox
     FROM region ORDER BY CASE level WHEN 'province' THEN 0 WHEN 'city' THEN 1 WHEN 'county' THEN 2 ELSE 3 END, sort, code`,
  )
  return r.rows
}

export interface StatsRow {
  parcels: ParcelSumsRow
  enterprises: EnterpriseSumsRow
  year: number | null
}

/**
 * The catalogue's figures of a scope (src/server/figures) in the latest year with figures: land
 * in the books at its end, its 用地企业 and their tax.
 */
export async function statistics(db: Db, scope: DataScope): Promise<StatsRow> {
  const year = (await db.query<{ year: number | null }>('SELECT max(year)::int AS year FROM enterprise_yearly')).rows[0].year
  // land as of today (a stock of the current year, issue 29), enterprises of the latest year with figures
  const params: unknown[] = [currentYear(), year ?? currentYear()]
  const p = scopeCondition(scope, 'p', params)
  const e = scopeCondition(scope, 'e', params)
  const r = await db.query<{ parcels: ParcelSumsRow | string; enterprises: EnterpriseSumsRow | string }>(
    `WITH pa AS (SELECT ${parcelSums('p', '$1')} FROM parcel p WHERE ${parcelOfYear('p', '$1')} AND ${p}),
     r AS MATERIALIZED (SELECT ${enterpriseYearColumns('$2')} FROM ${enterpriseYearFrom('$2')} WHERE NOT e.deleted AND ${e}),
     ey AS (SELECT ${enterpriseSums('r')} FROM r)
     SELECT to_jsonb(pa) AS parcels, to_jsonb(ey) AS enterprises FROM pa, ey`,
    params,
  )
  const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
  return { parcels: parsed(r.rows[0].parcels), enterprises: parsed(r.rows[0].enterprises), year }
}

export interface PointRow {
  id: number
  name: string
  lng: number
  lat: number
  /** 亩均税收 of the latest year, exact (catalogue taxPerMu of one enterprise) */
  tax_per_mu: number | null
}

/** Located enterprises with the latest year's 亩均税收 (heat weight). */
export async function enterprisePoints(db: Db, scope: DataScope): Promise<PointRow[]> {
  const params: unknown[] = []
  const r = await db.query<PointRow>(
    `SELECT e.id, e.name, ST_X(e.location) AS lng, ST_Y(e.location) AS lat, ${ratioSql('taxPerMu', yearlyRowOf('(SELECT max(year) FROM enterprise_yearly)'))} AS tax_per_mu
     FROM enterprise e
     LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = (SELECT max(year) FROM enterprise_yearly)
     WHERE NOT e.deleted AND e.location IS NOT NULL AND ${scopeCondition(scope, 'e', params)}
     ORDER BY e.id`,
    params,
  )
  return r.rows
}

export interface SearchRow {
  kind: 'parcel' | 'enterprise'
  id: number
  name: string
  code: string
  lng: number
  lat: number
  total: number
}

/**
 * Parcels by name or 宗地代码 and enterprises by name or credit code, optionally only those
 * within a drawn shape (GeoJSON geometry, EPSG:4326); parcels first, then by name.
 */
export async function search(
  db: Db,
  q: { keyword: string; geometry: string | null; kind: 'all' | 'parcel' | 'enterprise'; page: number; pageSize: number },
  scope: DataScope,
): Promise<SearchRow[]> {
  const like = `%${q.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`
  const params: unknown[] = [like, q.geometry, q.kind, q.pageSize, (q.page - 1) * q.pageSize]
  const inP = scopeCondition(scope, 'p', params)
  const inE = scopeCondition(scope, 'e', params)
  const r = await db.query<SearchRow>(
    `WITH shape AS (SELECT CASE WHEN $2::text IS NULL THEN NULL ELSE ST_SetSRID(ST_GeomFromGeoJSON($2::text), 4326) END AS g),
     hits AS (
       SELECT 'parcel' AS kind, p.id, p.name, p.land_code AS code, ST_X(ST_PointOnSurface(p.geom)) AS lng, ST_Y(ST_PointOnSurface(p.geom)) AS lat
       FROM parcel p, shape s
       WHERE $3::text <> 'enterprise' AND NOT p.deleted AND p.geom IS NOT NULL AND ${inP}
         AND (p.name ILIKE $1 OR p.land_code ILIKE $1) AND (s.g IS NULL OR ST_Intersects(p.geom, s.g))
       UNION ALL
       SELECT 'enterprise', e.id, e.name, e.credit_code, ST_X(e.location), ST_Y(e.location)
       FROM enterprise e, shape s
       WHERE $3::text <> 'parcel' AND NOT e.deleted AND e.location IS NOT NULL AND ${inE}
         AND (e.name ILIKE $1 OR e.credit_code ILIKE $1) AND (s.g IS NULL OR ST_Intersects(e.location, s.g))
     )
     SELECT *, (count(*) OVER ())::int AS total FROM hits ORDER BY kind DESC, name, id LIMIT $4 OFFSET $5`,
    params,
  )
  return r.rows
}
