/** Pieces shared by the option builders: tooltip, legend, axes and value labels at wall scale. */
import { FIGURES, type FigureKey } from '../../domain/figures/catalogue'
import { ratioWorking, type RatioParts } from '../../domain/figures/format'
import { formatFigure } from '../core/format-figure'
import type { ChartRow, SeriesField } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** "1,234.50 亩" */
export function figure(value: number, field: Pick<SeriesField, 'unit' | 'digits'>): string {
  return `${formatFigure(value, field.digits ?? 0)}${field.unit ? ` ${field.unit}` : ''}`
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe inside a tooltip's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/**
 * A plotted figure's 口径 as the tooltip's last lines (issue 14): the catalogue's sentence, and for
 * a ratio whose row carries its parts (`row.parts[figure]`) the working, numerator ÷ denominator.
 * Empty for a series that names no catalogue figure.
 */
export function caliberNote(theme: Pick<ChartTheme, 'px'>, field: Pick<SeriesField, 'figure'>, row?: ChartRow): string {
  if (!field.figure) return ''
  const parts = (row?.parts as Partial<Record<string, RatioParts>> | undefined)?.[field.figure]
  const style = `max-width:${theme.px(420)}px;margin-top:${theme.px(6)}px;font-size:${theme.px(13)}px`
  return caliberHtml(field.figure, parts, style)
}

/**
 * The 口径 block of a chart tooltip (ECharts or G2): the figure's catalogue sentence and, with the
 * parts, its working; `style` sets its size for the host (wall pixels or page pixels).
 */
export function caliberHtml(key: FigureKey, parts: RatioParts | null | undefined, style: string): string {
  const working = parts ? ratioWorking(key, parts) : undefined
  const lines = [`口径：${escapeHtml(FIGURES[key].caliber)}`, ...(working ? [escapeHtml(working)] : [])]
  return `<div data-testid="chart-figure-tip-${key}" style="white-space:normal;line-height:1.5;opacity:0.85;${style}">${lines.join('<br/>')}</div>`
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

/**
 * Tooltip lines for the series at one category, then the 口径 of each series that names a
 * catalogue figure (`rows` are the plotted rows, in the chart's order).
 */
export function axisTooltipFormatter(series: readonly SeriesField[], theme: Pick<ChartTheme, 'px'>, rows: readonly ChartRow[] = []) {
  return (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as {
      name: string
      seriesIndex: number
      dataIndex: number
      value: number
      marker: string
    }[]
    if (list.length === 0) return ''
    const lines = list.map(
      (p) => `${p.marker}${escapeHtml(series[p.seriesIndex]?.name ?? '')}：${figure(Number(p.value), series[p.seriesIndex] ?? {})}`,
    )
    const notes = list.map((p) => caliberNote(theme, series[p.seriesIndex] ?? {}, rows[p.dataIndex]))
    return [escapeHtml(list[0].name), ...lines].join('<br/>') + notes.join('')
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
