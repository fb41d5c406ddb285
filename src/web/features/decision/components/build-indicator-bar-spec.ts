/**
 * 区域指标 and 行业指标 bar chart as a pure G2 spec (docs/conventions.md "Layers, charts and walls as data"):
 * one indicator by district or division, largest first, the scope's 合计 as a dashed reference
 * line, and bars below it in a lighter colour.
 */
import { figureTooltip } from '../../../charts/g2-figure-tooltip'
import type { G2Spec } from '../../../charts/g2-spec'
import type { RatioParts } from '../../../../domain/figures/format'
import { INDICATORS, type IndicatorKey, type IndicatorRow } from '../../../../domain/contracts/decision'
import { CHART_COLORS, CHART_FONT, shortName } from './chart-style'
import { formatValue } from './indicator-format'

/** The legend's words for the two bar colours. */
export const ABOVE = '不低于合计'
export const BELOW = '低于合计'

/** One bar. */
export interface IndicatorBar {
  code: string
  name: string
  /** axis label: the name, or code and name of a division */
  label: string
  value: number
  level: typeof ABOVE | typeof BELOW
  /** the indicator's numerator and denominator (the tooltip's working) */
  parts?: RatioParts
}

/** The bars of the rows: rows without the indicator left out, largest first, at most `top`. */
export function indicatorBars(
  rows: readonly IndicatorRow[],
  key: IndicatorKey,
  reference: number | null,
  options: { top?: number; label?: (row: IndicatorRow) => string } = {},
): IndicatorBar[] {
  const bars = rows.flatMap((r) => {
    const value = r.values[key]
    if (value === null || !Number.isFinite(value)) return []
    const level: IndicatorBar['level'] = reference !== null && value < reference ? BELOW : ABOVE
    return [{ code: r.code, name: r.name, label: options.label?.(r) ?? r.name, value, level, parts: r.parts[key] }]
  })
  bars.sort((a, b) => b.value - a.value || a.code.localeCompare(b.code))
  return options.top === undefined ? bars : bars.slice(0, options.top)
}

/**
 * The chart in one sentence, for the reader in a hurry and for screen readers: the highest and
 * the lowest, and how many reach 合计. Empty without bars.
 */
export function describeBars(bars: readonly IndicatorBar[], key: IndicatorKey, noun: string): string {
  if (bars.length === 0) return ''
  const { unit } = INDICATORS[key]
  const first = bars[0]
  const last = bars[bars.length - 1]
  const above = bars.filter((b) => b.level === ABOVE).length
  const range =
    bars.length === 1
      ? `${first.name} ${formatValue(first.value)} ${unit}`
      : `${first.name}最高（${formatValue(first.value)} ${unit}），${last.name}最低（${formatValue(last.value)} ${unit}）`
  return `${range}；${bars.length} 个${noun}中 ${above} 个不低于合计。`
}

/** What the chart shows. */
export interface IndicatorBarConfig {
  key: IndicatorKey
  /** 合计's value (null: no line) */
  reference: number | null
  /** bars from the left axis, largest on top (long division names) */
  horizontal?: boolean
  /** axis labels longer than this are cut with … */
  maxLabel?: number
}

/** The G2 spec of the bars and the reference line. */
export function buildIndicatorBarSpec(bars: readonly IndicatorBar[], config: IndicatorBarConfig): G2Spec {
  const { name, unit } = INDICATORS[config.key]
  const horizontal = !!config.horizontal
  const maxLabel = config.maxLabel ?? 8
  const reference = config.reference
  return {
    type: 'view',
    autoFit: true,
    animate: false,
    paddingTop: 36,
    ...(horizontal ? { paddingRight: 72 } : {}),
    coordinate: horizontal ? { transform: [{ type: 'transpose' }] } : { transform: [] },
    theme: { fontFamily: CHART_FONT.family },
    // the indicator's 口径 and the bar's working under the value (issue 14)
    interaction: { tooltip: { render: figureTooltip(config.key, (title) => bars.find((b) => b.name === title)?.parts) } },
    children: [
      {
        type: 'interval',
        animate: false,
        data: [...bars],
        encode: { x: 'label', y: 'value', color: 'level' },
        scale: {
          x: { padding: horizontal ? 0.25 : 0.35 },
          y: { nice: true, domainMin: 0 },
          color: { domain: [ABOVE, BELOW], range: [CHART_COLORS.bar, CHART_COLORS.barLow] },
        },
        style: { maxWidth: 44, cursor: 'pointer' },
        axis: {
          x: {
            title: false,
            labelFormatter: (v: string) => shortName(v, maxLabel),
            labelAutoRotate: !horizontal,
            labelAutoHide: true,
            labelFontSize: CHART_FONT.size,
          },
          y: {
            title: `${name}（${unit}）`,
            titleFontSize: CHART_FONT.size,
            labelFontSize: CHART_FONT.size,
            labelFormatter: (v: number) => formatValue(v).replace(/\.00$/, ''),
            grid: true,
          },
        },
        legend: { color: { position: 'top', layout: { justifyContent: 'flex-end' }, itemLabelFontSize: CHART_FONT.size } },
        labels: [
          {
            text: (d: IndicatorBar) => formatValue(d.value),
            position: horizontal ? 'right' : 'top',
            ...(horizontal ? { textAlign: 'start', dx: 4 } : { textBaseline: 'bottom', dy: -3 }),
            fontSize: 11,
            fill: CHART_COLORS.text,
            transform: [{ type: 'overlapHide' }],
          },
        ],
        tooltip: { title: 'name', items: [{ channel: 'y', name, valueFormatter: (v: number) => `${formatValue(v)} ${unit}` }] },
      },
      ...(reference === null
        ? []
        : [
            {
              type: 'lineY' as const,
              animate: false,
              data: [{ value: reference }],
              encode: { y: 'value' },
              style: { stroke: CHART_COLORS.reference, lineWidth: 1.5, lineDash: [5, 4] },
              labels: [
                {
                  text: () => `合计 ${formatValue(reference)}`,
                  position: horizontal ? 'top-right' : 'right',
                  textAlign: 'end',
                  textBaseline: 'bottom',
                  dy: -2,
                  fontSize: 12,
                  fontWeight: 600,
                  fill: CHART_COLORS.reference,
                },
              ],
              tooltip: false as const,
            },
          ]),
    ],
  } as G2Spec
}
