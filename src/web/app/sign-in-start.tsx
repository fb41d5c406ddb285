/**
 * The light start of a fresh load of the sign-in route (/login, /): the sign-in screen with the
 * theme and the http client only — no router, no query cache, no layouts, no pages — so the first
 * bytes stay within issue 19's budget (tests/e2e/login-bundle.spec.ts). The app's code is fetched
 * as the form is sent; after sign-in the app starts at the landing page the app itself would
 * choose (docs/product.md §4, §6).
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { LoginResult } from '../../domain/contracts/auth'
import type { RuntimeConfig } from '../../domain/contracts/runtime-config'
import { findRoute } from '../../domain/route-table'
import { initHttp } from '../core/http'
import { useSession } from '../core/session'
import { LoginScreen } from '../features/auth/login-screen'
import { pageTitle } from '../ui/brand'
import { renderStartError } from './config-error'
import type * as AppStart from './start'
import { ThemeProviders } from './theme-providers'

/** Renders the sign-in screen into `container`; the app replaces it once the user has signed in. */
export function startSignIn(config: RuntimeConfig, container: HTMLElement): void {
  useSession.getState().hydrate(config.tokenKey)
  // sign-in calls need no token; should one still end a session, the screen is already the place to go
  initHttp(config, { onSessionExpired: () => useSession.getState().expire() })
  // what the guard sets for an allowed page
  document.title = pageTitle(findRoute(globalThis.location.pathname)?.title)

  let app: Promise<typeof AppStart> | null = null
  const loadApp = () => (app ??= import('./start'))
  const root = createRoot(container)

  const onSignedIn = async (result: LoginResult) => {
    let appStart: typeof AppStart
    try {
      appStart = await loadApp()
    } catch (error) {
      // the session is stored, but without the app's code there is nowhere to go: say so plainly
      root.unmount()
      renderStartError(container, error)
      return
    }
    const { client, target } = await appStart.landingAfterSignIn(config, result)
    root.unmount()
    // the app's router starts at the address it finds: the landing page, in place of the sign-in entry
    history.replaceState(null, '', target)
    appStart.start(config, container, client)
  }

  root.render(
    <StrictMode>
      <ThemeProviders>
        <LoginScreen onSubmit={() => void loadApp().catch(() => undefined)} onSignedIn={onSignedIn} />
      </ThemeProviders>
    </StrictMode>,
  )
}
