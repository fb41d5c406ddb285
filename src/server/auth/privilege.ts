/**
 * Privilege rules of the people pages (issue 18 finding 2): an account that may manage users and roles
 * (运维) still cannot raise anyone — itself included — above its own rights.
 *
 * - nobody grants a role or a menu they do not hold: a role is held when every menu it grants is one of
 *   the caller's menus (the 超级管理员 role only by admin);
 * - nobody edits, resets, unlocks, enables/disables, deletes or changes the roles of a user with more
 *   rights: a user whose roles grant a menu the caller lacks, or whose region lies outside the caller's;
 * - nobody sets a region outside their own data scope — so nobody widens their own region;
 * - the super user (admin) is changed only by itself.
 *
 * admin passes every rule (docs/product.md §6). Refusals are 403 with a message naming the rule.
 */
import type { Db } from '../db/engine'
import { forbidden } from '../http/errors'
import { regionInScope, scopeOf } from './data-scope'
import { SUPER_USER, type AuthUser } from './session'

/** The code of the super user's role (seeded). */
const SUPER_ADMIN_ROLE = 'SUPER_ADMIN'

/** Roles among `roleIds` that grant more than the caller holds, with their names. */
async function rolesBeyond(db: Db, actor: AuthUser, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return []
  const r = await db.query<{ name: string }>(
    `SELECT r.name FROM role r
      WHERE r.id = ANY($1::int[])
        AND (r.code = $3 OR EXISTS (
          SELECT 1 FROM role_menu rm JOIN menu m ON m.id = rm.menu_id
           WHERE rm.role_id = r.id AND NOT m.deleted
             AND NOT EXISTS (SELECT 1 FROM role_menu mine WHERE mine.role_id = ANY($2::int[]) AND mine.menu_id = rm.menu_id)))
      ORDER BY r.id`,
    [[...roleIds], actor.roleIds, SUPER_ADMIN_ROLE],
  )
  return r.rows.map((x) => x.name)
}

/** Throws 403 unless the caller holds every one of the roles it is about to give. */
export async function assertMayGrantRoles(db: Db, actor: AuthUser, roleIds: readonly number[]): Promise<void> {
  if (actor.isAdmin) return
  const beyond = await rolesBeyond(db, actor, roleIds)
  if (beyond.length) throw forbidden(`不能授予超出本账号权限的角色：${beyond.join('、')}`)
}

/**
 * Throws 403 unless the caller holds every menu a grant would give: the leaves under the picked menus
 * (grants are leaves, ADR 0001, as role/repo.ts replaceGrants stores them).
 */
export async function assertMayGrantMenus(db: Db, actor: AuthUser, menuIds: readonly number[]): Promise<void> {
  if (actor.isAdmin || menuIds.length === 0) return
  const r = await db.query<{ name: string }>(
    `WITH RECURSIVE picked AS (
       SELECT id FROM menu WHERE id = ANY($1::int[]) AND NOT deleted
       UNION SELECT m.id FROM menu m JOIN picked p ON m.parent_id = p.id WHERE NOT m.deleted
     )
     SELECT m.name FROM picked p JOIN menu m ON m.id = p.id
      WHERE NOT EXISTS (SELECT 1 FROM menu c WHERE c.parent_id = p.id AND NOT c.deleted)
        AND NOT EXISTS (SELECT 1 FROM role_menu mine WHERE mine.role_id = ANY($2::int[]) AND mine.menu_id = p.id)
      ORDER BY m.sort, m.id`,
    [[...menuIds], actor.roleIds],
  )
  if (r.rows.length) {
    const names = r.rows.map((x) => x.name)
    throw forbidden(`不能授予本账号未拥有的菜单：${names.slice(0, 5).join('、')}${names.length > 5 ? ` 等 ${names.length} 个` : ''}`)
  }
}

/** Throws 403 when a role grants more than the caller holds (editing, deleting, granting it, changing its users). */
export async function assertMayManageRole(db: Db, actor: AuthUser, roleId: number): Promise<void> {
  if (actor.isAdmin) return
  const beyond = await rolesBeyond(db, actor, [roleId])
  if (beyond.length) throw forbidden(`不能修改超出本账号权限的角色“${beyond[0]}”`)
}

/** Throws 403 when a region lies outside the caller's data scope (new users, edits, one's own region). */
export async function assertMaySetRegion(db: Db, actor: AuthUser, regionCode: string | null | undefined): Promise<void> {
  if (actor.isAdmin || !regionCode) return
  if (!(await regionInScope(db, scopeOf(actor), regionCode))) throw forbidden(`区划 ${regionCode} 超出本账号的数据范围，不能设置`)
}

/**
 * Throws 403 unless the caller may change the accounts: none is the super user (unless the caller is),
 * none holds a role beyond the caller's, none belongs to a region outside the caller's scope.
 */
export async function assertMayManageUsers(db: Db, actor: AuthUser, userIds: readonly number[]): Promise<void> {
  if (actor.isAdmin || userIds.length === 0) return
  const r = await db.query<{ id: number; username: string; region_code: string | null; role_ids: number[] }>(
    `SELECT u.id, u.username, u.region_code,
            (SELECT COALESCE(array_agg(ur.role_id ORDER BY ur.role_id), '{}'::int[]) FROM user_role ur WHERE ur.user_id = u.id) AS role_ids
       FROM app_user u WHERE u.id = ANY($1::int[]) AND NOT u.deleted ORDER BY u.id`,
    [[...userIds]],
  )
  const scope = scopeOf(actor)
  for (const u of r.rows) {
    if (u.username === SUPER_USER) throw forbidden(`超级管理员账号 ${SUPER_USER} 只能由其本人修改`)
    if ((await rolesBeyond(db, actor, u.role_ids)).length || (u.region_code && !(await regionInScope(db, scope, u.region_code)))) {
      throw forbidden(`不能修改权限高于本账号的用户 ${u.username}`)
    }
  }
}
