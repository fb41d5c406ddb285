/** The parcel prisms of the production globe path (issue 5 "Speed"): counts, heights, winding, chunks. */
import { describe, expect, it } from 'vitest'
import { buildPrisms, CHUNK_VERTICES, cleanRing, signedArea, type PrismBatch } from '../../../../src/web/globe/prism-geometry'
import type { GlobeParcelShape, Ring } from '../../../../src/web/globe/globe-types'

const A = 6378137
const E2 = 6.69437999014e-3

/** ECEF → longitude, latitude (degrees) and geodetic height. */
function toLngLatH(x: number, y: number, z: number): [number, number, number] {
  const p = Math.hypot(x, y)
  let lat = Math.atan2(z, p * (1 - E2))
  for (let i = 0; i < 5; i++) {
    const n = A / Math.sqrt(1 - E2 * Math.sin(lat) ** 2)
    lat = Math.atan2(z + E2 * n * Math.sin(lat), p)
  }
  const n = A / Math.sqrt(1 - E2 * Math.sin(lat) ** 2)
  return [(Math.atan2(y, x) * 180) / Math.PI, (lat * 180) / Math.PI, p / Math.cos(lat) - n]
}

const heightOf = (x: number, y: number, z: number) => toLngLatH(x, y, z)[2]

/** Point in polygon (even–odd). */
function inside(ring: Ring, x: number, y: number): boolean {
  let c = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]
    const [xj, yj] = ring[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
  }
  return c
}

const square = (x: number, y: number, w = 0.0006): Ring => [
  [x, y],
  [x + w, y],
  [x + w, y + w],
  [x, y + w],
  [x, y],
]
// an L: concave, needs the ear-cutting triangulation
const ell = (x: number, y: number, w = 0.0006): Ring => [
  [x, y],
  [x + w, y],
  [x + w, y + w / 2],
  [x + w / 2, y + w / 2],
  [x + w / 2, y + w],
  [x, y + w],
]
// a fixed ear-cutting stand-in for the L above: fan from its reflex corner (index 3)
const lTriangulate = () => [3, 4, 5, 3, 5, 0, 3, 0, 1, 3, 1, 2]

function world(batch: PrismBatch, chunk: number, v: number): [number, number, number] {
  const c = batch.chunks[chunk]
  return [c.center[0] + c.positions[v * 3], c.center[1] + c.positions[v * 3 + 1], c.center[2] + c.positions[v * 3 + 2]]
}

