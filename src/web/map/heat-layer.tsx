/** Heat map of [x, y, weight] points (spec §3, §9). */
import { heat } from './engine/layers'
import { heatRows } from './rules/cluster-rules'
import { useMapLayers } from './use-map-layers'

/** Draws the heat of the points while mounted. */
export function HeatLayer({ points }: { points: [number, number, number][] }) {
  useMapLayers('heat', () => (points.length ? [heat(heatRows(points))] : null), [points])
  return null
}
