/**
 * A wall page: one screen file run by the runtime, its parameters (年度, 城市, 园区) in the URL,
 * defaults filled in (the current year — land as of today — else the runtime yearList's; the first city or park).
 */
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useEffectEvent, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { apiGet } from '../../core/api'
import { useByValue } from '../../core/use-by-value'
import { getRuntimeConfig } from '../../core/runtime-config'
import { defaultMonth, paramsFromSearch, withRefresh } from '../../screen/bindings'
import { RUNTIME_WIDGETS } from '../../screen/runtime-widgets'
import { ScreenCanvas } from '../../screen/screen-canvas'
import { wallYears, type ScreenParams } from '../../screen/screen-types'
import { BodyNote } from '../../screen/wall-styles'
import { mergeRegistries, type WidgetProps, type WidgetRenderer } from '../../screen/widget-registry'
import { CHART_WIDGETS, WallRendererContext } from './chart-widgets'
import { Bar3DMapWidget } from './bar3d-map-widget'
import { RegionMapWidget } from './region-map-widget'
import type { L7MapView, WallScreen } from './wall-widget-types'

// the 2D engine (L7) is fetched only by the walls that hold an L7 map
const L7MapLazy = lazy(() => import('./l7-map-widget').then((m) => ({ default: m.L7MapWidget })))
function L7MapEntry(props: WidgetProps<never>) {
  return (
    <Suspense fallback={<BodyNote>地图加载中…</BodyNote>}>
      <L7MapLazy {...(props as WidgetProps<L7MapView>)} />
    </Suspense>
  )
}

const REGISTRY = mergeRegistries(RUNTIME_WIDGETS, CHART_WIDGETS, {
  map: RegionMapWidget as WidgetRenderer,
  l7map: L7MapEntry as WidgetRenderer,
  bar3dmap: Bar3DMapWidget as WidgetRenderer,
})

/** The first city / park to show when the URL names none. */
function useDefaults(def: WallScreen, params: ScreenParams) {
  const needsCity = def.pickers.includes('city') && !params.cityCode
  const needsPark = def.pickers.includes('park') && !params.parkId
  const cities = useQuery({
    queryKey: ['screen-picker', 'city', null],
    queryFn: () => apiGet<{ key: string }[]>('/api/bigData/byRegion', { level: 'city' }),
    enabled: needsCity,
  })
  const parks = useQuery({
    queryKey: ['screen-picker', 'park', params.cityCode ?? null],
    queryFn: () => apiGet<{ key: string }[]>('/api/bigData/byPark', params.cityCode ? { cityCode: params.cityCode } : {}),
    enabled: needsPark && !needsCity,
  })
  if (needsCity) return cities.data?.[0] ? { cityCode: cities.data[0].key } : null
  if (needsPark) return parks.data?.[0] ? { parkId: Number(parks.data[0].key) } : null
  return {}
}

/**
 * Runs a wall screen; `?refresh=30` (seconds) overrides every widget's refresh interval and
 * `?renderer=canvas` draws the charts on canvas instead of SVG (ADR 0013).
 */
export function ScreenPage({ def: screen }: { def: WallScreen }) {
  const [search, setSearch] = useSearchParams()
  const refresh = search.get('refresh')
  const def = useMemo(() => (refresh ? withRefresh(screen, Number(refresh)) : screen), [screen, refresh])
  const fromUrl = useMemo(() => paramsFromSearch(search), [search])
  const config = getRuntimeConfig()
  // the current year by default: land and 低效 as of today (issue 29)
  const year = fromUrl.year ?? Math.max(...wallYears(config.yearList))
  // 月份 only where the screen has monthly figures (issue 6: the runtime monthList)
  const month = def.pickers.includes('month') ? { month: defaultMonth(year, config.monthList) } : {}
  const params: ScreenParams = { year, ...month, ...fromUrl }
  const defaults = useDefaults(def, params)
  const missing = defaults === null || Object.keys(defaults).length > 0

  const setParams = (next: ScreenParams) => {
    // the operator's URL settings (refresh, renderer) survive a change of year or city
    const q = new URLSearchParams()
    for (const k of ['refresh', 'renderer']) if (search.get(k)) q.set(k, search.get(k) as string)
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== '') q.set(k, String(v))
    setSearch(q, { replace: true })
  }
  // the defaults go into the URL once they are known (by value: the call returns a new object each render)
  const found = useByValue(defaults)
  const fillDefaults = useEffectEvent((d: NonNullable<typeof defaults>) => setParams({ ...params, ...d }))
  useEffect(() => {
    if (found && Object.keys(found).length > 0) fillDefaults(found)
  }, [found])

  useEffect(() => {
    document.title = def.title
  }, [def.title])

  return (
    <WallRendererContext.Provider value={search.get('renderer') === 'canvas' ? 'canvas' : 'svg'}>
      <ScreenCanvas def={def} registry={REGISTRY} params={params} setParams={setParams} ready={!missing} />
    </WallRendererContext.Provider>
  )
}
