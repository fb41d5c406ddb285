/**
 * Zone toggle and selection rules (docs/product.md §2.6–§2.8, §3, §4, §5, §9): the three JSON-text inputs
 * zjtx / djtx / jgtx carry the shapes; toggling adds or removes a coloured outline layer and flies
 * to it, or warns 无法展示 with the spec's message when there is nothing to show.
 *
 * The host decides what the current selection is: a parcel (its shapes come as the inputs) or a
 * district (ADR 0010: then the zones of the district are drawn from vector tiles, and the warning
 * comes only when the district holds none).
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { ZoneExtent } from '../../../domain/contracts/map'
import { ZONE_EMPTY_TITLE, ZONES, type ZoneKey } from '../../../domain/map-constants'

/** docs/product.md §3 "Map geometry feature". */
export interface ShapeProps {
  landId?: string | number
  name?: string
  hook?: number | string
}

/** The shapes of a JSON text (FeatureCollection, Feature, Geometry or an array of features); null when empty or unreadable. */
export function parseShapes(text: string | null | undefined): FeatureCollection<Geometry, ShapeProps> | null {
  if (!text || !text.trim()) return null
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return null
  }
  const asFeature = (g: unknown): Feature<Geometry, ShapeProps> | null => {
    const o = g as { type?: string; geometry?: Geometry; properties?: ShapeProps; coordinates?: unknown }
    if (o?.type === 'Feature' && o.geometry) return { type: 'Feature', geometry: o.geometry, properties: o.properties ?? {} }
    if (o?.type && o.coordinates) return { type: 'Feature', geometry: o as Geometry, properties: {} }
    return null
  }
  const list = Array.isArray(v) ? v : (v as { type?: string }).type === 'FeatureCollection' ? (v as FeatureCollection).features : [v]
  const features = list.map(asFeature).filter((f): f is Feature<Geometry, ShapeProps> => f !== null)
  return features.length ? { type: 'FeatureCollection', features } : null
}

/** What toggling a zone does. */
export type ZoneEffect =
  | { kind: 'add'; key: ZoneKey; color: string; shapes: FeatureCollection<Geometry, ShapeProps> }
  | { kind: 'add-tiles'; key: ZoneKey; color: string; count: number; bbox: [number, number, number, number] }
  | { kind: 'remove'; key: ZoneKey }
  | { kind: 'warn'; title: string; message: string }
  | { kind: 'wait'; message: string }

/**
 * A district as the current selection: its zone counts and extents (undefined while they load).
 */
export interface RegionZoneCounts {
  extents: ZoneExtent[] | undefined
}

/**
 * docs/product.md §4, §5: toggle a zone item. Shapes in the input are drawn; else, with a district selected,
 * its zones are drawn from tiles when it holds any; with no data the item stays unselected and
 * warns 无法展示.
 */
export function toggleZone(
  selected: ReadonlySet<ZoneKey>,
  key: ZoneKey,
  inputs: Partial<Record<ZoneKey, string>>,
  region?: RegionZoneCounts | null,
): { selected: Set<ZoneKey>; effect: ZoneEffect } {
  const zone = ZONES.find((z) => z.key === key)!
  const next = new Set(selected)
  if (next.has(key)) {
    next.delete(key)
    return { selected: next, effect: { kind: 'remove', key } }
  }
  const shapes = parseShapes(inputs[key])
  if (shapes) {
    next.add(key)
    return { selected: next, effect: { kind: 'add', key, color: zone.color, shapes } }
  }
  if (region && !region.extents) return { selected: next, effect: { kind: 'wait', message: '正在读取图形数据，请稍后再试' } }
  const extent = region?.extents?.find((e) => e.key === key)
  if (extent && extent.count > 0 && extent.bbox) {
    next.add(key)
    return { selected: next, effect: { kind: 'add-tiles', key, color: zone.color, count: extent.count, bbox: extent.bbox } }
  }
  return { selected: next, effect: { kind: 'warn', title: ZONE_EMPTY_TITLE, message: zone.empty } }
}

/** docs/product.md §2.8: the four items of the selection control. */
export const SELECTION_ITEMS = ['选点', '勘测', '竣工', '建新'] as const

/** docs/product.md §2.8: new-build shapes — hook 0 an orange dashed outline, any other value a filled pink shape. */
export function newBuildStyle(hook: unknown): { kind: 'outline'; color: string; dashed: true } | { kind: 'fill'; color: string } {
  return Number(hook) === 0 && hook !== null && hook !== ''
    ? { kind: 'outline', color: '#ff8c00', dashed: true }
    : { kind: 'fill', color: '#ff69b4' }
}

/** docs/product.md §2.8: what a click on a shape reports to the host screen. */
export function reportOf(props: ShapeProps | null | undefined): { landId: string | number | undefined; name: string | undefined } {
  return { landId: props?.landId, name: props?.name }
}
