/**
 * Vector tiles `/api/tiles/{layer}/{z}/{x}/{y}.pbf` (docs/architecture.md "Database"): ST_AsMVT on
 * PostgreSQL; PGlite's PostGIS has no protobuf-c, so there the same bbox query is cut in-process
 * with geojson-vt and encoded with vt-pbf. One contract: layer name, feature id = record id,
 * the layer's properties, extent 4096, buffer 64.
 *
 * `crs=gcj02` asks for the tile as drawn over a GCJ-02 base (Gaode, GeoQ): the rows whose shifted
 * outline meets the tile are shifted with gcoord and cut in-process on both engines. The database
 * stays WGS84; only the drawing moves (docs/architecture.md "Maps": overlays shifted for display only).
 */
import GeoJSONVT from 'geojson-vt'
import gcoord from 'gcoord'
import type { Geometry } from 'geojson'
import { fromGeojsonVt } from 'vt-pbf'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { toleranceAt } from './repo'

/** The layers served as tiles. */
export const TILE_LAYERS = ['parcels', 'enterprises', 'zones'] as const
export type TileLayer = (typeof TILE_LAYERS)[number]

/** The coordinate systems a tile can be drawn in. */
export const TILE_CRS = ['wgs84', 'gcj02'] as const
export type TileCrs = (typeof TILE_CRS)[number]

const EXTENT = 4096
const BUFFER = 64

/** Per layer: the rows (alias `t` is the record that carries the region codes), id, geometry and properties. */
interface Source {
  from: string
  where: string
  id: string
  geom: string
  /** property name → SQL expression */
  props: Record<string, string>
  /** the column an optional `kind` filter compares with */
  kind?: string
  minZoom: number
}

const SOURCES: Record<TileLayer, Source> = {
  parcels: {
    from: 'parcel t',
    where: 'NOT t.deleted',
    id: 't.id',
    geom: 't.geom',
    props: { name: 't.name', code: 't.land_code', status: 't.status' },
    minZoom: 8,
  },
  enterprises: {
    from: 'enterprise t',
    where: 'NOT t.deleted',
    id: 't.id',
    geom: 't.location',
    props: { name: 't.name', code: 't.credit_code', status: 't.status' },
    minZoom: 5,
  },
  // 指界 / 勘测定界 / 竣工 / 建新 shapes of lifecycle projects, scoped by their parcel's region
  zones: {
    from: 'lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id JOIN parcel t ON t.id = lp.parcel_id',
    where: 'NOT lp.deleted AND NOT t.deleted',
    id: 'z.id',
    geom: 'z.geom',
    props: { name: 'lp.name', code: 't.land_code', kind: 'z.kind', parcelId: 't.id' },
    kind: 'z.kind',
    minZoom: 8,
  },
}

/** The lowest zoom a layer is drawn at (empty tiles below). */
export const tileMinZoom = (layer: TileLayer) => SOURCES[layer].minZoom

/** What else selects a tile's rows. */
export interface TileOptions {
  /** the user's data scope (auth/data-scope) */
  scope: DataScope
  /** only rows of this kind (zones: 指界, 勘测定界, 竣工, 建新) */
  kind?: string
  crs?: TileCrs
  /** forces the in-process cutter (tests compare it with ST_AsMVT) */
  cut?: boolean
}

/** Longitude/latitude bounds of tile z/x/y, widened by `pad` tile units of its extent. */
export function tileBounds(z: number, x: number, y: number, pad = 0): [number, number, number, number] {
  const n = 2 ** z
  const lng = (v: number) => (v / n) * 360 - 180
  const lat = (v: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * v) / n))) * 180) / Math.PI
  const p = pad / EXTENT
  return [lng(x - p), Math.max(-85.05, lat(y + 1 + p)), lng(x + 1 + p), Math.min(85.05, lat(y - p))]
}

/**
 * The WGS84 extent whose GCJ-02 drawing covers a GCJ-02 extent: its corners shifted back, widened
 * by 0.0005° (about 50 m) for the inverse's approximation and the shift's change across the extent.
 */
export function wgs84BoundsOfGcj02([w, s, e, n]: [number, number, number, number]): [number, number, number, number] {
  const corners = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ].map((c) => gcoord.transform(c as [number, number], gcoord.GCJ02, gcoord.WGS84) as [number, number])
  const pad = 0.0005
  return [
    Math.min(...corners.map((c) => c[0])) - pad,
    Math.min(...corners.map((c) => c[1])) - pad,
    Math.max(...corners.map((c) => c[0])) + pad,
    Math.max(...corners.map((c) => c[1])) + pad,
  ]
}

