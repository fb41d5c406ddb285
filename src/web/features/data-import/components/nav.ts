/** Links between the two pages of this feature through the route table (same entry point: /system, /systems or /warehouse). */
import { childRoutes, findRoute } from '../../../../domain/route-table'

/** The path of a sibling page (e.g. sjcl beside sjcj) under the current page's parent. */
export function siblingPath(current: string, seg: 'sjcj' | 'sjcl'): string | undefined {
  const parent = findRoute(current)?.parent
  return parent ? childRoutes(parent).find((r) => r.path.endsWith(`/${seg}`))?.path : undefined
}
