/**
 * Loads administrative boundaries (province / city / county outlines) from a GeoJSON
 * FeatureCollection into region.geom and region.center. The same path serves the
 * city outlines shipped in the repository and a deployment's official, reviewed (审图号) boundaries.
 */
import fs from 'node:fs/promises'
import gcoord from 'gcoord'
import type { Geometry, MultiPolygon, Polygon, Position } from 'geojson'
import type { Db } from './engine'

/** Coordinate systems a boundary file may be in. Everything is stored as EPSG:4326. */
export type BoundaryCrs = 'wgs84' | 'gcj02'

/** Region levels that have boundaries. */
export type BoundaryLevel = 'province' | 'city' | 'county'

/** What to import. */
export interface BoundaryImportOptions {
  /** Path of a GeoJSON FeatureCollection. */
  file: string
  /** `wgs84` (also CGCS2000 / EPSG:4490 lon-lat) or `gcj02` (Gaode, DataV), converted on import. */
  crs: BoundaryCrs
  /** Which region level the features are; a code found at another level counts as unknown. */
  level: BoundaryLevel
}

/** The outcome of an import. */
export interface BoundaryImportResult {
  /** Regions whose geom and center were replaced. */
  updated: number
  /** Codes in the file that are not regions of the given level (reported, not fatal). */
  unknownCodes: string[]
  /** Features with no usable 6-digit code (adcode / 区划码 / id). */
  featuresWithoutCode: number
  /** Codes whose polygons were empty after repair (ST_MakeValid), left unchanged. */
  emptyCodes: string[]
}

/** A bad file or a bad option: the message is Chinese and meant for the operator. */
export class BoundaryImportError extends Error {}

/** The parts of a GeoJSON feature the import reads. */
export interface BoundaryFeature {
  type?: unknown
  id?: unknown
  properties?: Record<string, unknown> | null
  geometry?: Geometry | null
}

/**
 * Imports a boundary file in ONE transaction: every feature's polygons are converted to WGS84
 * when needed, repaired (ST_MakeValid — 4 DataV features self-intersect around Zhoushan) and
 * reduced to a MultiPolygon, then stored with a centre point guaranteed to lie inside
 * (ST_PointOnSurface). Features sharing a code are merged. Unknown codes are reported, not fatal.
 * Throws {@link BoundaryImportError} for an unreadable file or one that is not a FeatureCollection.
 */
export async function importBoundaries(db: Db, options: BoundaryImportOptions): Promise<BoundaryImportResult> {
  const { file, crs, level } = options
  if (crs !== 'wgs84' && crs !== 'gcj02') throw new BoundaryImportError(`不支持的坐标系 "${String(crs)}"，应为 wgs84 或 gcj02`)
  if (level !== 'province' && level !== 'city' && level !== 'county') {
    throw new BoundaryImportError(`不支持的级别 "${String(level)}"，应为 province、city 或 county`)
  }
  const features = await readFeatureCollection(file)

  // group polygons by code: some sources split one region over several features
  const byCode = new Map<string, Position[][][]>()
  let featuresWithoutCode = 0
  for (const f of features) {
    const code = featureCode(f)
    const polygons = f.geometry ? polygonsOf(f.geometry) : []
    if (!code) {
      featuresWithoutCode++
      continue
    }
    const list = byCode.get(code) ?? []
    list.push(...polygons)
    byCode.set(code, list)
  }

  return db.transaction(async (tx) => {
    const known = new Set((await tx.query<{ code: string }>('SELECT code FROM region WHERE level = $1', [level])).rows.map((r) => r.code))
    const result: BoundaryImportResult = { updated: 0, unknownCodes: [], featuresWithoutCode, emptyCodes: [] }
    for (const [code, polygons] of byCode) {
      if (!known.has(code)) {
        result.unknownCodes.push(code)
        continue
      }
      const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: crs === 'gcj02' ? gcj02ToWgs84(polygons) : polygons }
      const r = await tx.query(
        `UPDATE region
            SET geom = g.geom, center = ST_PointOnSurface(g.geom), updated_at = now()
           FROM (SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)), 3)) AS geom) g
          WHERE region.code = $2 AND region.level = $3 AND NOT ST_IsEmpty(g.geom)`,
        [JSON.stringify(geometry), code, level],
      )
      if (r.affectedRows > 0) result.updated++
      else result.emptyCodes.push(code)
    }
    result.unknownCodes.sort()
    return result
  })
}

async function readFeatureCollection(file: string): Promise<BoundaryFeature[]> {
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (err) {
    throw new BoundaryImportError(`无法读取边界文件 ${file}：${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new BoundaryImportError(`边界文件不是有效的 JSON：${file}（${(err as Error).message}）`)
  }
  const fc = json as { type?: unknown; features?: unknown }
  if (fc?.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    throw new BoundaryImportError(`边界文件应为 GeoJSON FeatureCollection：${file}`)
  }
  return fc.features as BoundaryFeature[]
}

/**
 * The 6-digit division code of a feature: DataV's `adcode` (integer), cn-atlas's `区划码` / `id`
 * (string), or the feature id. 12-digit statistical codes ending in 000000 are shortened.
 */
export function featureCode(f: BoundaryFeature): string | null {
  const p = f.properties ?? {}
  for (const candidate of [p['adcode'], p['区划码'], p['id'], f.id]) {
    if (candidate === undefined || candidate === null) continue
    const s = String(candidate).trim()
    if (/^\d{6}$/.test(s)) return s
    if (/^\d{6}0{6}$/.test(s)) return s.slice(0, 6)
  }
  return null
}

/** GCJ-02 → WGS84 for every vertex (gcoord inverts the offset iteratively, to about 0.1 m). */
function gcj02ToWgs84(polygons: Position[][][]): Position[][][] {
  return polygons.map((polygon) =>
    polygon.map((ring) => ring.map(([lon, lat]) => gcoord.transform([lon!, lat!] as [number, number], gcoord.GCJ02, gcoord.WGS84))),
  )
}

/** The polygons of a geometry (lines and points are not boundaries and are dropped). */
function polygonsOf(g: Geometry): Position[][][] {
  switch (g.type) {
    case 'Polygon':
      return [(g as Polygon).coordinates]
    case 'MultiPolygon':
      return (g as MultiPolygon).coordinates
    case 'GeometryCollection':
      return g.geometries.flatMap(polygonsOf)
    default:
      return []
  }
}
