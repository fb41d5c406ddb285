/** SQL of 行政区划 (the region table, 330000 → city → county → town and units under counties). */
import type { RegionView } from '../../../domain/contracts/admin-area'
import type { Db } from '../../db/engine'

interface RegionRow {
  code: string
  name: string
  level: RegionView['level']
  parent_code: string | null
  sort: number
  kind: RegionView['kind']
  builtin: boolean
  child_count: number
}

const SELECT = `SELECT r.code, r.name, r.level, r.parent_code, r.sort, r.kind, r.builtin,
  (SELECT count(*)::int FROM region c WHERE c.parent_code = r.code) AS child_count FROM region r`

const view = (r: RegionRow): RegionView => ({
  code: r.code,
  name: r.name,
  level: r.level,
  parentCode: r.parent_code,
  sort: r.sort,
  kind: r.kind,
  builtin: r.builtin,
  childCount: r.child_count,
})

/** Every region, parents before children (no outlines: they are large and served elsewhere). */
export async function allRegions(db: Db): Promise<Omit<RegionView, 'childCount'>[]> {
  const r = await db.query<Omit<RegionRow, 'child_count'>>(
    `SELECT code, name, level, parent_code, sort, kind, builtin FROM region
     ORDER BY CASE level WHEN 'province' THEN 1 WHEN 'city' THEN 2 WHEN 'county' THEN 3 ELSE 4 END, parent_code, sort, code`,
  )
  return r.rows.map((x) => ({
    code: x.code,
    name: x.name,
    level: x.level,
    parentCode: x.parent_code,
    sort: x.sort,
    kind: x.kind,
    builtin: x.builtin,
  }))
}

export async function children(db: Db, parentCode: string | null): Promise<RegionView[]> {
  const r = parentCode
    ? await db.query<RegionRow>(`${SELECT} WHERE r.parent_code = $1 ORDER BY r.sort, r.code`, [parentCode])
    : await db.query<RegionRow>(`${SELECT} WHERE r.parent_code IS NULL ORDER BY r.sort, r.code`)
  return r.rows.map(view)
}

export async function getRegion(db: Db, code: string): Promise<RegionView | undefined> {
  const r = await db.query<RegionRow>(`${SELECT} WHERE r.code = $1`, [code])
  return r.rows[0] && view(r.rows[0])
}

export async function siblingNamed(db: Db, parentCode: string | null, name: string, exceptCode = ''): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM region WHERE parent_code IS NOT DISTINCT FROM $1 AND name = $2 AND code <> $3', [
    parentCode,
    name,
    exceptCode,
  ])
  return r.rows.length > 0
}

/** The next free unit code under a county: county + 401…599 (the range 统计用区划代码 gives to such units). */
export async function nextUnitCode(db: Db, countyCode: string): Promise<string | null> {
  const r = await db.query<{ code: string }>(
    `SELECT code FROM region WHERE parent_code = $1 AND code ~ '^[0-9]{9}$' AND substr(code, 7, 3)::int BETWEEN 401 AND 599`,
    [countyCode],
  )
  const used = new Set(r.rows.map((x) => Number(x.code.slice(6))))
  for (let n = 401; n <= 599; n++) if (!used.has(n)) return `${countyCode}${n}`
  return null
}

export async function insertUnit(db: Db, u: { code: string; name: string; parentCode: string; kind: string; sort: number }): Promise<void> {
  await db.query(`INSERT INTO region(code, name, level, parent_code, sort, kind, builtin) VALUES ($1, $2, 'town', $3, $4, $5, false)`, [
    u.code,
    u.name,
    u.parentCode,
    u.sort,
    u.kind,
  ])
}

export async function updateRegion(db: Db, code: string, name: string, sort: number | undefined): Promise<void> {
  await db.query('UPDATE region SET name = $2, sort = coalesce($3, sort), updated_at = now() WHERE code = $1', [code, name, sort ?? null])
}

/** How many records name the region (users, organisations, parcels, enterprises, parks, benchmarks). */
export async function references(db: Db, code: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM app_user WHERE region_code = $1 AND NOT deleted)
          + (SELECT count(*) FROM organization WHERE region_code = $1)
          + (SELECT count(*) FROM parcel WHERE town_code = $1 OR county_code = $1)
          + (SELECT count(*) FROM enterprise WHERE town_code = $1 OR county_code = $1)
          + (SELECT count(*) FROM industrial_park WHERE county_code = $1)
          + (SELECT count(*) FROM region_standard WHERE region_code = $1) AS n`,
    [code],
  )
  return Number(r.rows[0].n)
}

export async function deleteRegion(db: Db, code: string): Promise<void> {
  await db.query('DELETE FROM region WHERE code = $1', [code])
}
