/** The role grant tree (docs/product.md §6): the six menu groups as top nodes, each with its menu forest. */
import type { MenuNodeView } from '../../../../domain/contracts/admin-menu'
import { MENU_GROUPS, MENU_GROUP_TITLES } from '../../../../domain/route-table'

/** A tree node as antd's Tree takes it. */
export interface GrantNode {
  key: number | string
  title: string
  children?: GrantNode[]
}

function toNodes(menus: MenuNodeView[]): GrantNode[] {
  return menus.map((m) => ({ key: m.id, title: m.name, children: m.children.length ? toNodes(m.children) : undefined }))
}

/** Group nodes (keys `group:…`, never sent to the server) over the menus; groups without menus are left out. */
export function grantTree(menus: MenuNodeView[]): GrantNode[] {
  return MENU_GROUPS.map((g) => ({
    key: `group:${g}`,
    title: MENU_GROUP_TITLES[g],
    children: toNodes(menus.filter((m) => m.group === g)),
  })).filter((n) => n.children.length > 0)
}

/** The menu ids among checked tree keys (group keys dropped): what /api/role/menus/grant receives. */
export function grantedIds(checked: readonly (number | string | bigint)[]): number[] {
  return checked.filter((k): k is number => typeof k === 'number')
}
