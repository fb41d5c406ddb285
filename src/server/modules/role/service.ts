/** Menus as the client sees them: spec §3 "Menu item", grouped by the six groups of spec §6. */
import { MENU_GROUPS } from '../../../domain/route-table'
import type { MenuItem, UserMenus } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { allMenus, menusOfRoles, type MenuRow } from './repo'

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
  return buildMenuTree(await menusOfRoles(db, roleIds)).flat
}

/** The six groups of a user's menus (login response, spec §3 "User"). */
export async function userMenus(db: Db, username: string, roleIds: number[]): Promise<UserMenus> {
  const rows = username === 'admin' ? await allMenus(db) : await menusOfRoles(db, roleIds)
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
