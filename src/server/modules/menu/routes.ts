/** 菜单资源 endpoints (docs/product.md §7 /api/menu/*). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import { menuAddBody, menuEditBody } from '../../../domain/contracts/admin-menu'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import * as repo from './repo'
import * as service from './service'

const RESOURCE = [ADMIN_PAGES.resource]
const log = (action: string) => ({ module: 'menu', action })

export const menuRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the role page draws its grant tree from the same list
    app.get('/api/menu/query/all', { config: { pages: [ADMIN_PAGES.resource, ADMIN_PAGES.role] } }, async () => ok(await repo.menuTree(db)))

    app.get('/api/menu/query', { config: { pages: RESOURCE }, schema: { querystring: idBody } }, async (req) => {
      const menu = await repo.findById(db, req.query.id)
      if (!menu) throw notFound(`菜单 ${req.query.id} 不存在`)
      return ok({
        id: menu.id,
        parentId: menu.parent_id,
        name: menu.name,
        menuRoute: menu.menu_route,
        group: menu.menu_group,
        sort: menu.sort,
        icon: menu.icon,
        customized: menu.customized,
      })
    })

    app.get('/api/menu/query/model', { config: { pages: RESOURCE } }, async () => ok(await service.menuModel(db)))

    app.post('/api/menu/add', { config: { pages: RESOURCE, log: log('新增菜单') }, schema: { body: menuAddBody } }, async (req) => {
      req.logTarget = req.body.menuRoute
      return ok({ id: await service.addMenu(db, req.body) })
    })

    app.post('/api/menu/edit', { config: { pages: RESOURCE, log: log('编辑菜单') }, schema: { body: menuEditBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.editMenu(db, req.body)
      return ok(null)
    })

    app.post('/api/menu/delete', { config: { pages: RESOURCE, log: log('删除菜单') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.deleteMenu(db, req.body.id)
      return ok(null)
    })
  }
