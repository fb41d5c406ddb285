/**
 * 辅助决策 and 运行监测 in the browser: how figures and 同比 are written, the region trail and
 * drill-down, and the chart specs built from literal rows (bars sorted, the 合计 line, the
 * median at 100 %, one chart per unit, the change axis cut).
 */
import { FIGURES } from '../../../../src/domain/figures/catalogue'
import { describe, expect, it } from 'vitest'
import type { IndicatorRow, IndicatorValues, IndustryMonitorRow } from '../../../../src/domain/contracts/decision'
import type { ReportRegionOption } from '../../../../src/domain/contracts/statistical-report'
import { benchmarkBars, buildBenchmarkSpec } from '../../../../src/web/features/decision/components/build-benchmark-spec'
import {
  buildChangeSpec,
  changeBars,
  changeDomain,
  describeChanges,
} from '../../../../src/web/features/decision/components/build-change-spec'
import {
  ABOVE,
  BELOW,
  buildIndicatorBarSpec,
  describeBars,
  indicatorBars,
} from '../../../../src/web/features/decision/components/build-indicator-bar-spec'
import { trendData, unitGroups } from '../../../../src/web/features/decision/components/build-trend-spec'
import {
  formatChange,
  formatPercent,
  formatValue,
  indicatorChange,
  indicatorTitle,
  yoyChange,
} from '../../../../src/web/features/decision/components/indicator-format'
import { rankText } from '../../../../src/web/features/decision/components/rank-text'
import { districtNoun, isDrillable, pathTo, regionTrail } from '../../../../src/web/features/decision/components/region-tree'

const values = (v: Partial<IndicatorValues>): IndicatorValues => ({
  taxPerMu: null,
  valueAddedPerMu: null,
  laborProductivity: null,
  energyEfficiency: null,
  emissionEfficiency: null,
  rdRatio: null,
  ...v,
})
const row = (code: string, name: string, taxPerMu: number | null, last: number | null = null): IndicatorRow => ({
  code,
  name,
  enterpriseCount: 1,
  landMu: 1,
  tax: 1,
  valueAdded: 1,
  values: values({ taxPerMu }),
  parts: Object.fromEntries(Object.keys(values({})).map((k) => [k, { numerator: null, denominator: null }])) as IndicatorRow['parts'],
  lastYear: last === null ? null : values({ taxPerMu: last }),
})

describe('figures: 2 decimals with separators, absent = —, 同比 signed with 1 decimal', () => {
  it.each([
    [12345.678, '12,345.68'],
    [0, '0.00'],
    [-3.2, '-3.20'],
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
  ])('formatValue(%o) → %s', (v, text) => expect(formatValue(v)).toBe(text))

  it.each([
    [8, '+8.0%'],
    [-3.25, '-3.3%'],
    [0, '0.0%'],
    [1234.5, '+1,234.5%'],
    [null, '—'],
  ])('formatChange(%o) → %s', (v, text) => expect(formatChange(v)).toBe(text))

  it('formatPercent writes a share with one decimal', () => {
    expect(formatPercent(151.8)).toBe('151.8%')
    expect(formatPercent(null)).toBe('—')
  })

  it.each([
    [22.29, 20.63, 8],
    [14.23, 11.88, 19.8],
    [11.25, 12.42, -9.4],
    [5, 0, null],
    [null, 3, null],
    [3, null, null],
    [-1, -2, 50],
  ])('yoyChange(%o, %o) → %o', (cur, last, pct) => expect(yoyChange(cur, last)).toBe(pct))

  it('a row without last year has no change', () => {
    expect(indicatorChange(values({ taxPerMu: 3 }), null, 'taxPerMu')).toBeNull()
    expect(indicatorChange(values({ taxPerMu: 3 }), values({ taxPerMu: 2 }), 'taxPerMu')).toBe(50)
  })

  it('column titles carry the unit', () => {
    expect(indicatorTitle('taxPerMu')).toBe('亩均税收（万元/亩）')
    expect(indicatorTitle('rdRatio')).toBe('R&D经费占营业收入比重（%）')
  })

  it('the rank sentence is the contract’s, and says why there is none', () => {
    expect(rankText({ peers: { label: '萧山区全部企业', count: 5 }, rank: 1 })).toBe('在 萧山区全部企业 5 家中排第 1')
    expect(rankText({ peers: { label: '上城区全部企业', count: 0 }, rank: null })).toContain('未参与')
  })
})

const TREE: ReportRegionOption[] = [
  {
    code: '330100',
    name: '杭州市',
    children: [
      { code: '330102', name: '上城区' },
      { code: '330109', name: '萧山区' },
    ],
  },
  { code: '330200', name: '宁波市', children: [{ code: '330203', name: '海曙区' }] },
  { code: '330300', name: '温州市' },
]

