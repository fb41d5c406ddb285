/** The data centre's reading of a record in the browser: the shared checker per field, values as text. */
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENTERPRISE_FIELDS, DEFAULT_PARCEL_FIELDS } from '../../../../../src/domain/datacenter/standard'
import {
  areaMu,
  clientLookups,
  fieldIssue,
  geometryText,
  regionNameMap,
  valueText,
} from '../../../../../src/web/features/datacenter/components/record-values'

const lists = {
  parcel_status: { code: 'parcel_status', name: '地块状态', items: [{ value: '在建', label: '在建' }] },
  land_use: { code: 'land_use', name: '现状地类', items: [{ value: '0601', label: '工业用地' }] },
}
const counties = [{ code: '330106', name: '西湖区', cityCode: '330100', cityName: '杭州市' }]
const field = (name: string) => [...DEFAULT_PARCEL_FIELDS, ...DEFAULT_ENTERPRISE_FIELDS].find((f) => f.name === name)!
// about 100 m × 111 m at 30°N
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [120, 30],
      [120.001039, 30],
      [120.001039, 30.001],
      [120, 30.001],
      [120, 30],
    ],
  ],
}

describe('fieldIssue (the one checker, one field at a time)', () => {
  const lookups = clientLookups(lists, counties)
  it.each([
    ['plot_ratio', 25, '「容积率」应在 0 至 20 之间，得到 25'],
    ['plot_ratio', '2.5', null],
    ['status', '在建', null],
    ['status', '拆除', '「地块状态」的值「拆除」不在代码表中'],
    ['county_code', '330106', null],
    ['county_code', '330999', '「所在县（市、区）」的行政区划代码「330999」不存在'],
    ['name', '  ', '「地块名称」为必填项'],
    ['contact_phone', '0571-88886666', null],
    ['contact_phone', '12345', '「联系电话」格式应为11位手机号或带区号的固定电话'],
    ['geom', { type: 'Point', coordinates: [120, 30] }, '「地块范围」应为Polygon或MultiPolygon，得到 Point'],
  ])('%s = %j → %s', (name, value, message) => {
    expect(fieldIssue(field(name), value, lookups)).toBe(message)
  })
})

describe('values as text', () => {
  const names = regionNameMap(counties)
  it('shows codes by label, counties by name, numbers with units, blanks as —', () => {
    expect(valueText(field('land_use_code'), '0601', lists)).toBe('工业用地（0601）')
    expect(valueText(field('status'), '在建', lists)).toBe('在建')
    expect(valueText(field('county_code'), '330106', lists, names)).toBe('杭州市西湖区')
    expect(valueText(field('building_area'), 1200.5, lists)).toBe('1200.5 平方米')
    expect(valueText(field('location_desc'), null, lists)).toBe('—')
  })
  it('shows a shape by its area in 亩 and a point by its coordinates', () => {
    expect(areaMu(square as never)).toBeCloseTo(16.67, 0)
    expect(geometryText(square)).toMatch(/^多边形，16\.\d\d 亩$/)
    expect(geometryText({ type: 'Point', coordinates: [120.1, 30.2] })).toBe('点（120.100000, 30.200000）')
    expect(geometryText(null)).toBe('—')
  })
})
