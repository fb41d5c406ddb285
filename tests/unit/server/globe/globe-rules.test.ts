/** The globe API's rules: zoom simplification, GeoJSON rings; and the WebGL check. (Region scope: the shared data-scope helper.) */
import { describe, expect, it } from 'vitest'
import { outerRings, toleranceForZoom } from '../../../../src/server/modules/globe/service'
import { hasWebGl } from '../../../../src/web/core/webgl-support'

describe('parcel shapes', () => {
  it('simplify less as the zoom grows', () => {
    expect([8, 11, 12, 13, 18].map(toleranceForZoom)).toEqual([0.0002, 0.00005, 0.00005, 0, 0])
  })
  it('keep the outer ring of each polygon', () => {
    const ring = [
      [120, 30],
      [120.1, 30],
      [120.1, 30.1],
      [120, 30],
    ]
    const hole = [
      [120.02, 30.02],
      [120.03, 30.02],
      [120.03, 30.03],
      [120.02, 30.02],
    ]
    expect(outerRings(JSON.stringify({ type: 'Polygon', coordinates: [ring, hole] }))).toEqual([ring])
    expect(outerRings(JSON.stringify({ type: 'MultiPolygon', coordinates: [[ring], [ring, hole]] }))).toEqual([ring, ring])
    expect(outerRings(null)).toEqual([])
  })
})

describe('WebGL check', () => {
  const doc = (ctx: unknown) => ({ createElement: () => ({ getContext: () => ctx }) }) as unknown as Document
  it('says no when the browser gives no WebGL context', () => {
    expect(hasWebGl(doc(null))).toBe(false)
    expect(hasWebGl(doc({}))).toBe(true)
  })
})
