/** The district tree of docs/product.md §3, 亩均税收 and tile addresses (the region data scope is tested through the API). */
import { describe, expect, it } from 'vitest'
import { buildRegionTree } from '../../../../src/server/modules/map/service'
import { tileBounds, validTile } from '../../../../src/server/modules/map/tiles'

describe('district tree (docs/product.md §3)', () => {
  const rows = [
    { code: '330000', name: '浙江省', level: 'province' as const, parent_code: null, bbox: null },
    { code: '330100', name: '杭州市', level: 'city' as const, parent_code: '330000', bbox: '118,29,121,31' },
    { code: '330102', name: '上城区', level: 'county' as const, parent_code: '330100', bbox: null },
    { code: '330102001', name: '清波街道', level: 'town' as const, parent_code: '330102', bbox: null },
  ]
  it('nests province → citys → counties → towns, each with its tag from the province down', () => {
    const t = buildRegionTree(rows)!
    expect(t.provinceCode).toBe('330000')
    expect(t.citys[0]).toMatchObject({ cityName: '杭州市', cityCode: '330100', bbox: [118, 29, 121, 31] })
    const town = t.citys[0].counties[0].towns[0]
    expect(town.tag).toEqual([
      { name: '浙江省', code: '330000' },
      { name: '杭州市', code: '330100' },
      { name: '上城区', code: '330102' },
      { name: '清波街道', code: '330102001' },
    ])
  })
  it('is null without the root', () => expect(buildRegionTree(rows.slice(1))).toBeNull())
})

// 亩均税收 is the catalogue's formula (tests/unit/domain/figures.test.ts)
describe('tiles', () => {
  it('knows tile bounds and addresses', () => {
    expect(tileBounds(0, 0, 0)).toEqual([-180, -85.05, 180, 85.05])
    const [w, s, e, n] = tileBounds(1, 1, 0)
    expect([w, e]).toEqual([0, 180])
    expect(s).toBeCloseTo(0, 9)
    expect(n).toBe(85.05)
    expect(validTile(3, 7, 7)).toBe(true)
    expect(validTile(3, 8, 0)).toBe(false)
    expect(validTile(23, 0, 0)).toBe(false)
  })
})
