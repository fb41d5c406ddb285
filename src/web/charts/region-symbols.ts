/**
 * Regions without outlines (issue 19 "Honest without outlines"), pure: how a map draws a level —
 * filled outlines when every region of it has one, else each region's figure as a proportional
 * symbol at its seat over whatever outlines there are (the parent city's when the level has none) —
 * and the symbols' sizes. Shared by the walls' ECharts maps and, for the sizes, their L7 map.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import type { OutlineCollection, OutlineProperties, RegionSeat } from '../../domain/contracts/outlines'

/** A region drawn as a symbol: where (its seat, or its label point when it has an outline) and its figure. */
export interface SymbolPlace {
  code: string
  name: string
  lng: number
  lat: number
  value: number
}

/** What a region map draws. */
export type RegionMapPlan =
  /** every region of the level has an outline: fill them (分级设色) */
  | { mode: 'choropleth'; outlines: FeatureCollection<Polygon | MultiPolygon, OutlineProperties> }
  /**
   * some have none: every region's figure as a symbol at its seat; `backdrop` holds the outlines
   * there are (the level's own and the parent's), empty when there are none at all
   */
  | { mode: 'symbols'; backdrop: FeatureCollection<Polygon | MultiPolygon, OutlineProperties>; points: SymbolPoint[] }

/** A region of the level as a point: a seat, or an outlined region's label point. */
export interface SymbolPoint {
  code: string
  name: string
  lng: number
  lat: number
}

const collection = (
  features: Feature<Polygon | MultiPolygon, OutlineProperties>[],
): FeatureCollection<Polygon | MultiPolygon, OutlineProperties> => ({
  type: 'FeatureCollection',
  features,
})

/**
 * How to draw `level` (the outlines of one level, within a parent when asked). `parent` is the
 * parent level's outlines and `parentCode` the one region of it the map shows (a drilled city), if any.
 */
export function planRegionMap(
  level: Pick<OutlineCollection, 'features' | 'seats'>,
  parent?: Pick<OutlineCollection, 'features'> | null,
  parentCode?: string,
): RegionMapPlan {
  if (level.seats.length === 0 && level.features.length > 0) return { mode: 'choropleth', outlines: collection(level.features) }
  const around = (parent?.features ?? []).filter((f) => !parentCode || f.properties.code === parentCode)
  const points: SymbolPoint[] = [
    ...level.features.map((f) => ({
      code: f.properties.code,
      name: f.properties.name,
      lng: f.properties.labelLng,
      lat: f.properties.labelLat,
    })),
    ...level.seats.map((s: RegionSeat) => ({ code: s.code, name: s.name, lng: s.lng, lat: s.lat })),
  ]
  return { mode: 'symbols', backdrop: collection([...around, ...level.features]), points }
}

/**
 * The symbols of the regions that have a row: each with its figure (rows joined by `key` = region
 * code), largest first so small symbols are drawn over large ones.
 */
export function symbolPlaces(points: readonly SymbolPoint[], figures: readonly { key: string; value: number }[]): SymbolPlace[] {
  const byCode = new Map(figures.map((f) => [f.key, f.value]))
  return points
    .filter((p) => byCode.has(p.code) && Number.isFinite(p.lng) && Number.isFinite(p.lat))
    .map((p) => ({ ...p, value: byCode.get(p.code) as number }))
    .sort((a, b) => b.value - a.value || a.code.localeCompare(b.code))
}

/**
 * A proportional symbol's diameter in design pixels: its area is proportional to the figure, the
 * largest figure gets `largest`, and no symbol is smaller than `least` (a zero stays visible).
 */
export function symbolSize(value: number, max: number, largest = 44, least = 6): number {
  if (!(max > 0) || !(value > 0)) return least
  return Math.max(least, largest * Math.sqrt(Math.min(1, value / max)))
}
