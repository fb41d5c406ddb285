/**
 * L7 地图 widget of the walls (issue 6): the database's county (or city) outlines coloured by a
 * figure of the bound rows (分级设色), city borders and names over them, and the enterprises as a
 * heat map and as clusters, each switchable — all through the 2D engine (web/map), offline. A click
 * picks a region and shows its figure; hovering shows it beside the pointer. Regions without an
 * outline (counties, until a deployment imports them) are proportional symbols at their seats
 * inside the city outlines, picked the same way (issue 19).
 */
import { useCallback, useMemo, useState } from 'react'
import styled from 'styled-components'
import { figure } from '../../charts/chart-common'
import type { ChartRow } from '../../charts/chart-config'
import type { RegionSeat } from '../../../domain/contracts/outlines'
import { symbolPlaces, symbolSize } from '../../charts/region-symbols'
import { ChoroplethLayer, FitView, OutlineLayer, type RegionPick } from '../../map/choropleth-layer'
import { ClusterLayer, type ClusterPoint } from '../../map/cluster-layer'
import { HeatLayer } from '../../map/heat-layer'
import { MapHost } from '../../map/map-host'
import { joinFigures, outlineBbox, rampColor, WALL_RAMP } from '../../map/rules/choropleth-rules'
import { SeatSymbolLayer, type SeatSymbol } from '../../map/seat-symbol-layer'
import { refreshInterval } from '../../screen/bindings'
import { BodyNote, dp, WALL } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { useEnterprisePoints } from './api/enterprise-points-api'
import { useMapOutlines } from './api/map-outlines-api'
import { Figure, rowsOf } from './chart-widgets'
import { SeatNote } from './seat-note'
import type { L7MapView } from './wall-widget-types'

const Toggles = styled.div`
  position: absolute;
  z-index: 3;
  right: ${dp(10)};
  top: ${dp(8)};
  display: flex;
  gap: ${dp(8)};
`
const Toggle = styled.button<{ $on: boolean }>`
  font-size: ${dp(15)};
  padding: ${dp(3)} ${dp(12)};
  color: ${({ $on }) => ($on ? '#03102a' : WALL.text)};
  background: ${({ $on }) => ($on ? WALL.accent : 'rgba(6, 22, 52, 0.9)')};
  border: 1px solid ${WALL.line};
  border-radius: ${dp(4)};
  cursor: pointer;
`
const Legend = styled.div`
  position: absolute;
  z-index: 3;
  left: ${dp(12)};
  bottom: ${dp(12)};
  font-size: ${dp(13)};
  color: ${WALL.text};
  i {
    display: block;
    width: ${dp(140)};
    height: ${dp(10)};
    margin: ${dp(4)} 0;
    background: linear-gradient(90deg, ${WALL_RAMP.join(', ')});
  }
  span + span {
    float: right;
  }
`
const Picked = styled.div`
  position: absolute;
  z-index: 3;
  right: ${dp(12)};
  bottom: ${dp(12)};
  max-width: 60%;
  padding: ${dp(6)} ${dp(12)};
  font-size: ${dp(16)};
  color: ${WALL.bright};
  background: rgba(6, 22, 52, 0.92);
  border: 1px solid ${WALL.accent};
  border-radius: ${dp(4)};
  b {
    color: ${WALL.gold};
  }
`
const Tip = styled.div`
  position: absolute;
  z-index: 4;
  pointer-events: none;
  padding: ${dp(6)} ${dp(10)};
  font-size: ${dp(15)};
  color: ${WALL.text};
  background: rgba(6, 22, 52, 0.92);
  border: 1px solid ${WALL.line};
  border-radius: ${dp(4)};
  white-space: nowrap;
`

/**
 * The seats with a row as symbols: area by the figure (charts/region-symbols), colour on the same
 * ramp and scale as the filled regions, sizes at the wall's scale (L7 takes a radius).
 */
function seatSymbolsOf(seats: RegionSeat[], figures: { key: string; value: number }[], scale: number): SeatSymbol[] {
  const max = Math.max(0, ...figures.map((f) => f.value))
  return symbolPlaces(seats, figures).map((p) => ({
    ...p,
    radius: (symbolSize(p.value, max) * scale) / 2,
    color: rampColor(p.value, 0, max),
  }))
}

/** [west, south, east, north] around the seats, with a margin; null when there are none. */
function seatBbox(seats: RegionSeat[]): [number, number, number, number] | null {
  if (seats.length === 0) return null
  const lngs = seats.map((s) => s.lng)
  const lats = seats.map((s) => s.lat)
  const m = 0.15
  return [Math.min(...lngs) - m, Math.min(...lats) - m, Math.max(...lngs) + m, Math.max(...lats) + m]
}

