/**
 * Parcel and enterprise reads, limited to the user's region subtree (docs/domain.md "People and scope").
 * A record outside the scope answers 404, exactly like one that does not exist, so ids reveal
 * nothing. Master data is never edited here: changes are submissions that an auditor approves
 * (/api/datacenter/input/*, /api/audit/*).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idBody } from '../../../domain/contracts/admin'
import { scopedListQuery } from '../../../domain/contracts/land-scope'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { ownEnterpriseOf, scopeOf } from '../../auth/data-scope'
import { READ_PAGES } from '../datacenter/pages'
import * as repo from './repo'

const PARCEL_GONE = (id: number) => notFound(`地块 ${id} 不存在或不在本账号的数据范围内`)
const ENTERPRISE_GONE = (id: number) => notFound(`企业 ${id} 不存在或不在本账号的数据范围内`)

/** The data centre's and audit's pages at every entry point: their record lists, pickers and editors read these. */
const READ = { pages: READ_PAGES }

export const landRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/industryMap/landList', { config: READ, schema: { querystring: scopedListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listParcels(db, scopeOf(currentUser(req)), f, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/industryMap/landInfo', { config: READ, schema: { querystring: idBody } }, async (req) => {
      const parcel = await repo.findParcel(db, scopeOf(currentUser(req)), req.query.id)
      if (!parcel) throw PARCEL_GONE(req.query.id)
      return ok(parcel)
    })

    // an enterprise account (企业账号) lists its own enterprise and no other (issue 18 finding 6)
    app.get('/api/yddw/getPage', { config: READ, schema: { querystring: scopedListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      const user = currentUser(req)
      const own = ownEnterpriseOf(user)
      const scope = own ? ({ kind: 'all' } as const) : scopeOf(user)
      return ok(await repo.listEnterprises(db, scope, { ...f, onlyId: own ?? undefined }, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/yddw/query', { config: READ, schema: { querystring: idBody } }, async (req) => {
      const user = currentUser(req)
      const own = ownEnterpriseOf(user)
      const scope = own === req.query.id ? ({ kind: 'all' } as const) : scopeOf(user)
      const enterprise = await repo.findEnterprise(db, scope, req.query.id)
      if (!enterprise) throw ENTERPRISE_GONE(req.query.id)
      return ok(enterprise)
    })
  }
