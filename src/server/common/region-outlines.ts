/**
 * 行政区划边界 as every boundaries read answers them (src/domain/contracts/outlines): which levels
 * have outlines, and the seats of the regions that have none, so that maps and walls draw those
 * regions as symbols at their seats instead of nothing (issue 19). Shared by the map suite's
 * /api/cloudChart/boundaries and the walls' /api/bigData/regionGeo, each with its own outline SQL.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import type { OutlineCollection, OutlineLevel, OutlineLevels, RegionSeat } from '../../domain/contracts/outlines'
import type { Db } from '../db/engine'

/** Which levels have at least one outline. */
export async function outlineLevels(db: Db): Promise<OutlineLevels> {
  const r = await db.query<{ level: OutlineLevel; outlined: boolean }>(
    `SELECT level, bool_or(geom IS NOT NULL) AS outlined FROM region WHERE level IN ('province', 'city', 'county') GROUP BY level`,
  )
  const levels: OutlineLevels = { province: false, city: false, county: false }
  for (const row of r.rows) levels[row.level] = row.outlined === true
  return levels
}

/**
 * The regions of a level (within a parent when given) that have no outline, at their seat: their
 * own centre (a county's is its government seat, set on first start), else the centre of their
 * first child that has one (a city's seat district). Regions with neither are left out.
 */
export async function regionSeats(db: Db, level: 'city' | 'county', parentCode?: string): Promise<RegionSeat[]> {
  const r = await db.query<RegionSeat>(
    `SELECT code, name, "parentCode", ST_X(seat) AS lng, ST_Y(seat) AS lat
     FROM (SELECT r.code, r.name, r.parent_code AS "parentCode",
                  coalesce(r.center, (SELECT c.center FROM region c WHERE c.parent_code = r.code AND c.center IS NOT NULL ORDER BY c.code LIMIT 1)) AS seat
           FROM region r WHERE r.level = $1 AND r.geom IS NULL ${parentCode ? 'AND r.parent_code = $2' : ''}) s
     WHERE seat IS NOT NULL ORDER BY code`,
    parentCode ? [level, parentCode] : [level],
  )
  return r.rows.map((s) => ({ ...s, lng: Number(s.lng), lat: Number(s.lat) }))
}

/**
 * An outline's GeoJSON text as a geometry a map can fill, or null: a region is drawn as a polygon
 * with rings or not at all (never a feature with a null or collapsed geometry).
 */
export function polygonOf(geojson: string | null): Polygon | MultiPolygon | null {
  const g = geojson ? (JSON.parse(geojson) as { type?: string; coordinates?: unknown[] } | null) : null
  return (g?.type === 'Polygon' || g?.type === 'MultiPolygon') && (g.coordinates?.length ?? 0) > 0 ? (g as Polygon | MultiPolygon) : null
}

/** A boundaries answer: the outlines given, which levels have outlines, the seats of the level's regions without one. */
export async function outlineCollection(
  db: Db,
  level: 'city' | 'county',
  features: OutlineCollection['features'],
  parentCode?: string,
): Promise<OutlineCollection> {
  return { type: 'FeatureCollection', features, levels: await outlineLevels(db), seats: await regionSeats(db, level, parentCode) }
}
