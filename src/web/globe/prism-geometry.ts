/**
 * Extruded parcels as plain typed arrays, built on the main thread in one pass (issue 5 "Speed").
 *
 * Why not Cesium's `PolygonGeometry` per parcel: every instance then goes through Cesium's
 * geometry pipeline (worker tessellation with granularity subdivision, packing across the worker
 * boundary, normals, per-instance batch-table attributes), which on 50 000 parcels cost as much as
 * one `Entity` each. A parcel is a simple prism, so we write it straight into shared arrays: its
 * ground ring and its roof ring (2 vertices per corner, shared by the roof and the walls — the
 * shader shades each face from screen-space derivatives, so no per-face normals are needed),
 * positions relative to a chunk centre (float32 stays centimetre-exact near it), 16-bit indices.
 * Uploading vertices to the GPU is most of the cost in a browser, so fewer bytes is what counts.
 *
 * Parcels are sorted along a Z-order curve before they are cut into chunks of at most 65 536
 * vertices, so each chunk covers a compact patch of ground and its bounding sphere lets Cesium
 * cull what the camera does not see. Pure code: no Cesium import, unit-tested in Node.
 */
import type { GlobeParcelShape, Ring } from './globe-types'

/** Vertices one chunk may hold (16-bit indices). */
export const CHUNK_VERTICES = 65_536

/** One draw call's worth of prisms. */
export interface PrismChunk {
  /** ECEF centre (metres) the positions are relative to */
  center: [number, number, number]
  /** bounding-sphere radius around `center` (metres) */
  radius: number
  /** xyz per vertex, relative to `center` */
  positions: Float32Array
  /** triangles, counter-clockwise seen from outside (back faces can be culled) */
  indices: Uint16Array | Uint32Array
  vertexCount: number
}

/** Where one parcel's vertices are: chunk, first vertex, vertex count. */
export interface PrismSpan {
  id: number
  chunk: number
  start: number
  count: number
}

/** Every chunk and every parcel's span (spans in drawing order). */
export interface PrismBatch {
  chunks: PrismChunk[]
  spans: PrismSpan[]
}

/** Triangulates a concave flat ring `[x0, y0, x1, y1, …]`; returns vertex-index triples. */
export type Triangulate = (flat: number[]) => ArrayLike<number>

const A = 6378137
const E2 = 6.69437999014e-3
const RAD = Math.PI / 180

/** Distinct ring vertices, counter-clockwise in lon/lat (closing and repeated points dropped). */
export function cleanRing(ring: Ring): Ring {
  const out: Ring = []
  for (const c of ring) {
    const prev = out[out.length - 1]
    if (!prev || prev[0] !== c[0] || prev[1] !== c[1]) out.push(c)
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop()
  if (out.length < 3) return []
  return signedArea(out) < 0 ? out.reverse() : out
}

/** Twice the signed lon/lat area (positive when counter-clockwise). */
export function signedArea(ring: Ring): number {
  let s = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1])
  return s
}

function isConvex(ring: Ring): boolean {
  const n = ring.length
  for (let i = 0; i < n; i++) {
    const a = ring[i]
    const b = ring[(i + 1) % n]
    const c = ring[(i + 2) % n]
    if ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) < 0) return false
  }
  return true
}

/** Roof triangles of a counter-clockwise ring: a fan when convex, else `triangulate`, each CCW. */
function roofTriangles(ring: Ring, triangulate: Triangulate): number[] {
  const n = ring.length
  const out: number[] = []
  if (isConvex(ring)) {
    for (let i = 1; i < n - 1; i++) out.push(0, i, i + 1)
    return out
  }
  const t = triangulate(ring.flat())
  for (let i = 0; i + 2 < t.length; i += 3) {
    const [a, b, c] = [ring[t[i]], ring[t[i + 1]], ring[t[i + 2]]]
    const ccw = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) >= 0
    out.push(t[i], ccw ? t[i + 1] : t[i + 2], ccw ? t[i + 2] : t[i + 1])
  }
  return out
}

/** A 2^16 × 2^16 Z-order key of a point in a box. */
function zOrder(x: number, y: number): number {
  let key = 0
  for (let bit = 15; bit >= 0; bit--) key = key * 4 + ((y >> bit) & 1) * 2 + ((x >> bit) & 1)
  return key
}

interface Prepared {
  shape: GlobeParcelShape
  rings: Ring[]
  vertices: number
  lng: number
  lat: number
}

/**
 * Builds the chunks of a set of parcels. Rings with fewer than three distinct points are skipped;
 * a parcel with no usable ring gets no span.
 */
