/**
 * The outlines every start can count on (docs/architecture.md, "Boundaries"): the Zhejiang city
 * outlines shipped in the repository (src/server/db/outlines, ISC, see its NOTICE.md), the
 * province outline as their union, and a seat point for every county, so that maps and walls
 * have something true to draw before a deployment imports its official outlines.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../engine'
import { importBoundaries } from '../boundary-import'
import { COUNTY_SEATS } from './county-seats'

/** The shipped city outlines (cn-atlas, WGS84). */
export const SHIPPED_CITY_OUTLINES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../outlines/zhejiang-cities.geojson')

/** What {@link loadShippedOutlines} did. */
export interface ShippedOutlinesResult {
  /** Cities whose outline was loaded (0 when some city already had one). */
  cities: number
  /** Whether the province outline was derived from the cities. */
  province: boolean
  /** Counties given their seat as centre point. */
  countySeats: number
}

/**
 * Loads the shipped city outlines when no Zhejiang city has an outline yet (a first start, or a
 * data directory made before outlines were shipped), derives the province outline from the
 * cities when it has none, and gives each county without a centre its seat. Outlines a
 * deployment imported are never replaced.
 */
export async function loadShippedOutlines(db: Db): Promise<ShippedOutlinesResult> {
  const result: ShippedOutlinesResult = { cities: 0, province: false, countySeats: 0 }
  // one cheap look on every start: a later start finds everything in place and does nothing more
  const [have] = (
    await db.query<{ cities: number; province: boolean; seatless: number }>(
      `SELECT (SELECT count(*)::int FROM region WHERE level = 'city' AND parent_code = '330000' AND geom IS NOT NULL) AS cities,
              EXISTS (SELECT 1 FROM region WHERE code = '330000' AND geom IS NOT NULL) AS province,
              (SELECT count(*)::int FROM region WHERE level = 'county' AND center IS NULL) AS seatless`,
    )
  ).rows
  if (have!.cities === 0) {
    result.cities = (await importBoundaries(db, { file: SHIPPED_CITY_OUTLINES, crs: 'wgs84', level: 'city' })).updated
  }
  if (!have!.province) result.province = (await deriveProvinceOutline(db, '330000')) > 0
  if (have!.seatless === 0) return result
  const seats = Object.entries(COUNTY_SEATS).map(([code, [lon, lat]]) => ({ code, lon, lat }))
  const r = await db.query(
    `UPDATE region
        SET center = ST_SetSRID(ST_MakePoint(s.lon, s.lat), 4326), updated_at = now()
       FROM json_to_recordset($1::json) AS s(code varchar, lon float8, lat float8)
      WHERE region.code = s.code AND region.level = 'county' AND region.center IS NULL`,
    [JSON.stringify(seats)],
  )
  result.countySeats = r.affectedRows ?? 0
  return result
}

/**
 * Sets a province's outline to the union of its cities' outlines when it has none and every
 * city has one; returns the number of rows changed (0 or 1).
 */
export async function deriveProvinceOutline(db: Db, provinceCode: string): Promise<number> {
  const r = await db.query(
    `UPDATE region
        SET geom = u.geom, center = ST_PointOnSurface(u.geom), updated_at = now()
       FROM (SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(geom)), 3)) AS geom
               FROM region WHERE level = 'city' AND parent_code = $1
             HAVING count(*) = count(geom)) u
      WHERE region.code = $1 AND region.level = 'province' AND region.geom IS NULL AND NOT ST_IsEmpty(u.geom)`,
    [provinceCode],
  )
  return r.affectedRows ?? 0
}
