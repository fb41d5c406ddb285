/**
 * Region data scope of the map endpoints (DOMAIN "People and scope": a county clerk sees only
 * that county; province and city users see their subtree). Kept to one function on purpose so the
 * generic data-scope helper of the admin issue can replace it without touching the queries.
 */
import type { AuthUser } from '../auth/service'

/**
 * The division-code prefix that selects a region's subtree: 330000 → '33', 330100 → '3301',
 * 330102 → '330102', a town 330102001 → itself. A record matches when its most precise code
 * (town, else county) starts with it.
 */
export function prefixOfCode(code: string): string {
  if (code.length > 6) return code
  if (code.endsWith('0000')) return code.slice(0, 2)
  return code.endsWith('00') ? code.slice(0, 4) : code
}

/**
 * The prefix a user may see, or null for everything: admin, users without a region, and
 * province users see all.
 */
export function regionPrefixOf(user: Pick<AuthUser, 'username' | 'regionCode'>): string | null {
  if (user.username === 'admin' || !user.regionCode) return null
  const prefix = prefixOfCode(user.regionCode)
  return prefix.length <= 2 ? null : prefix
}

/**
 * The narrower of the user's scope and a requested region: the prefix to filter by (null = all),
 * or false when the request lies outside the user's scope.
 */
export function effectivePrefix(userPrefix: string | null, regionCode?: string): string | null | false {
  const wanted = regionCode ? prefixOfCode(regionCode) : null
  if (!userPrefix) return wanted && wanted.length > 2 ? wanted : null
  if (!wanted || userPrefix.startsWith(wanted)) return userPrefix
  return wanted.startsWith(userPrefix) ? wanted : false
}
