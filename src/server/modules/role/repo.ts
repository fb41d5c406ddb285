/** SQL for roles and the menus granted to them. */
import type { Db } from '../../db/engine'
import type { MenuGroup } from '../../../domain/route-table'

export interface MenuRow {
  id: number
  parent_id: number
  name: string
  menu_route: string
  menu_group: MenuGroup
  sort: number
  icon: string
  authority: string
}

/**
 * Menus granted to any of the roles, plus their ancestors (so that a client can draw the tree),
 * each with a flag saying whether it was granted itself.
 */
export async function menusOfRoles(db: Db, roleIds: number[]): Promise<(MenuRow & { granted: boolean })[]> {
  if (roleIds.length === 0) return []
  const r = await db.query<MenuRow & { granted: boolean }>(
    `WITH RECURSIVE granted AS (
       SELECT DISTINCT m.id FROM menu m JOIN role_menu rm ON rm.menu_id = m.id WHERE rm.role_id = ANY($1::int[])
     ), tree AS (
       SELECT m.* FROM menu m WHERE m.id IN (SELECT id FROM granted)
       UNION
       SELECT p.* FROM menu p JOIN tree t ON p.id = t.parent_id
     )
     SELECT DISTINCT t.id, t.parent_id, t.name, t.menu_route, t.menu_group, t.sort, t.icon, t.authority,
            (t.id IN (SELECT id FROM granted)) AS granted
     FROM tree t ORDER BY t.parent_id, t.sort, t.id`,
    [roleIds],
  )
  return r.rows
}

/** Every menu (the admin user passes every route, spec §6). */
export async function allMenus(db: Db): Promise<MenuRow[]> {
  const r = await db.query<MenuRow>(
    'SELECT id, parent_id, name, menu_route, menu_group, sort, icon, authority FROM menu ORDER BY parent_id, sort, id',
  )
  return r.rows
}
