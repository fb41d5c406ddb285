/**
 * Page sets that grant operations used by more than one feature (docs/product.md §6: an operation is allowed
 * when the user holds a page that uses it; issue 18 finding 6). Derived from the route table, so a new
 * page joins the set its path belongs to.
 */
import { ROUTES } from '../route-table'

const isLeaf = (path: string) => !ROUTES.some((c) => c.parent === path)

/**
 * Every page a menu grant can open. Grants what every staff member's tools read (the 口径 drawer of every
 * page's header, the region picker, the year select, dictionary options, the mobile app's device
 * report and update check): an account holding any page may use it, an account without a role may not.
 */
export const GRANTED_PAGES: readonly string[] = ROUTES.filter((r) => r.guard === 'grant' && isLeaf(r.path)).map((r) => r.path)

/**
 * Pages every signed-in user holds without a grant: /visual (全省总览, docs/product.md §6 exception).
 * An operation naming one answers any signed-in user, still within the user's own region.
 */
export const SIGNED_IN_PAGES: readonly string[] = ROUTES.filter((r) => r.guard === 'visual').map((r) => r.path)

/** The video walls (/bigData/*), the phone view (/h5) and 全省总览 (/visual): the `/api/bigData/*` figures. */
export const WALL_PAGES: readonly string[] = [
  ...ROUTES.filter((r) => r.guard === 'grant' && isLeaf(r.path) && /^\/(bigData\/|h5$)/.test(r.path)).map((r) => r.path),
  ...SIGNED_IN_PAGES,
]

/** 三维地图 at both entry points (/system, /systems) and the lifecycle globe (全生命周期总览). */
export const GLOBE_PAGES: readonly string[] = ROUTES.filter((r) => /^\/(systems?\/3DMap|landLifeCycle\/allLifeCycle)$/.test(r.path)).map(
  (r) => r.path,
)

/** The lifecycle globe alone (its stage colours read the projects). */
export const LIFECYCLE_GLOBE_PAGES: readonly string[] = ['/landLifeCycle/allLifeCycle']
