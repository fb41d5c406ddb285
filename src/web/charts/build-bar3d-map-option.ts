/**
 * 3D 柱状地图 (ECharts GL): the regions registered under `mapName` as a dark 3D map, one bar per
 * region standing on its label point, the bar's height and colour the region's figure.
 */
import { caliberNote, escapeHtml, figure, mapScale, tooltipBase } from './chart-common'
import type { ChartRow, MapChartConfig } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** A region's bar: where it stands and its figure. */
export interface BarPlace {
  name: string
  lng: number
  lat: number
  value: number
}

/**
 * Full ECharts GL option: geo3D + bar3D + a continuous colour scale. With `barLabels` each bar
 * carries its region's name — for bars standing at seats on a parent's outline (issue 19), where
 * the map's own labels name only the parent.
 */
export function buildBar3DMapOption(
  mapName: string,
  places: readonly BarPlace[],
  config: Pick<MapChartConfig, 'value'>,
  theme: ChartTheme,
  barLabels = false,
  rows: readonly ChartRow[] = [],
) {
  const max = Math.max(1, ...places.map((p) => p.value))
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
    // the bars' height (value[2]) sets their colour
    visualMap: { ...mapScale(theme, max, ['#1f6fd1', '#2fb5ff', '#22e3c3', '#ffc53d']), dimension: 2, seriesIndex: 0 },
    geo3D: {
      map: mapName,
      roam: true,
      regionHeight: 1.2,
      boxHeight: 18,
      shading: 'lambert' as const,
      light: { main: { intensity: 1.1, shadow: false, alpha: 40, beta: 30 }, ambient: { intensity: 0.45 } },
      viewControl: { alpha: 45, beta: 6, distance: 78, minDistance: 40, maxDistance: 180, autoRotate: false },
      itemStyle: { color: '#0b2f66', borderColor: 'rgba(160, 210, 255, 0.8)', borderWidth: 1 },
      emphasis: { itemStyle: { color: '#15498f' }, label: { show: true, color: '#fff' } },
      label: {
        show: true,
        distance: 2,
        color: '#e8f0ff',
        fontSize: theme.px(14),
        textStyle: { color: '#e8f0ff', fontSize: theme.px(14), backgroundColor: 'transparent' },
      },
    },
    series: [
      {
        type: 'bar3D' as const,
        id: 'bars',
        name: config.value.name,
        coordinateSystem: 'geo3D' as const,
        shading: 'lambert' as const,
        barSize: 2.4,
        minHeight: 0.2,
        bevelSize: 0.3,
        label: barLabels
          ? {
              show: true,
              formatter: '{b}',
              distance: 1,
              textStyle: {
                color: '#e8f0ff',
                fontSize: theme.px(13),
                backgroundColor: 'rgba(4, 18, 46, 0.6)',
                padding: [theme.px(1), theme.px(3)],
              },
            }
          : { show: false },
        data: places.map((p) => ({ name: p.name, value: [p.lng, p.lat, p.value] })),
      },
    ],
  }
}
