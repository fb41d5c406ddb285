/**
 * 项目管理 and 一本账 of the land lifecycle (/api/landLifeCycle/*): a stage's projects, one project
 * with its registrations, registering a stage date, and the ledger with its export. Granted by
 * the lifecycle pages, limited to the user's data scope through each project's parcel (a project
 * outside it is 404), narrowed to a district by `regionCode`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createProjectBody,
  exitProjectBody,
  parcelOptionsQuery,
  updateProjectBody,
  ONEBOOK_PAGE,
  PROJECT_PAGES,
  onebookQuery,
  projectIdQuery,
  projectListQuery,
  registerStageBody,
  signTownsQuery,
  yearFiguresQuery,
  type OnebookRow,
  type StageProjects,
} from '../../../domain/contracts/lifecycle-project'
import { LIFECYCLE_STAGES, STAGE_NAMES } from '../../../domain/lifecycle'
import { ROUTES } from '../../../domain/route-table'
import { SIGNED_IN_PAGES } from '../../../domain/contracts/page-grants'
import { figureHeader } from '../../figures/values'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx } from '../../http/xlsx'
import { scopeOfRequest } from '../../auth/data-scope'
import { resolveYear } from '../../common/stat-years'
import * as repo from './repo'
import * as service from './service'
import { todayInProductZone } from '../../../domain/today'
import { fenToYuanText } from '../../../domain/idle-land'
import { proposerOf } from '../datacenter/context'

const READ_PAGES = [...PROJECT_PAGES, ONEBOOK_PAGE]
/** The walls (/visual shows the 大数据 walls' figures) and the lifecycle globe read the lifecycle's figures of today too. */
const FIGURE_PAGES = [
  ...READ_PAGES,
  '/landLifeCycle/allLifeCycle',
  ...ROUTES.filter((r) => r.group === 'bigDataMenus' && r.guard === 'grant').map((r) => r.path),
  // /visual shows the lifecycle today to any signed-in user
  ...SIGNED_IN_PAGES,
]
const today = () => todayInProductZone()

