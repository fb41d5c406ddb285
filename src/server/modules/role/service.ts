/** Menus as the client sees them: docs/product.md §3 "Menu item", grouped by the six groups of docs/product.md §6. */
import { MENU_GROUPS } from '../../../domain/route-table'
import type { MenuItem, UserMenus } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import type { RoleView } from '../../../domain/contracts/admin-role'
import { AppError, conflict, notFound } from '../../http/errors'
import { assertMayGrantMenus, assertMayManageRole, assertMayManageUsers } from '../../auth/privilege'
import type { AuthUser } from '../../auth/session'
import * as repo from './repo'
import type { MenuRow } from './repo'

/** Builds MenuItems with nested children; returns [all items flat, roots]. */
export function buildMenuTree(rows: MenuRow[]): { flat: MenuItem[]; roots: MenuItem[] } {
  const items = new Map<number, MenuItem>()
  for (const r of rows) {
    items.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: r.name,
      menuRoute: r.menu_route,
      group: r.menu_group,
      sort: r.sort,
      icon: r.icon,
      children: [],
    })
  }
  const roots: MenuItem[] = []
  for (const item of items.values()) {
    const parent = items.get(item.parentId)
    if (parent) parent.children.push(item)
    else roots.push(item)
  }
  const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort || a.id - b.id
  for (const item of items.values()) item.children.sort(bySort)
  roots.sort(bySort)
  return { flat: [...items.values()], roots }
}

/** The menus of a set of roles as a flat list (each item also carries its children). */
export async function menusForRoles(db: Db, roleIds: number[]): Promise<MenuItem[]> {
  return buildMenuTree(await repo.menusOfRoles(db, roleIds)).flat
}

/** The six groups of a user's menus (login response, docs/product.md §3 "User"). */
export async function userMenus(db: Db, username: string, roleIds: number[]): Promise<UserMenus> {
  const rows = username === 'admin' ? await repo.allMenus(db) : await repo.menusOfRoles(db, roleIds)
  const { roots } = buildMenuTree(rows)
  const groups = Object.fromEntries(MENU_GROUPS.map((g) => [g, [] as MenuItem[]])) as UserMenus
  for (const root of roots) groups[root.group].push(root)
  return groups
}

/** Authority strings of a user: role codes plus the authorities of granted menus. */
export function authoritiesOf(roles: { code: string }[], menus: UserMenus): string[] {
  const out = new Set(roles.map((r) => `ROLE_${r.code}`))
  const walk = (items: MenuItem[]) =>
    items.forEach((m) => {
      out.add(m.menuRoute)
      walk(m.children)
    })
  Object.values(menus).forEach(walk)
  return [...out]
}

/** 新增角色: name and code are unique (409 naming the one taken). */
export async function addRole(db: Db, body: { name: string; code: string; remark: string }): Promise<RoleView> {
  await assertFree(db, body.name, body.code)
  const id = await repo.insertRole(db, body)
  return (await repo.getRole(db, id)) as RoleView
}

async function assertFree(db: Db, name: string, code: string, exceptId = 0): Promise<void> {
  const clash = await repo.roleClash(db, name, code, exceptId)
  if (clash) throw conflict(clash.field === 'name' ? `角色名称“${clash.value}”已存在` : `角色编码“${clash.value}”已存在`)
}

async function liveRole(db: Db, id: number): Promise<RoleView> {
  const role = await repo.getRole(db, id)
  if (!role) throw notFound(`角色 ${id} 不存在`)
  return role
}

export async function editRole(
  db: Db,
  actor: AuthUser,
  body: { id: number; name: string; code: string; remark: string },
): Promise<RoleView> {
  const role = await liveRole(db, body.id)
  await assertMayManageRole(db, actor, body.id)
  if (role.code === SUPER_ADMIN_CODE && body.code !== SUPER_ADMIN_CODE)
    throw new AppError(422, `超级管理员角色的编码 ${SUPER_ADMIN_CODE} 不能修改`)
  await assertFree(db, body.name, body.code, body.id)
  await repo.updateRole(db, body.id, body)
  return liveRole(db, body.id)
}

/** The role of the super user (seeded); it cannot be deleted or renamed in code. */
export const SUPER_ADMIN_CODE = 'SUPER_ADMIN'

/**
 * 删除角色: a role still held by users needs `force` — the page asks first (422 with the count);
 * with it the users simply lose the role.
 */
export async function deleteRole(db: Db, actor: AuthUser, id: number, force: boolean): Promise<string> {
  const role = await liveRole(db, id)
  await assertMayManageRole(db, actor, id)
  if (role.code === SUPER_ADMIN_CODE) throw new AppError(422, '超级管理员角色不能删除')
  if (role.userCount > 0 && !force) {
    throw new AppError(422, `角色“${role.name}”仍分配给 ${role.userCount} 个用户，确认后才能删除`)
  }
  await repo.deleteRole(db, id)
  return role.name
}

/** 角色授权菜单: the caller holds the role and every menu it grants (issue 18 finding 2). */
export async function grantMenus(db: Db, actor: AuthUser, roleId: number, menuIds: number[]): Promise<{ name: string; granted: number }> {
  const role = await liveRole(db, roleId)
  await assertMayManageRole(db, actor, roleId)
  await assertMayGrantMenus(db, actor, menuIds)
  return { name: role.name, granted: await repo.replaceGrants(db, roleId, menuIds) }
}

/** 调整角色用户: the caller holds the role and may manage every user it adds or removes. */
export async function changeUsers(
  db: Db,
  actor: AuthUser,
  roleId: number,
  add: number[],
  remove: number[],
): Promise<{ name: string; changed: number }> {
  const role = await liveRole(db, roleId)
  await assertMayManageRole(db, actor, roleId)
  await assertMayManageUsers(db, actor, [...add, ...remove])
  return { name: role.name, changed: await repo.changeRoleUsers(db, roleId, add, remove) }
}
