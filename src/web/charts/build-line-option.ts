/** 折线图 (trends by year): one smooth line per configured field, optional area fill. */
import { axisStyle, axisTooltipFormatter, legendBase, tooltipBase } from './chart-common'
import { num, prepareRows, type CategoryChartConfig, type ChartRow } from './chart-config'
import type { ChartTheme } from './chart-theme'
import { BAR_GRID } from './build-bar-option'

/** Full ECharts option of a line chart. */
export function buildLineOption(rows: readonly ChartRow[], config: CategoryChartConfig, theme: ChartTheme) {
  const data = prepareRows(rows, config)
  const axis = axisStyle(theme)
  return {
    color: [...theme.palette],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    animationDurationUpdate: 600,
    tooltip: { ...tooltipBase(theme), trigger: 'axis' as const, formatter: axisTooltipFormatter(config.series, theme, data) },
    legend: {
      ...legendBase(
        theme,
        config.series.map((s) => s.name),
      ),
      right: undefined,
      left: 'center' as const,
    },
    // a second value axis needs room on the right for its labels and unit
    grid: {
      outerBoundsMode: 'none' as const,
      top: theme.px(BAR_GRID.top + 14),
      right: theme.px(config.series.length > 1 ? 44 : BAR_GRID.right),
      bottom: theme.px(32),
      left: theme.px(BAR_GRID.left + 8),
    },
    xAxis: { type: 'category' as const, boundaryGap: false, data: data.map((r) => String(r[config.category] ?? '')), ...axis },
    yAxis: config.series.map((s, i) => ({
      type: 'value' as const,
      ...axis,
      splitNumber: 4,
      show: i < 2,
      name: s.unit ?? '',
      nameGap: theme.px(10),
      // the right axis's unit leans inwards so it never leaves the canvas
      nameTextStyle: { ...axis.nameTextStyle, align: i === 0 ? ('center' as const) : ('right' as const) },
      splitLine: { ...axis.splitLine, show: i === 0 },
    })),
    series: config.series.map((s, i) => ({
      type: 'line' as const,
      id: s.field,
      name: s.name,
      yAxisIndex: Math.min(i, 1),
      smooth: true,
      symbolSize: theme.px(7),
      lineStyle: { width: theme.px(3) },
      data: data.map((r) => num(r, s.field)),
      ...(config.area ? { areaStyle: { opacity: 0.18 } } : {}),
    })),
  }
}
