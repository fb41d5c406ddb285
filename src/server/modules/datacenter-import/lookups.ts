/**
 * What the checks look things up in, loaded once per check run: the data standard in force, the
 * code lists (dict table + the built-in lists of standard.ts) with their labels, and the region
 * tree. Also turns what ledgers write into codes: a code list's label (工业用地 → 0601), a code
 * read as a number (601 → 0601), a division's name (上城区 → 330102).
 */
import {
  BUILTIN_CODE_LISTS,
  type CheckLookups,
  type DataStandard,
  type RecordKind,
  type StandardField,
} from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { AppError } from '../../http/errors'

/** One division of the region table. */
export interface RegionNode {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
  parent: string | null
}

/** Everything a check run needs to look up. */
export interface Lookups extends CheckLookups {
  standard: DataStandard
  regions: Map<string, RegionNode>
  /** the items of a code list, value and label, in order */
  items(dict: string): { value: string; label: string }[]
  /** code of a label or a loosely written code of a list, or null */
  codeOf(dict: string, text: string): string | null
  /** county code of a county's name (unambiguous only), or null */
  countyByName(name: string): string | null
  /** the province, city and county above (or at) a code */
  chain(code: string): { province: string | null; city: string | null; county: string | null }
}

/** The newest standard of a kind (dc_standard; the newest version is in force). */
export async function standardInForce(db: Db, kind: RecordKind): Promise<DataStandard> {
  const r = await db.query<{ version: number; fields: StandardField[] }>(
    'SELECT version, fields FROM dc_standard WHERE kind = $1 ORDER BY version DESC LIMIT 1',
    [kind],
  )
  if (!r.rows[0]) throw new AppError(422, '数据标准缺失：请先在「数据标准」中建立标准')
  return { kind, version: r.rows[0].version, fields: r.rows[0].fields }
}

/** Loads the lookups of a check run. */
export async function loadLookups(db: Db, kind: RecordKind): Promise<Lookups> {
  const standard = await standardInForce(db, kind)
  const lists = new Map<string, Map<string, string>>()
  for (const [code, list] of Object.entries(BUILTIN_CODE_LISTS)) lists.set(code, new Map(Object.entries(list.items)))
  const items = await db.query<{ code: string; value: string; label: string }>(
    'SELECT d.code, i.value, i.label FROM dict_item i JOIN dict d ON d.id = i.dict_id WHERE i.status = 1 ORDER BY d.code, i.sort, i.id',
  )
  for (const it of items.rows) {
    if (BUILTIN_CODE_LISTS[it.code]) continue
    let m = lists.get(it.code)
    if (!m) lists.set(it.code, (m = new Map()))
    m.set(it.value, it.label)
  }
  const valueSets = new Map([...lists].map(([k, m]) => [k, new Set(m.keys())]))
  const regionRows = await db.query<{ code: string; name: string; level: RegionNode['level']; parent_code: string | null }>(
    'SELECT code, name, level, parent_code FROM region',
  )
  const regions = new Map(regionRows.rows.map((r) => [r.code, { code: r.code, name: r.name, level: r.level, parent: r.parent_code }]))
  const countyNames = new Map<string, string | null>()
  for (const r of regions.values()) {
    if (r.level !== 'county') continue
    countyNames.set(r.name, countyNames.has(r.name) ? null : r.code)
  }
  return {
    standard,
    regions,
    codeList: (dict) => valueSets.get(dict),
    items: (dict) => [...(lists.get(dict) ?? [])].map(([value, label]) => ({ value, label })),
    isRegion: (code) => regions.has(code),
    codeOf(dict, text) {
      const m = lists.get(dict)
      if (!m) return null
      const t = text.trim()
      if (m.has(t)) return t
      for (const [value, label] of m) if (label === t) return value
      if (/^\d+$/.test(t))
        for (const value of m.keys())
          if (/^\d+$/.test(value) && value.length > t.length && value === t.padStart(value.length, '0')) return value
      return null
    },
    countyByName: (name) => countyNames.get(name.trim()) ?? null,
    chain(code) {
      const out = { province: null as string | null, city: null as string | null, county: null as string | null }
      let n = regions.get(code)
      for (let guard = 0; n && guard < 6; guard++) {
        if (n.level === 'province') out.province = n.code
        if (n.level === 'city') out.city = n.code
        if (n.level === 'county') out.county = n.code
        n = n.parent ? regions.get(n.parent) : undefined
      }
      return out
    },
  }
}
