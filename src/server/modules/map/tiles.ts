/**
 * Vector tiles `/api/tiles/{layer}/{z}/{x}/{y}.pbf` (ARCHITECTURE "Database"): ST_AsMVT on
 * PostgreSQL; PGlite's PostGIS has no protobuf-c, so there the same bbox query is cut in-process
 * with geojson-vt and encoded with vt-pbf. One contract: layer name, feature id = record id,
 * properties name / code / status, extent 4096, buffer 64.
 */
import GeoJSONVT from 'geojson-vt'
import { fromGeojsonVt } from 'vt-pbf'
import type { Db } from '../../db/engine'
import { inScope, toleranceAt } from './repo'

/** The layers served as tiles. */
export const TILE_LAYERS = ['parcels', 'enterprises'] as const
export type TileLayer = (typeof TILE_LAYERS)[number]

const EXTENT = 4096
const BUFFER = 64

/** Per layer: table alias, source rows and the geometry column. */
const SOURCES: Record<TileLayer, { from: string; geom: string; props: string; minZoom: number }> = {
  parcels: { from: 'parcel t', geom: 't.geom', props: 't.name, t.land_code AS code, t.status', minZoom: 8 },
  enterprises: { from: 'enterprise t', geom: 't.location', props: 't.name, t.credit_code AS code, t.status', minZoom: 5 },
}

/** Longitude/latitude bounds of tile z/x/y, widened by `pad` tile units of its extent. */
export function tileBounds(z: number, x: number, y: number, pad = 0): [number, number, number, number] {
  const n = 2 ** z
  const lng = (v: number) => (v / n) * 360 - 180
  const lat = (v: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * v) / n))) * 180) / Math.PI
  const p = pad / EXTENT
  return [lng(x - p), Math.max(-85.05, lat(y + 1 + p)), lng(x + 1 + p), Math.min(85.05, lat(y - p))]
}

/** Whether z/x/y names a tile. */
export function validTile(z: number, x: number, y: number): boolean {
  return Number.isInteger(z) && z >= 0 && z <= 22 && [x, y].every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** z)
}

/** One tile as MVT bytes (empty when the layer is not drawn at that zoom). `cut` forces the in-process cutter. */
export async function tile(db: Db, layer: TileLayer, z: number, x: number, y: number, prefix: string | null, cut = db.engine === 'pglite'): Promise<Uint8Array> {
  const src = SOURCES[layer]
  if (z < src.minZoom) return new Uint8Array(0)
  return cut ? cutInProcess(db, layer, z, x, y, prefix) : cutWithPostgis(db, layer, z, x, y, prefix)
}

async function cutWithPostgis(db: Db, layer: TileLayer, z: number, x: number, y: number, prefix: string | null): Promise<Uint8Array> {
  const src = SOURCES[layer]
  const r = await db.query<{ tile: Uint8Array | null }>(
    `WITH env AS (SELECT ST_TileEnvelope($1::int, $2::int, $3::int) AS e),
     rows AS (
       SELECT t.id, ${src.props}, ST_AsMVTGeom(ST_Transform(${src.geom}, 3857), env.e, ${EXTENT}, ${BUFFER}, true) AS geom
       FROM ${src.from}, env
       WHERE NOT t.deleted AND ${src.geom} && ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => ${BUFFER / EXTENT}), 4326)
         AND ${inScope('t', 4)}
     )
     SELECT ST_AsMVT(rows.*, '${layer}', ${EXTENT}, 'geom', 'id') AS tile FROM rows WHERE geom IS NOT NULL`,
    [z, x, y, prefix],
  )
  return new Uint8Array(r.rows[0]?.tile ?? new Uint8Array(0))
}

async function cutInProcess(db: Db, layer: TileLayer, z: number, x: number, y: number, prefix: string | null): Promise<Uint8Array> {
  const src = SOURCES[layer]
  const [w, s, e, n] = tileBounds(z, x, y, BUFFER)
  const r = await db.query<{ id: number; name: string; code: string; status: string; geometry: string }>(
    `SELECT t.id, ${src.props}, ST_AsGeoJSON(ST_Simplify(${src.geom}, $6), 7) AS geometry
     FROM ${src.from}
     WHERE NOT t.deleted AND ${src.geom} && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND ${inScope('t', 5)}`,
    [w, s, e, n, prefix, toleranceAt(z) / 16],
  )
  if (r.rows.length === 0) return new Uint8Array(0)
  const features = r.rows.map((row) => ({
    type: 'Feature' as const,
    id: row.id,
    properties: { name: row.name, code: row.code, status: row.status },
    geometry: JSON.parse(row.geometry),
  }))
  const index = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: z, indexMaxZoom: 0, indexMaxPoints: 0, extent: EXTENT, buffer: BUFFER, tolerance: 1 })
  const t = index.getTile(z, x, y)
  if (!t || t.features.length === 0) return new Uint8Array(0)
  return fromGeojsonVt({ [layer]: t }, { version: 2, extent: EXTENT })
}
