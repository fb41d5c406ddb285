/**
 * A map of parcels coloured by a category (闲置/低效 disposal state, 盘活方式 …): the shapes, a
 * counted marker per parcel while parcels are smaller than a pixel, fitted to them, the picked
 * parcel outlined and flown to, and the legend of the categories. A click on a shape or a marker
 * reports the parcel id.
 */
import { bbox as bboxOf } from '@turf/turf'
import { useEffect, useMemo, useRef } from 'react'
import { ChoroplethLayer, FitView } from './choropleth-layer'
import { Legend, type LegendItem } from './controls/legend'
import { countedCircles } from './engine/layers'
import { GeoJsonLayer } from './geojson-layer'
import { useScene } from './map-host'
import { RecordMap } from './record-map'
import { parcelShape, type ColouredParcels } from './parcel-shape'
import { useMapLayers } from './use-map-layers'

const MARKERS_BELOW_ZOOM = 13

/** A marker per parcel in its colour; a click reports its id. */
function Markers({
  id,
  points,
  size,
  onPick,
}: {
  id: string
  points: ColouredParcels['points']
  size: number
  onPick: (parcelId: number) => void
}) {
  const pick = useRef(onPick)
  pick.current = onPick
  useMapLayers(id, () => {
    if (points.length === 0) return null
    const rows = points.map((p) => ({ lng: p.lng, lat: p.lat, label: '', size, color: p.color, parcelId: p.parcelId }))
    const layers = countedCircles(rows, 30)
    for (const l of layers) l.setMaxZoom(MARKERS_BELOW_ZOOM)
    layers[0].on('click', (e: { feature?: { parcelId?: number } }) => e.feature?.parcelId && pick.current(e.feature.parcelId))
    return layers
  }, [points])
  return null
}

/** Flies to the picked parcel. */
function FocusParcel({ spec, parcelId }: { spec: ColouredParcels; parcelId: number | null }) {
  const engine = useScene()
  useEffect(() => {
    const shape = parcelId ? parcelShape(spec, parcelId) : null
    if (shape) engine.flyToBbox(bboxOf(shape) as [number, number, number, number], 16)
  }, [engine, spec, parcelId])
  return null
}

/** Props of {@link ColouredParcelsMap}. */
export interface ColouredParcelsMapProps {
  spec: ColouredParcels
  selected: number | null
  onPick: (parcelId: number) => void
  /** names the map host (`data-testid`) and its marker layers */
  testId: string
  legend: { title: string; items: LegendItem[] }
  /** the shapes' edge colour */
  line: string
  /** the picked parcel's outline colour */
  outline: string
  markerSize: number
}

/** The map with its layers and legend. */
export function ColouredParcelsMap({ spec, selected, onPick, testId, legend, line, outline, markerSize }: ColouredParcelsMapProps) {
  const chosen = useMemo(() => (selected ? parcelShape(spec, selected) : null), [spec, selected])
  const style = useMemo(() => ({ opacity: 0.85, line, lineWidth: 0.8, highlight: '#ffd400' }), [line])
  return (
    <RecordMap height="100%" testId={testId}>
      <ChoroplethLayer data={spec.fill} style={style} onPick={(r) => onPick(Number(r.code))} />
      <Markers id={`${testId}-markers`} points={spec.points} size={markerSize} onPick={onPick} />
      <GeoJsonLayer data={chosen} color={outline} kind="outline" width={3} zIndex={28} />
      <FitView bbox={spec.bbox} />
      <FocusParcel spec={spec} parcelId={selected} />
      <Legend title={legend.title} items={legend.items} />
    </RecordMap>
  )
}
