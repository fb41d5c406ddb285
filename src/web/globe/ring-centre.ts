/** The vertex mean of a lon/lat ring: a marker position inside a compact parcel. */
export function ringCentre(ring: [number, number][]): { lng: number; lat: number } {
  if (ring.length === 0) return { lng: 0, lat: 0 }
  return { lng: ring.reduce((s, c) => s + c[0], 0) / ring.length, lat: ring.reduce((s, c) => s + c[1], 0) / ring.length }
}
