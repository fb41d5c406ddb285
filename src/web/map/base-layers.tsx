/**
 * Base maps (docs/product.md §2.4, §7, docs/architecture.md "Maps"): the offline default drawn from the database's
 * own city/county outlines and names, or raster tiles of a configured provider.
 */
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { apiGet } from '../core/api'
import { outlines, rasterTiles } from './engine/layers'
import { useMapLayers } from './use-map-layers'
import type { BaseChoice, TileSource } from './rules/base-map-rules'

/** 查询区划边界 GET /api/cloudChart/boundaries */
const fetchBoundaries = (level: 'city' | 'county', zoom: number) => apiGet<FeatureCollection>('/api/cloudChart/boundaries', { level, zoom })

/** Colours of the offline base for the two choices (imagery offline: a dark relief-like tone). */
const OFFLINE_STYLE: Record<BaseChoice, { county: string; city: string; line: string; label: string; halo: string }> = {
  vector: { county: '#f4f1ea', city: '#f4f1ea', line: '#9aa7b8', label: '#3c4a5c', halo: '#ffffff' },
  imagery: { county: '#2f3d2f', city: '#2f3d2f', line: '#c9b779', label: '#f5f0d8', halo: '#1b241b' },
}

/** The offline default base: county fills and outlines, city outlines and names. */
export function OfflineBaseMap({ choice }: { choice: BaseChoice }) {
  const counties = useQuery({ queryKey: ['boundaries', 'county', 9], queryFn: () => fetchBoundaries('county', 9), staleTime: Infinity })
  const cities = useQuery({ queryKey: ['boundaries', 'city', 7], queryFn: () => fetchBoundaries('city', 7), staleTime: Infinity })
  const s = OFFLINE_STYLE[choice]
  useMapLayers('base-county', () => (counties.data ? outlines(counties.data, { fill: s.county, fillOpacity: 1, line: s.line, lineWidth: 0.6 }, 0) : null), [counties.data, choice])
  useMapLayers(
    'base-city',
    () => (cities.data ? outlines(cities.data, { fill: s.city, fillOpacity: 0, line: s.line, lineWidth: 1.6, label: s.label, labelHalo: s.halo, labelSize: 13 }, 3) : null),
    [cities.data, choice],
  )
  return null
}

/** A configured tile pair (or set). */
export function TileBase({ tiles }: { tiles: TileSource[] }) {
  useMapLayers('base-tiles', () => (tiles.length ? tiles.map((t, i) => rasterTiles(t, 1, i)) : null), [tiles.map((t) => t.url).join('|')])
  return null
}
