/** 饼图 / 环形图: shares of one figure by class, largest first, with the total in the ring's hole. */
import { formatFigure } from '../core/format-figure'
import { caliberNote, escapeHtml, figure, tooltipBase } from './chart-common'
import { num, type ChartRow, type PieChartConfig } from './chart-config'
import type { ChartTheme } from './chart-theme'

/**
 * Where the pie stands for a box of `aspect` = width ÷ height: beside its legend in wide boxes,
 * above it in tall ones, and never wider than its share of the box (ECharts' percentage radius is
 * of the box's shorter side).
 */
export function pieLayout(aspect: number) {
  if (aspect < 1.15) return { legendBelow: true, center: ['50%', '44%'], radiusPct: 64 }
  return { legendBelow: false, center: ['30%', '50%'], radiusPct: Math.round(Math.min(78, 54 * aspect)) }
}

/** Full ECharts option of a pie or ring; `aspect` is the chart box's width ÷ height. */
export function buildPieOption(rows: readonly ChartRow[], config: PieChartConfig, theme: ChartTheme, aspect = 1.7) {
  const layout = pieLayout(aspect)
  const data = rows
    .map((r) => ({ name: String(r[config.name] ?? ''), value: num(r, config.value.field) }))
    .filter((d) => d.value > 0)
    .sort((a, b) => b.value - a.value)
  const total = data.reduce((s, d) => s + d.value, 0)
  const ring = config.ring ?? 0.55
  return {
    color: [...theme.palette],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    animationDurationUpdate: 600,
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item' as const,
      formatter: (p: { name: string; value: number; percent: number; marker: string }) =>
        `${p.marker}${escapeHtml(p.name)}<br/>${escapeHtml(config.value.name)}：${figure(p.value, config.value)}（${p.percent.toFixed(1)}%）` +
        caliberNote(theme, config.value),
    },
    legend: {
      type: 'scroll' as const,
      orient: layout.legendBelow ? ('horizontal' as const) : ('vertical' as const),
      ...(layout.legendBelow ? { bottom: theme.px(4), left: 'center' as const } : { right: theme.px(8), top: 'middle' as const }),
      itemWidth: theme.px(12),
      itemHeight: theme.px(12),
      pageTextStyle: { color: theme.textMuted },
      textStyle: { color: theme.text, fontSize: theme.px(15) },
      formatter: (name: string) => {
        const d = data.find((x) => x.name === name)
        return d && total > 0 ? `${name}  ${((d.value / total) * 100).toFixed(1)}%` : name
      },
    },
    title:
      ring > 0
        ? {
            text: formatFigure(total, config.value.digits ?? 0),
            subtext: `${config.value.name}${config.value.unit ? `（${config.value.unit}）` : ''}`,
            left: layout.center[0],
            top: layout.legendBelow ? '36%' : ('center' as const),
            textAlign: 'center' as const,
            textStyle: { color: theme.text, fontSize: theme.px(22), fontWeight: 'bold' as const },
            subtextStyle: { color: theme.textMuted, fontSize: theme.px(13) },
            itemGap: theme.px(4),
          }
        : undefined,
    series: [
      {
        type: 'pie' as const,
        id: config.value.field,
        name: config.value.name,
        center: layout.center,
        radius: [`${Math.round(ring * layout.radiusPct)}%`, `${layout.radiusPct}%`],
        label: { show: false },
        itemStyle: { borderColor: '#050d1f', borderWidth: theme.px(2) },
        data,
      },
    ],
  }
}
