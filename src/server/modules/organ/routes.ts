/** 组织机构 endpoints (docs/product.md §7 /api/organ/*). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import { organAddBody, organEditBody } from '../../../domain/contracts/admin-organ'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import * as repo from './repo'
import * as service from './service'

const ORGAN = [ADMIN_PAGES.organization]
const log = (action: string) => ({ module: 'organ', action })

export const organRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the user page binds users to organisations
    app.get('/api/organ/query/all', { config: { pages: [ADMIN_PAGES.organization, ADMIN_PAGES.user] } }, async () =>
      ok(await repo.organTree(db)),
    )

    app.get('/api/organ/query', { config: { pages: ORGAN }, schema: { querystring: idBody } }, async (req) => {
      const organ = await repo.getOrgan(db, req.query.id)
      if (!organ) throw notFound(`组织机构 ${req.query.id} 不存在`)
      return ok(organ)
    })

    app.post('/api/organ/add', { config: { pages: ORGAN, log: log('新增机构') }, schema: { body: organAddBody } }, async (req) => {
      req.logTarget = req.body.name
      return ok(await service.addOrgan(db, req.body))
    })

    app.post('/api/organ/edit', { config: { pages: ORGAN, log: log('编辑机构') }, schema: { body: organEditBody } }, async (req) => {
      const { id, ...fields } = req.body
      req.logTarget = `${fields.name} (#${id})`
      return ok(await service.editOrgan(db, id, fields))
    })

    app.post('/api/organ/delete', { config: { pages: ORGAN, log: log('删除机构') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      req.logTarget = await service.deleteOrgan(db, req.body.id)
      return ok(null)
    })
  }