describe('cleanRing', () => {
  it('drops the closing point and repeats, and turns a clockwise ring counter-clockwise', () => {
    const cw: Ring = [
      [0, 0],
      [0, 1],
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ]
    const clean = cleanRing(cw)
    expect(clean).toHaveLength(4)
    expect(signedArea(clean)).toBeGreaterThan(0)
  })
  it('gives nothing for fewer than three distinct points', () => {
    expect(
      cleanRing([
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toEqual([])
  })
})

describe('buildPrisms', () => {
  it('writes a square parcel as 8 vertices and 10 triangles: ground at 0 m, roof at its height', () => {
    const batch = buildPrisms([{ id: 7, height: 24, rings: [square(120.1, 30.2)] }], lTriangulate)
    expect(batch.chunks).toHaveLength(1)
    expect(batch.spans).toEqual([{ id: 7, chunk: 0, start: 0, count: 8 }])
    const c = batch.chunks[0]
    expect(c.vertexCount).toBe(8)
    expect(c.indices.length).toBe(30) // roof 2 triangles + 4 walls × 2
    const heights = Array.from({ length: 8 }, (_, v) => heightOf(...world(batch, 0, v)))
    heights.slice(0, 4).forEach((h) => expect(h).toBeCloseTo(0, 1))
    heights.slice(4).forEach((h) => expect(h).toBeCloseTo(24, 1))
  })

  it('winds every triangle counter-clockwise seen from outside (back faces can be culled)', () => {
    const shapes = [
      { id: 1, height: 30, rings: [ell(120.1, 30.2)] },
      { id: 2, height: 10, rings: [square(120.2, 30.3).reverse()] },
    ]
    const batch = buildPrisms(shapes, lTriangulate)
    let roofs = 0
    let walls = 0
    for (const span of batch.spans) {
      const c = batch.chunks[span.chunk]
      const ring = cleanRing(shapes.find((s) => s.id === span.id)!.rings[0])
      for (let t = 0; t < c.indices.length; t += 3) {
        if (c.indices[t] < span.start || c.indices[t] >= span.start + span.count) continue
        const [a, b, d] = [0, 1, 2].map((k) => world(batch, span.chunk, c.indices[t + k]))
        const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
        const w = [d[0] - a[0], d[1] - a[1], d[2] - a[2]]
        const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
        const len = Math.hypot(...n)
        const centroid = [0, 1, 2].map((k) => (a[k] + b[k] + d[k]) / 3)
        // one metre along the normal: above a roof, outside the lot beside a wall
        const [lng, lat, h] = toLngLatH(...(centroid.map((x, k) => x + n[k] / len) as [number, number, number]))
        const [, , h0] = toLngLatH(...(centroid as [number, number, number]))
        if (h - h0 > 0.9) roofs++
        else {
          expect(inside(ring, lng, lat)).toBe(false)
          const [lng2, lat2] = toLngLatH(...(centroid.map((x, k) => x - n[k] / len) as [number, number, number]))
          expect(inside(ring, lng2, lat2)).toBe(true)
          walls++
        }
      }
    }
    // L: 4 roof triangles + 6 walls × 2; square: 2 + 4 × 2
    expect([roofs, walls]).toEqual([4 + 2, 12 + 8])
  })

  it('keeps positions within the chunk bounding sphere and float32 close to the exact corner', () => {
    const batch = buildPrisms(
      [
        { id: 1, height: 12, rings: [square(120.1, 30.2)] },
        { id: 2, height: 12, rings: [square(121.5, 29.1)] },
      ],
      lTriangulate,
    )
    const c = batch.chunks[0]
    for (let v = 0; v < c.vertexCount; v++) {
      expect(Math.hypot(c.positions[v * 3], c.positions[v * 3 + 1], c.positions[v * 3 + 2])).toBeLessThanOrEqual(c.radius + 1e-6)
    }
    // the first corner of parcel 1 at 0 m: 120.1°, 30.2° on WGS84
    const span = batch.spans.find((s) => s.id === 1)!
    const [x, y, z] = world(batch, span.chunk, span.start)
    const l = (120.1 * Math.PI) / 180,
      p = (30.2 * Math.PI) / 180
    const n = A / Math.sqrt(1 - E2 * Math.sin(p) ** 2)
    expect(Math.hypot(x - n * Math.cos(p) * Math.cos(l), y - n * Math.cos(p) * Math.sin(l), z - n * (1 - E2) * Math.sin(p))).toBeLessThan(
      0.05,
    )
  })

  it('cuts 50 000 parcels into chunks of at most 65 536 vertices, every parcel exactly once', () => {
    const shapes: GlobeParcelShape[] = Array.from({ length: 50_000 }, (_, i) => ({
      id: i + 1,
      height: 5 + (i % 8) * 5,
      rings: [square(120 + (i % 250) * 0.0012, 30 + Math.floor(i / 250) * 0.0012)],
    }))
    const batch = buildPrisms(shapes, lTriangulate)
    expect(batch.chunks.length).toBe(Math.ceil((50_000 * 8) / CHUNK_VERTICES))
    for (const c of batch.chunks) {
      expect(c.vertexCount).toBeLessThanOrEqual(CHUNK_VERTICES)
      expect(c.indices).toBeInstanceOf(Uint16Array)
    }
    expect(new Set(batch.spans.map((s) => s.id)).size).toBe(50_000)
    expect(batch.spans.reduce((s, x) => s + x.count, 0)).toBe(400_000)
    // Z-order: a chunk covers a compact patch, far smaller than the whole 0.3° × 0.24° grid
    const radii = batch.chunks.map((c) => c.radius).sort((a, b) => a - b)
    expect(radii[Math.floor(radii.length / 2)]).toBeLessThan(12_000)
  })

  it('skips rings with fewer than three distinct corners and parcels left with none', () => {
    const batch = buildPrisms(
      [
        {
          id: 1,
          height: 10,
          rings: [
            [
              [120, 30],
              [120, 30],
              [120.001, 30],
            ],
          ],
        },
        { id: 2, height: 10, rings: [] },
      ],
      lTriangulate,
    )
    expect(batch.spans).toEqual([])
    expect(batch.chunks).toEqual([])
  })

  it('gives a parcel of several rings one span covering all of them', () => {
    const batch = buildPrisms([{ id: 3, height: 10, rings: [square(120, 30), square(120.01, 30)] }], lTriangulate)
    expect(batch.spans).toEqual([{ id: 3, chunk: 0, start: 0, count: 16 }])
  })
})
