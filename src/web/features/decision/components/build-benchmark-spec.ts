/**
 * 企业指标 comparison as a pure G2 spec: each of the enterprise's six indicators as a percentage of
 * its peers' median, so indicators of different units share one axis; the median is the 100 %
 * line. Indicators without a value or without a positive median are left out and named.
 */
import type { G2Spec } from '../../../charts/g2-spec'
import { INDICATORS, type IndicatorKey, type IndicatorValues } from '../../../../domain/contracts/decision'
import { CHART_COLORS, CHART_FONT } from './chart-style'
import { INDICATOR_KEYS, formatPercent, formatValue } from './indicator-format'

/** One indicator against the median. */
export interface BenchmarkBar {
  key: IndicatorKey
  name: string
  unit: string
  value: number
  median: number
  /** value ÷ median × 100, 1 decimal */
  percent: number
  level: '不低于中位数' | '低于中位数'
}

/** The comparable indicators, and the names of those that cannot be compared. */
export function benchmarkBars(values: IndicatorValues | null, median: IndicatorValues): { bars: BenchmarkBar[]; missing: string[] } {
  const bars: BenchmarkBar[] = []
  const missing: string[] = []
  for (const key of INDICATOR_KEYS) {
    const v = values?.[key] ?? null
    const m = median[key]
    if (v === null || m === null || m <= 0) {
      missing.push(INDICATORS[key].name)
      continue
    }
    const percent = Math.round((v / m) * 1000) / 10
    bars.push({
      key,
      name: INDICATORS[key].name,
      unit: INDICATORS[key].unit,
      value: v,
      median: m,
      percent,
      level: percent >= 100 ? '不低于中位数' : '低于中位数',
    })
  }
  return { bars, missing }
}

/** The G2 spec: one bar per indicator from the left axis, the 100 % line for the median. */
export function buildBenchmarkSpec(bars: readonly BenchmarkBar[]): G2Spec {
  return {
    type: 'view',
    autoFit: true,
    animate: false,
    paddingTop: 40,
    paddingRight: 64,
    coordinate: { transform: [{ type: 'transpose' }] },
    theme: { fontFamily: CHART_FONT.family },
    children: [
      {
        type: 'interval',
        animate: false,
        data: [...bars],
        encode: { x: 'name', y: 'percent', color: 'level' },
        scale: {
          x: { padding: 0.3 },
          y: { nice: true, domainMin: 0 },
          color: { domain: ['不低于中位数', '低于中位数'], range: [CHART_COLORS.bar, CHART_COLORS.barLow] },
        },
        style: { maxWidth: 26 },
        axis: {
          x: { title: false, labelFontSize: CHART_FONT.size, labelAutoRotate: false, labelAutoHide: false },
          y: { title: '相当于同行中位数（%）', titleFontSize: CHART_FONT.size, labelFontSize: CHART_FONT.size, grid: true },
        },
        legend: { color: { position: 'top', layout: { justifyContent: 'flex-end' }, itemLabelFontSize: CHART_FONT.size } },
        labels: [
          {
            text: (d: BenchmarkBar) => formatPercent(d.percent),
            position: 'right',
            textAlign: 'start',
            dx: 4,
            fontSize: 11,
            fill: CHART_COLORS.text,
          },
        ],
        tooltip: {
          title: 'name',
          items: [
            (d: BenchmarkBar) => ({ name: '本企业', value: `${formatValue(d.value)} ${d.unit}` }),
            (d: BenchmarkBar) => ({ name: '同行中位数', value: `${formatValue(d.median)} ${d.unit}` }),
            (d: BenchmarkBar) => ({ name: '相当于中位数', value: formatPercent(d.percent) }),
          ],
        },
      },
      {
        type: 'lineY',
        animate: false,
        data: [{ value: 100 }],
        encode: { y: 'value' },
        style: { stroke: CHART_COLORS.reference, lineWidth: 1.5, lineDash: [5, 4] },
        labels: [
          {
            text: () => '同行中位数 = 100%',
            position: 'top-right',
            textAlign: 'end',
            textBaseline: 'bottom',
            dy: -2,
            fontSize: 12,
            fontWeight: 600,
            fill: CHART_COLORS.reference,
          },
        ],
        tooltip: false,
      },
    ],
  } as G2Spec
}
