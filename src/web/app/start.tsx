/**
 * Starts the app once the runtime config is loaded: the http client (docs/product.md §7), the session from
 * storage (docs/product.md §3, §4), then the router.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import type { QueryClient } from '@tanstack/react-query'
import type { LoginResult } from '../../domain/contracts/auth'
import type { RuntimeConfig } from '../../domain/contracts/runtime-config'
import { initHttp } from '../core/http'
import { useSession } from '../core/session'
import { afterSignInPath } from '../features/auth/after-sign-in'
import { Providers, createQueryClient } from './providers'
import { createAppRouter } from './router'

/**
 * Renders the app into `container`, at the address the browser shows. `client` is the query cache
 * to start with (the light sign-in start hands one over that already holds the role menus).
 */
export function start(config: RuntimeConfig, container: HTMLElement, client: QueryClient = createQueryClient()): void {
  useSession.getState().hydrate(config.tokenKey)
  const router = createAppRouter()
  initHttp(config, {
    // docs/product.md §4: a request without a usable token (or a 401) removes it and goes to /login
    onSessionExpired: () => {
      useSession.getState().expire()
      if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true })
    },
  })
  createRoot(container).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

/**
 * Where a sign-in made on the light sign-in start lands (the same rule as inside the app), with
 * the query cache that already holds the new session's role menus, so the guard does not ask again.
 */
export async function landingAfterSignIn(config: RuntimeConfig, result: LoginResult): Promise<{ client: QueryClient; target: string }> {
  const client = createQueryClient()
  return { client, target: await afterSignInPath(client, result, config.portalHost) }
}
