/** Chart option builders on literal rows: categories, values, units, sorting and wall scaling. */
import { describe, expect, it } from 'vitest'
import { buildBar3DMapOption } from '../../../../src/web/charts/build-bar3d-map-option'
import { buildBarOption } from '../../../../src/web/charts/build-bar-option'
import { buildGaugeOption } from '../../../../src/web/charts/build-gauge-option'
import { buildLineOption } from '../../../../src/web/charts/build-line-option'
import { buildMapOption } from '../../../../src/web/charts/build-map-option'
import { buildPieOption } from '../../../../src/web/charts/build-pie-option'
import { buildRadarOption } from '../../../../src/web/charts/build-radar-option'
import { wallTheme } from '../../../../src/web/charts/chart-theme'
import { FIGURES } from '../../../../src/domain/figures/catalogue'
import { CITY_SCREEN } from '../../../../screens/city'
import { CLASSIFY_SCREEN } from '../../../../screens/classify'
import { DISTRICT_SCREEN } from '../../../../screens/district'
import { PARK_SCREEN } from '../../../../screens/park'
import { PLATFORM_SCREEN } from '../../../../screens/platform'
import { VISUAL_SCREEN } from '../../../../screens/visual'

/** Wall series that are not (yet) catalogue figures: a month's supplied area and projects by stage. */

const CITIES = [
  { key: '330100', name: '杭州市', areaMu: 1200.5, taxPerMu: 31.2 },
  { key: '330200', name: '宁波市', areaMu: 2400.25, taxPerMu: 28.9 },
  { key: '330300', name: '温州市', areaMu: 800, taxPerMu: 19.4 },
]
const theme = wallTheme(1)

describe('buildBarOption', () => {
  it('puts categories and values in row order with the unit in the tooltip', () => {
    const o = buildBarOption(CITIES, { category: 'name', series: [{ field: 'areaMu', name: '用地面积', unit: '亩', digits: 2 }] }, theme)
    expect(o.xAxis).toMatchObject({ type: 'category', data: ['杭州市', '宁波市', '温州市'] })
    expect(o.series[0].data).toEqual([1200.5, 2400.25, 800])
    const tip = o.tooltip.formatter([{ name: '宁波市', seriesIndex: 0, value: 2400.25, marker: '' }])
    expect(tip).toBe('宁波市<br/>用地面积：2,400.25 亩')
  })

  it('ranks horizontally: largest first on top, cut to the limit', () => {
    const o = buildBarOption(
      CITIES,
      { category: 'name', series: [{ field: 'taxPerMu', name: '亩均税收', unit: '万元/亩' }], horizontal: true, sortDesc: true, limit: 2 },
      theme,
    )
    // ECharts draws the first category at the bottom, so the top ranked comes last
    expect(o.yAxis).toMatchObject({ type: 'category', data: ['宁波市', '杭州市'] })
    expect(o.series[0].data).toEqual([28.9, 31.2])
  })

  it('drops value labels and shortens region names when more than 8 bars stand upright', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `城市${i}市`, areaMu: i }))
    const o = buildBarOption(many, { category: 'name', series: [{ field: 'areaMu', name: '面积' }] }, theme)
    expect(o.series[0].label.show).toBe(false)
    const crowded = (o.xAxis.axisLabel as { formatter: (s: string) => string }).formatter
    expect(crowded('杭州市')).toBe('杭州')
    // GB/T 4754 divisions: 制造业 dropped, then two lines of at most 5 characters
    expect(crowded('电气机械和器材制造业')).toBe('电气机械和\n器材')
    expect(crowded('汽车制造业')).toBe('汽车')
    expect(crowded('纺织业')).toBe('纺织业')
    expect(crowded('计算机、通信和其他电子设备制造业')).toBe('计算机、通\n信和其他…')
    const few = buildBarOption(CITIES, { category: 'name', series: [{ field: 'areaMu', name: '面积' }] }, theme)
    expect(few.series[0].label.show).toBe(true)
    expect((few.xAxis.axisLabel as { formatter: (s: string) => string }).formatter('计算机、通信和其他电子设备制造业')).toBe(
      '计算机、通信\n和其他电子…',
    )
  })

  it('scales text and margins with the wall', () => {
    const one = buildBarOption(CITIES, { category: 'name', series: [{ field: 'areaMu', name: '面积' }] }, wallTheme(1))
    const two = buildBarOption(CITIES, { category: 'name', series: [{ field: 'areaMu', name: '面积' }] }, wallTheme(2))
    expect(two.grid.left).toBe(one.grid.left * 2)
    expect(two.tooltip.textStyle.fontSize).toBe(32)
  })
})

