import { describe, expect, it } from 'vitest'
import type { FeatureCollection } from 'geojson'
import { fillRings } from '../../../../src/web/map/rules/fill-rules'

const quad = [
  [120, 30],
  [120.01, 30],
  [120.01, 30.01],
  [120, 30.01],
  [120, 30],
]
const hole = [
  [120.002, 30.002],
  [120.004, 30.002],
  [120.004, 30.004],
  [120.002, 30.002],
]

describe('rings of a fill lose their repeated closing position', () => {
  const fc: FeatureCollection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', id: 7, properties: { name: '地块1' }, geometry: { type: 'Polygon', coordinates: [quad, hole] } },
      { type: 'Feature', properties: { name: '地块2' }, geometry: { type: 'MultiPolygon', coordinates: [[quad], [quad.slice(0, -1)]] } },
      { type: 'Feature', properties: { name: '点' }, geometry: { type: 'Point', coordinates: [120, 30] } },
    ],
  }
  const out = fillRings(fc)
  it('a polygon and its hole: 5 → 4 and 4 → 3 positions, the first kept', () => {
    expect(out.features[0].geometry).toEqual({ type: 'Polygon', coordinates: [quad.slice(0, -1), hole.slice(0, -1)] })
  })
  it('every ring of a multipolygon; a ring already open stays as it is', () => {
    expect(out.features[1].geometry).toEqual({ type: 'MultiPolygon', coordinates: [[quad.slice(0, -1)], [quad.slice(0, -1)]] })
  })
  it('other geometries, ids and properties are unchanged; the input is not touched', () => {
    expect(out.features[2].geometry).toBe(fc.features[2].geometry)
    expect(out.features[0].id).toBe(7)
    expect(out.features[0].properties).toBe(fc.features[0].properties)
    expect((fc.features[0].geometry as { coordinates: number[][][] }).coordinates[0]).toHaveLength(5)
  })
})
