/**
 * 指标趋势 and an enterprise's history as a pure G2 spec: the chosen indicators over the years as
 * lines with points. Indicators of different units never share an axis: {@link unitGroups} splits
 * them into one chart per unit.
 */
import { figureTooltip } from '../../../charts/g2-figure-tooltip'
import type { G2Spec } from '../../../charts/g2-spec'
import { INDICATORS, type IndicatorKey, type IndicatorValues } from '../../../../domain/contracts/decision'
import { CHART_COLORS, CHART_FONT } from './chart-style'
import { INDICATOR_KEYS, formatValue } from './indicator-format'

/** Indicators that share a unit, in the order of the six. */
export interface UnitGroup {
  unit: string
  keys: IndicatorKey[]
}

/** Splits the chosen indicators by unit (亩均税收 and 亩均增加值 share 万元/亩). */
export function unitGroups(chosen: readonly IndicatorKey[]): UnitGroup[] {
  const groups: UnitGroup[] = []
  for (const key of INDICATOR_KEYS) {
    if (!chosen.includes(key)) continue
    const unit = INDICATORS[key].unit
    const group = groups.find((g) => g.unit === unit)
    if (group) group.keys.push(key)
    else groups.push({ unit, keys: [key] })
  }
  return groups
}

/** One point of a line. */
export interface TrendDatum {
  year: string
  indicator: string
  value: number
}

/** The points of the indicators over the years (years without the figure leave a gap in the data). */
export function trendData(series: readonly { year: number; values: IndicatorValues }[], keys: readonly IndicatorKey[]): TrendDatum[] {
  return series.flatMap((p) =>
    keys.flatMap((k) => {
      const v = p.values[k]
      return v === null ? [] : [{ year: String(p.year), indicator: INDICATORS[k].name, value: v }]
    }),
  )
}

/** The G2 spec of one unit group's lines. */
export function buildTrendSpec(data: readonly TrendDatum[], group: UnitGroup): G2Spec {
  const names = group.keys.map((k) => INDICATORS[k].name)
  const colors = group.keys.map((k) => CHART_COLORS.series[INDICATOR_KEYS.indexOf(k)])
  const single = group.keys.length === 1
  return {
    type: 'view',
    autoFit: true,
    animate: false,
    paddingTop: single ? 28 : 40,
    data: [...data],
    encode: { x: 'year', y: 'value', color: 'indicator' },
    scale: { x: { type: 'point', padding: 0.3 }, y: { nice: true }, color: { domain: names, range: colors } },
    axis: {
      x: { title: false, labelFontSize: CHART_FONT.size },
      y: {
        title: group.unit,
        titleFontSize: CHART_FONT.size,
        labelFontSize: CHART_FONT.size,
        labelFormatter: (v: number) => formatValue(v).replace(/\.00$/, ''),
        grid: true,
      },
    },
    legend: single ? false : { color: { position: 'top', layout: { justifyContent: 'flex-end' }, itemLabelFontSize: CHART_FONT.size } },
    theme: { fontFamily: CHART_FONT.family },
    // each line's 口径 under its value (issue 14)
    interaction: { tooltip: { shared: true, render: figureTooltip(group.keys) } },
    children: [
      {
        type: 'line',
        animate: false,
        style: { lineWidth: 2 },
        tooltip: {
          title: (d: TrendDatum) => `${d.year}年`,
          items: [{ channel: 'y', valueFormatter: (v: number) => `${formatValue(v)} ${group.unit}` }],
        },
      },
      { type: 'point', animate: false, style: { r: 3, fill: '#fff', lineWidth: 1.5 }, encode: { shape: 'point' }, tooltip: false },
    ],
  } as G2Spec
}
