/**
 * 驻地符号地图 (issue 19): each region's figure as a proportional symbol at its seat, over the
 * outlines registered under `mapName` (e.g. the drilled city's when its counties have none), or —
 * with no outline at all — over a plain longitude/latitude frame. The symbol's area follows the
 * figure, its colour the same scale as the 区域地图's fill.
 */
import { caliberNote, escapeHtml, figure, mapScale, tooltipBase } from './chart-common'
import type { ChartRow, MapChartConfig } from './chart-config'
import type { ChartTheme } from './chart-theme'
import { symbolSize, type SymbolPlace } from './region-symbols'

/** The choropleth's ramp, so a symbol and a filled region of the same figure share a colour. */
const RAMP = ['#0b3a75', '#1f6fd1', '#2fb5ff', '#22e3c3'] as const

/** Full ECharts option of proportional symbols; `mapName` null = no outlines to draw under them. */
export function buildSymbolMapOption(
  mapName: string | null,
  places: readonly SymbolPlace[],
  config: Pick<MapChartConfig, 'value'>,
  theme: ChartTheme,
  rows: readonly ChartRow[] = [],
) {
  const max = Math.max(1, ...places.map((p) => p.value))
  const lngs = places.map((p) => p.lng)
  const lats = places.map((p) => p.lat)
  // without outlines the frame is the places' own box with a margin for the largest symbol
  const pad = (lo: number, hi: number) => Math.max(0.05, (hi - lo) * 0.12)
  const frame = (v: number[]) =>
    v.length ? { min: Math.min(...v) - pad(Math.min(...v), Math.max(...v)), max: Math.max(...v) + pad(Math.min(...v), Math.max(...v)) } : {}
  const hiddenAxis = (v: number[]) => ({ type: 'value' as const, show: false, scale: true, ...frame(v) })
  return {
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item' as const,
      formatter: (p: { name: string; value: number[] }) =>
        `${escapeHtml(p.name)}<br/>${escapeHtml(config.value.name)}：${figure(Number(p.value?.[2]) || 0, config.value)}` +
        caliberNote(
          theme,
          config.value,
          rows.find((r) => r.name === p.name),
        ),
    },
    visualMap: { ...mapScale(theme, max, RAMP), dimension: 2, seriesIndex: 0 },
    ...(mapName
      ? {
          geo: {
            map: mapName,
            roam: false,
            silent: true,
            layoutCenter: ['50%', '50%'],
            layoutSize: '92%',
            label: { show: false },
            itemStyle: { areaColor: '#0a2a5a', borderColor: 'rgba(160, 210, 255, 0.9)', borderWidth: theme.px(1.2) },
          },
        }
      : { grid: { left: '8%', right: '8%', top: '8%', bottom: '8%' }, xAxis: hiddenAxis(lngs), yAxis: hiddenAxis(lats) }),
    series: [
      {
        type: 'scatter' as const,
        id: 'symbols',
        name: config.value.name,
        coordinateSystem: mapName ? ('geo' as const) : ('cartesian2d' as const),
        data: places.map((p) => ({ name: p.name, value: [p.lng, p.lat, p.value], symbolSize: theme.px(symbolSize(p.value, max)) })),
        itemStyle: { opacity: 0.92, borderColor: '#e8f0ff', borderWidth: theme.px(1) },
        label: {
          show: true,
          position: 'right' as const,
          formatter: '{b}',
          color: '#e8f0ff',
          fontSize: theme.px(13),
          textBorderColor: '#04122e',
          textBorderWidth: theme.px(2),
        },
        emphasis: { scale: 1.15, itemStyle: { borderColor: '#ffc53d', borderWidth: theme.px(2) } },
      },
    ],
  }
}
