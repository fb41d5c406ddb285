/**
 * Starts the app once the runtime config is loaded: the http client (docs/product.md §7), the session from
 * storage (docs/product.md §3, §4), then the router.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import type { RuntimeConfig } from '../../domain/contracts/runtime-config'
import { initHttp } from '../core/http'
import { useSession } from '../core/session'
import { Providers, createQueryClient } from './providers'
import { createAppRouter } from './router'

/** Renders the app into `container`. */
export function start(config: RuntimeConfig, container: HTMLElement): void {
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
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}
