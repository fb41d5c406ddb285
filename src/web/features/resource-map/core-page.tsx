/**
 * /system/core 资源云图: parcels coloured by status (vector tiles), enterprises clustered, heat of
 * 亩均税收, the district picker driving the side panel's statistics, search that flies to a hit,
 * click → detail drawer, and all eight map controls. Works offline: the default base is drawn
 * from the database's own boundaries.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Alert, message } from 'antd'
import type { MultiPolygon, Polygon } from 'geojson'
import type { LayerGroupRecord, SearchHit, TagItem } from '../../../domain/contracts/map'
import { DEFAULT_REGION_CODE } from '../../../domain/map-constants'
import { getRuntimeConfig } from '../../core/runtime-config'
import { DisplayCrs, MapHost, useScene } from '../../map/map-host'
import { OfflineBaseMap, OfflineOutlineHint, TileBase } from '../../map/base-layers'
import { ClusterLayer, type ClusterPoint } from '../../map/cluster-layer'
import { HeatLayer } from '../../map/heat-layer'
import { ConfiguredLayer } from '../../map/configured-layer'
import { VectorTileLayer } from '../../map/vector-tile-layer'
import { BaseSwitcher } from '../../map/controls/base-switcher'
import { Corner } from '../../map/controls/control-styles'
import { DistrictPicker } from '../../map/controls/district-picker'
import { DrawMeasure } from '../../map/controls/draw-measure'
import { LayerControl } from '../../map/controls/layer-control'
import { LayerManagement } from '../../map/controls/layer-management'
import { Legend } from '../../map/controls/legend'
import { RangeControl } from '../../map/controls/range-control'
import { SelectionControl } from '../../map/controls/selection-control'
import { ZoneToggle, type ZoneInputs } from '../../map/controls/zone-toggle'
import { initialOpacity, uuidV4, type LayerGroupConfig } from '../../map/rules/layer-rules'
import { baseFor, mapStyles, type BaseChoice } from '../../map/rules/base-map-rules'
import { rowsForDisplay, toDisplay } from '../../map/rules/display-coords'
import { usePoints } from './api/query-points'
import { useLayers } from './api/query-layers'
import { useRegionTree } from './api/query-region-tree'
import { useParcel } from '../../core/calls/query-parcel'
import { useParcelZones } from './api/query-zones'
import { useZoneExtent } from './api/query-zone-extent'
import { zonesToInputs } from './zone-inputs'
import { DetailDrawer, type DetailTarget } from './detail-drawer'
import { STATUS_COLORS } from '../../ui/parcel-status'
import { SidePanel } from './side-panel'
import { DETAIL_DRAWER_WIDTH, SIDE_PANEL_INSET } from './screen-layout'

/** Which of this screen's own layers a configured url names (the rest go to the generic registry). */
type Builtin = 'parcels' | 'cluster' | 'heat'
const builtinOf = (url: string): Builtin | null =>
  url.startsWith('/api/tiles/parcels/')
    ? 'parcels'
    : url.includes('/api/cloudChart/points?view=cluster')
      ? 'cluster'
      : url.includes('/api/cloudChart/points?view=heat')
        ? 'heat'
        : null

/** Records → docs/product.md §3 layer configs with their runtime UUIDv4 ids. */
const withIds = (groups: LayerGroupRecord[]): LayerGroupConfig[] =>
  groups.map((g) => ({ ...g, layers: g.layers.map((l) => ({ ...l, id: uuidV4() })) }))

const LEGEND = [
  ...Object.entries(STATUS_COLORS).map(([label, color]) => ({ label: `地块·${label}`, color })),
  { label: '企业聚合（<10 / <100 / ≥100）', color: '#e6a817', shape: 'circle' as const },
]

