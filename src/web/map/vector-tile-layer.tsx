/**
 * A layer of our vector tiles (`/api/tiles/{layer}/{z}/{x}/{y}.pbf`) coloured by a property;
 * requests carry the token header and X-Requested-With like every call (docs/product.md §7). Over a GCJ-02
 * base the tiles are asked for shifted (`crs=gcj02`).
 */
import { useMemo } from 'react'
import { getRuntimeConfig } from '../core/runtime-config'
import { readToken } from '../core/storage'
import { vectorTilePolygons } from './engine/layers'
import { useGcj02 } from './map-host'
import { apiTileUrl, type ApiTileLayer } from './rules/tile-url'
import { useMapLayers } from './use-map-layers'

/** The headers of a tile request. */
export function tileHeaders(): Record<string, string> {
  const c = getRuntimeConfig()
  return { 'X-Requested-With': 'XMLHttpRequest', [c.tokenKey]: `${c.tokenPrefix}${readToken(c.tokenKey) ?? ''}` }
}

/** The URL template of one of our tile layers as drawn over the current base. */
export function useApiTileUrl(layer: ApiTileLayer): string {
  const gcj02 = useGcj02()
  return useMemo(() => apiTileUrl(location.origin, getRuntimeConfig().baseUrl, layer, { gcj02 }), [layer, gcj02])
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
  const url = useApiTileUrl(layer)
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
  return <span data-testid={`tiles-${layer}`} data-url={url} hidden />
}
