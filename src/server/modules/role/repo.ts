/** SQL for roles and the menus granted to them. */
import type { Db } from '../../db/engine'
import type { MenuGroup } from '../../../domain/route-table'
import type { RoleView } from '../../../domain/contracts/admin-role'
import type { Page } from '../../../domain/contracts/envelope'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

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
       SELECT DISTINCT m.id FROM menu m JOIN role_menu rm ON rm.menu_id = m.id WHERE rm.role_id = ANY($1::int[]) AND NOT m.deleted
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

/** Every menu (the admin user passes every route, docs/product.md §6). */
export async function allMenus(db: Db): Promise<MenuRow[]> {
  const r = await db.query<MenuRow>(
    'SELECT id, parent_id, name, menu_route, menu_group, sort, icon, authority FROM menu WHERE NOT deleted ORDER BY parent_id, sort, id',
  )
  return r.rows
}

interface RoleListRow {
  id: number
  name: string
  code: string
  remark: string
  user_count: number
  menu_count: number
  created_at: Date
}

const ROLE_SELECT = `r.id, r.name, r.code, r.remark, r.created_at,
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id AND NOT u.deleted WHERE ur.role_id = r.id) AS user_count,
  (SELECT count(*)::int FROM role_menu rm JOIN menu m ON m.id = rm.menu_id AND NOT m.deleted WHERE rm.role_id = r.id) AS menu_count`

const roleView = (r: RoleListRow): RoleView => ({
  id: r.id,
  name: r.name,
  code: r.code,
  remark: r.remark,
  userCount: r.user_count,
  menuCount: r.menu_count,
  createdAt: iso(r.created_at) as string,
})

export async function listRoles(db: Db, keyword: string | undefined, args: PageArgs): Promise<Page<RoleView>> {
  const where = new Where()
  if (keyword) where.add('(r.name ILIKE ? OR r.code ILIKE ?)', contains(keyword), contains(keyword))
  const order = orderBy(args, { name: 'r.name', code: 'r.code', createdAt: 'r.created_at' }, 'r.id')
  return queryPage(db, { select: ROLE_SELECT, from: 'role r', where, order }, args, roleView)
}

export async function allRoles(db: Db): Promise<RoleView[]> {
  return (await db.query<RoleListRow>(`SELECT ${ROLE_SELECT} FROM role r ORDER BY r.id`)).rows.map(roleView)
}

export async function getRole(db: Db, id: number): Promise<RoleView | undefined> {
  const r = await db.query<RoleListRow>(`SELECT ${ROLE_SELECT} FROM role r WHERE r.id = $1`, [id])
  return r.rows[0] && roleView(r.rows[0])
}

/** The role holding a name or a code, other than `exceptId`. */
export async function roleClash(
  db: Db,
  name: string,
  code: string,
  exceptId = 0,
): Promise<{ field: 'name' | 'code'; value: string } | null> {
  const r = await db.query<{ name: string; code: string }>(
    'SELECT name, code FROM role WHERE (lower(name) = lower($1) OR lower(code) = lower($2)) AND id <> $3 LIMIT 1',
    [name, code, exceptId],
  )
  const row = r.rows[0]
  if (!row) return null
  return row.name.toLowerCase() === name.toLowerCase() ? { field: 'name', value: name } : { field: 'code', value: code }
}

export async function insertRole(db: Db, r: { name: string; code: string; remark: string }): Promise<number> {
  const res = await db.query<{ id: number }>('INSERT INTO role(name, code, remark) VALUES ($1, $2, $3) RETURNING id', [
    r.name,
    r.code,
    r.remark,
  ])
  return res.rows[0].id
}

export async function updateRole(db: Db, id: number, r: { name: string; code: string; remark: string }): Promise<boolean> {
  const res = await db.query('UPDATE role SET name = $2, code = $3, remark = $4, updated_at = now() WHERE id = $1', [
    id,
    r.name,
    r.code,
    r.remark,
  ])
  return res.affectedRows === 1
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM role WHERE id = $1', [id])
}

/** The leaf menus of a role (what the grant tree shows checked). */
export async function grantedMenuIds(db: Db, roleId: number): Promise<number[]> {
  const r = await db.query<{ menu_id: number }>(
    'SELECT rm.menu_id FROM role_menu rm JOIN menu m ON m.id = rm.menu_id AND NOT m.deleted WHERE rm.role_id = $1 ORDER BY rm.menu_id',
    [roleId],
  )
  return r.rows.map((x) => x.menu_id)
}

/**
 * Replaces the grants of a role. Grants are leaves (ADR 0001): a given parent stands for all its
 * live leaves below it. Returns the number of leaves granted.
 */
export async function replaceGrants(db: Db, roleId: number, menuIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM role_menu WHERE role_id = $1', [roleId])
    const r = await tx.query(
      `WITH RECURSIVE picked AS (
         SELECT id FROM menu WHERE id = ANY($2::int[]) AND NOT deleted
         UNION SELECT m.id FROM menu m JOIN picked p ON m.parent_id = p.id WHERE NOT m.deleted
       )
       INSERT INTO role_menu(role_id, menu_id)
       SELECT $1, p.id FROM picked p WHERE NOT EXISTS (SELECT 1 FROM menu c WHERE c.parent_id = p.id AND NOT c.deleted)
       ON CONFLICT DO NOTHING`,
      [roleId, menuIds],
    )
    return r.affectedRows
  })
}

export async function usersOfRole(
  db: Db,
  roleId: number,
  args: PageArgs,
): Promise<Page<{ id: number; username: string; realName: string; status: number }>> {
  const where = new Where().add('NOT u.deleted').add('ur.role_id = ?', roleId)
  return queryPage<
    { id: number; username: string; real_name: string; status: number },
    { id: number; username: string; realName: string; status: number }
  >(
    db,
    {
      select: 'u.id, u.username, u.real_name, u.status',
      from: 'user_role ur JOIN app_user u ON u.id = ur.user_id',
      where,
      order: orderBy(args, { username: 'u.username' }, 'u.id'),
    },
    args,
    (r) => ({ id: r.id, username: r.username, realName: r.real_name, status: r.status }),
  )
}

/** Adds and removes users of a role; returns how many rows changed. */
export async function changeRoleUsers(db: Db, roleId: number, add: number[], remove: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    let n = 0
    if (add.length) {
      n += (
        await tx.query(
          `INSERT INTO user_role(user_id, role_id) SELECT u.id, $1 FROM app_user u WHERE u.id = ANY($2::int[]) AND NOT u.deleted ON CONFLICT DO NOTHING`,
          [roleId, add],
        )
      ).affectedRows
    }
    if (remove.length)
      n += (await tx.query('DELETE FROM user_role WHERE role_id = $1 AND user_id = ANY($2::int[])', [roleId, remove])).affectedRows
    return n
  })
}
