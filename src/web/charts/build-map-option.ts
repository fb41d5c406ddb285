/**
 * 区域地图: the outlines registered under `mapName` (GeoJSON from the database, so it works
 * offline) coloured by one figure, names on the regions, a continuous legend.
 */
import { caliberNote, escapeHtml, figure, mapScale, tooltipBase } from './chart-common'
import { num, type ChartRow, type MapChartConfig } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** Full ECharts option of a choropleth. */
export function buildMapOption(mapName: string, rows: readonly ChartRow[], config: MapChartConfig, theme: ChartTheme) {
  const data = rows.map((r) => ({ name: String(r[config.name] ?? ''), value: num(r, config.value.field) }))
  const values = data.map((d) => d.value)
  const max = Math.max(1, ...values)
  return {
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item' as const,
      formatter: (p: { name: string; value: number }) =>
        `${escapeHtml(p.name)}<br/>${escapeHtml(config.value.name)}：${figure(Number(p.value) || 0, config.value)}` +
        caliberNote(
          theme,
          config.value,
          rows.find((r) => String(r[config.name] ?? '') === p.name),
        ),
    },
    visualMap: mapScale(theme, max, ['#0b3a75', '#1f6fd1', '#2fb5ff', '#22e3c3']),
    series: [
      {
        type: 'map' as const,
        id: 'regions',
        name: config.value.name,
        map: mapName,
        roam: false,
        layoutCenter: ['50%', '50%'],
        layoutSize: '96%',
        label: { show: true, color: '#e8f0ff', fontSize: theme.px(13), textBorderColor: '#04122e', textBorderWidth: theme.px(2) },
        itemStyle: { borderColor: 'rgba(160, 210, 255, 0.9)', borderWidth: theme.px(1), areaColor: '#0b3a75' },
        emphasis: { label: { color: '#fff' }, itemStyle: { areaColor: '#ffc53d' } },
        select: { disabled: true },
        data,
      },
    ],
  }
}
