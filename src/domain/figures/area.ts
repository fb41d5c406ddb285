/**
 * The official area of a shape as the database computes it (docs/architecture.md "Database":
 * ST_Area(ST_Transform(geom, 4549))): the (multi)polygon projected to CGCS2000 3° Gauss-Krüger
 * CM 120°E (EPSG:4549) and measured in the plane, holes subtracted. The browser's record editor
 * uses this so that the 亩 it shows while drawing is the 亩 the lists show after saving.
 */
import type { Geometry, Position } from 'geojson'

// CGCS2000 ellipsoid (equal to GRS80 at map scale) and the EPSG:4549 projection's parameters.
const A = 6378137
const F = 1 / 298.257222101
const LON0 = (120 * Math.PI) / 180
const K0 = 1
const FALSE_EASTING = 500000

// Krüger's series for the transverse Mercator (accurate to well under a millimetre inside a zone)
const N = F / (2 - F)
const RECT = (A / (1 + N)) * (1 + N ** 2 / 4 + N ** 4 / 64)
const ALPHA = [
  N / 2 - (2 * N ** 2) / 3 + (5 * N ** 3) / 16 + (41 * N ** 4) / 180,
  (13 * N ** 2) / 48 - (3 * N ** 3) / 5 + (557 * N ** 4) / 1440,
  (61 * N ** 3) / 240 - (103 * N ** 4) / 140,
  (49561 * N ** 4) / 161280,
]
const E2N = (2 * Math.sqrt(N)) / (1 + N)

/** Longitude/latitude in degrees → EPSG:4549 easting/northing in metres. */
export function toGaussKruger4549(lon: number, lat: number): [number, number] {
  const phi = (lat * Math.PI) / 180
  const dl = (lon * Math.PI) / 180 - LON0
  const s = Math.sin(phi)
  const t = Math.sinh(Math.atanh(s) - E2N * Math.atanh(E2N * s))
  const xi = Math.atan2(t, Math.cos(dl))
  const eta = Math.atanh(Math.sin(dl) / Math.sqrt(1 + t * t))
  let x = xi
  let y = eta
  for (let j = 1; j <= ALPHA.length; j++) {
    x += ALPHA[j - 1] * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta)
    y += ALPHA[j - 1] * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta)
  }
  return [FALSE_EASTING + K0 * RECT * y, K0 * RECT * x]
}

/** Planar area of one ring after projection (shoelace), unsigned. */
function ringArea(ring: Position[]): number {
  let twice = 0
  const pts = ring.map(([lon, lat]) => toGaussKruger4549(lon, lat))
  for (let i = 0; i < pts.length - 1; i++) twice += pts[i][0] * pts[i + 1][1] - pts[i + 1][0] * pts[i][1]
  return Math.abs(twice) / 2
}

const polygonArea = (rings: Position[][]): number =>
  rings.length ? ringArea(rings[0]) - rings.slice(1).reduce((s, r) => s + ringArea(r), 0) : 0

/** Area in 平方米 of a Polygon or MultiPolygon (EPSG:4326 coordinates) in EPSG:4549; null for other shapes. */
export function officialAreaM2(g: Geometry | null | undefined): number | null {
  if (!g) return null
  if (g.type === 'Polygon') return polygonArea(g.coordinates)
  if (g.type === 'MultiPolygon') return g.coordinates.reduce((s, p) => s + polygonArea(p), 0)
  return null
}
