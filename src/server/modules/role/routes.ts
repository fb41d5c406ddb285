/** 角色管理 endpoints (docs/product.md §7 /api/role/*) and the role menu call (docs/product.md §7 "Detailed call"; docs/api.md step 6). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import {
  roleAddBody,
  roleDeleteBody,
  roleEditBody,
  roleGrantBody,
  roleIdQuery,
  roleQuery,
  roleRelationBody,
  roleUserQuery,
} from '../../../domain/contracts/admin-role'
import { menuMutilForm } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { forbidden, notFound } from '../../http/errors'
import * as repo from './repo'
import * as service from './service'

const ROLE = [ADMIN_PAGES.role]
const log = (action: string) => ({ module: 'role', action })

export const roleRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/role/query/role/menuMutil',
      { config: { log: false, beforePasswordChange: true }, schema: { body: menuMutilForm } },
      async (req) => {
        const user = currentUser(req)
        const roleIds = [...new Set(req.body.roleId.split(',').map(Number))]
        // a user may read the menus of their own roles; only admin reads anyone's
        if (!user.isAdmin && roleIds.some((id) => !user.roleIds.includes(id))) throw forbidden()
        return ok(await service.menusForRoles(db, roleIds))
      },
    )

    app.get('/api/role/query', { config: { pages: ROLE }, schema: { querystring: roleQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, keyword } = req.query
      return ok(await repo.listRoles(db, keyword, { page, pageSize, sortField, sortOrder }))
    })

    // the user page assigns roles from this list
    app.get('/api/role/query/all', { config: { pages: [ADMIN_PAGES.role, ADMIN_PAGES.user] } }, async () => ok(await repo.allRoles(db)))

    app.post('/api/role/add', { config: { pages: ROLE, log: log('新增角色') }, schema: { body: roleAddBody } }, async (req) => {
      req.logTarget = req.body.name
      return ok(await service.addRole(db, req.body))
    })

    app.post('/api/role/edit', { config: { pages: ROLE, log: log('编辑角色') }, schema: { body: roleEditBody } }, async (req) => {
      req.logTarget = `${req.body.name} (#${req.body.id})`
      return ok(await service.editRole(db, currentUser(req), req.body))
    })

    app.post('/api/role/delete', { config: { pages: ROLE, log: log('删除角色') }, schema: { body: roleDeleteBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.deleteRole(db, currentUser(req), req.body.id, req.body.force)
      return ok(null)
    })

    app.get('/api/role/query/role/menu', { config: { pages: ROLE }, schema: { querystring: roleIdQuery } }, async (req) => {
      if (!(await repo.getRole(db, req.query.roleId))) throw notFound(`角色 ${req.query.roleId} 不存在`)
      return ok(await repo.grantedMenuIds(db, req.query.roleId))
    })

    app.post(
      '/api/role/menus/grant',
      { config: { pages: ROLE, log: log('角色授权菜单') }, schema: { body: roleGrantBody } },
      async (req) => {
        req.logTarget = `#${req.body.roleId}`
        const { name, granted } = await service.grantMenus(db, currentUser(req), req.body.roleId, req.body.menuIds)
        req.logTarget = `${name}：${granted} 个菜单`
        return ok({ granted })
      },
    )

    app.get('/api/role/user', { config: { pages: ROLE }, schema: { querystring: roleUserQuery } }, async (req) => {
      const { roleId, page, pageSize, sortField, sortOrder } = req.query
      return ok(await repo.usersOfRole(db, roleId, { page, pageSize, sortField, sortOrder }))
    })

    app.post(
      '/api/role/relation',
      { config: { pages: ROLE, log: log('调整角色用户') }, schema: { body: roleRelationBody } },
      async (req) => {
        req.logTarget = `#${req.body.roleId}`
        const { name, changed } = await service.changeUsers(db, currentUser(req), req.body.roleId, req.body.add, req.body.remove)
        req.logTarget = `${name}：加入 ${req.body.add.join(',') || '无'}；移出 ${req.body.remove.join(',') || '无'}`
        return ok({ changed })
      },
    )

    /** One role (the role page's detail). */
    app.get('/api/role/query/one', { config: { pages: ROLE }, schema: { querystring: idBody } }, async (req) => {
      const role = await repo.getRole(db, req.query.id)
      if (!role) throw notFound(`角色 ${req.query.id} 不存在`)
      return ok(role)
    })
  }
