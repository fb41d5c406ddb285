/** Health and the runtime config (docs/architecture.md "Runtime configuration"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import type { RuntimeConfigSource } from '../../runtime-config'

export const systemRoutes =
  (db: Db, config: RuntimeConfigSource): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', { config: { public: true } }, async () => {
      await db.query('SELECT 1')
      return ok({ status: 'ok', engine: db.engine })
    })
    app.get('/config.json', { config: { public: true } }, async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache')
      return config.get()
    })
  }
