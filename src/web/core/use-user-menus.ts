/**
 * The signed-in user's menus and grants, from the role menu call (docs/product.md §6: "The role menu call
 * decides which routes are reachable"), falling back to the menus stored with the user while
 * the call fails. Shared by the guard, the layouts and the pages that need the landing route.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { MenuItem } from '../../domain/contracts/auth'
import { roleMenusQuery } from './calls/query-role-menus'
import { effectiveMenus, landingRoute, menusToGrants } from './menus'
import { SUPER_USER, type GrantedMenuRoute } from './permission'
import { isSignedIn, selectRoleIds, selectToken, selectUser, useSession } from './session'

/** What the app knows about the user's menus. */
export interface UserMenusView {
  /** every menu item (flat, each with its children) */
  menus: MenuItem[]
  grants: GrantedMenuRoute[]
  /** false while the role menu call of a signed-in user is still under way */
  ready: boolean
  isAdmin: boolean
  /** docs/product.md §6 default landing route */
  landing: string
}

/** The user's menus and grants (react-query shares one role menu call across the app). */
export function useUserMenus(): UserMenusView {
  const user = useSession(selectUser)
  const token = useSession(selectToken)
  const expiresAt = useSession((s) => s.expiresAt)
  const roleIds = useSession(selectRoleIds)
  const signedIn = isSignedIn({ token, expiresAt })
  const query = useQuery({ ...roleMenusQuery(roleIds, token), enabled: signedIn })
  const isAdmin = user?.username === SUPER_USER
  return useMemo(() => {
    const menus = effectiveMenus(query.isSuccess ? query.data : null, user)
    return {
      menus,
      grants: menusToGrants(menus),
      ready: !signedIn || query.isSuccess || query.isError,
      isAdmin,
      landing: landingRoute(menus),
    }
  }, [query.isSuccess, query.isError, query.data, user, isAdmin, signedIn])
}
