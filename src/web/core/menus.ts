/**
 * Menus of the signed-in user (docs/product.md §3 "Menu item", §6): grants for the permission check and
 * the default landing route. Pure functions over the API's menu items.
 */
import type { MenuItem, SessionUser, UserMenus } from '../../domain/contracts/auth'
import { MENU_GROUPS, type MenuGroup } from '../../domain/route-table'
import { SUPER_USER, type GrantedMenuRoute } from './permission'

/** Menus either as the role menu call returns them (a list) or as stored with the user (grouped). */
export type MenuSource = readonly MenuItem[] | Partial<UserMenus> | null | undefined

/** Every menu item once (by id), whether given as a tree, a flat list or the user's six groups. */
export function allMenuItems(source: MenuSource): MenuItem[] {
  const roots: { item: MenuItem; group?: MenuGroup }[] = []
  if (Array.isArray(source)) source.forEach((item) => roots.push({ item }))
  else if (source) {
    for (const group of MENU_GROUPS) (source as Partial<UserMenus>)[group]?.forEach((item) => roots.push({ item, group }))
  }
  const seen = new Map<number, MenuItem>()
  const walk = (item: MenuItem, group?: MenuGroup) => {
    if (seen.has(item.id)) return
    seen.set(item.id, group && !item.group ? { ...item, group } : item)
    item.children?.forEach((c) => walk(c, group ?? item.group))
  }
  roots.forEach(({ item, group }) => walk(item, group))
  return [...seen.values()]
}

/**
 * The grants of docs/product.md §5: each menu route with whether the menu has children — in the tree as
 * given, or by another item naming it as parent (a flat list).
 */
export function menusToGrants(source: MenuSource): GrantedMenuRoute[] {
  const items = allMenuItems(source)
  const parents = new Set(items.map((i) => i.parentId))
  return items
    .filter((i) => typeof i.menuRoute === 'string' && i.menuRoute !== '')
    .map((i) => ({ menuRoute: i.menuRoute, hasChildren: (i.children?.length ?? 0) > 0 || parents.has(i.id) }))
}

/** The menu forest of one group, rebuilt from parentId and sorted by `sort` (then id). */
export function groupTree(source: MenuSource, group: MenuGroup): MenuItem[] {
  const items = allMenuItems(source).filter((i) => i.group === group)
  const byId = new Map(items.map((i) => [i.id, { ...i, children: [] as MenuItem[] }]))
  const roots: MenuItem[] = []
  for (const node of byId.values()) {
    const parent = byId.get(node.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort || a.id - b.id
  const sortDeep = (list: MenuItem[]) => {
    list.sort(bySort)
    list.forEach((n) => sortDeep(n.children))
  }
  sortDeep(roots)
  return roots
}

/** The groups the user holds, in the order of docs/product.md §6. */
export function groupsPresent(source: MenuSource): MenuGroup[] {
  const items = allMenuItems(source)
  return MENU_GROUPS.filter((g) => items.some((i) => i.group === g))
}

/** The first leaf route of one group, in menu tree order (leaves are what grants cover). */
export function firstLeafRoute(source: MenuSource, group: MenuGroup): string | null {
  const visit = (list: MenuItem[]): string | null => {
    for (const node of list) {
      if (node.children.length === 0) {
        if (node.menuRoute) return node.menuRoute
        continue
      }
      const found = visit(node.children)
      if (found) return found
    }
    return null
  }
  return visit(groupTree(source, group))
}

/** Where a user with no menu at all lands: the platform hub, which says so. */
export const NO_MENU_LANDING = '/main'

/**
 * docs/product.md §6: the default landing route is the first menu route of the first group present
 * (groups ordered system, business, big data, data centre, land, land lifecycle).
 */
export function landingRoute(source: MenuSource): string {
  for (const group of groupsPresent(source)) {
    const route = firstLeafRoute(source, group)
    if (route) return route
  }
  return NO_MENU_LANDING
}

/**
 * The menus that decide (docs/product.md §6 "the role menu call decides"): the call's answer once it came;
 * before that, or if it failed, the menus stored with the user. For admin, who passes every route,
 * the stored menus (all of them) win when its roles hold none.
 */
export function effectiveMenus(callData: readonly MenuItem[] | null | undefined, user: SessionUser | null): MenuItem[] {
  const isAdmin = user?.username === SUPER_USER
  if (callData && (callData.length > 0 || !isAdmin)) return allMenuItems(callData)
  return allMenuItems(user?.menus)
}
