/**
 * Measuring (docs/product.md §9): results to 4 decimals; length in kilometres; area from the geometry
 * (geodesic, m², with 亩); buffers in metres.
 */
import { area, buffer, length } from '@turf/turf'
import type { Feature, LineString, MultiPolygon, Polygon, Geometry } from 'geojson'
import { MEASURE_DECIMALS } from '../../../domain/map-constants'

/** A number to the spec's 4 decimals. */
export const fixed4 = (v: number) => v.toFixed(MEASURE_DECIMALS)

/** Length of a line in km, as shown. */
export function lengthText(line: LineString | Feature<LineString>): string {
  return `${fixed4(length(line as Feature<LineString>, { units: 'kilometers' }))} 公里`
}

/** Area of a polygon from its geometry in m², and in 亩 (docs/domain.md: 亩 = 10000/15 m²), as shown. */
export function areaText(poly: Polygon | MultiPolygon | Feature<Polygon | MultiPolygon>): string {
  const m2 = area(poly as Feature<Polygon>)
  return `${fixed4(m2)} 平方米（${fixed4((m2 * 15) / 10000)} 亩）`
}

/** A buffer of `metres` around a geometry. */
export function bufferOf(geometry: Geometry, metres: number): Feature<Polygon | MultiPolygon> | undefined {
  if (!(metres > 0)) return undefined
  return buffer({ type: 'Feature', geometry, properties: {} }, metres, { units: 'meters' }) as Feature<Polygon | MultiPolygon> | undefined
}
