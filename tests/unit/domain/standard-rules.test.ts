/** What a new version of a 数据标准 may say: relabel, tighten, reorder — never what the master table cannot hold. */
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENTERPRISE_FIELDS, DEFAULT_PARCEL_FIELDS, type StandardField } from '../../../src/domain/datacenter/standard'
import { tidyField, validateStandardFields } from '../../../src/domain/datacenter/standard-rules'

const LISTS = new Set(['land_use', 'planning_use', 'industry', 'parcel_status', 'supply_method', 'enterprise_scale', 'enterprise_status'])
const exists = (d: string) => LISTS.has(d)
const edit = (fields: StandardField[], name: string, change: Partial<StandardField>) =>
  fields.map((f) => (f.name === name ? { ...f, ...change } : f))
const messages = (fields: StandardField[], kind: 'parcel' | 'enterprise' = 'parcel') =>
  validateStandardFields(kind, fields, exists).map((i) => i.message)

describe('validateStandardFields', () => {
  it('accepts version 1 of both kinds', () => {
    expect(messages(DEFAULT_PARCEL_FIELDS)).toEqual([])
    expect(messages(DEFAULT_ENTERPRISE_FIELDS, 'enterprise')).toEqual([])
  })

  it('accepts what a new version may change: labels, units, required, tighter ranges, order, dropped optional fields', () => {
    let f = edit(DEFAULT_PARCEL_FIELDS, 'plot_ratio', { label: '现状容积率', min: 0.2, max: 8 })
    f = edit(f, 'location_desc', { required: true, maxLength: 100, pattern: '.*[路街道镇村].*', patternHint: '含路、街、道、镇或村' })
    f = f.filter((x) => x.name !== 'supply_price').reverse()
    expect(messages(f)).toEqual([])
  })

  it.each([
    [
      'an unknown column',
      [...DEFAULT_PARCEL_FIELDS, { name: 'owner_phone', label: '业主电话', type: 'string', required: false } as StandardField],
      '第 21 个字段「业主电话」：「owner_phone」不是地块主表的字段，审核入库时无处写入',
    ],
    ['a duplicate', [...DEFAULT_PARCEL_FIELDS, DEFAULT_PARCEL_FIELDS[1]], '第 21 个字段「地块名称」：字段「name」重复'],
    [
      'a changed type',
      edit(DEFAULT_PARCEL_FIELDS, 'supply_date', { type: 'string' }),
      '第 11 个字段「供地日期」：类型不能由「date」改为「string」（主表字段类型固定）',
    ],
    [
      'a dropped special check',
      edit(DEFAULT_PARCEL_FIELDS, 'land_code', { check: undefined }),
      '第 1 个字段「宗地代码」：必须保留「parcelCode」校验',
    ],
    [
      'a code field without list',
      edit(DEFAULT_PARCEL_FIELDS, 'status', { dict: undefined }),
      '第 7 个字段「地块状态」：代码字段必须指定代码表',
    ],
    ['an unknown list', edit(DEFAULT_PARCEL_FIELDS, 'status', { dict: 'colours' }), '第 7 个字段「地块状态」：代码表「colours」不存在'],
    ['min above max', edit(DEFAULT_PARCEL_FIELDS, 'plot_ratio', { min: 5, max: 1 }), '第 8 个字段「容积率」：最小值 5 大于最大值 1'],
    [
      'a range beyond the table',
      edit(DEFAULT_PARCEL_FIELDS, 'use_term_years', { max: 99 }),
      '第 14 个字段「出让年限」：最大值不能大于 70（主表约束）',
    ],
    [
      'a missing floor',
      edit(DEFAULT_PARCEL_FIELDS, 'building_area', { min: undefined }),
      '第 10 个字段「建筑面积」：最小值不能小于 0（主表约束）',
    ],
    [
      'a text longer than the column',
      edit(DEFAULT_PARCEL_FIELDS, 'name', { maxLength: 500 }),
      '第 2 个字段「地块名称」：最大长度不能超过 200（主表约束）',
    ],
    [
      'a bad pattern',
      edit(DEFAULT_PARCEL_FIELDS, 'location_desc', { pattern: '(' }),
      '第 6 个字段「坐落」：格式规则「(」不是合法的正则表达式',
    ],
    [
      'an optional NOT NULL column',
      edit(DEFAULT_PARCEL_FIELDS, 'status', { required: false }),
      '第 7 个字段「地块状态」：主表不允许为空，必须为必填',
    ],
    ['an optional identity', edit(DEFAULT_PARCEL_FIELDS, 'land_code', { required: false }), '「宗地代码」用于识别地块，必须为必填'],
    ['a missing identity', DEFAULT_PARCEL_FIELDS.filter((f) => f.name !== 'name'), '「地块名称」用于识别地块，不能从标准中删除'],
  ] as [string, StandardField[], string][])('refuses %s', (_what, fields, message) => {
    expect(messages(fields)).toEqual([message])
  })

  it('names the attribute of the field that broke the rule', () => {
    const [issue] = validateStandardFields('parcel', edit(DEFAULT_PARCEL_FIELDS, 'plot_ratio', { max: 30, min: 40 }), exists)
    expect(issue.field).toBe('fields.7.min')
  })

  it('tidies what an editor sends: blank attributes dropped, text trimmed, patterns kept as typed', () => {
    expect(
      tidyField({
        name: 'name',
        label: ' 名称 ',
        type: 'string',
        required: true,
        unit: '',
        dict: '',
        pattern: ' a ',
        geometryTypes: [],
      } as unknown as StandardField),
    ).toEqual({
      name: 'name',
      label: '名称',
      type: 'string',
      required: true,
      pattern: ' a ',
    })
  })
})
