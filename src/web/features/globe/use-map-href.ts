/**
 * Where the globe's "没有 WebGL" notice links (issue 5 "Bad input"): the first 2D map page the user
 * may open — 资源云图, else 产业地图 — or null when the account has neither, so the notice never
 * offers a link that ends on 403.
 */
import { useRouteLink } from '../../widgets/use-route-link'

/** 2D map pages, in order of preference. */
export const TWO_D_MAPS = ['/system/core', '/system/IndustryMap'] as const

/** The signed-in user's 2D map page, or null. */
export function useMapHref(): string | null {
  const link = useRouteLink()
  return TWO_D_MAPS.map((page) => link(page)).find((href) => href !== undefined) ?? null
}
