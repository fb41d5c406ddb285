/**
 * 行业监测 chart as a pure G2 spec: per division the year-on-year change of 实缴税金, 工业增加值
 * and 营业收入, grouped bars that rise above or fall below the 0 line.
 */
import type { G2Spec } from '../../../charts/g2-spec'
import type { IndustryMonitorRow } from '../../../../domain/contracts/decision'
import { CHART_COLORS, CHART_FONT } from './chart-style'
import { formatChange } from './indicator-format'

/** The three figures compared, in the table's order. */
export const CHANGE_FIGURES = [
  { field: 'taxChange', name: '实缴税金' },
  { field: 'valueAddedChange', name: '工业增加值' },
  { field: 'revenueChange', name: '营业收入' },
] as const

/** One bar. */
export interface ChangeBar {
  code: string
  name: string
  figure: string
  change: number
}

/** The bars of the divisions (未分类 and missing changes left out), in code order. */
export function changeBars(rows: readonly IndustryMonitorRow[]): ChangeBar[] {
  return rows.flatMap((r) =>
    r.code === ''
      ? []
      : CHANGE_FIGURES.flatMap((f) => {
          const change = r[f.field]
          return change === null ? [] : [{ code: r.code, name: r.name, figure: f.name, change }]
        }),
  )
}

/** The chart in one sentence: the whole's three changes, and how many divisions' tax rose and fell. */
export function describeChanges(rows: readonly IndustryMonitorRow[], total: IndustryMonitorRow | undefined): string {
  if (!total || rows.length === 0) return ''
  const named = rows.filter((r) => r.code !== '' && r.taxChange !== null)
  const up = named.filter((r) => r.taxChange! > 0).length
  const down = named.filter((r) => r.taxChange! < 0).length
  return `合计实缴税金同比 ${formatChange(total.taxChange)}，工业增加值 ${formatChange(total.valueAddedChange)}，营业收入 ${formatChange(total.revenueChange)}；实缴税金增长的行业 ${up} 个、下降的 ${down} 个。`
}

/**
 * The change axis: the bars' range, but cut at a bound that the bulk of the bars fill, so that one
 * division of a few enterprises going from little to much (+390 %) does not flatten the rest.
 * The bound is twice the 80th percentile of |change|, at least 20, rounded up to 10.
 */
export function changeDomain(bars: readonly ChangeBar[]): { min: number; max: number; cut: number } {
  const sizes = bars.map((b) => Math.abs(b.change)).sort((a, b) => a - b)
  const p80 = sizes.length ? sizes[Math.min(sizes.length - 1, Math.floor(sizes.length * 0.8))] : 0
  const cut = Math.ceil(Math.max(20, p80 * 2) / 10) * 10
  const lo = Math.min(0, ...bars.map((b) => b.change))
  const hi = Math.max(0, ...bars.map((b) => b.change))
  return { min: Math.max(lo, -cut), max: Math.min(hi, cut), cut }
}

/** The G2 spec: grouped bars by division code, the 0 line, the name in the tooltip; bars past the cut end at the axis with their value. */
export function buildChangeSpec(bars: readonly ChangeBar[]): G2Spec {
  const { min, max, cut } = changeDomain(bars)
  return {
    type: 'view',
    autoFit: true,
    animate: false,
    paddingTop: 64,
    theme: { fontFamily: CHART_FONT.family },
    children: [
      {
        type: 'interval',
        animate: false,
        data: [...bars],
        encode: { x: 'code', y: 'change', color: 'figure', series: 'figure' },
        scale: {
          x: { padding: 0.25 },
          y: { domain: [min, max], clamp: true, nice: true },
          color: {
            domain: CHANGE_FIGURES.map((f) => f.name),
            range: [CHART_COLORS.series[0], CHART_COLORS.series[1], CHART_COLORS.series[2]],
          },
        },
        axis: {
          x: { title: false, labelFontSize: 11, labelAutoRotate: false, labelAutoHide: true },
          y: { title: '同比（%）', titleFontSize: CHART_FONT.size, labelFontSize: CHART_FONT.size, grid: true },
        },
        legend: { color: { position: 'top', layout: { justifyContent: 'flex-end' }, itemLabelFontSize: CHART_FONT.size } },
        // past the cut the bar ends at the axis: its value is written by it, the three figures one above another
        labels: CHANGE_FIGURES.flatMap((f, i) => [
          {
            text: (d: ChangeBar) => (d.figure === f.name && d.change > cut ? formatChange(d.change) : ''),
            position: 'top',
            textBaseline: 'bottom',
            dy: -2 - 13 * (CHANGE_FIGURES.length - 1 - i),
            fontSize: 11,
            fill: CHART_COLORS.series[i],
          },
          {
            text: (d: ChangeBar) => (d.figure === f.name && d.change < -cut ? formatChange(d.change) : ''),
            position: 'bottom',
            textBaseline: 'top',
            dy: 2 + 13 * i,
            fontSize: 11,
            fill: CHART_COLORS.series[i],
          },
        ]),
        tooltip: {
          title: (d: ChangeBar) => `${d.code} ${d.name}`,
          items: [{ channel: 'y', valueFormatter: (v: number) => formatChange(v) }],
        },
      },
      {
        type: 'lineY',
        animate: false,
        data: [{ value: 0 }],
        encode: { y: 'value' },
        style: { stroke: CHART_COLORS.muted, lineWidth: 1 },
        tooltip: false,
      },
    ],
  } as G2Spec
}
