/** 数据采集 / 数据处理 rules (issue 7): column mapping, the batch state machine, the overlap tolerance. */
import { describe, expect, it } from 'vitest'
import {
  mappingProblems,
  mappingTargets,
  matchScore,
  normaliseHeader,
  signatureText,
  similarity,
  suggestMapping,
} from '../../../src/domain/datacenter/column-mapping'
import { canMove, overlapCounts, OVERLAP_RULE_TEXT } from '../../../src/domain/datacenter/import-batch'
import { DEFAULT_STANDARD } from '../../../src/domain/datacenter/standard'

const parcelTargets = mappingTargets('parcel', DEFAULT_STANDARD.parcel)
const enterpriseTargets = mappingTargets('enterprise', DEFAULT_STANDARD.enterprise)

describe('column mapping', () => {
  it('offers the standard fields except shapes, plus coordinates, WKT and (parcels) the owner name', () => {
    expect(parcelTargets.map((t) => t.name)).toContain('__owner_name')
    expect(parcelTargets.map((t) => t.name)).not.toContain('geom')
    expect(enterpriseTargets.map((t) => t.name)).not.toContain('__owner_name')
    expect(enterpriseTargets.find((t) => t.name === 'credit_code')).toEqual({
      name: 'credit_code',
      label: '统一社会信用代码',
      required: true,
    })
  })

  it('normalises headers: width, case, spaces, brackets and punctuation', () => {
    expect(normaliseHeader(' 注册资本（万元） ')).toBe('注册资本万元')
    expect(normaliseHeader('Land_Code')).toBe('landcode')
    expect(normaliseHeader('ＺＤＤＭ')).toBe('zddm')
    expect(similarity('宗地代码', '宗地编码')).toBeCloseTo(1 / 3, 5)
  })

  it.each([
    ['宗地代码', 'land_code', 1],
    ['ZDDM', 'land_code', 1],
    ['land_code', 'land_code', 1],
    ['宗地编号', 'land_code', 1],
    ['容积率（现状）', 'plot_ratio', 0.6],
    ['信用代码', 'owner_credit_code', 1],
    ['随便什么', 'land_code', 0],
  ])('%s fits %s with at least %d', (header, target, min) => {
    const score = matchScore(
      header,
      parcelTargets.find((t) => t.name === target)!,
    )
    if (min === 0) expect(score).toBeLessThan(0.6)
    else expect(score).toBeGreaterThanOrEqual(min)
  })

  it('suggests each column once, best pairs first, nothing under the threshold', () => {
    expect(suggestMapping(['企业名称', '统一社会信用代码', '经度', '纬度', '备注'], enterpriseTargets)).toEqual({
      name: '企业名称',
      credit_code: '统一社会信用代码',
      __lng: '经度',
      __lat: '纬度',
    })
    // the owner's name goes to the link target, the parcel's name to name
    expect(suggestMapping(['地块名称', '用地单位名称'], parcelTargets)).toEqual({ name: '地块名称', __owner_name: '用地单位名称' })
    expect(suggestMapping(['名称', '名称(2)'], enterpriseTargets)).toEqual({ name: '名称' })
  })

  it('signs a header list by its normalised names in order', () => {
    expect(signatureText(['宗地代码', ' 名称 '])).toBe(signatureText(['宗地 代码', '名称']))
    expect(signatureText(['a', 'b'])).not.toBe(signatureText(['b', 'a']))
  })

  it('names what is wrong with a mapping', () => {
    expect(mappingProblems({ name: '名称', foo: '名称', land_code: '无' }, ['名称'], parcelTargets)).toEqual([
      '「foo」不是可映射的字段',
      '「宗地代码」映射的列「无」不在源文件中',
    ])
  })
})

describe('batch states', () => {
  it.each([
    ['导入中', '已上传', true],
    ['导入中', '已中断', true],
    ['已中断', '导入中', true],
    ['已上传', '检查中', true],
    ['检查中', '已检查', true],
    ['检查中', '已上传', true],
    ['已检查', '已提交', true],
    ['已检查', '已退回', true],
    ['已上传', '已提交', false],
    ['已提交', '已退回', false],
    ['已退回', '检查中', false],
    ['导入失败', '已上传', false],
  ] as const)('%s → %s: %s', (from, to, ok) => {
    expect(canMove(from, to)).toBe(ok)
  })
})

describe('overlap tolerance', () => {
  it('counts an overlap above both 10 m² and 1 % of the smaller parcel', () => {
    expect(overlapCounts(10, 5000, 5000)).toBe(false)
    expect(overlapCounts(11, 500, 5000)).toBe(true)
    expect(overlapCounts(40, 5000, 8000)).toBe(false)
    expect(overlapCounts(51, 5000, 8000)).toBe(true)
    expect(OVERLAP_RULE_TEXT).toBe('重叠面积同时超过 10 平方米且超过较小地块面积的 1% 时视为重叠')
  })
})
