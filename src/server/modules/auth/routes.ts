/** Sign-in endpoints (API.md "Sign-in"; spec §7 /api/login/do, /api/user/getSalt). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSaltQuery, loginForm, verifyForm } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import * as service from './service'

export const authRoutes =
  (db: Db, policy: service.TokenPolicy): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/user/getSalt', { config: { public: true }, schema: { querystring: getSaltQuery } }, async (req) =>
      ok({ salt: await service.saltFor(db, req.query.username) }),
    )

    app.post(
      '/api/login/do',
      { config: { public: true, log: { module: 'login', action: '登录' } }, schema: { body: loginForm } },
      async (req) => {
        req.actorName = req.body.username
        req.logTarget = req.body.username
        return ok(await service.login(db, req.body.username, req.body.password, req.ip, policy))
      },
    )

    app.post('/api/login/logout', { config: { log: { module: 'login', action: '退出登录' } } }, async (req) => {
      await service.logout(db, currentUser(req).tokenHash)
      return ok(null)
    })

    app.post(
      '/api/login/verify',
      { config: { log: { module: 'login', action: '解锁屏幕' } }, schema: { body: verifyForm } },
      async (req) => {
        await service.verifyPassword(db, currentUser(req), req.body.password, req.ip)
        return ok(null)
      },
    )

    /** The signed-in user again (after a reload the client refreshes its copy). */
    app.get('/api/user/current', async (req) => ok(await service.currentSessionUser(db, currentUser(req).id)))
  }
