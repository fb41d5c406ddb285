/**
 * Links between the analysis pages through the route table (CONVENTIONS "pages never hand-write
 * URLs"): a page of the same entry point (/system or /systems) as the current one, only when the
 * table has it and the user holds its menu.
 */
import { useCallback } from 'react'
import { useLocation } from 'react-router-dom'
import { findRoute } from '../../../../domain/route-table'
import { isGranted } from '../../../core/permission'
import { useUserMenus } from '../../../core/use-user-menus'

/** Query values of a link; empty ones are left out. */
export type LinkQuery = Record<string, string | number | undefined>

/**
 * The path of the page `leaf` (e.g. decision/zbqy) under the entry point of `pathname`, with the
 * query; undefined when the route table has no such page.
 */
export function pagePath(pathname: string, leaf: string, query: LinkQuery = {}): string | undefined {
  const root = pathname.startsWith('/systems/') ? '/systems' : '/system'
  const target = findRoute(`${root}/${leaf}`)
  if (!target?.page) return undefined
  const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString()
  return search ? `${target.path}?${search}` : target.path
}

/** A function giving the link to a page the user may open, or undefined. */
export function usePageLink(): (leaf: string, query?: LinkQuery) => string | undefined {
  const { pathname } = useLocation()
  const { grants, isAdmin } = useUserMenus()
  return useCallback(
    (leaf, query) => {
      const path = pagePath(pathname, leaf, query)
      return path && (isAdmin || isGranted(path.split('?')[0], grants)) ? path : undefined
    },
    [pathname, grants, isAdmin],
  )
}
