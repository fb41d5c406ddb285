/**
 * 区域地图 widget: the database's city or county outlines (GET /api/bigData/regionGeo, so it works
 * offline) as an ECharts map coloured by a figure. With `drill`, clicking a city shows its
 * counties (their own figures from /api/bigData/byRegion) and 返回全省 goes back. Where a level has
 * no outlines (counties, until a deployment imports them) its figures are proportional symbols at
 * the seats inside the city's outline (issue 19).
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import type { OutlineCollection } from '../../../domain/contracts/outlines'
import { buildMapOption } from '../../charts/build-map-option'
import { buildSymbolMapOption } from '../../charts/build-symbol-map-option'
import { num, type ChartRow, type SeriesField } from '../../charts/chart-config'
import { wallTheme } from '../../charts/chart-theme'
import { registerRegionMap } from '../../charts/echarts-setup'
import { planRegionMap, symbolPlaces, type RegionMapPlan } from '../../charts/region-symbols'
import { apiGet } from '../../core/api'
import { resolveParams } from '../../screen/bindings'
import { BodyNote, dp, WALL } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { ChartFigure, rowsOf } from './chart-widgets'
import { SeatNote } from './seat-note'
import type { RegionMapView } from './wall-widget-types'

const Back = styled.button`
  position: absolute;
  z-index: 2;
  right: ${dp(12)};
  top: ${dp(10)};
  font-size: ${dp(16)};
  padding: ${dp(4)} ${dp(14)};
  color: ${WALL.text};
  background: rgba(6, 22, 52, 0.9);
  border: 1px solid ${WALL.line};
  border-radius: ${dp(4)};
  cursor: pointer;
`

/** 查询区划边界 GET /api/bigData/regionGeo: a level's outlines (within a city), which levels have outlines, the seats of the rest. */
function useRegionGeo(level: 'city' | 'county', cityCode?: string) {
  return useQuery({
    queryKey: ['region-geo', level, cityCode ?? null],
    queryFn: () => apiGet<OutlineCollection>('/api/bigData/regionGeo', { level, ...(cityCode ? { cityCode } : {}) }),
    staleTime: Infinity,
  })
}

/** What the chart draws, with the counts the wall reports (`data-outlines`, `data-symbols`). */
interface Drawing {
  option: Record<string, unknown>
  /** the registered map's name; a new name is a new chart */
  map: string
  mode: RegionMapPlan['mode']
  /** outlines drawn (filled regions, or the outlines under the symbols) */
  outlines: number
  /** regions drawn as symbols at their seats */
  symbols: number
}

/**
 * The level's outlines filled by the figure when every region has one; else every region with a
 * row as a symbol at its seat over the outlines there are (a drilled city's own outline when its
 * counties have none) — never a map with no region in it (issue 19).
 */
function drawingOf(
  level: 'city' | 'county',
  geo: OutlineCollection,
  parent: OutlineCollection | undefined,
  cityCode: string | undefined,
  rows: ChartRow[],
  value: SeriesField,
  scale: number,
): Drawing {
  const theme = wallTheme(scale)
  const plan = planRegionMap(geo, parent, cityCode)
  const base = `zj-${level}-${cityCode ?? 'all'}-${geo.features.length}-${geo.seats.length}`
  if (plan.mode === 'choropleth') {
    const map = `${base}-fill`
    const outlines = registerRegionMap(map, plan.outlines)
    if (outlines > 0)
      return { option: buildMapOption(map, rows, { name: 'name', value }, theme), map, mode: 'choropleth', outlines, symbols: 0 }
  }
  const map = `${base}-seats`
  const points = plan.mode === 'symbols' ? plan.points : []
  const outlines = plan.mode === 'symbols' ? registerRegionMap(map, plan.backdrop) : 0
  const places = symbolPlaces(
    points,
    rows.map((r) => ({ key: String(r.key), value: num(r, value.field) })),
  )
  return {
    option: buildSymbolMapOption(outlines > 0 ? map : null, places, { value }, theme, rows),
    map,
    mode: 'symbols',
    outlines,
    symbols: places.length,
  }
}

/** The map widget. */
export function RegionMapWidget({ def, data, scale, params }: WidgetProps<RegionMapView>) {
  const [drilled, setDrilled] = useState<{ code: string; name: string } | null>(null)
  const level = drilled ? 'county' : def.view.level
  const cityCode = drilled?.code ?? (def.view.level === 'county' ? params.cityCode : undefined)
  const geo = useRegionGeo(level, cityCode)
  // the cities' outlines: what a drilled city's counties stand on when they have none of their own
  const cities = useRegionGeo('city')
  const drillRows = useQuery({
    queryKey: [
      'screen',
      def.source?.url,
      { ...(def.source ? resolveParams(def.source, params) : {}), level: 'county', cityCode: drilled?.code },
    ],
    queryFn: () =>
      apiGet<ChartRow[]>('/api/bigData/byRegion', {
        ...(def.source ? resolveParams(def.source, params) : {}),
        level: 'county',
        cityCode: drilled?.code ?? '',
      }),
    enabled: !!drilled,
    refetchInterval: 60_000,
  })
  const rows = useMemo(() => (drilled ? (drillRows.data ?? []) : rowsOf(data)), [drilled, drillRows.data, data])
  const parent = level === 'county' ? cities.data : undefined
  const waiting = !geo.data || (level === 'county' && !cities.data && !cities.isError)
  const drawing = useMemo(
    () => (geo.data && !waiting ? drawingOf(level, geo.data, parent, cityCode, rows, def.view.value, scale) : null),
    [level, geo.data, waiting, parent, cityCode, rows, def.view.value, scale],
  )
  if (geo.isError) return <BodyNote $error>行政区划边界加载失败</BodyNote>
  if (!drawing) return <BodyNote>地图加载中…</BodyNote>
  const top = [...rows].sort((a, b) => Number(b[def.view.value.field]) - Number(a[def.view.value.field]))[0]
  return (
    <>
      {drilled && (
        <Back type="button" data-testid="map-back" onClick={() => setDrilled(null)}>
          返回全省 · 当前：{drilled.name}
        </Back>
      )}
      <div
        style={{ position: 'absolute', inset: 0 }}
        data-testid={`map-${def.id}`}
        data-level={level}
        data-map={drawing.map}
        data-mode={drawing.mode}
        data-outlines={drawing.outlines}
        data-symbols={drawing.symbols}
      >
        <ChartFigure
          id={def.id}
          option={drawing.option}
          first={top ? { label: String(top.name), value: Number(top[def.view.value.field]) } : null}
          key={drawing.map}
          onClick={
            def.view.drill && !drilled
              ? (e) => {
                  const row = rows.find((r) => r.name === e.name)
                  if (row) setDrilled({ code: String(row.key), name: String(row.name) })
                }
              : undefined
          }
        />
      </div>
      <SeatNote levels={geo.data?.levels} needed={level === 'county' ? ['city', 'county'] : ['city']} />
    </>
  )
}
