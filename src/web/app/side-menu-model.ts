/**
 * The side menu and breadcrumbs, generated from the one route table (docs/conventions.md "One route
 * table"), filtered by what the user may open: a leaf shows when its page is granted, a parent
 * only when some child shows.
 */
import { childRoutes, findRoute, normalizePath, type RouteEntry } from '../../domain/route-table'
import { sectionOf } from '../core/permission'

/** One menu node: key is the absolute path. */
export interface SideMenuNode {
  key: string
  label: string
  children?: SideMenuNode[]
}

/** One breadcrumb: the title, and the path to open (none for the current page). */
export interface Crumb {
  title: string
  path?: string
}

/** The top-level section of a path ('/system' for '/system/core'). */
export function sectionPath(path: string): string {
  return `/${sectionOf(path)}`
}

/** The menu of one top-level section, keeping what `canOpen` allows. */
export function buildSideMenu(section: string, canOpen: (path: string) => boolean): SideMenuNode[] {
  const walk = (entry: RouteEntry): SideMenuNode | null => {
    const kids = childRoutes(entry.path)
    if (kids.length === 0) return entry.page && canOpen(entry.path) ? { key: entry.path, label: entry.title } : null
    const children = kids.map(walk).filter((n): n is SideMenuNode => n !== null)
    return children.length > 0 ? { key: entry.path, label: entry.title, children } : null
  }
  return childRoutes(normalizePath(section))
    .map(walk)
    .filter((n): n is SideMenuNode => n !== null)
}

/** The table entries from the top-level section down to the path. */
export function ancestry(path: string): RouteEntry[] {
  const out: RouteEntry[] = []
  let entry = findRoute(path)
  while (entry) {
    out.unshift(entry)
    entry = entry.parent ? findRoute(entry.parent) : undefined
  }
  return out
}

/** Sub-menus to open so the current page is visible. */
export function openKeysFor(path: string): string[] {
  return ancestry(path)
    .slice(1, -1)
    .map((e) => e.path)
}

/** Breadcrumbs from the entry's trail (docs/product.md §2 titles), ancestors linked. */
export function breadcrumbsFor(path: string): Crumb[] {
  const chain = ancestry(path)
  const entry = chain[chain.length - 1]
  if (!entry) return []
  return entry.trail.map((title, i) => (i < chain.length - 1 ? { title, path: chain[i].path } : { title }))
}