describe('districts: drill from a city to its counties, the trail back up', () => {
  it('finds the path to a county', () => expect(pathTo(TREE, '330109').map((n) => n.name)).toEqual(['杭州市', '萧山区']))
  it('a city with counties opens; a county or a city without counties does not', () => {
    expect(isDrillable(TREE, '330100')).toBe(true)
    expect(isDrillable(TREE, '330109')).toBe(false)
    expect(isDrillable(TREE, '330300')).toBe(false)
    expect(isDrillable(TREE, '339999')).toBe(false)
  })
  it('a province user’s trail starts at 浙江省', () => {
    expect(regionTrail(TREE, '330000', undefined)).toEqual([{ name: '浙江省' }])
    expect(regionTrail(TREE, '330000', '330109')).toEqual([
      { name: '浙江省' },
      { code: '330100', name: '杭州市' },
      { code: '330109', name: '萧山区' },
    ])
  })
  it('a city user’s trail starts at the city', () => {
    const tree = [TREE[0]]
    expect(regionTrail(tree, '330100', undefined)).toEqual([{ name: '杭州市' }])
    expect(regionTrail(tree, '330100', '330102')).toEqual([{ name: '杭州市' }, { code: '330102', name: '上城区' }])
  })
  it.each([
    ['330100', '市'],
    ['330109', '区县'],
    ['330102001', '乡镇街道'],
  ])('rows coded %s are %s', (code, noun) => expect(districtNoun(code)).toBe(noun))
})

describe('区域指标 and 行业指标 bars', () => {
  const rows = [
    row('330100', '杭州市', 22.29),
    row('330200', '宁波市', 18.25),
    row('330900', '舟山市', 44.38),
    row('330102', '上城区', null),
  ]
  it('leaves out rows without the figure, largest first, and marks those below 合计', () => {
    const bars = indicatorBars(rows, 'taxPerMu', 19.16)
    expect(bars.map((b) => [b.name, b.level])).toEqual([
      ['舟山市', ABOVE],
      ['杭州市', ABOVE],
      ['宁波市', BELOW],
    ])
  })
  it('keeps the top n with their labels', () => {
    expect(indicatorBars(rows, 'taxPerMu', null, { top: 2, label: (r) => `${r.code} ${r.name}` }).map((b) => b.label)).toEqual([
      '330900 舟山市',
      '330100 杭州市',
    ])
  })
  it('says the chart in one sentence', () => {
    expect(describeBars(indicatorBars(rows, 'taxPerMu', 19.16), 'taxPerMu', '市')).toBe(
      '舟山市最高（44.38 万元/亩），宁波市最低（18.25 万元/亩）；3 个市中 2 个不低于合计。',
    )
    expect(describeBars([], 'taxPerMu', '市')).toBe('')
  })
  it('draws the 合计 as a line with its value, and none without a total', () => {
    const bars = indicatorBars(rows, 'taxPerMu', 19.16)
    const spec = buildIndicatorBarSpec(bars, { key: 'taxPerMu', reference: 19.16 }) as {
      children: { type: string; data: unknown[]; labels?: { text: () => string }[] }[]
    }
    expect(spec.children.map((c) => c.type)).toEqual(['interval', 'lineY'])
    expect(spec.children[1].data).toEqual([{ value: 19.16 }])
    expect(spec.children[1].labels?.[0].text()).toBe('合计 19.16')
    const none = buildIndicatorBarSpec(bars, { key: 'taxPerMu', reference: null }) as { children: unknown[] }
    expect(none.children).toHaveLength(1)
  })
  it("the bar's tooltip carries the indicator's 口径 and its working (issue 14)", () => {
    const withParts = rows.map((r) =>
      r.code === '330900' ? { ...r, parts: { ...r.parts, taxPerMu: { numerator: 4438, denominator: 100 } } } : r,
    )
    const spec = buildIndicatorBarSpec(indicatorBars(withParts, 'taxPerMu', null), { key: 'taxPerMu', reference: null }) as {
      interaction: { tooltip: { render: (e: unknown, c: { title: string; items: unknown[] }) => string } }
    }
    const html = spec.interaction.tooltip.render(null, { title: '舟山市', items: [] })
    expect(html).toContain(FIGURES.taxPerMu.caliber)
    expect(html).toContain('实缴税金 4,438.00 万元 ÷ 参评用地面积 100.00 亩 = 44.38 万元/亩')
  })
})

