/**
 * A layer of our vector tiles (`/api/tiles/{layer}/{z}/{x}/{y}.pbf`) coloured by a property;
 * requests carry the token header and X-Requested-With like every call (spec §7).
 */
import { useMemo } from 'react'
import { getRuntimeConfig } from '../core/runtime-config'
import { readToken } from '../core/storage'
import { vectorTilePolygons } from './engine/layers'
import { useMapLayers } from './use-map-layers'

/** The headers of a tile request. */
export function tileHeaders(): Record<string, string> {
  const c = getRuntimeConfig()
  return { 'X-Requested-With': 'XMLHttpRequest', [c.tokenKey]: `${c.tokenPrefix}${readToken(c.tokenKey) ?? ''}` }
}

/** Props of {@link VectorTileLayer}. */
export interface VectorTileLayerProps {
  layer: 'parcels' | 'enterprises'
  colorField: string
  colors: Record<string, string>
  minZoom: number
  opacity?: number
  onFeatureClick?: (id: number, properties: Record<string, unknown>) => void
}

/** Parcels (polygons) from vector tiles. */
export function VectorTileLayer({ layer, colorField, colors, minZoom, opacity = 0.75, onFeatureClick }: VectorTileLayerProps) {
  const url = useMemo(() => `${location.origin}${getRuntimeConfig().baseUrl}/api/tiles/${layer}/{z}/{x}/{y}.pbf`, [layer])
  useMapLayers(
    `tiles-${layer}`,
    () => {
      const l = vectorTilePolygons({ url, sourceLayer: layer, headers: tileHeaders(), colorField, colors, minZoom })
      l.style({ opacity })
      l.on('click', (e: { feature?: { id?: number; properties?: Record<string, unknown> }; featureId?: number }) => {
        const id = Number(e.feature?.id ?? e.featureId ?? e.feature?.properties?.id)
        if (Number.isFinite(id)) onFeatureClick?.(id, e.feature?.properties ?? {})
      })
      return [l]
    },
    [url, colorField, JSON.stringify(colors), minZoom, opacity, onFeatureClick],
  )
  return null
}
