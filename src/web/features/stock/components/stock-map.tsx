/**
 * The map of all 低效 and 闲置 land coloured by disposal state, with a marker per parcel while
 * parcels are smaller than a pixel, fitted to them; a click on a shape or a marker opens the
 * parcel's records; the legend of the four states.
 */
import { bbox as bboxOf } from '@turf/turf'
import { useEffect, useMemo, useRef } from 'react'
import { ChoroplethLayer, FitView } from '../../../map/choropleth-layer'
import { Legend } from '../../../map/controls/legend'
import { countedCircles } from '../../../map/engine/layers'
import { GeoJsonLayer } from '../../../map/geojson-layer'
import { useScene } from '../../../map/map-host'
import { RecordMap } from '../../../map/record-map'
import { useMapLayers } from '../../../map/use-map-layers'
import { STATE_LEGEND, parcelShape, type StockLayerSpec, type StockPoint } from './stock-layer-spec'

const MARKERS_BELOW_ZOOM = 13
const FILL_STYLE = { opacity: 0.85, line: '#5c2a0a', lineWidth: 0.8, highlight: '#ffd400' }

/** A marker per parcel in its state's colour; a click reports its id. */
function StateMarkers({ points, onPick }: { points: StockPoint[]; onPick: (parcelId: number) => void }) {
  const pick = useRef(onPick)
  pick.current = onPick
  useMapLayers(
    'stock-markers',
    () => {
      if (points.length === 0) return null
      const rows = points.map((p) => ({ lng: p.lng, lat: p.lat, label: '', size: 7, color: p.color, parcelId: p.parcelId }))
      const layers = countedCircles(rows, 30)
      for (const l of layers) l.setMaxZoom(MARKERS_BELOW_ZOOM)
      layers[0].on('click', (e: { feature?: { parcelId?: number } }) => e.feature?.parcelId && pick.current(e.feature.parcelId))
      return layers
    },
    [points],
  )
  return null
}

/** Flies to the picked parcel. */
function FocusParcel({ spec, parcelId }: { spec: StockLayerSpec; parcelId: number | null }) {
  const engine = useScene()
  useEffect(() => {
    const shape = parcelId ? parcelShape(spec, parcelId) : null
    if (shape) engine.flyToBbox(bboxOf(shape) as [number, number, number, number], 16)
  }, [engine, spec, parcelId])
  return null
}

/** The map with its layers and legend. */
export function StockMapView({
  spec,
  selected,
  onPick,
}: {
  spec: StockLayerSpec
  selected: number | null
  onPick: (parcelId: number) => void
}) {
  const chosen = useMemo(() => (selected ? parcelShape(spec, selected) : null), [spec, selected])
  return (
    <RecordMap height="100%" testId="stock-map">
      <ChoroplethLayer data={spec.fill} style={FILL_STYLE} onPick={(r) => onPick(Number(r.code))} />
      <StateMarkers points={spec.points} onPick={onPick} />
      <GeoJsonLayer data={chosen} color="#1d4e9e" kind="outline" width={3} zIndex={28} />
      <FitView bbox={spec.bbox} />
      <FocusParcel spec={spec} parcelId={selected} />
      <Legend title="处置状态" items={STATE_LEGEND} />
    </RecordMap>
  )
}
