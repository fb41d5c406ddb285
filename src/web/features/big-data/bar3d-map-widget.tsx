/**
 * 3D 柱状地图 widget (issue 6, ECharts GL): one bar per region on the database's outlines, its height
 * the bound rows' figure. ECharts GL is imported on first use (dynamic import), so only the walls
 * that show this widget fetch its bytes. Every bar's figure is also in the caption for readers
 * without WebGL (and for the e2e check against the API).
 */
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { useMemo } from 'react'
import { buildBar3DMapOption, type BarPlace } from '../../charts/build-bar3d-map-option'
import { num } from '../../charts/chart-config'
import { wallTheme } from '../../charts/chart-theme'
import { EChartsHost } from '../../charts/echarts-host'
import { registerRegionMap } from '../../charts/echarts-setup'
import { BodyNote } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { useMapOutlines } from './api/map-outlines-api'
import { Figure, rowsOf } from './chart-widgets'
import type { Bar3DMapView } from './wall-widget-types'

/** The regions that have a row, with their bars; the outlines registered for geo3D under a name of that set. */
function barsOf(fc: FeatureCollection, rows: ReturnType<typeof rowsOf>, field: string) {
  const byCode = new Map(rows.map((r) => [String(r.key), r]))
  const features = fc.features.filter((f) => byCode.has(String(f.properties?.code)))
  const places: BarPlace[] = features.map((f) => ({
    name: String(f.properties?.name ?? ''),
    lng: Number(f.properties?.labelLng),
    lat: Number(f.properties?.labelLat),
    value: num(byCode.get(String(f.properties?.code)) ?? {}, field),
  }))
  const codes = features.map((f) => String(f.properties?.code)).sort()
  const mapName = `bar3d-${codes.length}-${codes[0] ?? ''}-${codes.at(-1) ?? ''}`
  return { places, mapName, outlines: { type: 'FeatureCollection', features } as FeatureCollection }
}

/** The 3D bar map widget. */
export function Bar3DMapWidget({ def, data, scale }: WidgetProps<Bar3DMapView>) {
  const gl = useQuery({ queryKey: ['echarts-gl'], queryFn: () => import('../../charts/echarts-gl-setup').then((m) => m.installGl()), staleTime: Infinity })
  const outlines = useMapOutlines(def.view.level, 8)
  const bars = useMemo(() => (outlines.data ? barsOf(outlines.data, rowsOf(data), def.view.value.field) : null), [outlines.data, data, def.view.value.field])
  const option = useMemo(() => {
    if (!bars || !gl.data || bars.places.length === 0) return null
    registerRegionMap(bars.mapName, bars.outlines)
    return buildBar3DMapOption(bars.mapName, bars.places, { value: def.view.value }, wallTheme(scale))
  }, [bars, gl.data, def.view.value, scale])
  if (gl.isError) return <BodyNote $error>三维图表组件加载失败，请刷新页面重试</BodyNote>
  if (outlines.isError) return <BodyNote $error>行政区划边界加载失败，请检查边界数据是否已导入（npm run import:boundaries）</BodyNote>
  if (bars && bars.places.length === 0) return <BodyNote>尚未导入这些区县的边界：请先运行 npm run import:boundaries</BodyNote>
  if (!option || !bars) return <BodyNote>三维地图加载中…</BodyNote>
  const top = [...bars.places].sort((a, b) => b.value - a.value)[0]
  return (
    <Figure data-testid={`chart-${def.id}`} data-first-label={top?.name} data-first-value={top?.value} data-map={bars.mapName}>
      {/* WebGL draws on a canvas: GL has no SVG renderer (ADR 0013) */}
      <EChartsHost key={bars.mapName} option={option} renderer="canvas" testId={`echarts-${def.id}`} />
      <figcaption>
        <ul>
          {bars.places.map((p) => (
            <li key={p.name} data-testid="bar3d-bar" data-name={p.name} data-value={p.value}>
              {`${p.name}：${p.value}`}
            </li>
          ))}
        </ul>
      </figcaption>
    </Figure>
  )
}
