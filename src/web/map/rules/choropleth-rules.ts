/**
 * 分级设色 (district choropleth) rules, pure: a figure's colour on a ramp, the figures joined to
 * region outlines by code, and the legend's stops. Used by the wall's L7 map widget.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson'

/** Dark-wall ramp, low → high (the wall's ECharts map uses the same colours). */
export const WALL_RAMP = ['#0b3a75', '#1f6fd1', '#2fb5ff', '#22e3c3'] as const

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))

/** The ramp's colour at `value` between `min` and `max` (linear between stops, clamped). */
export function rampColor(value: number, min: number, max: number, ramp: readonly string[] = WALL_RAMP): string {
  if (ramp.length === 1 || !(max > min)) return ramp[ramp.length - 1]
  const t = Math.min(1, Math.max(0, (value - min) / (max - min))) * (ramp.length - 1)
  const i = Math.min(ramp.length - 2, Math.floor(t))
  const [a, b] = [hex(ramp[i]), hex(ramp[i + 1])]
  const f = t - i
  return `#${a
    .map((x, k) =>
      Math.round(x + (b[k] - x) * f)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Properties of a region after the join. */
export interface RegionFigure {
  code: string
  name: string
  /** the figure, or null when the rows hold none for this region */
  value: number | null
  /** fill colour */
  color: string
}

/**
 * The outlines with each region's figure and colour; regions without a row are drawn in the
 * ramp's lowest colour with a null value. The scale runs from 0 to the largest figure.
 */
export function joinFigures(
  fc: FeatureCollection,
  rows: readonly { key: string; value: number }[],
  ramp: readonly string[] = WALL_RAMP,
): { fc: FeatureCollection<Geometry, RegionFigure & Record<string, unknown>>; max: number } {
  const byCode = new Map(rows.map((r) => [r.key, r.value]))
  const max = Math.max(0, ...rows.map((r) => r.value))
  const features = fc.features.map((f): Feature<Geometry, RegionFigure & Record<string, unknown>> => {
    const code = String(f.properties?.code ?? '')
    const value = byCode.has(code) ? (byCode.get(code) as number) : null
    return {
      ...f,
      properties: { ...f.properties, code, name: String(f.properties?.name ?? ''), value, color: rampColor(value ?? 0, 0, max, ramp) },
    }
  })
  return { fc: { type: 'FeatureCollection', features }, max }
}

/** [west, south, east, north] of every coordinate of the outlines. */
export function outlineBbox(fc: FeatureCollection): [number, number, number, number] | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[]
      w = Math.min(w, x)
      e = Math.max(e, x)
      s = Math.min(s, y)
      n = Math.max(n, y)
    } else if (Array.isArray(c)) c.forEach(visit)
  }
  for (const f of fc.features) if (f.geometry && 'coordinates' in f.geometry) visit(f.geometry.coordinates)
  return Number.isFinite(w) ? [w, s, e, n] : null
}