export function buildPrisms(shapes: readonly GlobeParcelShape[], triangulate: Triangulate): PrismBatch {
  const prepared: Prepared[] = []
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity
  for (const shape of shapes) {
    const rings = shape.rings.map(cleanRing).filter((r) => r.length >= 3)
    if (rings.length === 0) continue
    let vertices = 0,
      lng = 0,
      lat = 0
    for (const r of rings) {
      vertices += r.length * 2
      lng += r[0][0]
      lat += r[0][1]
    }
    lng /= rings.length
    lat /= rings.length
    west = Math.min(west, lng)
    east = Math.max(east, lng)
    south = Math.min(south, lat)
    north = Math.max(north, lat)
    prepared.push({ shape, rings, vertices, lng, lat })
  }
  const sx = 65535 / Math.max(east - west, 1e-9)
  const sy = 65535 / Math.max(north - south, 1e-9)
  const keys = new Float64Array(prepared.length)
  prepared.forEach((p, i) => (keys[i] = zOrder(Math.round((p.lng - west) * sx), Math.round((p.lat - south) * sy))))
  const order = [...prepared.keys()].sort((a, b) => keys[a] - keys[b])

  // cut the curve into chunks; a single parcel over the limit gets a chunk of its own (32-bit indices)
  const groups: Prepared[][] = []
  let current: Prepared[] = []
  let count = 0
  for (const i of order) {
    const p = prepared[i]
    if (count + p.vertices > CHUNK_VERTICES && current.length > 0) {
      groups.push(current)
      current = []
      count = 0
    }
    current.push(p)
    count += p.vertices
  }
  if (current.length > 0) groups.push(current)

  const chunks: PrismChunk[] = []
  const spans: PrismSpan[] = []
  for (const group of groups) chunks.push(buildChunk(group, chunks.length, spans, triangulate))
  return { chunks, spans }
}

function ecef(lng: number, lat: number, out: Float64Array): void {
  const l = lng * RAD,
    p = lat * RAD
  const cp = Math.cos(p),
    sp = Math.sin(p)
  const n = A / Math.sqrt(1 - E2 * sp * sp)
  out[0] = n * cp * Math.cos(l)
  out[1] = n * cp * Math.sin(l)
  out[2] = n * (1 - E2) * sp
  // geodetic up
  out[3] = cp * Math.cos(l)
  out[4] = cp * Math.sin(l)
  out[5] = sp
}

function buildChunk(group: Prepared[], chunkIndex: number, spans: PrismSpan[], triangulate: Triangulate): PrismChunk {
  let vertexCount = 0
  let indexCount = 0
  const roofs: number[][][] = []
  for (const p of group) {
    vertexCount += p.vertices
    const tris = p.rings.map((r) => roofTriangles(r, triangulate))
    roofs.push(tris)
    for (let k = 0; k < p.rings.length; k++) indexCount += tris[k].length + p.rings[k].length * 6
  }
  // centre: the mean of the parcels' first corners, on the ground
  const e = new Float64Array(6)
  let cx = 0,
    cy = 0,
    cz = 0
  for (const p of group) {
    ecef(p.lng, p.lat, e)
    cx += e[0]
    cy += e[1]
    cz += e[2]
  }
  cx /= group.length
  cy /= group.length
  cz /= group.length

  const positions = new Float32Array(vertexCount * 3)
  const indices = vertexCount > CHUNK_VERTICES ? new Uint32Array(indexCount) : new Uint16Array(indexCount)
  let v = 0
  let ix = 0
  let r2 = 0
  const put = (x: number, y: number, z: number) => {
    const dx = x - cx,
      dy = y - cy,
      dz = z - cz
    const o = v * 3
    positions[o] = dx
    positions[o + 1] = dy
    positions[o + 2] = dz
    // the sphere must hold the float32 values the GPU gets, not the doubles
    const d = positions[o] ** 2 + positions[o + 1] ** 2 + positions[o + 2] ** 2
    if (d > r2) r2 = d
    v++
  }
  group.forEach((p, g) => {
    const start = v
    const h = Math.max(p.shape.height, 0.5)
    p.rings.forEach((ring, k) => {
      const n = ring.length
      // ground ring at [v, v + n), roof ring at [v + n, v + 2n)
      const ground = v
      const roof = v + n
      for (let i = 0; i < n; i++) {
        ecef(ring[i][0], ring[i][1], e)
        put(e[0], e[1], e[2])
      }
      for (let i = 0; i < n; i++) {
        ecef(ring[i][0], ring[i][1], e)
        put(e[0] + e[3] * h, e[1] + e[4] * h, e[2] + e[5] * h)
      }
      for (const t of roofs[g][k]) indices[ix++] = roof + t
      // a wall a→b seen from outside is ground-a, ground-b, roof-b, roof-a (the ring is CCW from above)
      for (let i = 0; i < n; i++) {
        const j = i + 1 === n ? 0 : i + 1
        indices[ix++] = ground + i
        indices[ix++] = ground + j
        indices[ix++] = roof + j
        indices[ix++] = ground + i
        indices[ix++] = roof + j
        indices[ix++] = roof + i
      }
    })
    spans.push({ id: p.shape.id, chunk: chunkIndex, start, count: v - start })
  })
  return { center: [cx, cy, cz], radius: Math.sqrt(r2), positions, indices, vertexCount }
}
