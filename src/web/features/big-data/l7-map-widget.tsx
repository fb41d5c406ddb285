/**
 * L7 地图 widget of the walls (issue 6): the database's county (or city) outlines coloured by a
 * figure of the bound rows (分级设色), city borders and names over them, and the enterprises as a
 * heat map and as clusters, each switchable — all through the 2D engine (web/map), offline. A click
 * picks a region and shows its figure; hovering shows it beside the pointer.
 */
import { useCallback, useMemo, useState } from 'react'
import styled from 'styled-components'
import { figure } from '../../charts/chart-common'
import type { ChartRow } from '../../charts/chart-config'
import { ChoroplethLayer, FitView, OutlineLayer, type RegionPick } from '../../map/choropleth-layer'
import { ClusterLayer, type ClusterPoint } from '../../map/cluster-layer'
import { HeatLayer } from '../../map/heat-layer'
import { MapHost } from '../../map/map-host'
import { joinFigures, outlineBbox, WALL_RAMP } from '../../map/rules/choropleth-rules'
import { refreshInterval } from '../../screen/bindings'
import { BodyNote, dp, WALL } from '../../screen/wall-styles'
import type { WidgetProps } from '../../screen/widget-registry'
import { useEnterprisePoints } from './api/enterprise-points-api'
import { useMapOutlines } from './api/map-outlines-api'
import { Figure, rowsOf } from './chart-widgets'
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
  const figures = useMemo(() => rowsOf(data).map((r: ChartRow) => ({ key: String(r.key), value: Number(r[view.value.field]) || 0 })), [data, view.value.field])
  const joined = useMemo(() => (regions.data ? joinFigures(regions.data, figures) : null), [regions.data, figures])
  const bbox = useMemo(() => (regions.data ? outlineBbox(regions.data) : null), [regions.data])
  const heatPoints = useMemo(() => (points.data ?? []).filter((p) => p.muTax !== null && p.muTax > 0).map((p) => [p.lng, p.lat, p.muTax as number] as [number, number, number]), [points.data])
  const clusterPoints = useMemo<ClusterPoint[]>(() => (points.data ?? []).map(({ id, name, lng, lat }) => ({ id, name, lng, lat })), [points.data])
  const style = useMemo(() => ({ opacity: layers.heat ? 0.6 : 0.9, line: 'rgba(160, 210, 255, 0.55)', lineWidth: Math.max(0.5, 0.6 * scale), highlight: WALL.gold }), [layers.heat, scale])
  if (regions.isError) return <BodyNote $error>行政区划边界加载失败，请检查边界数据是否已导入（npm run import:boundaries）</BodyNote>
  if (!joined) return <BodyNote>地图加载中…</BodyNote>
  if (joined.fc.features.length === 0) return <BodyNote>尚未导入行政区划边界：请先运行 npm run import:boundaries</BodyNote>
  const top = [...rows].sort((a, b) => Number(b[view.value.field]) - Number(a[view.value.field]))[0]
  const text = (r: RegionPick) => `${r.name}：${view.value.name} ${r.value === null ? '暂无数据' : figure(r.value, view.value)}`
  return (
    <Figure
      data-testid={`chart-${def.id}`}
      data-first-label={top ? String(top.name) : undefined}
      data-first-value={top ? Number(top[view.value.field]) : undefined}
      data-layers={`choropleth${layers.heat ? ',heat' : ''}${layers.cluster ? ',cluster' : ''}`}
    >
      <MapHost background="#03102a">
        <ChoroplethLayer data={joined.fc} style={style} onPick={onRegion} onHover={setHover} />
        {cities.data && view.level === 'county' && <OutlineLayer data={cities.data} line="rgba(200, 230, 255, 0.95)" lineWidth={1.6 * scale} label="#e8f0ff" labelSize={Math.round(14 * scale)} />}
        {layers.heat && heatPoints.length > 0 && <HeatLayer points={heatPoints} />}
        {layers.cluster && clusterPoints.length > 0 && <ClusterLayer points={clusterPoints} onPointClick={onEnterprise} />}
        <FitView bbox={bbox} />
      </MapHost>
      <Toggles>
        {(['heat', 'cluster'] as const).map((k) => (
          <Toggle key={k} type="button" $on={layers[k]} aria-pressed={layers[k]} data-testid={`l7map-toggle-${k}`} onClick={() => setLayers({ ...layers, [k]: !layers[k] })}>
            {k === 'heat' ? '企业热力' : '企业聚合'}
          </Toggle>
        ))}
      </Toggles>
      <Legend>
        {view.value.name}
        {view.value.unit ? `（${view.value.unit}）` : ''}
        <i />
        <span>0</span>
        <span>{figure(joined.max, { digits: view.value.digits })}</span>
      </Legend>
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
