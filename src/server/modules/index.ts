/**
 * Every API module, in registration order. A new module adds one line here: its routes plugin
 * receives the shared dependencies.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/engine'
import type { RuntimeConfigSource } from '../runtime-config'
import type { TokenPolicy } from './auth/service'
import { authRoutes } from './auth/routes'
import { bigDataRoutes } from './big-data/routes'
import { mapRoutes } from './map/routes'
import { roleRoutes } from './role/routes'
import { systemRoutes } from './system/routes'
import { globeRoutes } from './globe/routes'

/** What a module's routes may use. */
export interface ModuleDeps {
  db: Db
  config: RuntimeConfigSource
  policy: TokenPolicy
}

/** routes plugins of all modules */
export const MODULES: ((deps: ModuleDeps) => FastifyPluginAsync)[] = [
  ({ db, config }) => systemRoutes(db, config),
  ({ db, policy }) => authRoutes(db, policy),
  ({ db }) => roleRoutes(db),
  ({ db, config }) => bigDataRoutes(db, config),
  ({ db }) => mapRoutes(db),
  ({ db }) => globeRoutes(db),
]
