/** The globe API's rules: region scope, zoom simplification, GeoJSON rings; and the WebGL check. */
import { describe, expect, it } from 'vitest'
import { regionScope, scopeSql } from '../../../../src/server/modules/globe/scope'
import { outerRings, toleranceForZoom } from '../../../../src/server/modules/globe/service'
import { hasWebGl } from '../../../../src/web/globe/webgl-support'

describe('region scope (DOMAIN "People and scope")', () => {
  it.each([
    [{ username: 'admin', regionCode: '330102' }, null],
    [{ username: 'leader', regionCode: '330000' }, null],
    [{ username: 'x', regionCode: null }, null],
    [{ username: 'clerk', regionCode: '330100' }, '330100'],
    [{ username: 'clerk', regionCode: '330102' }, '330102'],
  ])('%o sees %s', (user, scope) => {
    expect(regionScope(user)).toBe(scope)
  })
  it('filters on every region column with one parameter', () => {
    expect(scopeSql('p', 3)).toBe('($3::text IS NULL OR p.province_code = $3 OR p.city_code = $3 OR p.county_code = $3 OR p.town_code = $3)')
  })
})

describe('parcel shapes', () => {
  it('simplify less as the zoom grows', () => {
    expect([8, 11, 12, 13, 18].map(toleranceForZoom)).toEqual([0.0002, 0.00005, 0.00005, 0, 0])
  })
  it('keep the outer ring of each polygon', () => {
    const ring = [[120, 30], [120.1, 30], [120.1, 30.1], [120, 30]]
    const hole = [[120.02, 30.02], [120.03, 30.02], [120.03, 30.03], [120.02, 30.02]]
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
