/**
 * 认领 (docs/product.md §7 /api/foundCenter/*): the records waiting to be claimed (list, map shapes, xlsx),
 * filtered by region, map extent or keyword, and the claim of one or many.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { claimBody, foundListQuery, type FoundRow } from '../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { forbidden } from '../../http/errors'
import { sendXlsx } from '../../http/xlsx'
import { holdsAnyPage } from '../../auth/permission'
import { proposerOf } from '../datacenter/context'
import { CLAIM_PAGES, FOUND_READ_PAGES } from '../datacenter/pages'
import * as repo from './repo'
import { claim } from './service'

export const foundCenterRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { config: { pages: FOUND_READ_PAGES } }

    app.get('/api/foundCenter/list', { ...read, schema: { querystring: foundListQuery } }, async (req) =>
      ok(await repo.listUnclaimed(db, req.query.kind, proposerOf(currentUser(req)).scope, req.query)),
    )

    app.get('/api/foundCenter/shapes', { ...read, schema: { querystring: foundListQuery } }, async (req) => {
      const { page: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filter } = req.query
      return ok(await repo.unclaimedShapes(db, req.query.kind, proposerOf(currentUser(req)).scope, filter))
    })

    app.post(
      '/api/foundCenter/claim',
      {
        config: { pages: [...CLAIM_PAGES.parcel, ...CLAIM_PAGES.enterprise], log: { module: 'foundCenter', action: '认领' } },
        schema: { body: claimBody },
      },
      async (req) => {
        const user = currentUser(req)
        const { kind, ids, countyCode, remark } = req.body
        req.logTarget = `${RECORD_KIND_LABEL[kind]} ${ids.slice(0, 20).join(',')}${ids.length > 20 ? ' …' : ''}`
        // each kind has its own claim page (地块认领 / 企业认领)
        if (!user.isAdmin && !(await holdsAnyPage(db, user.roleIds, CLAIM_PAGES[kind]))) throw forbidden()
        const made = await claim(db, proposerOf(user), kind, ids, countyCode, remark)
        return ok(made, `已提交 ${made.length} 条认领，等待审核`)
      },
    )

    app.get(
      '/api/foundCenter/export',
      {
        config: { pages: FOUND_READ_PAGES, log: { module: 'foundCenter', action: '导出待认领列表' } },
        schema: { querystring: foundListQuery },
      },
      async (req, reply) => {
        const { page: _p, pageSize: _s, sortField: _f, sortOrder: _o, kind, ...filter } = req.query
        req.logTarget = `待认领${RECORD_KIND_LABEL[kind]}`
        return sendXlsx<FoundRow>(reply, {
          filename: `待认领${RECORD_KIND_LABEL[kind]}_${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheet: `待认领${RECORD_KIND_LABEL[kind]}`,
          columns: [
            { header: 'ID', value: (r) => r.id, width: 8 },
            { header: '名称', value: (r) => r.name, width: 30 },
            { header: kind === 'parcel' ? '宗地代码' : '统一社会信用代码', value: (r) => r.code, width: 22 },
            { header: '所属市', value: (r) => r.cityName, width: 12 },
            { header: '位置所在区县', value: (r) => r.locatedCountyName, width: 14 },
            { header: '面积（平方米）', value: (r) => (r.areaM2 === null ? null : Math.round(r.areaM2 * 100) / 100), width: 14 },
            { header: '经度', value: (r) => r.lng, width: 12 },
            { header: '纬度', value: (r) => r.lat, width: 12 },
            { header: '认领状态', value: (r) => (r.pendingClaim ? '认领待审核' : '待认领'), width: 12 },
          ],
          pages: repo.eachUnclaimed(db, kind, proposerOf(currentUser(req)).scope, { kind, ...filter }),
        })
      },
    )
  }
