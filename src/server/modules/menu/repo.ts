/** SQL of 菜单资源. */
import type { MenuNodeView } from '../../../domain/contracts/admin-menu'
import type { MenuGroup } from '../../../domain/route-table'
import type { Db } from '../../db/engine'

interface MenuRow {
  id: number
  parent_id: number
  name: string
  menu_route: string
  menu_group: MenuGroup
  sort: number
  icon: string
  customized: boolean
  deleted: boolean
}

const COLS = 'id, parent_id, name, menu_route, menu_group, sort, icon, customized, deleted'

/** Live menus as a forest, children sorted by `sort` then id. */
export async function menuTree(db: Db): Promise<MenuNodeView[]> {
  const rows = (await db.query<MenuRow>(`SELECT ${COLS} FROM menu WHERE NOT deleted ORDER BY sort, id`)).rows
  const nodes = new Map<number, MenuNodeView>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parent_id,
        name: r.name,
        menuRoute: r.menu_route,
        group: r.menu_group,
        sort: r.sort,
        icon: r.icon,
        customized: r.customized,
        children: [],
      },
    ]),
  )
  const roots: MenuNodeView[] = []
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

export async function findByRoute(db: Db, route: string): Promise<MenuRow | undefined> {
  return (await db.query<MenuRow>(`SELECT ${COLS} FROM menu WHERE menu_route = $1`, [route])).rows[0]
}

export async function findById(db: Db, id: number): Promise<MenuRow | undefined> {
  return (await db.query<MenuRow>(`SELECT ${COLS} FROM menu WHERE id = $1 AND NOT deleted`, [id])).rows[0]
}

export async function liveRoutes(db: Db): Promise<Set<string>> {
  return new Set((await db.query<{ menu_route: string }>('SELECT menu_route FROM menu WHERE NOT deleted')).rows.map((r) => r.menu_route))
}

export async function liveChildCount(db: Db, id: number): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM menu WHERE parent_id = $1 AND NOT deleted', [id])).rows[0].n
}

/** Inserts a menu, or brings back a removed one with the same route. */
export async function upsertMenu(
  db: Db,
  m: { parentId: number; name: string; route: string; group: MenuGroup; sort: number; icon: string },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO menu(parent_id, name, menu_route, menu_group, sort, icon, customized) VALUES ($1, $2, $3, $4, $5, $6, true)
     ON CONFLICT (menu_route) DO UPDATE SET parent_id = EXCLUDED.parent_id, name = EXCLUDED.name, menu_group = EXCLUDED.menu_group,
       sort = EXCLUDED.sort, icon = EXCLUDED.icon, customized = true, deleted = false
     RETURNING id`,
    [m.parentId, m.name, m.route, m.group, m.sort, m.icon],
  )
  return r.rows[0].id
}

export async function updateMenu(db: Db, id: number, m: { name: string; sort: number; icon: string }): Promise<void> {
  await db.query('UPDATE menu SET name = $2, sort = $3, icon = $4, customized = true WHERE id = $1', [id, m.name, m.sort, m.icon])
}

/** Removes a menu: it leaves every role's grants, and the start-up sync does not bring it back. */
export async function removeMenu(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE menu SET deleted = true WHERE id = $1', [id])
    await tx.query('DELETE FROM role_menu WHERE menu_id = $1', [id])
  })
}