/** The L7 map widget. */
export function L7MapWidget({ def, data, scale }: WidgetProps<L7MapView>) {
  const view = def.view
  const rows = rowsOf(data)
  const [layers, setLayers] = useState({ heat: view.heat ?? true, cluster: view.cluster ?? false })
  const [picked, setPicked] = useState<RegionPick | null>(null)
  const [hover, setHover] = useState<RegionPick | null>(null)
  const [enterprise, setEnterprise] = useState<string | null>(null)
  const onRegion = useCallback((r: RegionPick) => {
    setPicked(r)
    setEnterprise(null)
  }, [])
  const onEnterprise = useCallback((p: ClusterPoint) => setEnterprise(p.name), [])
  const regions = useMapOutlines(view.level, 8)
  const cities = useMapOutlines('city', 8)
  const points = useEnterprisePoints(layers.heat || layers.cluster, refreshInterval(def.source ?? { url: '' }, 60_000))
  const figures = useMemo(
    () => rowsOf(data).map((r: ChartRow) => ({ key: String(r.key), value: Number(r[view.value.field]) || 0 })),
    [data, view.value.field],
  )
  const joined = useMemo(
    () => (regions.data && regions.data.features.length > 0 ? joinFigures(regions.data, figures) : null),
    [regions.data, figures],
  )
  // the regions of the level that have no outline: their figures as symbols at their seats (issue 19)
  const symbols = useMemo(() => (regions.data ? seatSymbolsOf(regions.data.seats, figures, scale) : []), [regions.data, figures, scale])
  const cityOutlines = view.level === 'county' && cities.data && cities.data.features.length > 0 ? cities.data : null
  const bbox = useMemo(
    () =>
      regions.data
        ? (outlineBbox(regions.data) ?? (cityOutlines ? outlineBbox(cityOutlines) : null) ?? seatBbox(regions.data.seats))
        : null,
    [regions.data, cityOutlines],
  )
  const heatPoints = useMemo(
    () =>
      (points.data ?? [])
        .filter((p) => p.muTax !== null && p.muTax > 0)
        .map((p) => [p.lng, p.lat, p.muTax as number] as [number, number, number]),
    [points.data],
  )
  const clusterPoints = useMemo<ClusterPoint[]>(
    () => (points.data ?? []).map(({ id, name, lng, lat }) => ({ id, name, lng, lat })),
    [points.data],
  )
  const style = useMemo(
    () => ({
      opacity: layers.heat ? 0.6 : 0.9,
      line: 'rgba(160, 210, 255, 0.55)',
      lineWidth: Math.max(0.5, 0.6 * scale),
      highlight: WALL.gold,
    }),
    [layers.heat, scale],
  )
  const symbolStyle = useMemo(
    () => ({
      stroke: '#e8f0ff',
      label: '#e8f0ff',
      labelHalo: '#04122e',
      labelSize: Math.round(12 * scale),
      labelOffset: Math.round(6 * scale),
      opacity: 0.92,
    }),
    [scale],
  )
  if (regions.isError) return <BodyNote $error>行政区划边界加载失败</BodyNote>
  if (!regions.data || (view.level === 'county' && !cities.data && !cities.isError)) return <BodyNote>地图加载中…</BodyNote>
  if (!joined && symbols.length === 0 && !cityOutlines) return <BodyNote>暂无行政区划边界与驻地位置</BodyNote>
  const max = joined?.max ?? Math.max(0, ...figures.map((f) => f.value))
  const drawn = [joined && 'choropleth', symbols.length > 0 && 'symbols', layers.heat && 'heat', layers.cluster && 'cluster']
    .filter(Boolean)
    .join(',')
  const top = [...rows].sort((a, b) => Number(b[view.value.field]) - Number(a[view.value.field]))[0]
  const text = (r: RegionPick) => `${r.name}：${view.value.name} ${r.value === null ? '暂无数据' : figure(r.value, view.value)}`
  return (
    <Figure
      data-testid={`chart-${def.id}`}
      data-first-label={top ? String(top.name) : undefined}
      data-first-value={top ? Number(top[view.value.field]) : undefined}
      data-layers={drawn}
      data-mode={symbols.length > 0 ? 'symbols' : 'choropleth'}
      data-outlines={(joined?.fc.features.length ?? 0) + (cityOutlines?.features.length ?? 0)}
      data-symbols={symbols.length}
    >
      <MapHost background="#03102a">
        {joined && <ChoroplethLayer data={joined.fc} style={style} onPick={onRegion} onHover={setHover} />}
        {cityOutlines && (
          <OutlineLayer
            data={cityOutlines}
            line="rgba(200, 230, 255, 0.95)"
            lineWidth={1.6 * scale}
            label="#e8f0ff"
            labelSize={Math.round(14 * scale)}
            fill={joined ? undefined : '#0a2a5a'}
          />
        )}
        {symbols.length > 0 && <SeatSymbolLayer symbols={symbols} style={symbolStyle} onPick={onRegion} onHover={setHover} />}
        {layers.heat && heatPoints.length > 0 && <HeatLayer points={heatPoints} />}
        {layers.cluster && clusterPoints.length > 0 && <ClusterLayer points={clusterPoints} onPointClick={onEnterprise} />}
        <FitView bbox={bbox} />
      </MapHost>
      <Toggles>
        {(['heat', 'cluster'] as const).map((k) => (
          <Toggle
            key={k}
            type="button"
            $on={layers[k]}
            aria-pressed={layers[k]}
            data-testid={`l7map-toggle-${k}`}
            onClick={() => setLayers({ ...layers, [k]: !layers[k] })}
          >
            {k === 'heat' ? '企业热力' : '企业聚合'}
          </Toggle>
        ))}
      </Toggles>
      <Legend>
        {view.value.name}
        {view.value.unit ? `（${view.value.unit}）` : ''}
        <i />
        <span>0</span>
        <span>{figure(max, { digits: view.value.digits })}</span>
      </Legend>
      <SeatNote levels={regions.data.levels} needed={view.level === 'county' ? ['city', 'county'] : ['city']} />
      {hover && (
        <Tip data-testid="l7map-tooltip" style={{ left: hover.x + 14 * scale, top: hover.y + 14 * scale }}>
          {text(hover)}
        </Tip>
      )}
      {enterprise && (
        <Picked data-testid="l7map-enterprise">
          企业：<b>{enterprise}</b>
        </Picked>
      )}
      {picked && !enterprise && (
        <Picked data-testid="l7map-picked" data-code={picked.code} data-name={picked.name} data-value={picked.value ?? ''}>
          已选：<b>{text(picked)}</b>
        </Picked>
      )}
    </Figure>
  )
}
