/**
 * Display-only coordinate shift (docs/architecture.md "Maps"): our data is WGS84; a GCJ-02 base (Gaode)
 * is offset 300–500 m, so overlays are shifted with gcoord while such a base is shown.
 */
import gcoord from 'gcoord'
import type { GeoJSON } from 'geojson'

/** A WGS84 point as drawn over the current base. */
export function toDisplay(lng: number, lat: number, gcj02: boolean): [number, number] {
  if (!gcj02) return [lng, lat]
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number]
  return [x, y]
}

/** A point drawn on the map back in WGS84. */
export function toWgs84(lng: number, lat: number, gcj02: boolean): [number, number] {
  if (!gcj02) return [lng, lat]
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number]
  return [x, y]
}

/** Shifts the lng/lat of point rows for display. */
export function rowsForDisplay<T extends { lng: number; lat: number }>(rows: T[], gcj02: boolean): T[] {
  if (!gcj02) return rows
  return rows.map((r) => {
    const [lng, lat] = toDisplay(r.lng, r.lat, true)
    return { ...r, lng, lat }
  })
}

/** A GeoJSON object as drawn over the current base: a shifted copy over GCJ-02, else itself. */
export function geojsonForDisplay<T extends GeoJSON>(g: T, gcj02: boolean): T {
  if (!gcj02) return g
  return gcoord.transform(structuredClone(g) as never, gcoord.WGS84, gcoord.GCJ02) as unknown as T
}

/** A shape drawn on the map back in WGS84 (what the API stores and searches with). */
export function geojsonFromDisplay<T extends GeoJSON>(g: T, gcj02: boolean): T {
  if (!gcj02) return g
  return gcoord.transform(structuredClone(g) as never, gcoord.GCJ02, gcoord.WGS84) as unknown as T
}

/** An extent [w, s, e, n] as drawn over the current base. */
export function bboxForDisplay(b: [number, number, number, number], gcj02: boolean): [number, number, number, number] {
  if (!gcj02) return b
  const [w, s] = toDisplay(b[0], b[1], true)
  const [e, n] = toDisplay(b[2], b[3], true)
  return [w, s, e, n]
}
