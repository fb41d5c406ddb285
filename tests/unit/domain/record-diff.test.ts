/** The before/after comparison of 审核 and history: blanks equal, numbers by value, shapes by coordinates. */
import { describe, expect, it } from 'vitest'
import { changedFields, diffRecord, sameValue } from '../../../src/domain/datacenter/record-diff'
import { DEFAULT_PARCEL_FIELDS } from '../../../src/domain/datacenter/standard'

const ring = [
  [120, 30],
  [120.01, 30],
  [120.01, 30.01],
  [120, 30],
]

describe('sameValue', () => {
  it.each([
    ['string', null, '', true],
    ['string', undefined, '  ', true],
    ['string', '甲', '乙', false],
    ['string', null, '甲', false],
    ['number', 2.5, '2.5', true],
    ['number', 2.5, 2.50001, false],
    ['geometry', { type: 'Polygon', coordinates: [ring] }, { type: 'MultiPolygon', coordinates: [[ring]] }, true],
    [
      'geometry',
      { type: 'Polygon', coordinates: [ring] },
      { type: 'MultiPolygon', coordinates: [[ring.map(([x, y]) => [x + 1e-10, y])]] },
      true,
    ],
    ['geometry', { type: 'Polygon', coordinates: [ring] }, { type: 'Polygon', coordinates: [ring.map(([x, y]) => [x + 1e-6, y])] }, false],
    ['geometry', { type: 'Point', coordinates: [120, 30] }, null, false],
  ] as const)('%s %j vs %j → %s', (type, a, b, same) => {
    expect(sameValue(type, a, b)).toBe(same)
  })
})

describe('diffRecord', () => {
  const fields = DEFAULT_PARCEL_FIELDS
  it('marks what changed, in the standard’s order', () => {
    const rows = diffRecord(
      fields,
      { name: '甲地块', plot_ratio: 1.2, geom: { type: 'MultiPolygon', coordinates: [[ring]] } },
      { name: '乙地块', plot_ratio: 1.2, geom: { type: 'Polygon', coordinates: [ring] } },
    )
    expect(rows.length).toBe(fields.length)
    expect(rows.filter((r) => r.changed).map((r) => [r.field, r.label, r.before, r.after])).toEqual([
      ['name', '地块名称', '甲地块', '乙地块'],
    ])
  })

  it('shows a new record against blanks, and a claim’s region codes after the standard’s fields', () => {
    expect(
      diffRecord(fields, null, { name: '新地块' })
        .filter((r) => r.changed)
        .map((r) => r.field),
    ).toEqual(['name'])
    const claim = diffRecord(
      fields,
      { name: '甲', county_code: null, city_code: '330100' },
      { name: '甲', county_code: '330106', city_code: '330100' },
      true,
    )
    expect(claim.slice(-4).map((r) => r.field)).toEqual(['province_code', 'city_code', 'county_code', 'town_code'])
    expect(claim.filter((r) => r.changed).map((r) => r.label)).toEqual(['所在县（市、区）'])
    expect(changedFields(fields, { name: '甲', town_code: null }, { name: '甲', town_code: '330106001' })).toEqual(['town_code'])
  })
})
