/**
 * The map of a run's flagged parcels on the record map (base map, neighbouring parcels faintly): the flagged
 * shapes filled by score (pass score → 100, light → deep) with a marker each while they are
 * smaller than a pixel, fitted to them; a click on a shape or a marker picks the parcel, the
 * picked one is outlined and flown to; the legend of the score colours.
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
import { scoreBands } from './score-colors'
import { parcelShape, type FlaggedLayerSpec, type FlaggedParcel } from './flagged-layer-spec'

/** The faint neighbouring parcels of the record map, for the legend. */
const CONTEXT_COLOR = '#9aa7b8'
/** From this zoom on a parcel is a few pixels wide and its shape takes the click. */
const MARKERS_BELOW_ZOOM = 13
const FILL_STYLE = { opacity: 0.85, line: '#7a0c10', lineWidth: 0.8, highlight: '#ffd400' }

/** A marker per flagged parcel in its score's colour; a click reports its 宗地代码. */
function ScoreMarkers({ parcels, onPick }: { parcels: FlaggedParcel[]; onPick: (landCode: string) => void }) {
  const pick = useRef(onPick)
  pick.current = onPick
  useMapLayers(
    'evaluation-markers',
    () => {
      if (parcels.length === 0) return null
      // the lowest first, so the highest scores are drawn on top
      const rows = [...parcels].reverse().map((p) => ({ lng: p.lng, lat: p.lat, label: '', size: 7, color: p.color, landCode: p.landCode }))
      const layers = countedCircles(rows, 30)
      for (const l of layers) l.setMaxZoom(MARKERS_BELOW_ZOOM)
      layers[0].on('click', (e: { feature?: { landCode?: string } }) => e.feature?.landCode && pick.current(e.feature.landCode))
      return layers
    },
    [parcels],
  )
  return null
}

/** Flies to the picked parcel. */
function FocusParcel({ spec, landCode }: { spec: FlaggedLayerSpec; landCode: string | null }) {
  const engine = useScene()
  useEffect(() => {
    const shape = landCode ? parcelShape(spec, landCode) : null
    if (shape) engine.flyToBbox(bboxOf(shape) as [number, number, number, number], 17)
  }, [engine, spec, landCode])
  return null
}

/** Props of {@link FlaggedMap}. */
export interface FlaggedMapProps {
  spec: FlaggedLayerSpec
  passScore: number
  selected: string | null
  onPick: (landCode: string) => void
}

/** The map with its layers and legend. */
export function FlaggedMap({ spec, passScore, selected, onPick }: FlaggedMapProps) {
  const chosen = useMemo(() => (selected ? parcelShape(spec, selected) : null), [spec, selected])
  const legend = useMemo(
    () => [
      ...scoreBands(passScore)
        .reverse()
        .map((b) => ({ ...b, shape: 'square' as const })),
      { label: '其他地块（放大后显示）', color: CONTEXT_COLOR },
    ],
    [passScore],
  )
  return (
    <RecordMap height="100%" testId="evaluation-map">
      <ChoroplethLayer data={spec.fill} style={FILL_STYLE} onPick={(r) => onPick(r.code)} />
      <ScoreMarkers parcels={spec.parcels} onPick={onPick} />
      <GeoJsonLayer data={chosen} color="#1d4e9e" kind="outline" width={3} zIndex={28} />
      <FitView bbox={spec.bbox} />
      <FocusParcel spec={spec} landCode={selected} />
      <Legend title={`得分（≥ ${passScore} 分为疑似低效）`} items={legend} />
    </RecordMap>
  )
}
