/**
 * The server's half of docs/product.md §6: an endpoint is allowed when one of the user's roles holds a menu
 * grant for a page that uses it. Grants are leaf menus (ADR 0001) and every admin page is a leaf,
 * so an exact route match decides.
 */
import type { Db } from '../db/engine'
import { SIGNED_IN_PAGES } from '../../domain/contracts/page-grants'

/** Whether any of the roles is granted any of the page routes (a page every signed-in user holds counts for anyone). */
export async function holdsAnyPage(db: Db, roleIds: readonly number[], pages: readonly string[]): Promise<boolean> {
  if (pages.some((p) => SIGNED_IN_PAGES.includes(p))) return true
  if (roleIds.length === 0 || pages.length === 0) return false
  const r = await db.query(
    `SELECT 1 FROM role_menu rm JOIN menu m ON m.id = rm.menu_id
     WHERE rm.role_id = ANY($1::int[]) AND NOT m.deleted AND m.menu_route = ANY($2::text[]) LIMIT 1`,
    [roleIds, pages],
  )
  return r.rows.length > 0
}
