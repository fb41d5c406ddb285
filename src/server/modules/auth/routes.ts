/** Sign-in endpoints (docs/api.md "Sign-in"; docs/product.md §7 /api/login/do, /api/user/getSalt, /api/user/update/password). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { changePasswordBody, getSaltQuery, loginForm, verifyForm } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { transportKey } from '../../auth/transport-key'
import type { SecurityPolicy } from '../../auth/session'
import * as service from './service'

export const authRoutes =
  (db: Db, policy: SecurityPolicy): FastifyPluginAsyncZod =>
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
        return ok(await service.login(db, req.body.username, req.body.password, req.ip, policy, (o) => (req.logAction = o)))
      },
    )

    app.post('/api/login/logout', { config: { beforePasswordChange: true, log: { module: 'login', action: '退出登录' } } }, async (req) => {
      await service.logout(db, currentUser(req).id)
      return ok(null)
    })

    app.post(
      '/api/login/verify',
      { config: { beforePasswordChange: true, log: { module: 'login', action: '解锁屏幕' } }, schema: { body: verifyForm } },
      async (req) => {
        await service.verifyPassword(db, currentUser(req), req.body.password, req.ip, policy)
        return ok(null)
      },
    )

    /** The key that a new password is encrypted with (docs/adr/0002); public like any public key. */
    app.get('/api/login/publicKey', { config: { public: true } }, async () => ok((await transportKey(db)).publicJwk))

    app.post(
      '/api/user/update/password',
      { config: { beforePasswordChange: true, log: { module: 'user', action: '修改本人密码' } }, schema: { body: changePasswordBody } },
      async (req) => {
        const user = currentUser(req)
        req.logTarget = user.username
        await service.changeOwnPassword(db, user, req.body, req.ip, policy)
        return ok(null, '密码已修改，请用新密码重新登录')
      },
    )

    /** The signed-in user again (after a reload the client refreshes its copy). */
    app.get('/api/user/current', { config: { beforePasswordChange: true } }, async (req) =>
      ok(await service.currentSessionUser(db, currentUser(req).id, policy)),
    )
  }
