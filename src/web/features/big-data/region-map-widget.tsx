/**
 * 区域地图 widget: the database's city or county outlines (GET /api/bigData/regionGeo, so it works
 * offline) as an ECharts map coloured by a figure. With `drill`, clicking a city shows its
 * counties (their own figures from /api/bigData/byRegion) and 返回全省 goes back.
 * The L7 map widget (heat, clusters) joins when the 2D map engine lands.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import { buildMapOption } from '../../charts/build-map-option'
import type { ChartRow } from '../../charts/chart-config'
import { wallTheme } from '../../charts/chart-theme'
import { registerRegionMap } from '../../charts/echarts-setup'
import { apiGet } from '../../core/api'
import { resolveParams } from '../../screen/bindings'
import { BodyNote, dp, WALL } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { ChartFigure, rowsOf } from './chart-widgets'
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

/** Outlines registered as an ECharts map; resolves to the map's name. */
function useRegionMap(level: 'city' | 'county', cityCode?: string) {
  const name = level === 'city' ? 'zj-city' : `zj-county-${cityCode ?? 'all'}`
  return useQuery({
    queryKey: ['region-geo', level, cityCode ?? null],
    queryFn: async () => {
      const geo = await apiGet<unknown>('/api/bigData/regionGeo', { level, ...(cityCode ? { cityCode } : {}) })
      registerRegionMap(name, geo)
      return name
    },
    staleTime: Infinity,
  })
}

/** The map widget. */
export function RegionMapWidget({ def, data, scale, params }: WidgetProps<RegionMapView>) {
  const [drilled, setDrilled] = useState<{ code: string; name: string } | null>(null)
  const level = drilled ? 'county' : def.view.level
  const cityCode = drilled?.code ?? (def.view.level === 'county' ? params.cityCode : undefined)
  const map = useRegionMap(level, cityCode)
  const drillRows = useQuery({
    queryKey: ['screen', def.source?.url, { ...(def.source ? resolveParams(def.source, params) : {}), level: 'county', cityCode: drilled?.code }],
    queryFn: () => apiGet<ChartRow[]>('/api/bigData/byRegion', { ...(def.source ? resolveParams(def.source, params) : {}), level: 'county', cityCode: drilled?.code ?? '' }),
    enabled: !!drilled,
    refetchInterval: 60_000,
  })
  const rows = useMemo(() => (drilled ? (drillRows.data ?? []) : rowsOf(data)), [drilled, drillRows.data, data])
  const option = useMemo(
    () => (map.data ? buildMapOption(map.data, rows, { name: 'name', value: def.view.value }, wallTheme(scale)) : null),
    [map.data, rows, def, scale],
  )
  if (map.isError) return <BodyNote $error>行政区划边界加载失败</BodyNote>
  if (!option) return <BodyNote>地图加载中…</BodyNote>
  const top = [...rows].sort((a, b) => Number(b[def.view.value.field]) - Number(a[def.view.value.field]))[0]
  return (
    <>
      {drilled && (
        <Back type="button" data-testid="map-back" onClick={() => setDrilled(null)}>
          返回全省 · 当前：{drilled.name}
        </Back>
      )}
      <div style={{ position: 'absolute', inset: 0 }} data-testid={`map-${def.id}`} data-level={level} data-map={map.data}>
        <ChartFigure
          id={def.id}
          option={option}
          first={top ? { label: String(top.name), value: Number(top[def.view.value.field]) } : null}
          key={map.data}
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
    </>
  )
}
