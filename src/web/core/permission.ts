/**
 * The navigation rules of docs/product.md §5 and §6 as one pure function, table-tested sentence by sentence
 * (tests/unit/web/core/permission.test.ts). The router's guard feeds it the requested path, the
 * session and the user's menu grants; it answers allow or redirect.
 */
import { findRoute, normalizePath, resolveRedirects } from '../../domain/route-table'
import { isTokenUsable } from './storage'

/** One granted menu route (from the role menu call, docs/product.md §6). */
export interface GrantedMenuRoute {
  menuRoute: string
  /** A granted leaf (no children) also covers its sub-pages. */
  hasChildren: boolean
}

/** Everything a navigation decision depends on. */
export interface NavigationInput {
  /** Requested path, already normalised. */
  path: string
  /** The path the user comes from, or null on first load. */
  fromPath: string | null
  token: string | null
  /** Token expiry, epoch ms (`expirate_time`, docs/product.md §9). */
  expiresAt: number | null
  now: number
  username: string | null
  grantedMenuRoutes: readonly GrantedMenuRoute[]
  /** The host the page is served from (location.host). */
  host: string
  /** docs/product.md §9: the one internal portal host of the /show exception. */
  portalHost: string
}

/** The guard's answer. */
export type NavigationDecision = { action: 'allow' } | { action: 'redirect'; to: string; clearToken?: boolean }

/**
 * docs/product.md §5: /login, /, /403, /index.html and /map.html are always open.
 * /visualLogin, the wall's own sign-in page, is open as well (our reading: a sign-in page that
 * needs a token could never be used).
 */
export const ALWAYS_OPEN_PATHS: readonly string[] = ['/login', '/', '/403', '/index.html', '/map.html', '/visualLogin']

/**
 * Top-level paths that are utilities, not sections, for the "leaving /system" rule of docs/product.md §5
 * (our reading: the hub, the lock screen and the error pages must stay reachable from /system).
 */
export const UTILITY_SECTIONS: readonly string[] = ['main', 'lock', '403', '404']

/** The user who passes every route (docs/product.md §5, §6). */
export const SUPER_USER = 'admin'

const ALLOW: NavigationDecision = { action: 'allow' }
const redirect = (to: string, clearToken?: boolean): NavigationDecision =>
  clearToken ? { action: 'redirect', to, clearToken } : { action: 'redirect', to }

/** The first path segment ('' for '/'). */
export function sectionOf(path: string): string {
  return normalizePath(path).split('/')[1] ?? ''
}

/**
 * docs/product.md §5: a page is authorised when its route matches a granted menu route — exactly, or below
 * a granted menu that has no children (a granted leaf covers its sub-pages).
 */
export function isGranted(path: string, grants: readonly GrantedMenuRoute[]): boolean {
  const p = normalizePath(path)
  return grants.some((g) => {
    const route = normalizePath(g.menuRoute)
    return p === route || (!g.hasChildren && route !== '/' && p.startsWith(`${route}/`))
  })
}

/** docs/product.md §5: whether the page is served from the internal portal host (port ignored unless given). */
export function isPortalHost(host: string, portalHost: string): boolean {
  if (!portalHost) return false
  const h = host.toLowerCase()
  const want = portalHost.toLowerCase()
  return want.includes(':') ? h === want : h.split(':')[0] === want
}

/** Decides one navigation; the rules run in the order of the letters below. */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = normalizePath(input.path)
  // a. docs/product.md §5: always-open paths
  if (ALWAYS_OPEN_PATHS.includes(path)) return ALLOW
  // b. docs/product.md §5: /show only from the portal host, with or without a token; else /login
  if (path === '/show') return isPortalHost(input.host, input.portalHost) ? ALLOW : redirect('/login')
  const signedIn = isTokenUsable(input.token, input.expiresAt, input.now)
  const entry = findRoute(path)
  // c. an address that does not exist (docs/product.md §2 /404)
  if (!entry) return signedIn ? redirect('/404') : redirect('/login')
  // d. docs/product.md §5: a page other than login and 403 needs a token; docs/product.md §4: an expired one is removed
  if (!input.token) return redirect('/login')
  if (!signedIn) return redirect('/login', true)
  // e. docs/product.md §5: leaving a /system page for another top-level section sends the user to /login
  if (input.fromPath && sectionOf(input.fromPath) === 'system') {
    const target = sectionOf(path)
    if (target !== 'system' && !UTILITY_SECTIONS.includes(target)) return redirect('/login')
  }
  // f. docs/product.md §2: default children
  if (entry.redirect) return redirect(resolveRedirects(path))
  // g. docs/product.md §6: /visual (and the token-only utility pages) need a token only; admin passes all
  if (entry.guard === 'token' || entry.guard === 'visual') return ALLOW
  if (input.username === SUPER_USER) return ALLOW
  // h. docs/product.md §5, §6: the role menu call decides
  return isGranted(path, input.grantedMenuRoutes) ? ALLOW : redirect('/403')
}

/** Paths that stay reachable while the screen is locked (the sign-in pages and the lock itself). */
export const LOCK_EXEMPT_PATHS: readonly string[] = ['/lock', '/login', '/', '/visualLogin']

/**
 * docs/product.md §4 screen lock: while `locking` is 1, every route except /lock and the sign-in pages
 * goes to /lock (the flag survives a reload). Applies to a signed-in user; null means no change.
 */
export function decideLock(path: string, locked: boolean): NavigationDecision | null {
  if (!locked) return null
  return LOCK_EXEMPT_PATHS.includes(normalizePath(path)) ? null : redirect('/lock')
}

/**
 * Whether the signed-in user must change the password before anything else (a new or reset
 * account, or an expired password): every page that needs a token shows the change form instead;
 * the always-open pages (sign-in) stay as they are.
 */
export function passwordChangeFirst(path: string, signedIn: boolean, mustChangePassword: boolean | undefined): boolean {
  return signedIn && mustChangePassword === true && !ALWAYS_OPEN_PATHS.includes(normalizePath(path))
}
