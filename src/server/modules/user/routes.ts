/** 用户管理 endpoints (docs/product.md §7 /api/user/*; the sign-in ones live in modules/auth). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import {
  companyAddBody,
  companyQuery,
  queryCompanyQuery,
  userAddBody,
  userEditBody,
  userOrganQuery,
  userQuery,
  userRolesBody,
  userStatusBody,
} from '../../../domain/contracts/admin-user'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { scopeOf } from '../../auth/data-scope'
import { searchEnterprises } from '../land/repo'
import * as repo from './repo'
import * as service from './service'

const USER = [ADMIN_PAGES.user]
// Writes set the log target to the id first, so that a failure is logged with it, and to the
// account name once the service has found the account.
const log = (action: string) => ({ module: 'user', action })

export const userRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/user/query', { config: { pages: USER }, schema: { querystring: userQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...filter } = req.query
      return ok(await repo.listUsers(db, filter, { page, pageSize, sortField, sortOrder }))
    })

    // pickers: the role page adds users to a role
    app.get(
      '/api/user/query/all',
      {
        config: { pages: [ADMIN_PAGES.user, ADMIN_PAGES.role, ADMIN_PAGES.device] },
        schema: { querystring: z.object({ keyword: z.string().trim().max(50).optional() }) },
      },
      async (req) => ok(await repo.pickUsers(db, req.query.keyword)),
    )

    app.get(
      '/api/user/query/organ',
      { config: { pages: [ADMIN_PAGES.user, ADMIN_PAGES.organization] }, schema: { querystring: userOrganQuery } },
      async (req) => ok((await repo.listUsers(db, { organizationId: req.query.organizationId }, { page: 1, pageSize: 500 })).list),
    )

    app.post('/api/user/add', { config: { pages: USER, log: log('新增用户') }, schema: { body: userAddBody } }, async (req) => {
      req.logTarget = req.body.username
      return ok(await service.addUser(db, currentUser(req), req.body))
    })

    app.post('/api/user/edit', { config: { pages: USER, log: log('编辑用户') }, schema: { body: userEditBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.editUser(db, currentUser(req), req.body)
      return ok(await repo.getUser(db, req.body.id))
    })

    app.post(
      '/api/user/update/status',
      { config: { pages: USER, log: log('启用/停用用户') }, schema: { body: userStatusBody } },
      async (req) => {
        req.logTarget = `#${req.body.id}`
        const name = await service.setStatus(db, currentUser(req), req.body.id, req.body.status)
        req.logTarget = `${name} → ${req.body.status === 1 ? '启用' : '停用'}`
        return ok(null)
      },
    )

    app.post('/api/user/delete', { config: { pages: USER, log: log('删除用户') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.deleteUser(db, currentUser(req), req.body.id)
      return ok(null)
    })

    app.post('/api/user/update/roles', { config: { pages: USER, log: log('分配角色') }, schema: { body: userRolesBody } }, async (req) => {
      req.logTarget = `#${req.body.userId}`
      const name = await service.setRoles(db, currentUser(req), req.body.userId, req.body.roleIds)
      req.logTarget = `${name} → 角色 ${req.body.roleIds.join(',') || '无'}`
      return ok(null)
    })

    app.post('/api/user/reset/password', { config: { pages: USER, log: log('重置密码') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const result = await service.resetUserPassword(db, currentUser(req), req.body.id)
      req.logTarget = result.username
      return ok(result)
    })

    app.post('/api/user/unlock', { config: { pages: USER, log: log('解除锁定') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.unlockUser(db, currentUser(req), req.body.id)
      return ok(null)
    })

    app.get('/api/user/query/company', { config: { pages: USER }, schema: { querystring: companyQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, keyword } = req.query
      return ok(await repo.listCompanyUsers(db, keyword, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/user/query/queryCompany', { config: { pages: USER }, schema: { querystring: queryCompanyQuery } }, async (req) =>
      ok(await searchEnterprises(db, scopeOf(currentUser(req)), req.query.keyword)),
    )

    app.post(
      '/api/user/company/add',
      { config: { pages: USER, log: log('新增企业账号') }, schema: { body: companyAddBody } },
      async (req) => {
        req.logTarget = req.body.username
        return ok(await service.addCompanyUser(db, scopeOf(currentUser(req)), req.body))
      },
    )

    app.post('/api/user/company/delete', { config: { pages: USER, log: log('删除企业账号') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.deleteCompanyUser(db, currentUser(req), req.body.id)
      return ok(null)
    })
  }
