/** Role menu call (spec §7 "Detailed call"; API.md step 6). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { menuMutilForm } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { forbidden } from '../../http/errors'
import { menusForRoles } from './service'

export const roleRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/role/query/role/menuMutil',
      { config: { log: false }, schema: { body: menuMutilForm } },
      async (req) => {
        const user = currentUser(req)
        const roleIds = [...new Set(req.body.roleId.split(',').map(Number))]
        // a user may read the menus of their own roles; only admin reads anyone's
        if (user.username !== 'admin' && roleIds.some((id) => !user.roleIds.includes(id))) throw forbidden()
        return ok(await menusForRoles(db, roleIds))
      },
    )
  }
