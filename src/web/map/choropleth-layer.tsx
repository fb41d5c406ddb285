/**
 * 分级设色 layer of joined region outlines (rules/choropleth-rules `joinFigures`): click picks a
 * region, hover reports it with the pointer's position in the map box. L7 picks in the canvas's
 * own pixels; the walls lay widgets out at real pixels (no CSS transform, ADR 0006), so a pick
 * under any wall scale is the region under the pointer.
 */
import { useEffect, useRef, useState } from 'react'
import type { FeatureCollection } from 'geojson'
import { choropleth, type ChoroplethStyle } from './engine/choropleth'
import { outlines } from './engine/layers'
import { useByValue } from '../core/use-by-value'
import { useScene } from './map-host'
import type { RegionFigure } from './rules/choropleth-rules'
import { useMapLayers } from './use-map-layers'

/** A picked or hovered region and where the pointer is (map-box pixels). */
export interface RegionPick extends Pick<RegionFigure, 'code' | 'name' | 'value'> {
  x: number
  y: number
}

interface L7PickEvent {
  x?: number
  y?: number
  feature?: { properties?: Partial<RegionFigure> }
}

const toPick = (e: L7PickEvent): RegionPick | null => {
  const p = e.feature?.properties
  if (!p?.code) return null
  return { code: String(p.code), name: String(p.name ?? ''), value: p.value ?? null, x: e.x ?? 0, y: e.y ?? 0 }
}

/** Props of {@link ChoroplethLayer}. */
export interface ChoroplethLayerProps {
  data: FeatureCollection
  style: ChoroplethStyle
  onPick?: (r: RegionPick) => void
  onHover?: (r: RegionPick | null) => void
}

/** Draws the choropleth while mounted; layers are rebuilt only when the data or the look change. */
export function ChoroplethLayer({ data, style, onPick, onHover }: ChoroplethLayerProps) {
  // handlers through refs: a new callback must not rebuild the layers
  const pick = useRef(onPick)
  const hover = useRef(onHover)
  pick.current = onPick
  hover.current = onHover
  useMapLayers(
    'choropleth',
    () => {
      const { fill, layers } = choropleth(data, style)
      fill.on('click', (e: L7PickEvent) => {
        const r = toPick(e)
        if (r) pick.current?.(r)
      })
      fill.on('mousemove', (e: L7PickEvent) => hover.current?.(toPick(e)))
      fill.on('mouseout', () => hover.current?.(null))
      return layers
    },
    [data, style.opacity, style.line, style.lineWidth, style.highlight],
  )
  return null
}

/**
 * Fits the view to a box once the map is up and reports the visible extent and the map box's size
 * (`data-bounds`, `data-size` on `data-testid="map-view"`), so a test can find a place's pixel.
 */
export function FitView({ bbox }: { bbox: [number, number, number, number] | null }) {
  const engine = useScene()
  const [view, setView] = useState<{ bounds: string; size: string }>({ bounds: '', size: '' })
  // the box by value: a new array with the same corners is the same view
  const box = useByValue(bbox, bbox?.join(',') ?? '')
  useEffect(() => {
    const read = () => setView({ bounds: engine.bounds().join(','), size: engine.l7.getSize().join(',') })
    if (box) engine.flyToBbox(box)
    const frame = requestAnimationFrame(read)
    const off = engine.on('moveend', read)
    return () => {
      cancelAnimationFrame(frame)
      off()
    }
  }, [engine, box])
  return <span hidden data-testid="map-view" data-bounds={view.bounds} data-size={view.size} />
}

/**
 * Outline lines with name labels over a choropleth (e.g. city borders over counties), or with
 * `fill` the regions' land under seat symbols where the level below has no outlines (issue 19).
 * They take no clicks: L7 gives a click to the topmost layer that has a feature there, which must
 * be the choropleth's fill or a symbol.
 */
export function OutlineLayer({
  data,
  line,
  lineWidth,
  label,
  labelSize,
  fill,
}: {
  data: FeatureCollection
  line: string
  lineWidth: number
  label: string
  labelSize: number
  fill?: string
}) {
  useMapLayers(
    'outline-lines',
    () => {
      const all = outlines(
        data,
        { fill: fill ?? line, fillOpacity: fill ? 1 : 0, line, lineWidth, label, labelSize, labelHalo: '#04122e' },
        fill ? 4 : 8,
      )
      // the builder's first layer is a fill: wanted only when asked for
      const layers = fill ? all : all.slice(1)
      for (const l of layers) l.updateLayerConfig({ enableSelect: false, enableHighlight: false })
      return layers
    },
    [data, line, lineWidth, label, labelSize, fill],
  )
  return null
}
