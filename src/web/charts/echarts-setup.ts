/**
 * The one place ECharts is assembled: only the chart types and components the product draws, so
 * the screens' chunk stays small (ECharts' tree-shakable core).
 */
import * as echarts from 'echarts/core'
import { BarChart, GaugeChart, LineChart, MapChart, PieChart, RadarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components'
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers'

echarts.use([BarChart, LineChart, PieChart, RadarChart, GaugeChart, MapChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, VisualMapComponent, CanvasRenderer, SVGRenderer])

export { echarts }

/** Registers region outlines under a name for map series (idempotent: one registration per name). */
export function registerRegionMap(name: string, geojson: unknown): void {
  if (echarts.getMap(name)) return
  echarts.registerMap(name, geojson as Parameters<typeof echarts.registerMap>[1])
}

/** Whether outlines are registered under the name. */
export function hasRegionMap(name: string): boolean {
  return !!echarts.getMap(name)
}
