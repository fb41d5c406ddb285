/**
 * Entry: load /config.json (one build serves every deployment), then fetch and start the app.
 * Everything else is a lazy chunk, so the first bytes stay few.
 */
import { renderStartError } from './app/config-error'
import { loadRuntimeConfig } from './core/runtime-config'

const container = document.getElementById('root')

if (container) {
  loadRuntimeConfig()
    .then(async (config) => {
      const { start } = await import('./app/start')
      start(config, container)
    })
    .catch((error: unknown) => renderStartError(container, error))
}
