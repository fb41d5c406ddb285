/** 雷达图: each row is an axis (e.g. a city), each configured field a polygon, scaled to its own maximum. */
import { caliberNote, escapeHtml, figure, legendBase, tooltipBase } from './chart-common'
import { num, prepareRows, type CategoryChartConfig, type ChartRow } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** Full ECharts option of a radar chart. */
export function buildRadarOption(rows: readonly ChartRow[], config: CategoryChartConfig, theme: ChartTheme) {
  const data = prepareRows(rows, config)
  const max = Math.max(1, ...data.flatMap((r) => config.series.map((s) => num(r, s.field))))
  return {
    color: [...theme.palette],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item' as const,
      formatter: (p: { seriesName: string; value: number[]; marker: string; dataIndex: number }) => {
        const s = config.series.find((x) => x.name === p.seriesName) ?? config.series[0]
        const lines = data.map((r, i) => `${escapeHtml(String(r[config.category]))}：${figure(p.value[i], s)}`)
        return [`${p.marker}${escapeHtml(p.seriesName)}`, ...lines].join('<br/>') + caliberNote(theme, s)
      },
    },
    legend: legendBase(
      theme,
      config.series.map((s) => s.name),
    ),
    radar: {
      radius: '64%',
      center: ['50%', '56%'],
      indicator: data.map((r) => ({ name: String(r[config.category] ?? ''), max: max * 1.1 })),
      axisName: { color: theme.text, fontSize: theme.px(13) },
      splitLine: { lineStyle: { color: theme.splitLine } },
      splitArea: { areaStyle: { color: ['rgba(47,155,255,0.04)', 'rgba(47,155,255,0.08)'] } },
      axisLine: { lineStyle: { color: theme.axisLine } },
    },
    series: [
      {
        type: 'radar' as const,
        symbolSize: theme.px(5),
        data: config.series.map((s) => ({ name: s.name, value: data.map((r) => num(r, s.field)), areaStyle: { opacity: 0.2 } })),
      },
    ],
  }
}
