/**
 * 盘活处置 /api/stock/* (docs/api.md "盘活处置"): the 低效 and 闲置 land of the user's region — list,
 * stats, map, a parcel's records, export — and the 闲置土地 procedure (candidates, 立案, documents,
 * 处置方案, 土地闲置费, 办结). Granted by /system/stock; writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  STOCK_PAGES,
  candidateQuery,
  caseUpdateBody,
  completeBody,
  disposeBody,
  documentBody,
  feeBody,
  identifyBody,
  stockDetailQuery,
  stockFilter,
  stockListQuery,
  type StockRow,
} from '../../../domain/contracts/stock'
import { figureHeader } from '../../figures/values'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx } from '../../http/xlsx'
import { scopeOfRequest } from '../../auth/data-scope'
import { proposerOf } from '../datacenter/context'
import * as service from './service'

const READ = { pages: STOCK_PAGES, log: false } as const
const write = (action: string) => ({ pages: STOCK_PAGES, log: { module: 'stock', action } })
/** The map draws at most this many shapes, the largest first. */
const MAP_LIMIT = 3000

const caseQuery = z.object({
  id: z.coerce
    .number({ error: '案件编号 id 应为数字' })
    .int('案件编号 id 应为整数')
    .positive('案件编号 id 应为正整数')
    .max(2_147_483_647, '案件编号 id 超出范围'),
})

export const stockRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/stock/list', { config: READ, schema: { querystring: stockListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, regionCode, ...f } = req.query
      return ok(await service.list(db, await scopeOfRequest(db, req, regionCode), f, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/stock/stats', { config: READ, schema: { querystring: stockFilter } }, async (req) => {
      const { regionCode, ...f } = req.query
      return ok(await service.stats(db, await scopeOfRequest(db, req, regionCode), f))
    })

    app.get('/api/stock/map', { config: READ, schema: { querystring: stockFilter } }, async (req) => {
      const { regionCode, ...f } = req.query
      return ok(await service.map(db, await scopeOfRequest(db, req, regionCode), f, MAP_LIMIT))
    })

    app.get('/api/stock/detail', { config: READ, schema: { querystring: stockDetailQuery } }, async (req) =>
      ok(await service.detail(db, await scopeOfRequest(db, req), req.query.parcelId)),
    )

    app.get('/api/stock/idle/case', { config: READ, schema: { querystring: caseQuery } }, async (req) =>
      ok(await service.caseDetail(db, await scopeOfRequest(db, req), req.query.id)),
    )

    app.get('/api/stock/idle/candidates', { config: READ, schema: { querystring: candidateQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, regionCode, keyword } = req.query
      return ok(
        await service.candidates(db, await scopeOfRequest(db, req, regionCode), { keyword }, { page, pageSize, sortField, sortOrder }),
      )
    })

    app.get(
      '/api/stock/export',
      { config: { pages: STOCK_PAGES, log: { module: 'stock', action: '导出盘活处置清单' } }, schema: { querystring: stockFilter } },
      async (req, reply) => {
        const { regionCode, ...f } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        return sendXlsx<StockRow>(reply, {
          filename: '盘活处置清单.xlsx',
          sheet: '盘活处置',
          columns: [
            { header: '宗地代码', value: (x) => x.landCode, width: 22 },
            { header: '地块名称', value: (x) => x.name, width: 28 },
            { header: '区县', value: (x) => x.countyName, width: 12 },
            { header: '类型', value: (x) => x.kind, width: 8 },
            { header: '处置状态', value: (x) => x.state, width: 10 },
            { header: '处置方式', value: (x) => x.method, width: 16 },
            { header: '最新文书', value: (x) => x.lastDocument, width: 16 },
            { header: '地块状态', value: (x) => x.status, width: 10 },
            { ...figureHeader('stockAreaMu', '面积'), value: (x) => x.areaMu, width: 12 },
            { header: '用地单位', value: (x) => x.enterpriseName, width: 28 },
          ],
          pages: service.exportRows(db, scope, f),
        })
      },
    )

    app.post('/api/stock/idle/identify', { config: write('闲置土地立案'), schema: { body: identifyBody } }, async (req) => {
      const c = await service.identify(db, await scopeOfRequest(db, req), req.body, currentUser(req).id, (p) => {
        req.logTarget = p.land_code
      })
      return ok(c, `已立案：${c.ground}`)
    })

    app.post('/api/stock/idle/update', { config: write('修改闲置土地案件'), schema: { body: caseUpdateBody } }, async (req) => {
      req.logTarget = `案件 ${req.body.caseId}`
      return ok(await service.updateCase(db, await scopeOfRequest(db, req), req.body, currentUser(req).id), '已保存')
    })

    app.post('/api/stock/idle/document', { config: write('下达闲置土地文书'), schema: { body: documentBody } }, async (req) => {
      const user = currentUser(req)
      const scope = await scopeOfRequest(db, req)
      req.logTarget = `案件 ${req.body.caseId} ${req.body.kind} ${req.body.docNo}`
      const r = await service.issueDocument(db, scope, { ...proposerOf(user), scope }, req.body, user.id)
      const more = r.submission ? `，地块闲置状态已提交数据中心审核（提交 #${r.submission}）` : ''
      return ok(r.idleCase, `已下达${req.body.kind}${more}`)
    })

    app.post('/api/stock/idle/dispose', { config: write('拟订闲置土地处置方案'), schema: { body: disposeBody } }, async (req) => {
      req.logTarget = `案件 ${req.body.caseId} ${req.body.method}`
      return ok(
        await service.dispose(db, await scopeOfRequest(db, req), req.body, currentUser(req).id),
        `已拟订处置方案：${req.body.method}`,
      )
    })

    app.post('/api/stock/idle/fee', { config: write('登记土地闲置费'), schema: { body: feeBody } }, async (req) => {
      req.logTarget = `案件 ${req.body.caseId} ${req.body.amount}万元`
      return ok(
        await service.addFee(db, await scopeOfRequest(db, req), req.body, currentUser(req).id),
        `已登记土地闲置费 ${req.body.amount} 万元`,
      )
    })

    app.post('/api/stock/idle/complete', { config: write('办结闲置土地处置'), schema: { body: completeBody } }, async (req) => {
      const user = currentUser(req)
      const scope = await scopeOfRequest(db, req)
      req.logTarget = `案件 ${req.body.caseId}`
      const r = await service.complete(db, scope, { ...proposerOf(user), scope }, req.body)
      const more = r.submission ? `，地块变更已提交数据中心审核（提交 #${r.submission}）` : ''
      return ok(r.idleCase, `处置已办结${more}`)
    })
  }
