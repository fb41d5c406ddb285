/**
 * Where the globe's "没有 WebGL" notice links (issue 5 "Bad input"): the first 2D map page the user
 * may open — 资源云图, else 产业地图 — or null when the account has neither, so the notice never
 * offers a link that ends on 403.
 */
import { isGranted } from '../../core/permission'
import { useUserMenus } from '../../core/use-user-menus'

/** 2D map pages, in order of preference. */
export const TWO_D_MAPS = ['/system/core', '/system/IndustryMap'] as const

/** The first of {@link TWO_D_MAPS} the grants allow, or null. */
export function firstMapHref(isAdmin: boolean, granted: (path: string) => boolean): string | null {
  return TWO_D_MAPS.find((p) => isAdmin || granted(p)) ?? null
}

/** The signed-in user's 2D map page, or null. */
export function useMapHref(): string | null {
  const { grants, isAdmin } = useUserMenus()
  return firstMapHref(isAdmin, (p) => isGranted(p, grants))
}
