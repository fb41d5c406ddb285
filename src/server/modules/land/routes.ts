/**
 * Parcel and enterprise reads and small edits, limited to the user's region subtree (DOMAIN
 * "People and scope"). A record outside the scope answers 404, exactly like one that does not
 * exist, so ids reveal nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idBody } from '../../../domain/contracts/admin'
import { enterpriseUpdateBody, landUpdateBody, scopedListQuery } from '../../../domain/contracts/land-scope'
import { ROUTES } from '../../../domain/route-table'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { scopeOf } from '../../auth/data-scope'
import * as repo from './repo'

/** Pages that edit parcel and enterprise records: 数据更新 and the two input pages, at every entry point. */
const INPUT_PAGES = ROUTES.filter((r) => /\/data\/center\/(input|gyydInput|yddwInput)$/.test(r.path)).map((r) => r.path)

const PARCEL_GONE = (id: number) => notFound(`地块 ${id} 不存在或不在本账号的数据范围内`)
const ENTERPRISE_GONE = (id: number) => notFound(`企业 ${id} 不存在或不在本账号的数据范围内`)

export const landRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/industryMap/landList', { schema: { querystring: scopedListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listParcels(db, scopeOf(currentUser(req)), f, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/industryMap/landInfo', { schema: { querystring: idBody } }, async (req) => {
      const parcel = await repo.findParcel(db, scopeOf(currentUser(req)), req.query.id)
      if (!parcel) throw PARCEL_GONE(req.query.id)
      return ok(parcel)
    })

    app.post(
      '/api/industryMap/land/update',
      { config: { pages: INPUT_PAGES, log: { module: 'industryMap', action: '修改地块' } }, schema: { body: landUpdateBody } },
      async (req) => {
        const { id, ...fields } = req.body
        req.logTarget = `地块 #${id}`
        if (!(await repo.updateParcel(db, scopeOf(currentUser(req)), id, fields))) throw PARCEL_GONE(id)
        return ok(null)
      },
    )

    app.get('/api/yddw/getPage', { schema: { querystring: scopedListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listEnterprises(db, scopeOf(currentUser(req)), f, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/yddw/query', { schema: { querystring: idBody } }, async (req) => {
      const enterprise = await repo.findEnterprise(db, scopeOf(currentUser(req)), req.query.id)
      if (!enterprise) throw ENTERPRISE_GONE(req.query.id)
      return ok(enterprise)
    })

    app.post(
      '/api/yddw/update',
      { config: { pages: INPUT_PAGES, log: { module: 'yddw', action: '修改企业' } }, schema: { body: enterpriseUpdateBody } },
      async (req) => {
        const { id, ...fields } = req.body
        req.logTarget = `企业 #${id}`
        if (!(await repo.updateEnterprise(db, scopeOf(currentUser(req)), id, fields))) throw ENTERPRISE_GONE(id)
        return ok(null)
      },
    )
  }
