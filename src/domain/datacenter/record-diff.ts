/**
 * The before/after comparison of a master record (审核 side-by-side diff, history versions): one
 * row per standard field, in the standard's order, saying whether the value changed. Geometry
 * compares by its coordinates, so a Polygon and the MultiPolygon the table stores it as are equal.
 */
import type { StandardField } from './standard'

/** A record's values by standard field name (geometry as GeoJSON), plus the region codes. */
export type RecordValues = Record<string, unknown>

/** Region columns a claim sets; shown in diffs after the standard's fields. */
export const REGION_FIELDS: readonly Pick<StandardField, 'name' | 'label' | 'type'>[] = [
  { name: 'province_code', label: '所属省', type: 'region' },
  { name: 'city_code', label: '所属市', type: 'region' },
  { name: 'county_code', label: '所在县（市、区）', type: 'region' },
  { name: 'town_code', label: '所属乡镇（街道）', type: 'region' },
]

/** One row of a diff. */
export interface DiffRow {
  field: string
  label: string
  type: StandardField['type']
  before: unknown
  after: unknown
  changed: boolean
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Polygon → the rings of a one-part MultiPolygon; other geometries as they are. */
function canonicalGeometry(g: unknown): unknown {
  const geo = g as { type?: string; coordinates?: unknown }
  if (geo?.type === 'Polygon') return { type: 'MultiPolygon', coordinates: [geo.coordinates] }
  return geo ? { type: geo.type, coordinates: geo.coordinates } : geo
}

/** Same coordinates within 1e-9 degrees (≈ 0.1 mm), as the database rounds GeoJSON to 9 decimals. */
function sameCoordinates(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameCoordinates(x, b[i]))
  return a === b
}

/** Whether two values of a field are the same (blank equals blank; numbers by value; geometry by coordinates). */
export function sameValue(type: StandardField['type'], a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b)
  if (type === 'geometry') {
    const x = canonicalGeometry(a) as { type?: string; coordinates?: unknown }
    const y = canonicalGeometry(b) as { type?: string; coordinates?: unknown }
    return x.type === y.type && sameCoordinates(x.coordinates, y.coordinates)
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return String(a) === String(b)
}

/**
 * The rows of a before/after comparison over the standard's fields (and, when `withRegion`, the
 * region codes a claim sets). A side that is null (a new record, a deleted one) shows blanks.
 */
export function diffRecord(
  fields: readonly Pick<StandardField, 'name' | 'label' | 'type'>[],
  before: RecordValues | null,
  after: RecordValues | null,
  withRegion = false,
): DiffRow[] {
  const all = withRegion ? [...fields.filter((f) => !REGION_FIELDS.some((r) => r.name === f.name)), ...REGION_FIELDS] : fields
  return all.map((f) => {
    const b = before?.[f.name] ?? null
    const a = after?.[f.name] ?? null
    return { field: f.name, label: f.label, type: f.type, before: b, after: a, changed: !sameValue(f.type, b, a) }
  })
}

/** The names of the fields that differ between two versions of a record. */
export function changedFields(
  fields: readonly Pick<StandardField, 'name' | 'label' | 'type'>[],
  before: RecordValues | null,
  after: RecordValues | null,
): string[] {
  return diffRecord(fields, before, after, true)
    .filter((r) => r.changed)
    .map((r) => r.field)
}
