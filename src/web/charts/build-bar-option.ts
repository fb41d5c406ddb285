/**
 * 柱状图 / 排行榜: categories from one field, one bar series per configured field. Rankings are
 * horizontal, sorted largest first and cut to `limit`. The grid has fixed margins in design
 * pixels (no automatic label containment), so a category's band on screen is predictable.
 */
import { axisStyle, axisTooltipFormatter, figure, legendBase, tooltipBase } from './chart-common'
import { num, prepareRows, type CategoryChartConfig, type ChartRow } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** Grid margins in design pixels (left is wider for horizontal bars: the names stand there). */
export const BAR_GRID = { top: 36, right: 24, bottom: 56, left: 64, horizontalLeft: 150, horizontalRight: 90 } as const

/** Long category names on two lines of at most 6 characters, then an ellipsis (no rotated text on a wall). */
export function wrapLabel(name: string): string {
  if (name.length <= 6) return name
  return name.length <= 12 ? `${name.slice(0, 6)}\n${name.slice(6)}` : `${name.slice(0, 6)}\n${name.slice(6, 11)}…`
}

/** 杭州市 → 杭州, 余杭区 → 余杭: region names short enough for a crowded axis. */
export function shortRegionName(name: string): string {
  return name.length > 2 ? name.replace(/(市|区|县)$/, '') : name
}

/**
 * A name on a crowded axis (more than 8 upright bars, each band about 5 characters wide at wall
 * scale): regions lose 市/区/县, GB/T 4754 divisions lose 制造业 (电气机械和器材制造业 → 电气机械和器材),
 * then two lines of at most 5 characters, the second ending in … when cut.
 */
export function crowdedLabel(name: string): string {
  const short = shortRegionName(name.length > 4 ? name.replace(/制造业$/, '') : name)
  if (short.length <= 5) return short
  return short.length <= 10 ? `${short.slice(0, 5)}\n${short.slice(5)}` : `${short.slice(0, 5)}\n${short.slice(5, 9)}…`
}

/** Full ECharts option of a bar chart or ranking. */
export function buildBarOption(rows: readonly ChartRow[], config: CategoryChartConfig, theme: ChartTheme) {
  const data = prepareRows(rows, config)
  // a ranking reads top-down; ECharts draws the first category at the bottom
  const ordered = config.horizontal ? [...data].reverse() : data
  const categories = ordered.map((r) => String(r[config.category] ?? ''))
  const axis = axisStyle(theme)
  // many upright bars: no value labels (they would collide; the tooltip has them) and short names
  const crowded = !config.horizontal && categories.length > 8
  const categoryAxis = {
    type: 'category' as const,
    data: categories,
    ...axis,
    axisLabel: {
      ...axis.axisLabel,
      interval: 0,
      ...(config.horizontal
        ? { width: theme.px(BAR_GRID.horizontalLeft - 14), overflow: 'truncate' as const }
        : { formatter: crowded ? crowdedLabel : wrapLabel }),
    },
  }
  const valueAxis = { type: 'value' as const, ...axis, splitNumber: 4 }
  const single = config.series.length === 1
  return {
    color: [...theme.palette],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    animationDurationUpdate: 600,
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'axis' as const,
      axisPointer: { type: 'shadow' as const },
      formatter: axisTooltipFormatter(config.series, theme, ordered),
    },
    legend: legendBase(
      theme,
      config.series.map((s) => s.name),
    ),
    grid: {
      outerBoundsMode: 'none' as const,
      top: theme.px(BAR_GRID.top),
      right: theme.px(config.horizontal ? BAR_GRID.horizontalRight : BAR_GRID.right),
      bottom: theme.px(config.horizontal ? 16 : BAR_GRID.bottom),
      left: theme.px(config.horizontal ? BAR_GRID.horizontalLeft : BAR_GRID.left),
    },
    xAxis: config.horizontal ? { ...valueAxis, show: false } : categoryAxis,
    yAxis: config.horizontal ? { ...categoryAxis, axisLine: { show: false } } : valueAxis,
    series: config.series.map((s, i) => ({
      type: 'bar' as const,
      name: s.name,
      id: s.field,
      data: ordered.map((r) => num(r, s.field)),
      barMaxWidth: theme.px(config.horizontal ? 18 : 28),
      itemStyle: {
        borderRadius: config.horizontal ? [0, theme.px(4), theme.px(4), 0] : [theme.px(4), theme.px(4), 0, 0],
        color: theme.palette[i % theme.palette.length],
      },
      label: {
        show: single && !crowded,
        position: config.horizontal ? ('right' as const) : ('top' as const),
        color: theme.text,
        fontSize: theme.px(15),
        formatter: (p: { value: number }) => figure(Number(p.value), { digits: s.digits }),
      },
    })),
  }
}
