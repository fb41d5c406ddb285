/** The signed-in user's write right on a page, by {@link canWrite}. */
import { useUserMenus } from '../core/use-user-menus'
import { canWrite } from './can-write'

/**
 * true when the user may change things on `page` (a path of the route table at any of its entry
 * points, e.g. '/system/data/center/input' or '/system/audit/gyyd').
 */
export function useCanWrite(page: string): boolean {
  const { grants, isAdmin } = useUserMenus()
  return canWrite(page, { grants, isAdmin })
}
