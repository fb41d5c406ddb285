/**
 * Runs the rules of docs/product.md §4–§6 on every navigation (core/permission) before a page renders:
 * the screen lock first, then decideNavigation with the grants of the role menu call. Allowed
 * navigations set the document title and remember the last page (docs/product.md §4).
 */
import { Suspense, useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useShallow } from 'zustand/react/shallow'
import { findRoute, normalizePath } from '../../domain/route-table'
import { decideLock, decideNavigation, passwordChangeFirst } from '../core/permission'
import { getRuntimeConfig } from '../core/runtime-config'
import { isSignedIn, rememberLastPage, useSession } from '../core/session'
import { useUserMenus } from '../core/use-user-menus'
import { pageTitle } from '../ui/brand'
import { PageSpin } from '../ui/page-spin'
import { pageComponent } from './page-registry'

/** The root route element: decides, then renders the matched layout and page. */
export function NavigationGuard() {
  const location = useLocation()
  const path = normalizePath(location.pathname)
  const session = useSession(
    useShallow((s) => ({ token: s.token, expiresAt: s.expiresAt, user: s.user, locked: s.locked, expire: s.expire })),
  )
  const { grants, ready, isAdmin } = useUserMenus()
  const fromPath = useRef<string | null>(null)
  const now = Date.now()
  const signedIn = isSignedIn(session, now)
  const entry = findRoute(path)
  // the grant check waits for the role menu call (docs/product.md §6 "the role menu call decides")
  const waiting = signedIn && !isAdmin && !ready && entry?.guard === 'grant'

  const decision = waiting
    ? null
    : ((signedIn ? decideLock(path, session.locked) : null) ??
      decideNavigation({
        path,
        fromPath: fromPath.current,
        token: session.token,
        expiresAt: session.expiresAt,
        now,
        username: session.user?.username ?? null,
        grantedMenuRoutes: grants,
        host: globalThis.location?.host ?? '',
        portalHost: getRuntimeConfig().portalHost,
      }))
  const action = decision?.action ?? 'wait'
  const target = decision?.action === 'redirect' ? decision.to : null
  const clearToken = decision?.action === 'redirect' && decision.clearToken === true

  useEffect(() => {
    if (action === 'redirect') {
      // docs/product.md §4: an expired token is removed
      if (clearToken) session.expire()
      return
    }
    if (action !== 'allow') return
    fromPath.current = path
    document.title = pageTitle(findRoute(path)?.title)
    if (signedIn) rememberLastPage(path, location.search)
  }, [action, target, clearToken, path, location.search, signedIn, session])

  if (target) return <Navigate to={target} replace />
  if (action === 'wait') return <PageSpin tip="正在加载权限…" />
  if (passwordChangeFirst(path, signedIn, session.user?.mustChangePassword)) {
    const ForcedPasswordPage = pageComponent('forced-password')
    return (
      <Suspense fallback={<PageSpin />}>
        <ForcedPasswordPage />
      </Suspense>
    )
  }
  return <Outlet />
}
