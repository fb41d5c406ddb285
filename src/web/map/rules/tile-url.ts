/**
 * The address of our own vector tiles (`GET /api/tiles/{layer}/{z}/{x}/{y}.pbf`, docs/api.md "Map tiles"):
 * zones may be limited to one kind, and over a GCJ-02 base the server draws the tile shifted
 * (docs/architecture.md "Maps": overlays shifted for display only).
 */
import type { ZoneInputKey } from '../../../domain/map-constants'

/** The layers the API serves as tiles. */
export type ApiTileLayer = 'parcels' | 'enterprises' | 'zones'

/** URL template with {z}/{x}/{y} for L7's tile source. */
export function apiTileUrl(
  origin: string,
  baseUrl: string,
  layer: ApiTileLayer,
  opts: { kind?: ZoneInputKey; gcj02?: boolean } = {},
): string {
  const q = new URLSearchParams()
  if (opts.kind) q.set('kind', opts.kind)
  if (opts.gcj02) q.set('crs', 'gcj02')
  const query = q.toString()
  return `${origin}${baseUrl}/api/tiles/${layer}/{z}/{x}/{y}.pbf${query ? `?${query}` : ''}`
}
