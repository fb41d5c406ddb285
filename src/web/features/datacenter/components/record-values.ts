/**
 * How the data centre's screens read a record: the checker's lookups in the browser (the same
 * `checkRecord` the server runs, so a field says in the form what the server would say), and
 * values as text — code lists by their labels, counties by name, shapes by their area.
 */
import { area } from '@turf/turf'
import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson'
import type { CodeListView, CountyOption } from '../../../../domain/contracts/datacenter'
import { m2ToMu } from '../../../../domain/codes/units'
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

/** Area of a (multi)polygon in 亩, 2 decimals (docs/domain.md "Units and codes": areas in 亩 with 2 decimals). */
export function areaMu(g: Geometry | null | undefined): number | null {
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return null
  return Math.round(m2ToMu(area({ type: 'Feature', geometry: g as Polygon | MultiPolygon, properties: {} } as Feature<Polygon>)) * 100) / 100
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
export function valueText(field: Pick<StandardField, 'type' | 'dict' | 'unit'>, v: unknown, codeLists: Readonly<Record<string, CodeListView>>, regionNames?: ReadonlyMap<string, string>): string {
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
