/**
 * 3D 柱状地图 widget (issue 6, ECharts GL): one bar per region on the database's outlines, its height
 * the bound rows' figure; a region without an outline has its bar at its seat on its city's outline
 * (issue 19). ECharts GL is imported on first use (dynamic import), so only the walls
 * that show this widget fetch its bytes. Every bar's figure is also in the caption for readers
 * without WebGL (and for the e2e check against the API).
 */
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { useMemo } from 'react'
import type { OutlineCollection } from '../../../domain/contracts/outlines'
import { buildBar3DMapOption, type BarPlace } from '../../charts/build-bar3d-map-option'
import { buildSymbolMapOption } from '../../charts/build-symbol-map-option'
import { num } from '../../charts/chart-config'
import { wallTheme } from '../../charts/chart-theme'
import { EChartsHost } from '../../charts/echarts-host'
import { registerRegionMap } from '../../charts/echarts-setup'
import { BodyNote } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { useMapOutlines } from './api/map-outlines-api'
import { Figure, rowsOf } from './chart-widgets'
import { SeatNote } from './seat-note'
import type { Bar3DMapView } from './wall-widget-types'

/** Bars as flat symbols (no outline to stand them on). */
const toSymbols = (places: BarPlace[]) => places.map((p) => ({ ...p, code: p.name }))

/**
 * The regions that have a row, with their bars: on their outline's label point, or — for a region
 * without an outline (counties, until a deployment imports them) — at its seat, standing on the
 * outline of its city (issue 19). The outlines to register for geo3D come under a name of that set;
 * `seated` counts the bars at seats.
 */
function barsOf(level: OutlineCollection, cities: OutlineCollection | undefined, rows: ReturnType<typeof rowsOf>, field: string) {
  const byCode = new Map(rows.map((r) => [String(r.key), r]))
  const features = level.features.filter((f) => byCode.has(f.properties.code))
  const seats = level.seats.filter((s) => byCode.has(s.code))
  const place = (code: string, name: string, lng: number, lat: number): BarPlace => ({
    name,
    lng,
    lat,
    value: num(byCode.get(code) ?? {}, field),
  })
  const places: BarPlace[] = [
    ...features.map((f) => place(f.properties.code, f.properties.name, f.properties.labelLng, f.properties.labelLat)),
    ...seats.map((s) => place(s.code, s.name, s.lng, s.lat)),
  ]
  // bars at seats stand on their cities' outlines (not mixed with county outlines, which would overlap them)
  const parents = new Set(seats.map((s) => s.parentCode))
  const ground = seats.length > 0 ? (cities?.features ?? []).filter((f) => parents.has(f.properties.code)) : features
  const codes = ground.map((f) => f.properties.code).sort()
  const mapName = `bar3d-${seats.length > 0 ? 'seats' : 'outlines'}-${codes.length}-${codes[0] ?? ''}-${codes.at(-1) ?? ''}`
  return { places, seated: seats.length, mapName, outlines: { type: 'FeatureCollection', features: ground } as FeatureCollection }
}

/** The 3D bar map widget. */
export function Bar3DMapWidget({ def, data, scale }: WidgetProps<Bar3DMapView>) {
  const gl = useQuery({
    queryKey: ['echarts-gl'],
    queryFn: () => import('../../charts/echarts-gl-setup').then((m) => m.installGl()),
    staleTime: Infinity,
  })
  const outlines = useMapOutlines(def.view.level, 8)
  const cities = useMapOutlines('city', 8)
  const rows = useMemo(() => rowsOf(data), [data])
  const bars = useMemo(
    () => (outlines.data && (cities.data || cities.isError) ? barsOf(outlines.data, cities.data, rows, def.view.value.field) : null),
    [outlines.data, cities.data, cities.isError, rows, def.view.value.field],
  )
  const drawing = useMemo(() => {
    if (!bars || !gl.data || bars.places.length === 0) return null
    // no outline to stand on at all: the figures as flat symbols at their places rather than a map with no region
    const ground = registerRegionMap(bars.mapName, bars.outlines)
    const option =
      ground > 0
        ? buildBar3DMapOption(bars.mapName, bars.places, { value: def.view.value }, wallTheme(scale), bars.seated > 0, rows)
        : buildSymbolMapOption(null, toSymbols(bars.places), { value: def.view.value }, wallTheme(scale), rows)
    return { option, ground }
  }, [bars, gl.data, def.view.value, scale, rows])
  if (gl.isError) return <BodyNote $error>三维图表组件加载失败，请刷新页面重试</BodyNote>
  if (outlines.isError) return <BodyNote $error>行政区划边界加载失败</BodyNote>
  if (bars && bars.places.length === 0) return <BodyNote>暂无这些区县的边界与驻地位置</BodyNote>
  if (!drawing || !bars) return <BodyNote>三维地图加载中…</BodyNote>
  const top = [...bars.places].sort((a, b) => b.value - a.value)[0]
  return (
    <Figure
      data-testid={`chart-${def.id}`}
      data-first-label={top?.name}
      data-first-value={top?.value}
      data-map={bars.mapName}
      data-mode={bars.seated > 0 ? 'symbols' : 'choropleth'}
      data-outlines={drawing.ground}
      data-symbols={bars.seated}
    >
      {/* WebGL draws on a canvas: GL has no SVG renderer (ADR 0013) */}
      <EChartsHost key={bars.mapName} option={drawing.option} renderer="canvas" testId={`echarts-${def.id}`} />
      <figcaption>
        <ul>
          {bars.places.map((p) => (
            <li key={p.name} data-testid="bar3d-bar" data-name={p.name} data-value={p.value}>
              {`${p.name}：${p.value}`}
            </li>
          ))}
        </ul>
      </figcaption>
      <SeatNote levels={outlines.data?.levels} needed={def.view.level === 'county' ? ['city', 'county'] : ['city']} />
    </Figure>
  )
}
