/**
 * How the data centre's screens read a record: the checker's lookups in the browser (the same
 * `checkRecord` the server runs, so a field says in the form what the server would say), and
 * values as text — code lists by their labels, counties by name, shapes by their area.
 */
import type { Geometry } from 'geojson'
import type { CodeListView, CountyOption } from '../../../../domain/contracts/datacenter'
import { officialAreaM2 } from '../../../../domain/figures/area'
import { forDisplay, mu } from '../../../../domain/figures/formulas'
import { checkRecord, type CheckLookups, type StandardField } from '../../../../domain/datacenter/standard'

/** The lookups of `checkRecord` from the standard's code lists and the counties the user may choose. */
export function clientLookups(codeLists: Readonly<Record<string, CodeListView>>, counties: readonly CountyOption[]): CheckLookups {
  const sets = new Map(Object.values(codeLists).map((l) => [l.code, new Set(l.items.map((i) => i.value))]))
  const regions = new Set(counties.flatMap((c) => [c.code, c.cityCode]))
  return { codeList: (d) => sets.get(d), isRegion: (c) => regions.has(c) }
}

/** The message of one field's value under the standard, or null when it passes. */
export function fieldIssue(field: StandardField, value: unknown, lookups: CheckLookups): string | null {
  return checkRecord([field], { [field.name]: value }, lookups).issues[0]?.message ?? null
}

/**
 * Area of a (multi)polygon in 亩, 2 decimals (docs/domain.md "Units and codes"), measured as the
 * database measures it (EPSG:4549, src/domain/figures/area) so the editor shows the 亩 the lists
 * show after saving — not a spherical area that differs by a few hundredths.
 */
export function areaMu(g: Geometry | null | undefined): number | null {
  return forDisplay(mu(officialAreaM2(g)), 2)
}

/** A shape in words: 多边形 with its area, or a point with its coordinates. */
export function geometryText(g: unknown): string {
  const geo = g as Geometry | null
  if (!geo || typeof geo !== 'object' || !('type' in geo)) return '—'
  if (geo.type === 'Point') return `点（${geo.coordinates.map((c) => c.toFixed(6)).join(', ')}）`
  const mu = areaMu(geo)
  const parts = geo.type === 'MultiPolygon' ? geo.coordinates.length : 1
  return mu === null ? geo.type : `${parts > 1 ? `${parts} 块多边形` : '多边形'}，${mu.toFixed(2)} 亩`
}

/** A value as shown: code lists by label, counties by name, numbers with the unit, blanks as —. */
export function valueText(
  field: Pick<StandardField, 'type' | 'dict' | 'unit'>,
  v: unknown,
  codeLists: Readonly<Record<string, CodeListView>>,
  regionNames?: ReadonlyMap<string, string>,
): string {
  if (v === null || v === undefined || v === '') return '—'
  if (field.type === 'geometry') return geometryText(v)
  if (field.type === 'code' && field.dict) {
    const item = codeLists[field.dict]?.items.find((i) => i.value === String(v))
    return item ? (item.label === item.value ? item.label : `${item.label}（${item.value}）`) : String(v)
  }
  if (field.type === 'region') return regionNames?.get(String(v)) ?? String(v)
  if (typeof v === 'number') return field.unit ? `${v} ${field.unit}` : String(v)
  return String(v)
}

/** County and city names by code, from the counties list. */
export function regionNameMap(counties: readonly CountyOption[]): Map<string, string> {
  const m = new Map<string, string>()
  for (const c of counties) {
    m.set(c.code, `${c.cityName}${c.name}`)
    m.set(c.cityCode, c.cityName)
  }
  return m
}
