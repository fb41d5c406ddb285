/**
 * Links between pages, made from the one route table (pages never hand-write URLs). A link names
 * its target by the page's path in the table (e.g. '/system/IndustryMap/Dkxx'); it lands on that
 * page at the entry point the user stands in (/system, /systems or /warehouse show the same pages,
 * docs/product.md §2), follows default children to the page shown, and carries its query.
 */
import { ROUTES, findRoute, resolveRedirects } from '../../domain/route-table'

/** Query values of a link; absent and empty ones are left out. */
export type LinkQuery = Record<string, string | number | null | undefined>

const topOf = (path: string) => `/${path.split(/[?#]/)[0].split('/')[1] ?? ''}`

/** `path?query`, leaving out absent and empty values. */
export function withQuery(path: string, query: LinkQuery = {}): string {
  const pairs = Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]]))
  const search = new URLSearchParams(pairs).toString()
  return search ? `${path}?${search}` : path
}

/**
 * The path of the page `target` as seen from `from` (the current path): at the same entry point
 * when that entry point has the page, else at `target`'s own. undefined when the table has no such
 * page — a link to nowhere is not offered.
 */
export function pagePath(target: string, from?: string): string | undefined {
  const entry = findRoute(resolveRedirects(target))
  if (!entry?.page) return undefined
  const same = ROUTES.filter((r) => r.page === entry.page)
  const here = from ? same.find((r) => topOf(r.path) === topOf(from)) : undefined
  return (here ?? entry).path
}

/** {@link pagePath} with a query: the href of a link. */
export function routeLink(target: string, query?: LinkQuery, from?: string): string | undefined {
  const path = pagePath(target, from)
  return path === undefined ? undefined : withQuery(path, query)
}

/** {@link routeLink}, only when `mayOpen` allows the page (so no link ends on 403). */
export function openableLink(
  target: string,
  query: LinkQuery | undefined,
  from: string | undefined,
  mayOpen: (path: string) => boolean,
): string | undefined {
  const path = pagePath(target, from)
  return path !== undefined && mayOpen(path) ? withQuery(path, query) : undefined
}
