/**
 * The one place ECharts is assembled: only the chart types and components the product draws, so
 * the screens' chunk stays small (ECharts' tree-shakable core).
 */
import * as echarts from 'echarts/core'
import { BarChart, GaugeChart, LineChart, MapChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts'
import { GeoComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components'
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers'
import type { Feature, FeatureCollection } from 'geojson'

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  RadarChart,
  GaugeChart,
  MapChart,
  // proportional symbols at seats where a level has no outlines (issue 19)
  ScatterChart,
  GeoComponent,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
])

export { echarts }

/** A feature ECharts can draw as a region: a polygon or multipolygon with rings. */
const isRegion = (f: Feature) =>
  (f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon') && f.geometry.coordinates.length > 0

/**
 * Registers region outlines under a name for map series and geo components (idempotent: one
 * registration per name) and answers how many regions the name draws. Features without a polygon
 * are left out, and a set with none is not registered (answer 0): ECharts lays a map out by its
 * regions' bounding box, and a map with no region has none, so a chart over it fails on its first
 * layout or resize (issue 19). A caller that gets 0 draws without outlines.
 */
export function registerRegionMap(name: string, geojson: FeatureCollection): number {
  const registered = echarts.getMap(name) as { geoJSON?: FeatureCollection } | null | undefined
  if (registered) return registered.geoJSON?.features.length ?? 0
  const features = geojson.features.filter(isRegion)
  if (features.length === 0) return 0
  echarts.registerMap(name, { type: 'FeatureCollection', features } as Parameters<typeof echarts.registerMap>[1])
  return features.length
}

/** Whether outlines are registered under the name. */
export function hasRegionMap(name: string): boolean {
  return !!echarts.getMap(name)
}
