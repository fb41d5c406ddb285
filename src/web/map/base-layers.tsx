/**
 * Base maps (docs/product.md §2.4, §7, docs/architecture.md "Maps"): the offline default drawn from the database's
 * own city/county outlines and names, or raster tiles of a configured provider. Where a level has
 * no outlines (counties, until a deployment imports them) its regions are dots with names at their
 * seats inside the city outlines (issue 19).
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { OutlineCollection, RegionSeat } from '../../domain/contracts/outlines'
import { apiGet } from '../core/api'
import { outlines, rasterTiles } from './engine/layers'
import { OutlineHint } from './outline-hint'
import { SeatSymbolLayer, type SeatSymbol } from './seat-symbol-layer'
import { useMapLayers } from './use-map-layers'
import type { BaseChoice, TileSource } from './rules/base-map-rules'

/** 查询区划边界 GET /api/cloudChart/boundaries (a level's outlines, which levels have outlines, the seats of the rest) */
const fetchBoundaries = (level: 'city' | 'county', zoom: number) => apiGet<OutlineCollection>('/api/cloudChart/boundaries', { level, zoom })

/** The offline base's outlines of a level (one call per level and zoom for the page's life). */
const useBoundaries = (level: 'city' | 'county', zoom: number) =>
  useQuery({ queryKey: ['boundaries', level, zoom], queryFn: () => fetchBoundaries(level, zoom), staleTime: Infinity })

/** Seats as reference dots with their names (no figure: the base only says where a region is). */
const seatDots = (seats: RegionSeat[], radius: number, color: string): SeatSymbol[] =>
  seats.map((s) => ({ code: s.code, name: s.name, lng: s.lng, lat: s.lat, value: null, radius, color }))

/** Colours of the offline base for the two choices (imagery offline: a dark relief-like tone). */
const OFFLINE_STYLE: Record<BaseChoice, { county: string; city: string; line: string; label: string; halo: string }> = {
  vector: { county: '#f4f1ea', city: '#f4f1ea', line: '#9aa7b8', label: '#3c4a5c', halo: '#ffffff' },
  imagery: { county: '#2f3d2f', city: '#2f3d2f', line: '#c9b779', label: '#f5f0d8', halo: '#1b241b' },
}

/** The offline default base: county fills and outlines, city outlines and names. */
export function OfflineBaseMap({ choice }: { choice: BaseChoice }) {
  const counties = useBoundaries('county', 9)
  const cities = useBoundaries('city', 7)
  const s = OFFLINE_STYLE[choice]
  const countyFills = !!counties.data && counties.data.features.length > 0
  useMapLayers(
    'base-county',
    () =>
      countyFills && counties.data ? outlines(counties.data, { fill: s.county, fillOpacity: 1, line: s.line, lineWidth: 0.6 }, 0) : null,
    [counties.data, countyFills, choice],
  )
  useMapLayers(
    'base-city',
    () =>
      cities.data && cities.data.features.length > 0
        ? // without county fills the cities carry the land's tone
          outlines(
            cities.data,
            {
              fill: s.city,
              fillOpacity: countyFills ? 0 : 1,
              line: s.line,
              lineWidth: 1.6,
              label: s.label,
              labelHalo: s.halo,
              labelSize: 13,
            },
            countyFills ? 3 : 0,
          )
        : null,
    [cities.data, countyFills, choice],
  )
  // regions without outlines: county seats as small dots, and cities (when none has an outline) as larger ones
  const countySeats = useMemo(() => seatDots(counties.data?.seats ?? [], 3, s.line), [counties.data, s.line])
  const citySeats = useMemo(() => seatDots(cities.data?.seats ?? [], 6, s.label), [cities.data, s.label])
  const dotStyle = useMemo(() => ({ stroke: s.halo, label: s.label, labelHalo: s.halo, labelOffset: 5, opacity: 0.9 }), [s])
  return (
    <>
      <SeatSymbolLayer slot="base-county-seats" symbols={countySeats} style={{ ...dotStyle, labelSize: 11 }} zIndex={6} />
      <SeatSymbolLayer slot="base-city-seats" symbols={citySeats} style={{ ...dotStyle, labelSize: 13 }} zIndex={8} />
      {/* what the base drew, for a reader without the canvas (and the e2e specs) */}
      <span
        hidden
        data-testid="offline-base"
        data-loaded={String(!!counties.data && !!cities.data)}
        data-city-outlines={cities.data?.features.length ?? 0}
        data-county-outlines={countyFills ? (counties.data?.features.length ?? 0) : 0}
        data-city-seats={citySeats.length}
        data-county-seats={countySeats.length}
      />
    </>
  )
}

/**
 * The administrators' note of the offline base when a level has no outlines (web/map
 * OutlineHint); the page places it. Nothing for other users or when every level has outlines.
 */
export function OfflineOutlineHint() {
  const counties = useBoundaries('county', 9)
  return <OutlineHint levels={counties.data?.levels} needed={['city', 'county']} />
}

/** A configured tile pair (or set). */
export function TileBase({ tiles }: { tiles: TileSource[] }) {
  useMapLayers('base-tiles', () => (tiles.length ? tiles.map((t, i) => rasterTiles(t, 1, i)) : null), [tiles.map((t) => t.url).join('|')])
  return null
}
