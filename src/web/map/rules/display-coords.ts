/**
 * Display-only coordinate shift (ARCHITECTURE "Maps"): our data is WGS84; a GCJ-02 base (Gaode)
 * is offset 300–500 m, so overlays are shifted with gcoord while such a base is shown.
 */
import gcoord from 'gcoord'

/** A WGS84 point as drawn over the current base. */
export function toDisplay(lng: number, lat: number, gcj02: boolean): [number, number] {
  if (!gcj02) return [lng, lat]
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number]
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
