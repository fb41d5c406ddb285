import { describe, expect, it } from 'vitest'
import {
  BUILTIN_CODE_LISTS,
  checkRecord,
  DEFAULT_ENTERPRISE_FIELDS,
  DEFAULT_PARCEL_FIELDS,
  normaliseDate,
  type CheckLookups,
} from '../../../src/domain/datacenter/standard'

const DICTS: Record<string, string[]> = {
  parcel_status: ['已供未建', '在建', '已投产', '闲置', '低效', '已收回'],
  supply_method: ['出让', '划拨', '租赁'],
  enterprise_scale: ['规上', '规下'],
  enterprise_status: ['在营', '停产'],
}
const LOOKUPS: CheckLookups = {
  codeList: (d) => (BUILTIN_CODE_LISTS[d] ? new Set(Object.keys(BUILTIN_CODE_LISTS[d].items)) : DICTS[d] ? new Set(DICTS[d]) : undefined),
  isRegion: (c) => ['330000', '330100', '330106'].includes(c),
}

const GOOD_PARCEL = {
  land_code: '330106001002GB00001',
  name: '杭州某科技园一期',
  land_use_code: '0601',
  status: '已投产',
  county_code: '330106',
  plot_ratio: '2.5',
  supply_date: '2019/6/3',
  use_term_years: 50,
  owner_credit_code: '91330100716105852f',
  geom: {
    type: 'Polygon',
    coordinates: [
      [
        [120, 30],
        [120.01, 30],
        [120.01, 30.01],
        [120, 30],
      ],
    ],
  },
}

function issuesOf(raw: Record<string, unknown>, fields = DEFAULT_PARCEL_FIELDS) {
  return checkRecord(fields, raw, LOOKUPS).issues.map((i) => [i.field, i.rule, i.message])
}

describe('数据标准 checker', () => {
  it('passes a good parcel and normalises text numbers, dates and codes', () => {
    const r = checkRecord(DEFAULT_PARCEL_FIELDS, GOOD_PARCEL, LOOKUPS)
    expect(r.issues).toEqual([])
    expect(r.value.plot_ratio).toBe(2.5)
    expect(r.value.supply_date).toBe('2019-06-03')
    expect(r.value.owner_credit_code).toBe('91330100716105852F')
    expect(r.value.building_area).toBeNull()
  })

  // one row per rule: the field, the rule and the exact Chinese message
  it.each([
    [{ land_code: '' }, 'land_code', 'required', '「宗地代码」为必填项'],
    [{ land_code: '3301060010GB00001' }, 'land_code', 'parcelCode', '「宗地代码」：宗地代码应为19位'],
    [{ plot_ratio: 'abc' }, 'plot_ratio', 'type', '「容积率」应为数字，得到「abc」'],
    [{ plot_ratio: 25 }, 'plot_ratio', 'range', '「容积率」应在 0 至 20 之间，得到 25'],
    [{ use_term_years: 50.5 }, 'use_term_years', 'type', '「出让年限」应为整数，得到 50.5'],
    [{ building_density: -1 }, 'building_density', 'range', '「建筑密度」应在 0 至 100 % 之间，得到 -1'],
    [{ supply_date: '2019-02-30' }, 'supply_date', 'type', '「供地日期」应为日期（如 2024-03-05），得到「2019-02-30」'],
    [{ supply_method: '拍卖' }, 'supply_method', 'code', '「供地方式」的值「拍卖」不在代码表中'],
    [{ land_use_code: '0701' }, 'land_use_code', 'code', '「现状地类」的值「0701」不在代码表中'],
    [{ county_code: '339999' }, 'county_code', 'region', '「所在县（市、区）」的行政区划代码「339999」不存在'],
    [
      { owner_credit_code: '91330100716105852A' },
      'owner_credit_code',
      'creditCode',
      '「用地单位统一社会信用代码」：统一社会信用代码校验位错误',
    ],
    [{ geom: { type: 'Point', coordinates: [120, 30] } }, 'geom', 'geometry', '「地块范围」应为Polygon或MultiPolygon，得到 Point'],
    [{ geom: 'POLYGON' }, 'geom', 'type', '「地块范围」应为 GeoJSON 几何'],
    [{ name: '测'.repeat(201) }, 'name', 'length', '「地块名称」不能超过 200 个字符'],
  ])('parcel %j breaks %s / %s', (patch, field, rule, message) => {
    expect(issuesOf({ ...GOOD_PARCEL, ...patch })).toEqual([[field, rule, message]])
  })

  it('checks the enterprise phone pattern and names the hint', () => {
    const base = { credit_code: '91330100716105852F', name: '阿里巴巴（中国）有限公司', scale: '规上', status: '在营' }
    expect(issuesOf({ ...base, contact_phone: '0571-88888888' }, DEFAULT_ENTERPRISE_FIELDS)).toEqual([])
    expect(issuesOf({ ...base, contact_phone: '12345' }, DEFAULT_ENTERPRISE_FIELDS)).toEqual([
      ['contact_phone', 'pattern', '「联系电话」格式应为11位手机号或带区号的固定电话'],
    ])
  })

  it('names a code list missing from the standard instead of passing the value', () => {
    const fields = [{ name: 'x', label: '某代码', type: 'code' as const, required: false, dict: 'nope' }]
    expect(checkRecord(fields, { x: '1' }, LOOKUPS).issues[0]!.message).toBe('「某代码」的代码表「nope」不存在，请在数据标准中修正')
  })

  it.each([
    ['2024-3-5', '2024-03-05'],
    ['2024年3月5日', '2024-03-05'],
    ['2024.03.05', '2024-03-05'],
    [45356, '2024-03-05'],
    ['2023-02-29', null],
    ['03/05/2024', null],
  ])('normaliseDate(%j) = %j', (input, out) => {
    expect(normaliseDate(input)).toBe(out)
  })
})
