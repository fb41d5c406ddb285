/**
 * The map of all 低效 and 闲置 land coloured by disposal state, with a marker per parcel while
 * parcels are smaller than a pixel, fitted to them; a click on a shape or a marker opens the
 * parcel's records; the legend of the four states.
 */
import { ColouredParcelsMap } from '../../../map/coloured-parcels-map'
import { STATE_LEGEND, type StockLayerSpec } from './stock-layer-spec'

const LEGEND = { title: '处置状态', items: STATE_LEGEND }

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
  return (
    <ColouredParcelsMap
      spec={spec}
      selected={selected}
      onPick={onPick}
      testId="stock-map"
      legend={LEGEND}
      line="#5c2a0a"
      outline="#1d4e9e"
      markerSize={7}
    />
  )
}
