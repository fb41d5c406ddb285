/** Pieces shared by the option builders: tooltip, legend, axes and value labels at wall scale. */
import { formatFigure } from '../core/format-figure'
import type { SeriesField } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** "1,234.50 亩" */
export function figure(value: number, field: Pick<SeriesField, 'unit' | 'digits'>): string {
  return `${formatFigure(value, field.digits ?? 0)}${field.unit ? ` ${field.unit}` : ''}`
}

/** Tooltip box in the wall's colours. */
export function tooltipBase(theme: ChartTheme) {
  return {
    backgroundColor: theme.tooltipBg,
    borderColor: theme.axisLine,
    textStyle: { color: theme.text, fontSize: theme.px(16) },
    padding: [theme.px(8), theme.px(12)],
    confine: true,
  }
}

/** Legend on top, right-aligned. */
export function legendBase(theme: ChartTheme, names: string[]) {
  return {
    show: names.length > 1,
    data: names,
    top: 0,
    right: theme.px(8),
    itemWidth: theme.px(14),
    itemHeight: theme.px(10),
    textStyle: { color: theme.text, fontSize: theme.px(15) },
  }
}

/** Axis label/line style. */
export function axisStyle(theme: ChartTheme) {
  return {
    axisLine: { lineStyle: { color: theme.axisLine } },
    axisTick: { show: false },
    axisLabel: { color: theme.textMuted, fontSize: theme.px(15), lineHeight: theme.px(18) },
    splitLine: { lineStyle: { color: theme.splitLine } },
    nameTextStyle: { color: theme.textMuted, fontSize: theme.px(13) },
  }
}

/** Tooltip lines for the series at one category. */
export function axisTooltipFormatter(series: readonly SeriesField[]) {
  return (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as { name: string; seriesIndex: number; value: number; marker: string }[]
    if (list.length === 0) return ''
    const lines = list.map(
      (p) => `${p.marker}${series[p.seriesIndex]?.name ?? ''}：${figure(Number(p.value), series[p.seriesIndex] ?? {})}`,
    )
    return [list[0].name, ...lines].join('<br/>')
  }
}

/** The 高–低 colour scale at the bottom left of a map, from 0 to `max`. */
export function mapScale(theme: ChartTheme, max: number, colors: readonly string[]) {
  return {
    type: 'continuous' as const,
    min: 0,
    max,
    left: theme.px(12),
    bottom: theme.px(12),
    itemWidth: theme.px(14),
    itemHeight: theme.px(110),
    calculable: false,
    text: ['高', '低'],
    textStyle: { color: theme.text, fontSize: theme.px(13) },
    inRange: { color: [...colors] },
  }
}