function Screen({ groups }: { groups: LayerGroupConfig[] }) {
  const engine = useScene()
  const cfg = getRuntimeConfig()
  const styles = useMemo(() => mapStyles(cfg), [cfg])
  const layers = groups.flatMap((g) => g.layers)
  const [opacity, setOpacityState] = useState<Record<string, number>>(() =>
    Object.fromEntries(layers.map((l) => [l.id, initialOpacity(l)])),
  )
  const shown = (b: Builtin) => layers.some((l) => builtinOf(l.url) === b && opacity[l.id] > 0)
  const parcelOpacity = layers.find((l) => builtinOf(l.url) === 'parcels')?.id
  const setOpacity = useCallback((id: string, v: number) => setOpacityState((s) => ({ ...s, [id]: v })), [])
  const [base, setBase] = useState<BaseChoice>('vector')
  const [styleKey, setStyleKey] = useState<string | null>(null)
  const [region, setRegion] = useState<TagItem[]>([{ name: '浙江省', code: DEFAULT_REGION_CODE }])
  const [detail, setDetail] = useState<DetailTarget>(null)
  const [within, setWithin] = useState<Polygon | MultiPolygon | null>(null)
  const [zones, setZones] = useState<ZoneInputs>({})
  const tree = useRegionTree()
  const points = usePoints()
  // the last opened parcel stays the measure tool's target and the zones' selection after the
  // drawer closes, until a district is picked
  const [lastParcel, setLastParcel] = useState<number | null>(null)
  useEffect(() => {
    if (detail?.kind === 'parcel') setLastParcel(detail.id)
  }, [detail])
  const parcel = useParcel(lastParcel)
  const parcelZones = useParcelZones(lastParcel)
  const regionCode = region[region.length - 1].code
  const zoneExtent = useZoneExtent(lastParcel === null ? regionCode : null)
  // a selected parcel's uploaded shapes become the zone inputs (docs/product.md §3 zjtx / djtx / jgtx)
  useEffect(() => {
    if (parcelZones.data) setZones(zonesToInputs(parcelZones.data))
  }, [parcelZones.data])
  const onRegion = useCallback((tag: TagItem[]) => {
    setRegion(tag)
    setLastParcel(null)
    setZones({})
  }, [])
  const drawing = baseFor(base, styleKey, cfg)
  // over a GCJ-02 base (Gaode, GeoQ) our WGS84 data is shifted for display only
  const gcj02 = drawing.gcj02
  const shiftedPoints = useMemo(() => rowsForDisplay(points.data ?? [], gcj02), [points.data, gcj02])
  const clusterPoints = useMemo<ClusterPoint[]>(
    () => shiftedPoints.map(({ id, name, lng, lat }) => ({ id, name, lng, lat })),
    [shiftedPoints],
  )
  const heatPoints = useMemo(
    () => shiftedPoints.filter((p) => p.muTax !== null && p.muTax > 0).map((p) => [p.lng, p.lat, p.muTax!] as [number, number, number]),
    [shiftedPoints],
  )
  const onParcel = useCallback((id: number) => setDetail({ kind: 'parcel', id }), [])
  const onEnterprise = useCallback((p: ClusterPoint) => setDetail({ kind: 'enterprise', id: p.id }), [])
  // flights centre on the part of the map between the side panel and the open drawer
  useEffect(() => engine.setInsets({ left: SIDE_PANEL_INSET, right: detail ? DETAIL_DRAWER_WIDTH : 0 }), [engine, detail])
  const onHit = (h: SearchHit) => {
    engine.setInsets({ right: DETAIL_DRAWER_WIDTH })
    engine.flyTo(toDisplay(h.lng, h.lat, gcj02), h.kind === 'parcel' ? 16 : 15)
    setDetail({ kind: h.kind, id: h.id })
  }
  const onSelect = useCallback(
    (r: { landId?: string | number; name?: string }) => void message.info(`已选择：${r.name ?? ''}（${r.landId ?? '无编号'}）`),
    [],
  )
  const zoneSelection =
    lastParcel !== null ? (parcelZones.data?.parcelName ?? parcel.data?.parcel.name ?? '所选地块') : region[region.length - 1].name
  return (
    <DisplayCrs gcj02={gcj02}>
      {drawing.offline ? <OfflineBaseMap choice={base} /> : <TileBase tiles={drawing.tiles} />}
      {shown('parcels') && (
        <VectorTileLayer
          layer="parcels"
          colorField="status"
          colors={STATUS_COLORS}
          minZoom={8}
          opacity={opacity[parcelOpacity!]}
          onFeatureClick={onParcel}
        />
      )}
      {shown('cluster') && clusterPoints.length > 0 && <ClusterLayer points={clusterPoints} onPointClick={onEnterprise} />}
      {shown('heat') && <HeatLayer points={heatPoints} />}
      {layers
        .filter((l) => !builtinOf(l.url))
        .map((l) => (
          <ConfiguredLayer key={l.id} layer={l} opacity={opacity[l.id]} internalNetwork={cfg.isInternalNetwork} />
        ))}
      <Corner $top={12} $left={12} style={{ zIndex: 7 }}>
        {tree.data ? <DistrictPicker tree={tree.data} onChange={onRegion} /> : null}
      </Corner>
      <Corner $top={12} $right={12} style={{ display: 'flex', gap: 6, alignItems: 'flex-start', zIndex: 7 }}>
        <LayerManagement groups={groups} onOpacity={setOpacity} base={base} onBase={setBase} />
        <LayerControl groups={groups} onOpacity={setOpacity} base={base} onBase={setBase} />
        <BaseSwitcher value={base} onChange={setBase} styles={styles} styleKey={styleKey ?? undefined} onStyle={setStyleKey} />
      </Corner>
      <Corner $top={56} $right={12} style={{ display: 'flex', flexDirection: 'column', gap: 6, alignItems: 'flex-end' }}>
        <ZoneToggle
          key={lastParcel !== null ? `parcel-${lastParcel}` : `region-${regionCode}`}
          inputs={zones}
          region={lastParcel === null ? { extents: zoneExtent.data } : null}
          selectionName={zoneSelection}
          onNewBuild={(on) => void message.info(on ? '已显示建新图形' : '已隐藏建新图形')}
        />
        <SelectionControl inputs={zones} onSelect={onSelect} />
        <RangeControl inputs={zones} onInputs={setZones} />
        <DrawMeasure target={parcel.data?.parcel.geometry ?? null} onDrawn={setWithin} />
      </Corner>
      <Legend items={LEGEND} />
      <SidePanel region={region} within={within} onClearWithin={() => setWithin(null)} onHit={onHit} />
      {drawing.noImagery && (
        <Corner $bottom={12} $left={330}>
          <Alert type="info" showIcon title="未配置影像服务，显示离线底图（深色）" />
        </Corner>
      )}
      {drawing.offline && (
        // administrators only: which outlines are missing and the command that imports them (issue 19)
        <Corner $bottom={drawing.noImagery ? 60 : 12} $left={SIDE_PANEL_INSET + 18}>
          <OfflineOutlineHint />
        </Corner>
      )}
      <DetailDrawer target={detail} onClose={() => setDetail(null)} />
    </DisplayCrs>
  )
}

/** 资源云图. */
export function CorePage() {
  const layers = useLayers()
  const groups = useMemo(() => (layers.data ? withIds(layers.data) : null), [layers.data])
  return (
    <div data-testid="core-page" style={{ height: 'calc(100vh - 150px)', minHeight: 560 }}>
      {layers.error && <Alert type="error" title={`图层配置读取失败：${(layers.error as Error).message}`} />}
      <MapHost>{groups && <Screen groups={groups} />}</MapHost>
    </div>
  )
}
