/**
 * Where a fresh sign-in goes (docs/product.md §4 last page, §6 landing): the remembered last page when the
 * new user may still open it, else the first menu route of the first group present.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { LoginResult, MenuItem } from '../../../domain/contracts/auth'
import { roleMenusQuery } from '../../core/calls/query-role-menus'
import { effectiveMenus, landingRoute, menusToGrants } from '../../core/menus'
import { decideNavigation } from '../../core/permission'
import { postSignInTarget, readLastPage } from '../../core/session'

/** Fetches the role menus of the new session (cached for the guard) and picks the target path. */
export async function afterSignInPath(queryClient: QueryClient, result: LoginResult, portalHost: string): Promise<string> {
  const roleIds = result.user.roles.map((r) => r.id).join(',')
  let callData: MenuItem[] | null = null
  try {
    callData = await queryClient.fetchQuery(roleMenusQuery(roleIds, result.token))
  } catch {
    // the guard retries the call; meanwhile the menus that came with the sign-in stand in
  }
  const menus = effectiveMenus(callData, result.user)
  const grants = menusToGrants(menus)
  const decide = (path: string) =>
    decideNavigation({
      path,
      fromPath: null,
      token: result.token,
      expiresAt: result.expiresAt,
      now: Date.now(),
      username: result.user.username,
      grantedMenuRoutes: grants,
      host: globalThis.location?.host ?? '',
      portalHost,
    })
  return postSignInTarget(readLastPage(), decide, landingRoute(menus))
}
