/**
 * SQL of the map suite: boundaries, region tree, statistics, points, search and details. Records
 * are limited to the user's data scope with the product's one helper (auth/data-scope).
 */
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'

/** One square metre in 亩 (docs/domain.md: 亩 = 10000/15 m²). */
export const MU_PER_M2 = 15 / 10000

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
  parcels: number
  area_m2: number
  enterprises: number
  tax: number
  year: number | null
}

/** Parcel count and area, enterprise count and the latest year's tax of a scope. */
export async function statistics(db: Db, scope: DataScope): Promise<StatsRow> {
  const params: unknown[] = []
  const p = scopeCondition(scope, 'p', params)
  const e = scopeCondition(scope, 'e', params)
  const r = await db.query<StatsRow>(
    `WITH y AS (SELECT max(year) AS year FROM enterprise_yearly)
     SELECT (SELECT count(*)::int FROM parcel p WHERE NOT p.deleted AND ${p}) AS parcels,
            (SELECT coalesce(sum(p.area_m2), 0)::float8 FROM parcel p WHERE NOT p.deleted AND ${p}) AS area_m2,
            (SELECT count(*)::int FROM enterprise e WHERE NOT e.deleted AND ${e}) AS enterprises,
            (SELECT coalesce(sum(ey.tax), 0)::float8 FROM enterprise_yearly ey JOIN enterprise e ON e.id = ey.enterprise_id
               WHERE ey.year = (SELECT year FROM y) AND NOT e.deleted AND ${e}) AS tax,
            (SELECT year FROM y)::int AS year`,
    params,
  )
  return r.rows[0]
}

export interface PointRow {
  id: number
  name: string
  lng: number
  lat: number
  tax: number | null
  land_m2: number | null
}

/** Located enterprises with the latest year's tax and land (the 亩均税收 inputs). */
export async function enterprisePoints(db: Db, scope: DataScope): Promise<PointRow[]> {
  const params: unknown[] = []
  const r = await db.query<PointRow>(
    `SELECT e.id, e.name, ST_X(e.location) AS lng, ST_Y(e.location) AS lat, ey.tax,
            coalesce(ey.land_area_m2, (SELECT sum(p.area_m2) FROM parcel p WHERE p.enterprise_id = e.id AND NOT p.deleted)) AS land_m2
     FROM enterprise e
     LEFT JOIN enterprise_yearly ey ON ey.enterprise_id = e.id AND ey.year = (SELECT max(year) FROM enterprise_yearly)
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

/** The level of a division code, if the code exists. */
export async function regionLevelOf(db: Db, code: string): Promise<'province' | 'city' | 'county' | 'town' | undefined> {
  const r = await db.query<{ level: 'province' | 'city' | 'county' | 'town' }>('SELECT level FROM region WHERE code = $1', [code])
  return r.rows[0]?.level
}
