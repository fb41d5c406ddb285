/**
 * 盘活处置 /api/stock/* (docs/api.md "盘活处置"): the 低效 and 闲置 land of the user's region — list,
 * stats, map, a parcel's records, export — and the 闲置土地 procedure (candidates, 立案, documents,
 * 处置方案, 听证告知, 处置决定 报批, 土地闲置费, 办结, 办理记录). Granted by /system/stock; writes are
 * logged. 处置审定 /api/landApprove/* (issue 28): what waits for the land 审定 — 处置决定 and 盘活方案
 * — and their approval or return, granted by /land/approve only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  LAND_APPROVE_PAGES,
  STOCK_PAGES,
  candidateQuery,
  caseUpdateBody,
  completeBody,
  decisionReviewBody,
  disposeBody,
  documentBody,
  feeBody,
  hearingNoticeBody,
  hearingOutcomeBody,
  identifyBody,
  planReviewBody,
  stepsQuery,
  stockDetailQuery,
  stockFilter,
  stockListQuery,
  type LandApproveList,
  type ProceedingStepView,
  type StockRow,
} from '../../../domain/contracts/stock'
import { fenToYuanText } from '../../../domain/idle-land'
import { STEP_EXPORT_COLUMNS } from '../../common/proceeding'
import * as revitalize from '../revitalize/service'
import { figureHeader } from '../../figures/values'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx } from '../../http/xlsx'
import { scopeOfRequest } from '../../auth/data-scope'
import { proposerOf } from '../datacenter/context'
import * as service from './service'
import { lowLandQuery } from '../../../domain/figures/low-land'
import { ALL_REVITALIZE_PAGES } from '../../../domain/contracts/revitalize'

const READ = { pages: STOCK_PAGES, log: false } as const
const write = (action: string) => ({ pages: STOCK_PAGES, log: { module: 'stock', action } })
const approve = (action: string) => ({ pages: LAND_APPROVE_PAGES, log: { module: 'stock', action } })
/** Money in the exports: 元 with two decimals as text, exactly as stored in 分 (never a rounded float). */
const yuanCell = (fen: number | null) => (fen === null ? null : fenToYuanText(fen, false))

/** Sends a 办理记录 as xlsx through the one writer (the list an auditor reads on the page). */
export function sendSteps(reply: Parameters<typeof sendXlsx>[0], filename: string, steps: ProceedingStepView[]) {
  return sendXlsx<ProceedingStepView>(reply, {
    filename,
    sheet: '办理记录',
    columns: STEP_EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width, value: (x: ProceedingStepView) => x[c.key] })),
    pages: (async function* () {
      yield steps
    })(),
  })
}
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

    // 低效用地 (台账 of record) and 疑似低效用地 of a scope: read by 盘活处置 and the 低效用地再开发 pages
    app.get(
      '/api/stock/lowLand',
      { config: { pages: [...STOCK_PAGES, ...ALL_REVITALIZE_PAGES], log: false }, schema: { querystring: lowLandQuery } },
      async (req) => {
        const { regionCode, year } = req.query
        return ok(await service.lowLand(db, await scopeOfRequest(db, req, regionCode), year))
      },
    )

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
            { header: '应缴土地闲置费（元）', value: (x) => yuanCell(x.feeDueFen), width: 18 },
            { header: '已缴（元）', value: (x) => yuanCell(x.feeDueFen === null ? null : x.feePaidFen), width: 16 },
            { header: '未缴（元）', value: (x) => yuanCell(x.feeDueFen === null ? null : x.feeDueFen - x.feePaidFen), width: 16 },
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
      if (req.body.kind === '处置决定书') return ok(r.idleCase, '已报批处置决定书，待有审定权限的人员审定')
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
      req.logTarget = `案件 ${req.body.caseId} ${req.body.amountYuan}元`
      const c = await service.addFee(db, await scopeOfRequest(db, req), req.body, currentUser(req).id)
      return ok(c, `已登记土地闲置费 ${fenToYuanText(c.fees.at(-1)?.amountFen ?? 0)} 元，未缴 ${fenToYuanText(c.feeLeftFen ?? 0)} 元`)
    })

    app.post('/api/stock/idle/hearing/notice', { config: write('闲置土地听证告知'), schema: { body: hearingNoticeBody } }, async (req) => {
      req.logTarget = `案件 ${req.body.caseId} ${req.body.noticeNo}`
      const c = await service.hearingNotice(db, await scopeOfRequest(db, req), req.body, currentUser(req).id)
      return ok(c, `已听证告知，申请听证期限至 ${c.hearings.at(-1)?.deadline}`)
    })

    app.post('/api/stock/idle/hearing/outcome', { config: write('登记听证结果'), schema: { body: hearingOutcomeBody } }, async (req) => {
      req.logTarget = `案件 ${req.body.caseId} ${req.body.outcome}`
      return ok(
        await service.hearingOutcome(db, await scopeOfRequest(db, req), req.body, currentUser(req).id),
        `已登记听证结果：${req.body.outcome}`,
      )
    })

    app.get(
      '/api/stock/idle/steps',
      { config: { pages: [...STOCK_PAGES, ...LAND_APPROVE_PAGES], log: false }, schema: { querystring: stepsQuery } },
      async (req, reply) => {
        const steps = await service.caseSteps(db, await scopeOfRequest(db, req), req.query.id)
        if (req.query.format !== 'xlsx') return ok(steps)
        return sendSteps(reply, `闲置土地案件${req.query.id}_办理记录.xlsx`, steps)
      },
    )

    // ---- 处置审定 (/land/approve): the land 审定 grant only ----

    app.get('/api/landApprove/list', { config: { pages: LAND_APPROVE_PAGES, log: false } }, async (req) => {
      const scope = await scopeOfRequest(db, req)
      const answer: LandApproveList = {
        decisions: await service.pendingDecisions(db, scope),
        plans: await revitalize.pendingPlans(db, scope),
      }
      return ok(answer)
    })

    app.post(
      '/api/landApprove/decision',
      { config: approve('审定闲置土地处置决定'), schema: { body: decisionReviewBody } },
      async (req) => {
        req.logTarget = `案件 ${req.body.caseId} ${req.body.action}`
        const c = await service.reviewDecision(db, await scopeOfRequest(db, req), req.body, currentUser(req).id)
        return ok(c, req.body.action === '审定通过' ? '处置决定已审定通过，开始实施' : '处置决定已退回')
      },
    )

    app.post('/api/landApprove/plan', { config: approve('审定盘活方案'), schema: { body: planReviewBody } }, async (req) => {
      const f = req.body
      req.logTarget = `方案 ${f.id} ${f.action}`
      const scope = await scopeOfRequest(db, req)
      const state = await revitalize.planAction(db, scope, {
        id: f.id,
        action: f.action === '审定通过' ? '审核通过' : '退回',
        note: f.note,
        actorId: currentUser(req).id,
        canApprove: true,
      })
      return ok(await revitalize.planDetail(db, scope, f.id), `已${f.action === '审定通过' ? '审核通过' : '退回'}，方案状态：${state}`)
    })

    app.post('/api/stock/idle/complete', { config: write('办结闲置土地处置'), schema: { body: completeBody } }, async (req) => {
      const user = currentUser(req)
      const scope = await scopeOfRequest(db, req)
      req.logTarget = `案件 ${req.body.caseId}`
      const r = await service.complete(db, scope, { ...proposerOf(user), scope }, req.body, user.id)
      const more = r.submission ? `，地块变更已提交数据中心审核（提交 #${r.submission}）` : ''
      return ok(r.idleCase, `处置已办结${more}`)
    })
  }
