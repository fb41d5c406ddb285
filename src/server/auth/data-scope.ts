/**
 * 数据范围 (docs/domain.md "People and scope"): a user belongs to a region and every parcel and enterprise
 * query and write is limited to that region's subtree — a county clerk one county, a city user
 * the city, admin everything. Parcels, enterprises and parks carry province/city/county/town
 * codes, so the subtree of a region is one equality on the column of the region's level.
 */
import type { Db } from '../db/engine'
import { forbidden, notFound } from '../http/errors'
import { currentUser } from '../http/context'

/** Region levels and the record column that holds a code of that level. */
const COLUMN_OF_LEVEL = {
  province: 'province_code',
  city: 'city_code',
  county: 'county_code',
  town: 'town_code',
} as const

/** What a user may see: everything, a region's subtree, or nothing. */
export type DataScope = { kind: 'all' } | { kind: 'region'; level: keyof typeof COLUMN_OF_LEVEL; code: string } | { kind: 'none' }

/** The fields of a user that decide its scope. */
export interface ScopedUser {
  isAdmin: boolean
  regionCode: string | null
  regionLevel: string | null
  /** 企业账号: its own enterprise (issue 18 finding 6) */
  enterpriseId?: number | null
}

/**
 * The scope of a signed-in user: admin everything; a user without a region nothing; an enterprise
 * account (企业账号) no region at all — it sees its own enterprise only, through the operations that
 * name it ({@link ownEnterpriseOf}), never the other enterprises and parcels of its county.
 */
export function scopeOf(user: ScopedUser): DataScope {
  if (user.isAdmin) return { kind: 'all' }
  if (user.enterpriseId) return { kind: 'none' }
  if (!user.regionCode || !user.regionLevel || !(user.regionLevel in COLUMN_OF_LEVEL)) return { kind: 'none' }
  return { kind: 'region', level: user.regionLevel as keyof typeof COLUMN_OF_LEVEL, code: user.regionCode }
}

/**
 * The SQL condition that keeps rows of `alias` (a table with province/city/county/town codes)
 * inside the scope. Its parameter is appended to `params`; the returned text names it.
 *
 *     const params: unknown[] = [id]
 *     const where = scopeCondition(scope, 'p', params)   // "p.county_code = $2"
 *     db.query(`SELECT … FROM parcel p WHERE p.id = $1 AND ${where}`, params)
 */
export function scopeCondition(scope: DataScope, alias: string, params: unknown[]): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`bad alias ${alias}`)
  if (scope.kind === 'all') return 'TRUE'
  if (scope.kind === 'none') return 'FALSE'
  params.push(scope.code)
  return `${alias}.${COLUMN_OF_LEVEL[scope.level]} = $${params.length}`
}

/** Whether a region code lies in the scope (the region itself or below it). */
export async function regionInScope(db: Db, scope: DataScope, code: string): Promise<boolean> {
  if (scope.kind === 'all') return true
  if (scope.kind === 'none') return false
  const r = await db.query<{ ok: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT code, parent_code FROM region WHERE code = $1
       UNION ALL SELECT r.code, r.parent_code FROM region r JOIN up ON r.code = up.parent_code
     ) SELECT EXISTS (SELECT 1 FROM up WHERE code = $2) AS ok`,
    [code, scope.code],
  )
  return r.rows[0]?.ok === true
}

/**
 * Throws 403 when a write names a region outside the scope (regions are no secret; records are:
 * a record outside the scope answers 404, as if it did not exist).
 */
export async function assertRegionInScope(db: Db, scope: DataScope, code: string): Promise<void> {
  if (!(await regionInScope(db, scope, code))) throw forbidden(`区划 ${code} 不在本账号的数据范围内`)
}

/**
 * The scope of a request that may name a district (\`regionCode\`): the user's own scope, or the
 * narrower of it and the requested district — a county user asking for the province gets the
 * county; asking for another county is refused (403); an unknown code is 404.
 */
export async function requestScope(db: Db, user: ScopedUser, regionCode?: string): Promise<DataScope> {
  const mine = scopeOf(user)
  if (!regionCode) return mine
  const r = await db.query<{ level: keyof typeof COLUMN_OF_LEVEL }>('SELECT level FROM region WHERE code = $1', [regionCode])
  const level = r.rows[0]?.level
  if (!level) throw notFound(`区划 ${regionCode} 不存在`)
  const wanted: DataScope = { kind: 'region', level, code: regionCode }
  if (await regionInScope(db, mine, regionCode)) return wanted
  if (mine.kind === 'region' && (await regionInScope(db, wanted, mine.code))) return mine
  throw forbidden('权限不足：该区域不在您的数据范围内')
}

/** {@link requestScope} of the signed-in caller of a request. */
export function scopeOfRequest(db: Db, req: Parameters<typeof currentUser>[0], regionCode?: string): Promise<DataScope> {
  return requestScope(db, currentUser(req), regionCode)
}

/** The enterprise an enterprise account (企业账号) may read, or null for staff. */
export function ownEnterpriseOf(user: ScopedUser): number | null {
  return !user.isAdmin && user.enterpriseId ? user.enterpriseId : null
}
