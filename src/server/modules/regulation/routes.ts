/**
 * 整治提升 /api/regulation/* (docs/product.md §7): the abstract by county, the C and D enterprises with their
 * checks and plans, checks, plans (add, update, delete, progress reports, close) and their
 * details. Granted by the four /enterprise/regulation pages (writes by the page that makes them),
 * limited to the user's data scope, narrowed to a district by `regionCode`; writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CHECK_PAGES,
  PLAN_PAGES,
  REGULATION_PAGES,
  checkBody,
  planAddBody,
  planCloseBody,
  planIdBody,
  planIdQuery,
  planListQuery,
  planReportBody,
  planUpdateBody,
  regulationFilterQuery,
  targetListQuery,
} from '../../../domain/contracts/regulation'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { scopeOfRequest } from '../../auth/data-scope'
import { proposerOf } from '../datacenter/context'
import { resolveYear } from '../../common/stat-years'
import * as repo from './repo'
import * as service from './service'

const log = (action: string) => ({ module: 'regulation', action })

export const regulationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/regulation/abstract',
      { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: regulationFilterQuery } },
      async (req) => {
        const scope = await scopeOfRequest(db, req, req.query.regionCode)
        return ok(await service.abstract(db, scope, await resolveYear(db, req.query.year)))
      },
    )

    app.get(
      '/api/regulation/targets',
      { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: targetListQuery } },
      async (req) => {
        const { year: y, regionCode, keyword, class: cls, checked, planned, ...args } = req.query
        const year = await resolveYear(db, y)
        return ok({
          year,
          page: await repo.targets(db, await scopeOfRequest(db, req, regionCode), year, { keyword, class: cls, checked, planned }, args),
        })
      },
    )

    app.post(
      '/api/regulation/check',
      { config: { pages: CHECK_PAGES, log: log('整治核查') }, schema: { body: checkBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `企业 ${f.enterpriseId} ${f.year}年 ${f.result}`
        await service.addCheck(db, await scopeOfRequest(db, req), { ...f, actorId: currentUser(req).id })
        return ok(null, `已记录核查结果：${f.result}`)
      },
    )

    app.get(
      '/api/regulation/plans',
      { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: planListQuery } },
      async (req) => {
        const { year: y, regionCode, keyword, state, target, ...args } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        const year = await resolveYear(db, y)
        const [counts, page] = await Promise.all([
          repo.planCounts(db, scope, year, { keyword, target }),
          repo.plans(db, scope, year, { keyword, target, state }, args),
        ])
        return ok({ year, counts, page })
      },
    )

    app.get(
      '/api/regulation/plan',
      { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: planIdQuery } },
      async (req) => ok(await service.planDetail(db, await scopeOfRequest(db, req), req.query.id)),
    )

    app.post(
      '/api/regulation/plan/add',
      { config: { pages: PLAN_PAGES, log: log('新增整治方案') }, schema: { body: planAddBody } },
      async (req) => {
        req.logTarget = `企业 ${req.body.enterpriseId} ${req.body.year}年`
        return ok(await service.addPlan(db, await scopeOfRequest(db, req), { ...req.body, actorId: currentUser(req).id }), '已新增整治方案')
      },
    )

    app.post(
      '/api/regulation/plan/update',
      { config: { pages: PLAN_PAGES, log: log('修改整治方案') }, schema: { body: planUpdateBody } },
      async (req) => {
        const { id, ...patch } = req.body
        const scope = await scopeOfRequest(db, req)
        const plan = await service.openPlan(db, scope, id)
        req.logTarget = plan.enterpriseName
        await service.updatePlan(db, plan, patch)
        return ok(await service.livePlan(db, scope, id), '已保存')
      },
    )

    app.post(
      '/api/regulation/plan/delete',
      { config: { pages: PLAN_PAGES, log: log('删除整治方案') }, schema: { body: planIdBody } },
      async (req) => {
        const plan = await service.openPlan(db, await scopeOfRequest(db, req), req.body.id)
        req.logTarget = plan.enterpriseName
        await repo.deletePlan(db, plan.id)
        return ok(null, `已删除 ${plan.enterpriseName} 的整治方案`)
      },
    )

    app.post(
      '/api/regulation/plan/report',
      { config: { pages: PLAN_PAGES, log: log('报告整治进展') }, schema: { body: planReportBody } },
      async (req) => {
        const f = req.body
        const scope = await scopeOfRequest(db, req)
        const plan = await service.openPlan(db, scope, f.id)
        req.logTarget = plan.enterpriseName
        await service.report(db, plan, { progress: f.progress, date: f.date, note: f.note, actorId: currentUser(req).id })
        return ok(await service.livePlan(db, scope, plan.id), `已报告进展：${f.progress}%`)
      },
    )

    app.post(
      '/api/regulation/plan/close',
      { config: { pages: PLAN_PAGES, log: log('办结整治方案') }, schema: { body: planCloseBody } },
      async (req) => {
        const f = req.body
        const scope = await scopeOfRequest(db, req)
        const plan = await service.openPlan(db, scope, f.id)
        req.logTarget = `${plan.enterpriseName} ${f.outcome}`
        const opened = await service.close(db, f, plan, proposerOf(currentUser(req)))
        const next = opened === null ? '' : `，已转入盘活方案 #${opened}`
        return ok(await service.livePlan(db, scope, plan.id), `已办结：${f.outcome}${next}`)
      },
    )
  }
