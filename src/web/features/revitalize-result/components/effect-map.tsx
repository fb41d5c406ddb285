/**
 * The map of the done plans' parcels coloured by 盘活方式, with a marker per parcel while parcels are
 * smaller than a pixel, fitted to them; a click on a shape or marker reports the parcel; the legend
 * of the methods.
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
import { METHOD_LEGEND } from './effect-colors'
import { parcelShape, type EffectLayerSpec, type EffectPoint } from './effect-layer-spec'

const MARKERS_BELOW_ZOOM = 13
const FILL_STYLE = { opacity: 0.85, line: '#1f2937', lineWidth: 0.8, highlight: '#ffd400' }

/** A marker per parcel in its method's colour; a click reports its id. */
function MethodMarkers({ points, onPick }: { points: EffectPoint[]; onPick: (parcelId: number) => void }) {
  const pick = useRef(onPick)
  pick.current = onPick
  useMapLayers(
    'result-markers',
    () => {
      if (points.length === 0) return null
      const rows = points.map((p) => ({ lng: p.lng, lat: p.lat, label: '', size: 8, color: p.color, parcelId: p.parcelId }))
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
function FocusParcel({ spec, parcelId }: { spec: EffectLayerSpec; parcelId: number | null }) {
  const engine = useScene()
  useEffect(() => {
    const shape = parcelId ? parcelShape(spec, parcelId) : null
    if (shape) engine.flyToBbox(bboxOf(shape) as [number, number, number, number], 16)
  }, [engine, spec, parcelId])
  return null
}

/** The map with its layers and legend. */
export function EffectMapView({
  spec,
  selected,
  onPick,
}: {
  spec: EffectLayerSpec
  selected: number | null
  onPick: (parcelId: number) => void
}) {
  const chosen = useMemo(() => (selected ? parcelShape(spec, selected) : null), [spec, selected])
  return (
    <RecordMap height="100%" testId="result-map">
      <ChoroplethLayer data={spec.fill} style={FILL_STYLE} onPick={(r) => onPick(Number(r.code))} />
      <MethodMarkers points={spec.points} onPick={onPick} />
      <GeoJsonLayer data={chosen} color="#c8161d" kind="outline" width={3} zIndex={28} />
      <FitView bbox={spec.bbox} />
      <FocusParcel spec={spec} parcelId={selected} />
      <Legend title="盘活方式" items={METHOD_LEGEND} />
    </RecordMap>
  )
}