describe('企业指标 against the median', () => {
  it('writes each indicator as % of the median and names those that cannot be compared', () => {
    const { bars, missing } = benchmarkBars(
      values({ taxPerMu: 17.26, valueAddedPerMu: 50, rdRatio: 1 }),
      values({ taxPerMu: 11.37, valueAddedPerMu: 100, rdRatio: 0 }),
    )
    expect(bars.map((b) => [b.name, b.percent, b.level])).toEqual([
      ['亩均税收', 151.8, '不低于中位数'],
      ['亩均增加值', 50, '低于中位数'],
    ])
    expect(missing).toEqual(['全员劳动生产率', '单位能耗增加值', '单位排放增加值', 'R&D经费占营业收入比重'])
  })
  it('without figures every indicator is missing', () => expect(benchmarkBars(null, values({ taxPerMu: 3 })).bars).toEqual([]))
  it('the median is the 100 % line', () => {
    const spec = buildBenchmarkSpec([]) as { children: { type: string; data?: unknown[] }[] }
    expect(spec.children[1]).toMatchObject({ type: 'lineY', data: [{ value: 100 }] })
  })
})

describe('指标趋势: one chart per unit', () => {
  it('groups indicators sharing a unit, in the order of the six', () => {
    expect(unitGroups(['rdRatio', 'valueAddedPerMu', 'taxPerMu', 'laborProductivity'])).toEqual([
      { unit: '万元/亩', keys: ['taxPerMu', 'valueAddedPerMu'] },
      { unit: '万元/人', keys: ['laborProductivity'] },
      { unit: '%', keys: ['rdRatio'] },
    ])
    expect(unitGroups([])).toEqual([])
  })
  it('points per year and indicator, missing figures left out', () => {
    const series = [
      { year: 2024, values: values({ taxPerMu: 18.02, valueAddedPerMu: null }) },
      { year: 2025, values: values({ taxPerMu: 19.16, valueAddedPerMu: 103.86 }) },
    ]
    expect(trendData(series, ['taxPerMu', 'valueAddedPerMu'])).toEqual([
      { year: '2024', indicator: '亩均税收', value: 18.02 },
      { year: '2025', indicator: '亩均税收', value: 19.16 },
      { year: '2025', indicator: '亩均增加值', value: 103.86 },
    ])
  })
})

describe('行业监测 change bars', () => {
  const monitorRow = (
    code: string,
    taxChange: number | null,
    valueAddedChange: number | null,
    revenueChange: number | null,
  ): IndustryMonitorRow => ({
    code,
    name: code,
    enterpriseCount: 1,
    tax: 1,
    lastTax: 1,
    taxChange,
    valueAdded: 1,
    lastValueAdded: 1,
    valueAddedChange,
    revenue: 1,
    lastRevenue: 1,
    revenueChange,
    taxPerMu: null,
    lastTaxPerMu: null,
    warned: 0,
  })
  it('three bars a division, 未分类 and missing changes left out', () => {
    const bars = changeBars([monitorRow('C13', 2.6, 3.3, 3), monitorRow('C14', -15, null, -10), monitorRow('', 1, 1, 1)])
    expect(bars.map((b) => `${b.code}:${b.figure}:${b.change}`)).toEqual([
      'C13:实缴税金:2.6',
      'C13:工业增加值:3.3',
      'C13:营业收入:3',
      'C14:实缴税金:-15',
      'C14:营业收入:-10',
    ])
  })
  it('cuts the axis at twice the bulk of the changes, so one outlier does not flatten the rest', () => {
    const rows = [
      monitorRow('C13', 2, 3, 4),
      monitorRow('C14', -15, -14, -12),
      monitorRow('C17', 13, 14, 12),
      monitorRow('C18', 5, 6, 7),
      monitorRow('C19', -4, -5, -3),
      monitorRow('C20', 8, 9, 10),
      monitorRow('C24', 393, 384, 418),
      monitorRow('C26', 3, 2, 2),
    ]
    const domain = changeDomain(changeBars(rows))
    expect(domain).toEqual({ min: -15, max: 30, cut: 30 })
    const spec = buildChangeSpec(changeBars(rows)) as { children: { scale?: { y?: { domain?: number[]; clamp?: boolean } } }[] }
    expect(spec.children[0].scale?.y).toMatchObject({ domain: [-15, 30], clamp: true })
  })
  it('says the divisions’ changes in one sentence', () => {
    const rows = [monitorRow('C13', 2.6, 3.3, 3), monitorRow('C14', -15, null, -10), monitorRow('C17', null, 1, 1), monitorRow('', 1, 1, 1)]
    expect(describeChanges(rows, monitorRow('all', 10.7, 10.6, 10.3))).toBe(
      '合计实缴税金同比 +10.7%，工业增加值 +10.6%，营业收入 +10.3%；实缴税金增长的行业 1 个、下降的 1 个。',
    )
    expect(describeChanges([], undefined)).toBe('')
  })
  it('keeps the whole range when nothing stands out', () => {
    expect(changeDomain(changeBars([monitorRow('C13', 5, -3, 8)]))).toEqual({ min: -3, max: 8, cut: 20 })
  })
})
