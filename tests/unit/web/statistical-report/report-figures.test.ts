/** 统计报表 in the browser: how figures are written, the bar chart's spec from literal rows, and the filter choices. */
import { FIGURES } from '../../../../src/domain/figures/catalogue'
import { describe, expect, it } from 'vitest'
import {
  buildReportBarSpec,
  reportBarPoints,
  shortLabel,
  type ReportBarConfig,
} from '../../../../src/web/features/statistical-report/components/build-report-bar-spec'
import {
  formatAmount,
  formatCount,
  formatRatio,
  formatText,
} from '../../../../src/web/features/statistical-report/components/report-format'
import {
  APPRAISAL_CHOICES,
  LAND_USE_CHOICES,
  LOW_STATUS_CHOICES,
  PARCEL_STATUS_CHOICES,
  REASON_CHOICES,
  SUPPLY_METHOD_CHOICES,
} from '../../../../src/web/features/statistical-report/components/report-options'
import { parcelReportQuery } from '../../../../src/domain/contracts/statistical-report'

describe('figures (亩 and 亩均 2 decimals, 万元 with separators, absent = —)', () => {
  it.each([
    [formatAmount, 12345.678, '12,345.68'],
    [formatAmount, 1.005, '1.01'],
    [formatAmount, 0, '0.00'],
    [formatAmount, -3.2, '-3.20'],
    [formatAmount, null, '—'],
    [formatAmount, undefined, '—'],
    [formatAmount, Number.NaN, '—'],
    [formatCount, 1234567, '1,234,567'],
    [formatCount, null, '—'],
    [formatRatio, 1.2, '1.20'],
    [formatRatio, 35.555, '35.56'],
    [formatRatio, null, '—'],
  ] as const)('%o(%o) → %s', (format, value, text) => {
    expect((format as (v: number | null | undefined) => string)(value)).toBe(text)
  })

  it('writes absent text as —', () => {
    expect(formatText(null)).toBe('—')
    expect(formatText('')).toBe('—')
    expect(formatText('西湖区')).toBe('西湖区')
  })
})

interface Row {
  code: string
  name: string
  taxPerMu: number | null
}
const ROWS: Row[] = [
  { code: '330100', name: '杭州市', taxPerMu: 31.2 },
  { code: '330200', name: '宁波市', taxPerMu: 48.9 },
  { code: '330300', name: '温州市', taxPerMu: null },
  { code: '330400', name: '嘉兴市', taxPerMu: 19.4 },
]
const CONFIG: ReportBarConfig<Row> = {
  key: (r) => r.code,
  name: (r) => r.name,
  value: (r) => r.taxPerMu,
  label: '亩均税收',
  unit: '万元/亩',
  figure: 'taxPerMu',
  // 杭州: 312 万元 over 10 亩
  parts: (r) => (r.code === '330100' ? { numerator: 312, denominator: 10 } : null),
}

/** The parts of the spec read here. */
interface BarSpec {
  type: string
  data: { key: string }[]
  encode: unknown
  coordinate: { transform: unknown[] }
  axis: { y: { title: string } }
  labels: { text: (d: { value: number }) => string }[]
  tooltip: { items: { valueFormatter: (v: number) => string }[] }
  interaction: { tooltip: { render: (e: unknown, c: { title: string; items: { name: string; value: string }[] }) => string } }
}

describe('report bar chart', () => {
  it('keeps the rows order and leaves out rows without a figure', () => {
    expect(reportBarPoints(ROWS, CONFIG).map((p) => p.name)).toEqual(['杭州市', '宁波市', '嘉兴市'])
  })

  it('ranks largest first and cuts to the top n', () => {
    expect(reportBarPoints(ROWS, { ...CONFIG, ranked: true }).map((p) => p.value)).toEqual([48.9, 31.2, 19.4])
    expect(reportBarPoints(ROWS, { ...CONFIG, top: 2 })).toEqual([
      { key: '330200', name: '宁波市', value: 48.9 },
      { key: '330100', name: '杭州市', value: 31.2 },
    ])
  })

  it('cuts long category names for the axis', () => {
    expect(shortLabel('计算机、通信和其他电子设备制造业', 8)).toBe('计算机、通信和…')
    expect(shortLabel('纺织业', 8)).toBe('纺织业')
  })

  it('builds one interval mark with the unit on the axis, labels and tooltip', () => {
    const spec = buildReportBarSpec(ROWS, { ...CONFIG, horizontal: true, top: 3 }) as unknown as BarSpec
    expect(spec.type).toBe('interval')
    expect(spec.data.map((d) => d.key)).toEqual(['330200', '330100', '330400'])
    expect(spec.encode).toEqual({ x: 'name', y: 'value' })
    expect(spec.coordinate.transform).toEqual([{ type: 'transpose' }])
    expect(spec.axis.y.title).toBe('亩均税收（万元/亩）')
    expect(spec.labels[0].text({ value: 12345.678 })).toBe('12,345.68')
    expect(spec.tooltip.items[0].valueFormatter(48.9)).toBe('48.90 万元/亩')
    expect(buildReportBarSpec(ROWS, CONFIG)).toMatchObject({ coordinate: { transform: [] } })
  })

  it("carries the figure's 口径 in the tooltip, and a ratio's working for the bar under the pointer", () => {
    const spec = buildReportBarSpec(ROWS, CONFIG) as unknown as BarSpec
    const html = spec.interaction.tooltip.render(null, { title: '杭州市', items: [{ name: '亩均税收', value: '31.20 万元/亩' }] })
    expect(html).toContain('data-testid="chart-figure-tip-taxPerMu"')
    expect(html).toContain(`口径：${FIGURES.taxPerMu.caliber}`)
    expect(html).toContain('实缴税金 312.00 万元 ÷ 参评用地面积 10.00 亩 = 31.20 万元/亩')
    // a bar whose parts the page does not know: the 口径 without a working
    const other = spec.interaction.tooltip.render(null, { title: '宁波市', items: [] })
    expect(other).toContain('口径：')
    expect(other).not.toContain(' = ')
  })
})

describe('filter choices offer what the contract accepts', () => {
  it('地类, 地块状态, 供地方式', () => {
    expect(LAND_USE_CHOICES).toEqual([
      { value: '0601', label: '0601 工业用地' },
      { value: '0602', label: '0602 采矿用地' },
      { value: '0604', label: '0604 仓储用地' },
    ])
    expect(PARCEL_STATUS_CHOICES.map((c) => c.value)).toEqual(['已供未建', '在建', '已投产', '闲置', '低效', '已收回'])
    expect(SUPPLY_METHOD_CHOICES.map((c) => c.value)).toEqual(['出让', '划拨', '租赁', '作价出资', '授权经营', '其他'])
    for (const c of PARCEL_STATUS_CHOICES) expect(parcelReportQuery.safeParse({ status: c.value }).success).toBe(true)
    for (const c of SUPPLY_METHOD_CHOICES) expect(parcelReportQuery.safeParse({ supplyMethod: c.value }).success).toBe(true)
  })

  it('评价类别, 认定状态, 认定原因', () => {
    expect(APPRAISAL_CHOICES.map((c) => c.label)).toEqual(['A类 优先支持', 'B类 提升发展', 'C类 调整转型', 'D类 整治淘汰'])
    expect(LOW_STATUS_CHOICES.map((c) => c.value)).toEqual(['低效', '闲置'])
    expect(REASON_CHOICES.find((c) => c.value === 'idle')?.label).toBe('闲置：约定开工满一年未开工')
  })
})