describe('buildLineOption', () => {
  it('draws one line per field on up to two value axes', () => {
    const rows = [
      { year: 2024, tax: 100, taxPerMu: 10 },
      { year: 2025, tax: 120, taxPerMu: 12 },
    ]
    const o = buildLineOption(
      rows,
      {
        category: 'year',
        series: [
          { field: 'tax', name: '税收', unit: '万元' },
          { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩' },
        ],
      },
      theme,
    )
    expect(o.xAxis.data).toEqual(['2024', '2025'])
    expect(o.series.map((s) => [s.yAxisIndex, s.data])).toEqual([
      [0, [100, 120]],
      [1, [10, 12]],
    ])
  })
})

describe('buildPieOption', () => {
  it('drops zero classes, sorts and puts the total in the ring', () => {
    const rows = [
      { name: '规下企业', count: 30 },
      { name: '规上企业', count: 70 },
      { name: '其他', count: 0 },
    ]
    const o = buildPieOption(rows, { name: 'name', value: { field: 'count', name: '企业数', unit: '家' } }, theme)
    expect(o.series[0].data).toEqual([
      { name: '规上企业', value: 70 },
      { name: '规下企业', value: 30 },
    ])
    expect(o.title?.text).toBe('100')
    expect(o.legend.formatter('规上企业')).toBe('规上企业  70.0%')
  })
})

describe('pie layout', () => {
  it('keeps the pie inside its box: legend beside it when wide, below when tall', () => {
    const rows = [{ name: '甲', v: 1 }]
    const wide = buildPieOption(rows, { name: 'name', value: { field: 'v', name: 'V' } }, theme, 1.7)
    expect(wide.series[0].center).toEqual(['30%', '50%'])
    expect(wide.legend.orient).toBe('vertical')
    const tall = buildPieOption(rows, { name: 'name', value: { field: 'v', name: 'V' } }, theme, 0.95)
    expect(tall.series[0].center).toEqual(['50%', '44%'])
    expect(tall.legend.orient).toBe('horizontal')
    // wide box: radius (share of the shorter side, halved) stays within the 30 % left of centre
    for (const aspect of [1.2, 1.5, 1.7, 3]) {
      const o = buildPieOption(rows, { name: 'name', value: { field: 'v', name: 'V' } }, theme, aspect)
      const r = parseFloat(String(o.series[0].radius[1])) / 100 / 2 // of the height
      expect(r).toBeLessThanOrEqual(0.3 * aspect)
    }
  })
})

describe('buildGaugeOption / buildRadarOption / buildMapOption', () => {
  it('gauge reads the maximum from a field', () => {
    const o = buildGaugeOption({ low: 25, all: 200 }, { value: { field: 'low', name: '低效宗数', unit: '宗' }, max: 'all' }, theme)
    expect(o.series[0].max).toBe(200)
    expect(o.series[0].data).toEqual([{ value: 25, name: '低效宗数' }])
    expect(o.series[0].detail.formatter(25)).toBe('25 宗')
  })

  it('radar has one axis per row', () => {
    const o = buildRadarOption(CITIES, { category: 'name', series: [{ field: 'taxPerMu', name: '亩均税收' }] }, theme)
    expect(o.radar.indicator.map((i) => i.name)).toEqual(['杭州市', '宁波市', '温州市'])
    expect(o.series[0].data[0].value).toEqual([31.2, 28.9, 19.4])
  })

  it('map colours regions by name up to the largest value', () => {
    const o = buildMapOption(
      'zj-city',
      CITIES,
      { name: 'name', value: { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 1 } },
      theme,
    )
    expect(o.series[0].map).toBe('zj-city')
    expect(o.series[0].data[1]).toEqual({ name: '宁波市', value: 28.9 })
    expect(o.visualMap.max).toBe(31.2)
    expect(o.tooltip.formatter({ name: '杭州市', value: 31.2 })).toBe('杭州市<br/>亩均税收：31.2 万元/亩')
  })
})

describe('buildBar3DMapOption', () => {
  const places = [
    { name: '上城区', lng: 120.17, lat: 30.25, value: 42.5 },
    { name: '淳安县', lng: 119.04, lat: 29.61, value: 3.1 },
  ]
  it('stands one bar per region on its point, height = the figure, colour scaled to the largest', () => {
    const o = buildBar3DMapOption(
      'bar3d-test',
      places,
      { value: { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 2 } },
      theme,
    )
    expect(o.geo3D.map).toBe('bar3d-test')
    expect(o.series[0]).toMatchObject({ type: 'bar3D', coordinateSystem: 'geo3D' })
    expect(o.series[0].data).toEqual([
      { name: '上城区', value: [120.17, 30.25, 42.5] },
      { name: '淳安县', value: [119.04, 29.61, 3.1] },
    ])
    expect(o.visualMap).toMatchObject({ min: 0, max: 42.5, dimension: 2 })
    expect(o.tooltip.formatter({ name: '淳安县', value: [119.04, 29.61, 3.1] })).toBe('淳安县<br/>亩均税收：3.10 万元/亩')
  })
  it('keeps a scale when every figure is zero', () => {
    const o = buildBar3DMapOption('m', [{ name: 'a', lng: 0, lat: 0, value: 0 }], { value: { field: 'x', name: 'x' } }, theme)
    expect(o.visualMap.max).toBe(1)
  })
})

describe('口径 in wall chart tooltips (issue 14)', () => {
  const TAX = { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 2, figure: 'taxPerMu' } as const
  // 杭州: 3,120 万元 over 100 亩 = 31.2
  const rows = CITIES.map((c) => ({ ...c, parts: { taxPerMu: c.key === '330100' ? { numerator: 3120, denominator: 100 } : undefined } }))

  it("a ranking's tooltip ends with the figure's 口径 and the bar's numerator ÷ denominator", () => {
    const o = buildBarOption(rows, { category: 'name', series: [TAX], horizontal: true, sortDesc: true }, theme)
    // top-down ranking drawn bottom-up: 杭州 (largest) is the last category, dataIndex 2
    const tip = o.tooltip.formatter([{ name: '杭州市', seriesIndex: 0, dataIndex: 2, value: 31.2, marker: '' }])
    expect(tip).toContain('杭州市<br/>亩均税收：31.20 万元/亩')
    expect(tip).toContain(`口径：${FIGURES.taxPerMu.caliber}`)
    expect(tip).toContain('实缴税金 3,120.00 万元 ÷ 参评用地面积 100.00 亩 = 31.20 万元/亩')
    // 温州 has no parts: the 口径 alone
    const wz = o.tooltip.formatter([{ name: '温州市', seriesIndex: 0, dataIndex: 0, value: 19.4, marker: '' }])
    expect(wz).toContain('口径：')
    expect(wz).not.toContain(' = ')
  })

  it('a pie, a map and a 3D map name their figure; a series without one adds nothing', () => {
    const pie = buildPieOption(
      rows,
      { name: 'name', value: { field: 'areaMu', name: '用地面积', unit: '亩', figure: 'landAreaMu' } },
      theme,
    )
    expect(pie.tooltip.formatter({ name: '杭州市', value: 1200.5, percent: 27.3, marker: '' })).toContain(FIGURES.landAreaMu.caliber)
    const map = buildMapOption('zj-city', rows, { name: 'name', value: TAX }, theme)
    expect(map.tooltip.formatter({ name: '杭州市', value: 31.2 })).toContain('÷ 参评用地面积 100.00 亩')
    const bars = buildBar3DMapOption('m', [{ name: '杭州市', lng: 120, lat: 30, value: 31.2 }], { value: TAX }, theme, false, rows)
    expect(bars.tooltip.formatter({ name: '杭州市', value: [120, 30, 31.2] })).toContain('data-testid="chart-figure-tip-taxPerMu"')
    const plain = buildBarOption(CITIES, { category: 'name', series: [{ field: 'areaMu', name: '面积' }] }, theme)
    expect(plain.tooltip.formatter([{ name: '杭州市', seriesIndex: 0, dataIndex: 0, value: 1, marker: '' }])).toBe('杭州市<br/>面积：1')
  })

  it('every chart series of the walls that plots a catalogue figure names it', () => {
    const screens = [CITY_SCREEN, CLASSIFY_SCREEN, DISTRICT_SCREEN, PARK_SCREEN, PLATFORM_SCREEN, VISUAL_SCREEN]
    const unnamed: string[] = []
    for (const s of screens)
      for (const w of s.widgets) {
        const view = w.view as {
          series?: { name: string; figure?: string }[]
          value?: { name: string; figure?: string }
          columns?: { field: string; title: string; figure?: string }[]
        }
        for (const f of [...(view.series ?? []), ...(view.value ? [view.value] : [])])
          if (!f.figure) unnamed.push(`${s.title} › ${w.title}: ${f.name}`)
        // a scrolling table's figure columns (not its name columns)
        for (const c of view.columns ?? [])
          if (!c.figure && !['name', 'countyName'].includes(c.field)) unnamed.push(`${s.title} › ${w.title}: ${c.title}`)
      }
    expect(unnamed).toEqual([])
  })
})
