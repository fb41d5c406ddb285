/**
 * 项目管理 and 一本账 of the land lifecycle (/api/landLifeCycle/*): a stage's projects, one project
 * with its registrations, registering a stage date, and the ledger with its export. Granted by
 * the lifecycle pages, limited to the user's data scope through each project's parcel (a project
 * outside it is 404), narrowed to a district by `regionCode`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ONEBOOK_PAGE,
  PROJECT_PAGES,
  onebookQuery,
  projectIdQuery,
  projectListQuery,
  registerStageBody,
  type OnebookRow,
  type ProjectDetail,
  type ProjectRow,
  type StageProjects,
} from '../../../domain/contracts/lifecycle-project'
import { LIFECYCLE_STAGES, STAGE_NAMES, stageAt, type LifecycleStage } from '../../../domain/lifecycle'
import { roundTo } from '../../../domain/codes/units'
import { mu } from '../../../domain/figures/formulas'
import { figureHeader, shown, shownOr0 } from '../../figures/values'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { badRequest, conflict, notFound } from '../../http/errors'
import { iso } from '../../db/sql'
import { sendXlsx } from '../../http/xlsx'
import { scopeOfRequest } from '../../auth/data-scope'
import { resolveYear } from '../../shared/stat-years'
import { STAGE_COLUMN } from '../big-data/repo'
import * as repo from './repo'
import { todayInProductZone } from '../../../domain/today'

const READ_PAGES = [...PROJECT_PAGES, ONEBOOK_PAGE]
const today = () => todayInProductZone()

/** A project row for the client; the current stage as of today. */
export function projectView(r: repo.ProjectDbRow): ProjectRow {
  const dates = Object.fromEntries(LIFECYCLE_STAGES.map((s) => [s, r[STAGE_COLUMN[s]]])) as Record<LifecycleStage, string | null>
  return {
    id: r.id,
    name: r.name,
    parcelId: r.parcel_id,
    landCode: r.land_code,
    parcelName: r.parcel_name,
    areaMu: shownOr0('landAreaMu', mu(r.area_m2 ?? 0)),
    enterpriseId: r.enterprise_id,
    enterpriseName: r.enterprise_name,
    countyName: r.county_name,
    currentStage:
      stageAt(
        {
          signedDate: dates.xmqy ?? '0000-00-00',
          supplyDate: dates.tdgy,
          startDate: dates.xmkg,
          constructionDate: dates.sgjs,
          completionDate: dates.jgys,
          productionDate: dates.xmtc,
          evaluationDate: dates.xmpj,
          startDeadline: r.start_deadline,
          completionDeadline: r.completion_deadline,
        },
        today(),
      ) ?? 'xmqy',
    dates,
    startDeadline: r.start_deadline,
    completionDeadline: r.completion_deadline,
    overdue: r.overdue,
    overdueDays: r.overdue_days,
    investIntensity: r.invest_intensity,
    committedPlotRatio: r.committed_plot_ratio,
    committedTaxPerMu: r.committed_tax_per_mu,
  }
}

const gap = (actual: number | null, committed: number | null) => (actual === null || committed === null ? null : roundTo(actual - committed, 2))

function onebookView(r: repo.OnebookDbRow): OnebookRow {
  const actualTaxPerMu = shown('taxPerMu', r.actual_tax_per_mu)
  return {
    ...projectView(r),
    actualPlotRatio: r.actual_plot_ratio === null ? null : roundTo(r.actual_plot_ratio, 2),
    actualTaxPerMu,
    plotRatioGap: gap(r.actual_plot_ratio, r.committed_plot_ratio),
    taxGap: gap(r.actual_tax_per_mu, r.committed_tax_per_mu),
  }
}