/** Whether z/x/y names a tile. */
export function validTile(z: number, x: number, y: number): boolean {
  return Number.isInteger(z) && z >= 0 && z <= 22 && [x, y].every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** z)
}

/** One tile as MVT bytes (empty when the layer is not drawn at that zoom). */
export async function tile(db: Db, layer: TileLayer, z: number, x: number, y: number, opts: TileOptions): Promise<Uint8Array> {
  if (z < SOURCES[layer].minZoom) return new Uint8Array(0)
  const crs = opts.crs ?? 'wgs84'
  const cut = opts.cut ?? (db.engine === 'pglite' || crs === 'gcj02')
  return cut
    ? cutInProcess(db, layer, z, x, y, opts.scope, opts.kind ?? null, crs)
    : cutWithPostgis(db, layer, z, x, y, opts.scope, opts.kind ?? null)
}

/** `expr AS "name"` of every property. */
const selectProps = (src: Source) =>
  Object.entries(src.props)
    .map(([name, expr]) => `${expr} AS "${name}"`)
    .join(', ')
/** The optional kind filter on parameter $n. */
const kindFilter = (src: Source, n: number) => (src.kind ? `($${n}::text IS NULL OR ${src.kind} = $${n}::text)` : `$${n}::text IS NULL`)

async function cutWithPostgis(
  db: Db,
  layer: TileLayer,
  z: number,
  x: number,
  y: number,
  scope: DataScope,
  kind: string | null,
): Promise<Uint8Array> {
  const src = SOURCES[layer]
  const params: unknown[] = [z, x, y, kind]
  const r = await db.query<{ tile: Uint8Array | null }>(
    `WITH env AS (SELECT ST_TileEnvelope($1::int, $2::int, $3::int) AS e),
     rows AS (
       SELECT ${src.id} AS id, ${selectProps(src)}, ST_AsMVTGeom(ST_Transform(${src.geom}, 3857), env.e, ${EXTENT}, ${BUFFER}, true) AS geom
       FROM ${src.from}, env
       WHERE ${src.where} AND ${src.geom} && ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => ${BUFFER / EXTENT}), 4326)
         AND ${kindFilter(src, 4)} AND ${scopeCondition(scope, 't', params)}
     )
     SELECT ST_AsMVT(rows.*, '${layer}', ${EXTENT}, 'geom', 'id') AS tile FROM rows WHERE geom IS NOT NULL`,
    params,
  )
  return new Uint8Array(r.rows[0]?.tile ?? new Uint8Array(0))
}

async function cutInProcess(
  db: Db,
  layer: TileLayer,
  z: number,
  x: number,
  y: number,
  scope: DataScope,
  kind: string | null,
  crs: TileCrs,
): Promise<Uint8Array> {
  const src = SOURCES[layer]
  const padded = tileBounds(z, x, y, BUFFER)
  const [w, s, e, n] = crs === 'gcj02' ? wgs84BoundsOfGcj02(padded) : padded
  const params: unknown[] = [w, s, e, n, toleranceAt(z) / 16, kind]
  const r = await db.query<{ id: number; geometry: string } & Record<string, unknown>>(
    `SELECT ${src.id} AS id, ${selectProps(src)}, ST_AsGeoJSON(ST_Simplify(${src.geom}, $5), 7) AS geometry
     FROM ${src.from}
     WHERE ${src.where} AND ${src.geom} && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND ${kindFilter(src, 6)} AND ${scopeCondition(scope, 't', params)}`,
    params,
  )
  if (r.rows.length === 0) return new Uint8Array(0)
  const features = r.rows.map(({ id, geometry, ...properties }) => {
    const g = JSON.parse(geometry) as Geometry
    return {
      type: 'Feature' as const,
      id,
      properties,
      geometry: crs === 'gcj02' ? (gcoord.transform(g as never, gcoord.WGS84, gcoord.GCJ02) as unknown as Geometry) : g,
    }
  })
  const index = new GeoJSONVT(
    { type: 'FeatureCollection', features },
    { maxZoom: z, indexMaxZoom: 0, indexMaxPoints: 0, extent: EXTENT, buffer: BUFFER, tolerance: 1 },
  )
  const t = index.getTile(z, x, y)
  if (!t || t.features.length === 0) return new Uint8Array(0)
  return fromGeojsonVt({ [layer]: t }, { version: 2, extent: EXTENT })
}
