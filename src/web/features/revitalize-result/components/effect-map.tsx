/**
 * The map of the done plans' parcels coloured by 盘活方式, with a marker per parcel while parcels are
 * smaller than a pixel, fitted to them; a click on a shape or marker reports the parcel; the legend
 * of the methods.
 */
import { ColouredParcelsMap } from '../../../map/coloured-parcels-map'
import { METHOD_LEGEND } from './effect-colors'
import type { EffectLayerSpec } from './effect-layer-spec'

const LEGEND = { title: '盘活方式', items: METHOD_LEGEND }

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
  return (
    <ColouredParcelsMap
      spec={spec}
      selected={selected}
      onPick={onPick}
      testId="result-map"
      legend={LEGEND}
      line="#1f2937"
      outline="#c8161d"
      markerSize={8}
    />
  )
}