export const lifecycleProjectRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {

    app.get('/api/landLifeCycle/projects', { config: { pages: PROJECT_PAGES, log: false }, schema: { querystring: projectListQuery } }, async (req) => {
      const { stage, state, overdue, regionCode, keyword, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const [counts, page] = await Promise.all([repo.stageCounts(db, scope, stage, { keyword }), repo.stageProjects(db, scope, stage, { keyword, state, overdue }, args)])
      const answer: StageProjects = { stage, ...counts, page: { ...page, list: page.list.map(projectView) } }
      return ok(answer)
    })

    app.get('/api/landLifeCycle/project', { config: { pages: READ_PAGES, log: false }, schema: { querystring: projectIdQuery } }, async (req) => {
      const row = await repo.project(db, await scopeOfRequest(db, req), req.query.id)
      if (!row) throw notFound(`项目 ${req.query.id} 不存在或不在本账号的数据范围内`)
      const events = await repo.events(db, row.id)
      const detail: ProjectDetail = {
        ...projectView(row),
        events: events.map((e) => ({ stage: e.stage, date: e.stage_date, remark: e.remark, deadline: e.deadline, actor: e.actor, at: iso(e.created_at)! })),
      }
      return ok(detail)
    })

    app.post(
      '/api/landLifeCycle/registerStage',
      { config: { pages: PROJECT_PAGES, log: { module: 'landLifeCycle', action: '登记项目阶段' } }, schema: { body: registerStageBody } },
      async (req) => {
        const { id, stage, date, remark } = req.body
        const row = await repo.project(db, await scopeOfRequest(db, req), id)
        if (!row) throw notFound(`项目 ${id} 不存在或不在本账号的数据范围内`)
        req.logTarget = `${row.name} ${STAGE_NAMES[stage]}`
        const name = STAGE_NAMES[stage]
        const existing = row[STAGE_COLUMN[stage]]
        if (existing) throw conflict(`该项目已于 ${existing} 登记${name}，不能重复登记`)
        const prev = LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(stage) - 1]
        const prevDate = row[STAGE_COLUMN[prev]]
        if (!prevDate) throw badRequest(`请先登记${STAGE_NAMES[prev]}，再登记${name}`, [{ field: 'stage', message: `请先登记${STAGE_NAMES[prev]}` }])
        const problem = date < prevDate ? `${name}日期不能早于${STAGE_NAMES[prev]}日期 ${prevDate}` : date > today() ? `${name}日期不能晚于今天` : null
        if (problem) throw badRequest(problem, [{ field: 'date', message: problem }])
        const done = await repo.registerStage(db, { id, stage, date, remark, actorId: currentUser(req).id })
        if (done === 'taken') throw conflict(`该项目已登记${name}，不能重复登记`)
        const project = await repo.project(db, await scopeOfRequest(db, req), id)
        return ok(projectView(project!), done.deadline ? `已登记${name}，${stage === 'tdgy' ? '约定开工期限' : '约定竣工期限'}为 ${done.deadline}` : `已登记${name}`)
      },
    )

    app.get('/api/landLifeCycle/onebook', { config: { pages: [ONEBOOK_PAGE], log: false }, schema: { querystring: onebookQuery } }, async (req) => {
      const { regionCode, keyword, stage, overdue, belowCommitment, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const year = await resolveYear(db)
      const f = { keyword, stage, overdue, belowCommitment }
      const [counts, page] = await Promise.all([repo.onebookCounts(db, scope, year, f), repo.onebook(db, scope, year, f, args)])
      return ok({
        year,
        total: counts.total,
        overdue: counts.overdue,
        belowCommitment: counts.below,
        byStage: LIFECYCLE_STAGES.map((s) => ({ stage: s, name: STAGE_NAMES[s], count: counts[s] })),
        page: { ...page, list: page.list.map(onebookView) },
      })
    })

    app.get('/api/landLifeCycle/onebook/export', { config: { pages: [ONEBOOK_PAGE], log: { module: 'landLifeCycle', action: '导出一本账' } }, schema: { querystring: onebookQuery } }, async (req, reply) => {
      const { regionCode, keyword, stage, overdue, belowCommitment, page: _p, pageSize: _s, ...sort } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const year = await resolveYear(db)
      const f = { keyword, stage, overdue, belowCommitment }
      async function* pages() {
        for (let page = 1; ; page++) {
          const p = await repo.onebook(db, scope, year, f, { ...sort, page, pageSize: 1000 })
          if (p.list.length) yield p.list.map(onebookView)
          if (page * 1000 >= p.total) return
        }
      }
      return sendXlsx<OnebookRow>(reply, {
        filename: `项目一本账_${today()}.xlsx`,
        sheet: '一本账',
        columns: [
          { header: '项目名称', value: (r) => r.name, width: 30 },
          { header: '宗地代码', value: (r) => r.landCode, width: 22 },
          { header: '用地单位', value: (r) => r.enterpriseName, width: 28 },
          { header: '区县', value: (r) => r.countyName, width: 12 },
          { header: '面积（亩）', value: (r) => r.areaMu, width: 12 },
          { header: '当前阶段', value: (r) => STAGE_NAMES[r.currentStage], width: 10 },
          ...LIFECYCLE_STAGES.map((s) => ({ header: `${STAGE_NAMES[s]}日期`, value: (r: OnebookRow) => r.dates[s], width: 12 })),
          { header: '约定开工期限', value: (r) => r.startDeadline, width: 12 },
          { header: '约定竣工期限', value: (r) => r.completionDeadline, width: 12 },
          { header: '是否逾期', note: figureHeader('overdueCount').note, value: (r) => (r.overdue ? `逾期 ${r.overdueDays} 天` : '否'), width: 12 },
          { header: '投资强度承诺（万元/亩）', value: (r) => r.investIntensity, width: 16 },
          { header: '容积率承诺', value: (r) => r.committedPlotRatio, width: 10 },
          { header: '容积率现状', value: (r) => r.actualPlotRatio, width: 10 },
          { header: `亩均税收承诺（万元/亩）`, value: (r) => r.committedTaxPerMu, width: 16 },
          { ...figureHeader('taxPerMu', `亩均税收 ${year}年`), value: (r) => r.actualTaxPerMu, width: 16 },
          { header: '亩均税收差额', value: (r) => r.taxGap, width: 12 },
        ],
        pages: pages(),
      })
    })
  }
