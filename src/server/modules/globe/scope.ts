/**
 * Region data scope (DOMAIN "People and scope"): a user with a region sees that region's subtree;
 * admin, and users without a region, see everything. The one place the globe decides this —
 * to be unified with the generic data-scope helper of the admin issue when both land.
 */
import type { AuthUser } from '../auth/service'

/** The region code to filter by, or null for "everything". */
export function regionScope(user: Pick<AuthUser, 'username' | 'regionCode'>): string | null {
  if (user.username === 'admin') return null
  if (!user.regionCode || user.regionCode === '330000') return null
  return user.regionCode
}

/**
 * SQL condition limiting rows of a table with province/city/county/town code columns to a scope
 * passed as parameter `$n` (null passes everything).
 */
export function scopeSql(alias: string, n: number): string {
  return `($${n}::text IS NULL OR ${alias}.province_code = $${n} OR ${alias}.city_code = $${n} OR ${alias}.county_code = $${n} OR ${alias}.town_code = $${n})`
}
