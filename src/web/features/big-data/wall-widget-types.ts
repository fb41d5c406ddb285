/**
 * The widget kinds a wall screen may declare (`screens/*.ts`), each with its typed view: the
 * runtime's KPI and table widgets and the chart widgets this feature registers.
 */
import type { CategoryChartConfig, GaugeChartConfig, PieChartConfig, SeriesField } from '../../charts/chart-config'
import type { KpiView } from '../../screen/kpi-widget'
import type { ScreenDef, WidgetDef } from '../../screen/screen-types'
import type { TableView } from '../../screen/scroll-table-widget'

/** 区域地图: outlines from /api/bigData/regionGeo coloured by a figure of the bound rows. */
export interface RegionMapView {
  level: 'city' | 'county'
  value: SeriesField
  /** clicking a city opens its counties (district screen, issue 6 "drill from province to county") */
  drill?: boolean
}

/** L7 地图: outlines from the database coloured by a figure of the bound rows (joined by `key` = region code), with enterprise heat and clusters. */
export interface L7MapView {
  level: 'city' | 'county'
  value: SeriesField
  /** enterprise heat map on at start (default on) */
  heat?: boolean
  /** enterprise clusters on at start (default off) */
  cluster?: boolean
}

/** 3D 柱状地图 (ECharts GL): a bar per region of the bound rows (joined by `key` = region code) on its outline. */
export interface Bar3DMapView {
  level: 'city' | 'county'
  value: SeriesField
}

/** Every widget a wall may hold. */
export type WallWidget =
  | WidgetDef<'kpi', KpiView>
  | WidgetDef<'table', TableView>
  | WidgetDef<'bar' | 'ranking' | 'line' | 'radar', CategoryChartConfig>
  | WidgetDef<'pie', PieChartConfig>
  | WidgetDef<'gauge', GaugeChartConfig>
  | WidgetDef<'map', RegionMapView>
  | WidgetDef<'l7map', L7MapView>
  | WidgetDef<'bar3dmap', Bar3DMapView>

/** A wall screen. */
export type WallScreen = ScreenDef<WallWidget>
