/** Heat map of [x, y, weight] points (docs/product.md §3, §9), merged per screen cell at the current zoom. */
import { useEffect, useMemo, useState } from 'react'
import { heat } from './engine/layers'
import { binnedHeatRows } from './rules/cluster-rules'
import { useScene } from './map-host'
import { useMapLayers } from './use-map-layers'

/** Draws the heat of the points while mounted; re-merges them when the whole zoom level changes. */
export function HeatLayer({ points }: { points: [number, number, number][] }) {
  const engine = useScene()
  const [level, setLevel] = useState(() => Math.floor(engine.zoom()))
  useEffect(() => engine.on('zoomend', () => setLevel(Math.floor(engine.zoom()))), [engine])
  const rows = useMemo(() => binnedHeatRows(points, level), [points, level])
  useMapLayers('heat', () => (rows.length ? [heat(rows)] : null), [rows])
  return null
}
