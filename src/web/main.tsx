/**
 * Entry: load /config.json (one build serves every deployment), then fetch and start the app.
 * Everything else is a lazy chunk, so the first bytes stay few: a fresh load of the sign-in route
 * fetches only the sign-in screen (issue 19), every other address the whole app.
 */
import { normalizePath } from '../domain/route-table'
import { renderStartError } from './app/config-error'
import { loadRuntimeConfig } from './core/runtime-config'

/** The addresses of the sign-in page (route table: page 'login'); /visualLogin is the wall's own. */
const SIGN_IN_PATHS: readonly string[] = ['/', '/login']

const container = document.getElementById('root')

if (container) {
  loadRuntimeConfig()
    .then(async (config) => {
      if (SIGN_IN_PATHS.includes(normalizePath(globalThis.location.pathname))) {
        const { startSignIn } = await import('./app/sign-in-start')
        startSignIn(config, container)
      } else {
        const { start } = await import('./app/start')
        start(config, container)
      }
    })
    .catch((error: unknown) => renderStartError(container, error))
}
