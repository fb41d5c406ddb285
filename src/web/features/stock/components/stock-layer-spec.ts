/**
 * The 低效 and 闲置 land as plain map data (docs/conventions.md "Layers, charts and walls as data"):
 * each shape filled in its disposal state's colour (the choropleth's `code` = parcel id, `name`,
 * `value`, `color`), one point per parcel for the markers drawn while parcels are smaller than a
 * pixel, and the extent to fit.
 */
import { pointOnFeature } from '@turf/turf'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { StockMap } from '../../../../domain/contracts/stock'
import { DISPOSAL_STATES, type DisposalState } from '../../../../domain/idle-land'
import { outlineBbox } from '../../../map/rules/choropleth-rules'

/** The colour of each disposal state: red to act on, amber planned, blue under way, green done. */
export const STATE_COLORS: Record<DisposalState, string> = {
  未处置: '#d4380d',
  方案中: '#faad14',
  实施中: '#1677ff',
  已完成: '#52c41a',
}

/** The legend rows, in the order of the states. */
export const STATE_LEGEND = DISPOSAL_STATES.map((s) => ({ label: s, color: STATE_COLORS[s], shape: 'square' as const }))

/** One parcel as drawn. */
export interface StockPoint {
  parcelId: number
  name: string
  state: DisposalState
  color: string
  lng: number
  lat: number
}

/** What the map draws. */
export interface StockLayerSpec {
  fill: FeatureCollection
  points: StockPoint[]
  bbox: [number, number, number, number] | null
  /** drawn shapes per state */
  counts: Record<DisposalState, number>
}

/** The map data of the answer of /api/stock/map. */
export function stockLayerSpec(map: StockMap): StockLayerSpec {
  const drawn = map.features.filter((f) => f.geometry)
  const fill: FeatureCollection = {
    type: 'FeatureCollection',
    features: drawn.map((f): Feature => ({
      type: 'Feature',
      geometry: f.geometry as Geometry,
      properties: {
        code: String(f.properties.parcelId),
        name: f.properties.name,
        value: f.properties.areaMu,
        color: STATE_COLORS[f.properties.state],
      },
    })),
  }
  const counts = Object.fromEntries(DISPOSAL_STATES.map((s) => [s, 0])) as Record<DisposalState, number>
  const points = fill.features.map((f, i): StockPoint => {
    const p = drawn[i].properties
    counts[p.state]++
    const [lng, lat] = pointOnFeature(f).geometry.coordinates
    return { parcelId: p.parcelId, name: p.name, state: p.state, color: STATE_COLORS[p.state], lng, lat }
  })
  return { fill, points, bbox: outlineBbox(fill), counts }
}

/** One parcel's shape (its outline when picked): the map's own. */
export { parcelShape } from '../../../map/parcel-shape'
