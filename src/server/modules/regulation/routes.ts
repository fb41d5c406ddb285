/**
 * 整治提升 /api/regulation/* (docs/product.md §7): the abstract by county, the C and D enterprises with their
 * checks and plans, checks, plans (add, update, delete, progress reports, close) and their
 * details. Granted by the four /enterprise/regulation pages (writes by the page that makes them),
 * limited to the user's data scope, narrowed to a district by `regionCode`; writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CHECK_PAGES,
  PLAN_OUTCOMES,
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
  type PlanDetail,
  type RegulationAbstract,
  type RegulationAbstractRow,
} from '../../../domain/contracts/regulation'
import type { Db } from '../../db/engine'
import { isUniqueViolation } from '../../db/sql'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { badRequest, conflict, notFound } from '../../http/errors'
import { scopeOfRequest } from '../../auth/data-scope'
import { resolveYear } from '../../shared/stat-years'
import * as repo from './repo'
import { todayInProductZone } from '../../../domain/today'

const log = (action: string) => ({ module: 'regulation', action })
const today = () => todayInProductZone()
const dateProblem = (field: string, message: string) => badRequest(message, [{ field, message }])

export const regulationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {

    /** The C or D class of an enterprise in a year, or the reason it cannot be regulated. */
    async function regulatedClass(req: Parameters<typeof currentUser>[0], enterpriseId: number, year: number): Promise<string> {
      const found = await repo.targetClass(db, await scopeOfRequest(db, req), enterpriseId, year)
      if (!found.inScope) throw notFound(`企业 ${enterpriseId} 不存在或不在本账号的数据范围内`)
      if (found.class !== 'C' && found.class !== 'D') {
        const message = `该企业${year}年亩均效益评价${found.class ? `为${found.class}类` : '无结果'}，只有C类、D类企业需要整治`
        throw badRequest(message, [{ field: 'enterpriseId', message }])
      }
      return found.class
    }

    async function livePlan(req: Parameters<typeof currentUser>[0], id: number) {
      const plan = await repo.plan(db, await scopeOfRequest(db, req), id)
      if (!plan) throw notFound(`整治方案 ${id} 不存在或不在本账号的数据范围内`)
      return plan
    }

    const openPlan = async (req: Parameters<typeof currentUser>[0], id: number) => {
      const plan = await livePlan(req, id)
      if (plan.outcome) throw conflict(`该方案已于 ${plan.outcomeDate} 办结（${plan.outcome}），不能再修改`)
      return plan
    }

    app.get('/api/regulation/abstract', { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: regulationFilterQuery } }, async (req) => {
      const scope = await scopeOfRequest(db, req, req.query.regionCode)
      const year = await resolveYear(db, req.query.year)
      const [rows, outs] = await Promise.all([repo.abstractRows(db, scope, year), repo.outcomes(db, scope, year)])
      const toRow = (r: (typeof rows)[number]): RegulationAbstractRow => ({
        code: r.code ?? '',
        name: r.name ?? '未落区县',
        classC: r.c,
        classD: r.d,
        checked: r.checked,
        confirmed: r.confirmed,
        planned: r.planned,
        closed: r.closed,
        overdue: r.overdue,
        improved: r.improved,
      })
      const list = rows.map(toRow)
      const total = list.reduce<RegulationAbstractRow>(
        (t, r) => ({
          ...t,
          classC: t.classC + r.classC,
          classD: t.classD + r.classD,
          checked: t.checked + r.checked,
          confirmed: t.confirmed + r.confirmed,
          planned: t.planned + r.planned,
          closed: t.closed + r.closed,
          overdue: t.overdue + r.overdue,
          improved: t.improved + r.improved,
        }),
        { code: 'all', name: '合计', classC: 0, classD: 0, checked: 0, confirmed: 0, planned: 0, closed: 0, overdue: 0, improved: 0 },
      )
      const answer: RegulationAbstract = { year, rows: list, total, outcomes: PLAN_OUTCOMES.map((o) => ({ outcome: o, count: outs.find((x) => x.outcome === o)?.n ?? 0 })) }
      return ok(answer)
    })

    app.get('/api/regulation/targets', { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: targetListQuery } }, async (req) => {
      const { year: y, regionCode, keyword, class: cls, checked, planned, ...args } = req.query
      const year = await resolveYear(db, y)
      return ok({ year, page: await repo.targets(db, await scopeOfRequest(db, req, regionCode), year, { keyword, class: cls, checked, planned }, args) })
    })

    app.post('/api/regulation/check', { config: { pages: CHECK_PAGES, log: log('整治核查') }, schema: { body: checkBody } }, async (req) => {
      const f = req.body
      await regulatedClass(req, f.enterpriseId, f.year)
      if (f.date > today()) throw dateProblem('date', '核查日期不能晚于今天')
      req.logTarget = `企业 ${f.enterpriseId} ${f.year}年 ${f.result}`
      await repo.addCheck(db, { ...f, actorId: currentUser(req).id })
      return ok(null, `已记录核查结果：${f.result}`)
    })

    app.get('/api/regulation/plans', { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: planListQuery } }, async (req) => {
      const { year: y, regionCode, keyword, state, target, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const year = await resolveYear(db, y)
      const [counts, page] = await Promise.all([repo.planCounts(db, scope, year, { keyword, target }), repo.plans(db, scope, year, { keyword, target, state }, args)])
      return ok({ year, counts, page })
    })

    app.get('/api/regulation/plan', { config: { pages: REGULATION_PAGES, log: false }, schema: { querystring: planIdQuery } }, async (req) => {
      const plan = await livePlan(req, req.query.id)
      const detail: PlanDetail = { ...plan, reports: await repo.reports(db, plan.id) }
      return ok(detail)
    })

    app.post('/api/regulation/plan/add', { config: { pages: PLAN_PAGES, log: log('新增整治方案') }, schema: { body: planAddBody } }, async (req) => {
      const f = req.body
      const startClass = await regulatedClass(req, f.enterpriseId, f.year)
      if (f.deadline <= today()) throw dateProblem('deadline', '完成期限应晚于今天')
      req.logTarget = `企业 ${f.enterpriseId} ${f.year}年`
      try {
        const id = await repo.insertPlan(db, { ...f, startClass, actorId: currentUser(req).id })
        return ok(await livePlan(req, id), '已新增整治方案')
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`该企业${f.year}年已有整治方案，请在原方案上修改`)
        throw err
      }
    })

    app.post('/api/regulation/plan/update', { config: { pages: PLAN_PAGES, log: log('修改整治方案') }, schema: { body: planUpdateBody } }, async (req) => {
      const { id, ...patch } = req.body
      const plan = await openPlan(req, id)
      req.logTarget = plan.enterpriseName
      if (patch.deadline && patch.deadline <= today()) throw dateProblem('deadline', '完成期限应晚于今天')
      await repo.updatePlan(db, id, patch)
      return ok(await livePlan(req, id), '已保存')
    })

    app.post('/api/regulation/plan/delete', { config: { pages: PLAN_PAGES, log: log('删除整治方案') }, schema: { body: planIdBody } }, async (req) => {
      const plan = await openPlan(req, req.body.id)
      req.logTarget = plan.enterpriseName
      await repo.deletePlan(db, plan.id)
      return ok(null, `已删除 ${plan.enterpriseName} 的整治方案`)
    })

    app.post('/api/regulation/plan/report', { config: { pages: PLAN_PAGES, log: log('报告整治进展') }, schema: { body: planReportBody } }, async (req) => {
      const f = req.body
      const plan = await openPlan(req, f.id)
      req.logTarget = plan.enterpriseName
      if (f.progress < plan.progress) throw dateProblem('progress', `进度不能低于上次报告的 ${plan.progress}%`)
      if (f.date > today()) throw dateProblem('date', '报告日期不能晚于今天')
      await repo.addReport(db, { planId: plan.id, progress: f.progress, date: f.date, note: f.note, actorId: currentUser(req).id })
      return ok(await livePlan(req, plan.id), `已报告进展：${f.progress}%`)
    })

    app.post('/api/regulation/plan/close', { config: { pages: PLAN_PAGES, log: log('办结整治方案') }, schema: { body: planCloseBody } }, async (req) => {
      const f = req.body
      const plan = await openPlan(req, f.id)
      req.logTarget = `${plan.enterpriseName} ${f.outcome}`
      if (f.date > today()) throw dateProblem('date', '办结日期不能晚于今天')
      await repo.closePlan(db, f)
      return ok(await livePlan(req, plan.id), `已办结：${f.outcome}`)
    })
  }
