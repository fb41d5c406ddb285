/** Links to the pages the signed-in user may open, from where they stand. */
import { useCallback } from 'react'
import { useLocation } from 'react-router-dom'
import { isGranted } from '../core/permission'
import { useUserMenus } from '../core/use-user-menus'
import { openableLink, type LinkQuery } from './route-links'

/**
 * A function giving the href of page `target` (a route-table path) with its query, at the user's
 * current entry point; undefined when the table has no such page or the user may not open it.
 */
export function useRouteLink(): (target: string, query?: LinkQuery) => string | undefined {
  const { pathname } = useLocation()
  const { grants, isAdmin } = useUserMenus()
  return useCallback(
    (target, query) => openableLink(target, query, pathname, (path) => isAdmin || isGranted(path, grants)),
    [pathname, grants, isAdmin],
  )
}
