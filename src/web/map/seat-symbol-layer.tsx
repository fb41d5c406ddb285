/**
 * Proportional symbols at the seats of regions that have no outline (issue 19 "Honest without
 * outlines"): each region's figure as a circle whose size and colour the caller chose, its name
 * beside it. A click picks the region and hovering reports it, as the choropleth does, so a wall
 * reads the same with or without county outlines.
 */
import { useRef } from 'react'
import { seatSymbols, type SeatSymbolRow } from './engine/layers'
import type { RegionPick } from './choropleth-layer'
import { useMapLayers } from './use-map-layers'

/** A region at its seat with its figure (null: no figure, e.g. a base map's reference dot). */
export interface SeatSymbol extends SeatSymbolRow {
  code: string
  value: number | null
}

/** Look of the symbols. */
export interface SeatSymbolStyle {
  stroke: string
  label: string
  labelHalo: string
  labelSize: number
  labelOffset?: number
  opacity?: number
}

interface L7PointEvent {
  x?: number
  y?: number
  feature?: Partial<SeatSymbol>
}

const toPick = (e: L7PointEvent): RegionPick | null => {
  const f = e.feature
  if (!f?.code) return null
  return { code: String(f.code), name: String(f.name ?? ''), value: f.value ?? null, x: e.x ?? 0, y: e.y ?? 0 }
}

/** Props of {@link SeatSymbolLayer}. */
export interface SeatSymbolLayerProps {
  /** layer slot name (two symbol sets on one map need two names) */
  slot?: string
  symbols: SeatSymbol[]
  style: SeatSymbolStyle
  zIndex?: number
  onPick?: (r: RegionPick) => void
  onHover?: (r: RegionPick | null) => void
}

/** Draws the symbols while mounted; rebuilt only when the symbols or their look change. */
export function SeatSymbolLayer({ slot = 'seat-symbols', symbols, style, zIndex, onPick, onHover }: SeatSymbolLayerProps) {
  // handlers through refs: a new callback must not rebuild the layers
  const pick = useRef(onPick)
  const hover = useRef(onHover)
  pick.current = onPick
  hover.current = onHover
  const { stroke, label, labelHalo, labelSize, labelOffset, opacity } = style
  // a base map's reference dots take no clicks: they must not hide what lies over them from a pick
  const interactive = !!(onPick || onHover)
  useMapLayers(slot, () => {
    if (symbols.length === 0) return null
    const layers = seatSymbols(symbols, { stroke, label, labelHalo, labelSize, labelOffset, opacity }, zIndex)
    if (!interactive) {
      layers[0].updateLayerConfig({ enablePicking: false, enableSelect: false, enableHighlight: false })
      return layers
    }
    layers[0].on('click', (e: L7PointEvent) => {
      const r = toPick(e)
      if (r) pick.current?.(r)
    })
    layers[0].on('mousemove', (e: L7PointEvent) => hover.current?.(toPick(e)))
    layers[0].on('mouseout', () => hover.current?.(null))
    return layers
  }, [symbols, stroke, label, labelHalo, labelSize, labelOffset, opacity, zIndex, interactive])
  return null
}
