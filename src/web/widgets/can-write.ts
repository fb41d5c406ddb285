/**
 * The one rule for "may this user change things on this page": the super user may; anyone else
 * when they hold the grant of the same page at an entry point that writes. A page may be reached
 * by several entry points (/system, /systems and, for the data centre, /warehouse: docs/product.md
 * §2); /warehouse is the read-only entry, its grants open reads only (docs/domain.md "Data centre").
 * The server decides writes the same way, by grants, not by the address the browser shows.
 */
import { ROUTES, findRoute, resolveRedirects } from '../../domain/route-table'
import { isGranted, type GrantedMenuRoute } from '../core/permission'

/** Entry points whose grants are for reading only. */
export const READ_ONLY_ENTRIES: readonly string[] = ['/warehouse']

/** Who is asking: the user's grants and whether they are the super user. */
export interface Writer {
  isAdmin: boolean
  grants: readonly GrantedMenuRoute[]
}

const readOnly = (path: string) => READ_ONLY_ENTRIES.some((e) => path === e || path.startsWith(`${e}/`))

/**
 * The paths of `page` (any of its addresses, e.g. /warehouse/data/center/input) at the entry points
 * that write: /system/data/center/input and /systems/data/center/input. Empty off the table.
 */
export function writingPaths(page: string): string[] {
  const entry = findRoute(resolveRedirects(page))
  if (!entry?.page) return []
  return ROUTES.filter((r) => r.page === entry.page && !readOnly(r.path)).map((r) => r.path)
}

/** Whether `who` may write on `page`. */
export function canWrite(page: string, who: Writer): boolean {
  return who.isAdmin || writingPaths(page).some((p) => isGranted(p, who.grants))
}