export const lifecycleProjectRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/landLifeCycle/projects',
      { config: { pages: PROJECT_PAGES, log: false }, schema: { querystring: projectListQuery } },
      async (req) => {
        const { stage, state, overdue, regionCode, keyword, ...args } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        const [counts, page] = await Promise.all([
          repo.stageCounts(db, scope, stage, { keyword }),
          repo.stageProjects(db, scope, stage, { keyword, state, overdue }, args),
        ])
        const answer: StageProjects = { stage, ...counts, page: { ...page, list: page.list.map(service.projectView) } }
        return ok(answer)
      },
    )

    // under /api/bigData with the walls' other figures (a wall binds only there); the lifecycle's own rule, so it lives here
    app.get('/api/bigData/lifecycleToday', { config: { pages: FIGURE_PAGES, log: false } }, async (req) =>
      ok(await repo.todayFigures(db, await scopeOfRequest(db, req))),
    )

    app.get(
      '/api/landLifeCycle/project',
      { config: { pages: READ_PAGES, log: false }, schema: { querystring: projectIdQuery } },
      async (req) => ok(await service.projectDetail(db, await scopeOfRequest(db, req), req.query.id)),
    )

    app.post(
      '/api/landLifeCycle/registerStage',
      { config: { pages: PROJECT_PAGES, log: { module: 'landLifeCycle', action: '登记项目阶段' } }, schema: { body: registerStageBody } },
      async (req) => {
        const { id, stage, date, remark, actuals, landCode, year } = req.body
        const scope = await scopeOfRequest(db, req)
        const user = currentUser(req)
        const { project, message } = await service.registerStage(
          db,
          scope,
          { ...proposerOf(user), scope },
          { id, stage, date, remark, actuals, landCode, year, actorId: user.id },
          (row) => {
            req.logTarget = `${row.name} ${STAGE_NAMES[stage]}`
          },
        )
        return ok(project, message)
      },
    )

    app.get(
      '/api/landLifeCycle/signTowns',
      { config: { pages: ['/landLifeCycle/projectManager/xmqy'], log: false }, schema: { querystring: signTownsQuery } },
      async (req) => ok(await service.signTowns(db, await scopeOfRequest(db, req), req.query)),
    )

    app.get(
      '/api/landLifeCycle/yearFigures',
      { config: { pages: PROJECT_PAGES, log: false }, schema: { querystring: yearFiguresQuery } },
      async (req) => ok(await service.yearFigures(db, await scopeOfRequest(db, req), req.query.id, req.query.year)),
    )

    app.get(
      '/api/landLifeCycle/parcelOptions',
      { config: { pages: ['/landLifeCycle/projectManager/xmqy'], log: false }, schema: { querystring: parcelOptionsQuery } },
      async (req) => ok(await service.parcelOptions(db, await scopeOfRequest(db, req), req.query.keyword)),
    )

    app.post(
      '/api/landLifeCycle/createProject',
      {
        config: { pages: ['/landLifeCycle/projectManager/xmqy'], log: { module: 'landLifeCycle', action: '新建签约项目' } },
        schema: { body: createProjectBody },
      },
      async (req) => {
        req.logTarget = req.body.name
        const scope = await scopeOfRequest(db, req)
        const user = currentUser(req)
        const project = await service.createProject(db, scope, { ...proposerOf(user), scope }, req.body, user.id)
        return ok(project, `已签约项目「${project.name}」`)
      },
    )

    app.post(
      '/api/landLifeCycle/updateProject',
      { config: { pages: PROJECT_PAGES, log: { module: 'landLifeCycle', action: '修改签约项目' } }, schema: { body: updateProjectBody } },
      async (req) => {
        const project = await service.updateProject(db, await scopeOfRequest(db, req), req.body, currentUser(req).id, (row) => {
          req.logTarget = row.name
        })
        return ok(project, '已保存，修改记录已留存')
      },
    )

    app.post(
      '/api/landLifeCycle/exitProject',
      { config: { pages: PROJECT_PAGES, log: { module: 'landLifeCycle', action: '登记项目退出' } }, schema: { body: exitProjectBody } },
      async (req) => {
        const scope = await scopeOfRequest(db, req)
        const user = currentUser(req)
        const { project, message } = await service.exitProject(
          db,
          scope,
          { ...proposerOf(user), scope },
          { ...req.body, actorId: user.id },
          (row) => {
            req.logTarget = `${row.name} 退出`
          },
        )
        return ok(project, message)
      },
    )

    app.get(
      '/api/landLifeCycle/onebook',
      { config: { pages: [ONEBOOK_PAGE], log: false }, schema: { querystring: onebookQuery } },
      async (req) => {
        const { regionCode, keyword, stage, overdue, belowCommitment, failedEvaluation, ...args } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        const year = await resolveYear(db)
        const f = { keyword, stage, overdue, belowCommitment, failedEvaluation }
        const [counts, page] = await Promise.all([repo.onebookCounts(db, scope, year, f), repo.onebook(db, scope, year, f, args)])
        return ok({
          year,
          total: counts.total,
          overdue: counts.overdue,
          belowCommitment: counts.below,
          failedEvaluation: counts.failed,
          exited: counts.exited,
          byStage: LIFECYCLE_STAGES.map((s) => ({ stage: s, name: STAGE_NAMES[s], count: counts[s] })),
          page: { ...page, list: page.list.map(service.onebookView) },
        })
      },
    )

    app.get(
      '/api/landLifeCycle/onebook/export',
      { config: { pages: [ONEBOOK_PAGE], log: { module: 'landLifeCycle', action: '导出一本账' } }, schema: { querystring: onebookQuery } },
      async (req, reply) => {
        const { regionCode, keyword, stage, overdue, belowCommitment, failedEvaluation, page: _p, pageSize: _s, ...sort } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        const year = await resolveYear(db)
        const f = { keyword, stage, overdue, belowCommitment, failedEvaluation }
        async function* pages() {
          for (let page = 1; ; page++) {
            const p = await repo.onebook(db, scope, year, f, { ...sort, page, pageSize: 1000 })
            if (p.list.length) yield p.list.map(service.onebookView)
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
            {
              header: '是否逾期',
              note: figureHeader('overdueCount').note,
              value: (r) => (r.overdue ? `逾期 ${r.overdueDays} 天` : '否'),
              width: 12,
            },
            { header: '投资强度承诺（万元/亩）', value: (r) => r.investIntensity, width: 16 },
            { header: '容积率承诺', value: (r) => r.committedPlotRatio, width: 10 },
            { header: '容积率现状', value: (r) => r.actualPlotRatio, width: 10 },
            { header: `亩均税收承诺（万元/亩）`, value: (r) => r.committedTaxPerMu, width: 16 },
            { ...figureHeader('taxPerMu', `亩均税收 ${year}年`), value: (r) => r.actualTaxPerMu, width: 16 },
            { header: '亩均税收差额', value: (r) => r.taxGap, width: 12 },
            {
              header: '评价结论',
              value: (r) => (r.judgement ? `${STAGE_NAMES[r.judgement.stage]}：${r.judgement.conclusion}` : null),
              width: 36,
            },
            { header: '违约金（元）', value: (r) => (r.breachCount ? fenToYuanText(r.breachPenaltyFen, false) : null), width: 16 },
            { header: '退出', value: (r) => (r.exit ? `${r.exit.date} ${r.exit.reason}（土地${r.exit.outcome}）` : null), width: 30 },
          ],
          pages: pages(),
        })
      },
    )
  }
