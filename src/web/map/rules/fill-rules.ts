/**
 * Polygons prepared for a filled L7 layer. GeoJSON rings repeat their first position at the end;
 * a fill is cut into triangles (earcut), which closes rings by itself, so the repeated position is
 * only one more vertex for L7 to build buffers for — a fifth of a parcel's quad. Outlines keep it.
 */
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'

/** A ring without its closing position (when it has one). */
function openRing(ring: Position[]): Position[] {
  const n = ring.length
  if (n < 4) return ring
  const [a, b] = [ring[0], ring[n - 1]]
  return a[0] === b[0] && a[1] === b[1] ? ring.slice(0, -1) : ring
}

function openGeometry(g: Geometry | null): Geometry | null {
  if (!g) return g
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(openRing) }
  if (g.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(openRing)) }
  return g
}

/** The features with open rings, for a fill; properties and ids are the same objects. */
export function fillRings(fc: FeatureCollection): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: fc.features.map((f): Feature => ({ ...f, geometry: openGeometry(f.geometry) as Geometry })),
  }
}
