/**
 * 低效用地再开发 (docs/api.md "低效用地再开发"): the 台账 (/api/landInefficient/getRevitalizeList,
 * updateDxyd, getLandIneInfo), the plans (getWnrList, getNrList, addRevitalPlan, update, deletePhcz,
 * checkPhcz, getPhPage), tasks and counties (editPhczTask, areaList), effects (getEffect, with an
 * xlsx export), the overview and map (/api/revitalize/getOverView, getPhMap) and the progress reports,
 * supervision list, 督办 and 办结 (/api/phczReport/*). Each names the pages of /land/revitalize and
 * /land/result that open it, reads only the caller's region and logs its writes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ALL_REVITALIZE_PAGES,
  EFFECT_PAGES,
  PLAN_EDIT_PAGES,
  SUPERVISE_PAGES,
  REPORT_PHOTO_EXTENSIONS,
  reportPhotoQuery,
  TASK_PAGES,
  effectQuery,
  ledgerActionBody,
  ledgerListQuery,
  planActionBody,
  planAddBody,
  planIdBody,
  planIdQuery,
  planListQuery,
  planUpdateBody,
  reportIdBody,
  reportSaveBody,
  reportUpdateBody,
  reviewListQuery,
  superviseBody,
  superviseListQuery,
  taskBody,
  unplannedListQuery,
  yearQuery,
  type EffectRow,
  type LedgerList,
  type PlanList,
  type ReviewList,
} from '../../../domain/contracts/revitalize'
import { LEDGER_STATES, PLAN_STATES } from '../../../domain/revitalize'
import { FIGURES, type FigureKey } from '../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../domain/today'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx } from '../../http/xlsx'
import { scopeOfRequest } from '../../auth/data-scope'
import { figureHeader, shown } from '../../figures/values'
import { proposerOf } from '../datacenter/context'
import { noFile, readUpload } from '../../files/multipart'
import { notFound } from '../../http/errors'
import { holdsAnyPage } from '../../auth/permission'
import { LAND_APPROVE_PAGES, stepsQuery } from '../../../domain/contracts/stock'
import { sendSteps } from '../stock/routes'
import { acceptUpload, toView } from '../base-file/service'
import { getFile } from '../base-file/repo'
import { fileStoreOf, sendStoredFile } from '../base-file/routes'
import * as repo from './repo'
import * as service from './service'

const log = (action: string) => ({ module: 'revitalize', action })
const READ = { pages: ALL_REVITALIZE_PAGES, log: false as const }
const thisYear = () => Number(todayInProductZone().slice(0, 4))

export const revitalizeRoutes =
  (db: Db, uploads: { dir: string; maxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreOf(uploads.dir)
    // ---- 台账 ----

    app.get('/api/landInefficient/getRevitalizeList', { config: READ, schema: { querystring: reviewListQuery } }, async (req) => {
      const { runId, keyword, review, regionCode, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const run = await service.reviewRun(db, scope, runId)
      const answer: ReviewList = run
        ? {
            run: { id: run.id, year: run.year, modelName: run.modelName, runAt: run.runAt },
            page: await repo.reviewRows(db, scope, run, (hits) => service.criteriaOf(run.items, hits), { keyword, review }, args),
          }
        : { run: null, page: { list: [], total: 0, page: args.page, pageSize: args.pageSize } }
      return ok(answer)
    })

    app.post(
      '/api/landInefficient/updateDxyd',
      { config: { pages: PLAN_EDIT_PAGES, log: log('低效用地认定') }, schema: { body: ledgerActionBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `评价批次 ${f.runId} ${f.action} ${f.parcelIds.length} 宗`
        const user = currentUser(req)
        const scope = await scopeOfRequest(db, req)
        const r = await service.ledgerAction(db, scope, proposerOf(user), { ...f, actorId: user.id })
        const audit = r.submissions ? `，${r.submissions} 宗地块状态变更已提交数据中心审核` : ''
        return ok(r, f.action === '认定' ? `已认定 ${r.done} 宗低效用地${audit}` : `已复核剔除 ${r.done} 宗${audit}`)
      },
    )

    app.get('/api/landInefficient/getLandIneInfo', { config: READ, schema: { querystring: ledgerListQuery } }, async (req) => {
      const { keyword, state, parcelId, regionCode, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const [counts, page] = await Promise.all([
        repo.ledgerCounts(db, scope, { keyword }),
        repo.ledger(db, scope, { keyword, state, parcelId }, args),
      ])
      const answer: LedgerList = {
        counts: LEDGER_STATES.map((s) => {
          const c = counts.find((x) => x.state === s)
          return { state: s, count: c?.n ?? 0, areaMu: FIGURES.ledgerAreaMu.formula(c?.m2 ?? 0) ?? 0 }
        }),
        page,
      }
      return ok(answer)
    })

    // ---- plans ----

    app.get('/api/landInefficient/getWnrList', { config: READ, schema: { querystring: unplannedListQuery } }, async (req) => {
      const { keyword, regionCode, ...args } = req.query
      return ok(await repo.ledger(db, await scopeOfRequest(db, req, regionCode), { keyword, unplanned: true }, args))
    })

    app.get('/api/landInefficient/getNrList', { config: READ, schema: { querystring: planListQuery } }, async (req) => {
      const { keyword, regionCode, state, method, year, ...args } = req.query
      const scope = await scopeOfRequest(db, req, regionCode)
      const [counts, page] = await Promise.all([
        repo.planCounts(db, scope, { keyword, method, year }),
        repo.plans(db, scope, { keyword, method, year, state }, args),
      ])
      const answer: PlanList = {
        counts: PLAN_STATES.map((s) => ({ state: s, count: counts.find((c) => c.state === s)?.n ?? 0 })),
        page: { ...page, list: page.list.map(repo.planRowView) },
      }
      return ok(answer)
    })

    app.get(
      '/api/landInefficient/steps',
      { config: { pages: [...ALL_REVITALIZE_PAGES, ...LAND_APPROVE_PAGES], log: false }, schema: { querystring: stepsQuery } },
      async (req, reply) => {
        const steps = await service.planSteps(db, await scopeOfRequest(db, req), req.query.id)
        if (req.query.format !== 'xlsx') return ok(steps)
        return sendSteps(reply, `盘活方案${req.query.id}_办理记录.xlsx`, steps)
      },
    )

    app.get('/api/landInefficient/getPhPage', { config: READ, schema: { querystring: planIdQuery } }, async (req) =>
      ok(await service.planDetail(db, await scopeOfRequest(db, req), req.query.id)),
    )

    app.post(
      '/api/landInefficient/addRevitalPlan',
      { config: { pages: PLAN_EDIT_PAGES, log: log('新增盘活方案') }, schema: { body: planAddBody } },
      async (req) => {
        req.logTarget = `${req.body.name}（${req.body.method}）`
        const scope = await scopeOfRequest(db, req)
        const id = await service.addPlan(db, scope, { ...req.body, actorId: currentUser(req).id })
        return ok(await service.planDetail(db, scope, id), req.body.submit ? '已新增盘活方案并提交审核' : '已保存盘活方案草稿')
      },
    )

    app.post(
      '/api/landInefficient/update',
      { config: { pages: PLAN_EDIT_PAGES, log: log('修改盘活方案') }, schema: { body: planUpdateBody } },
      async (req) => {
        const { id, ...f } = req.body
        req.logTarget = `方案 ${id} ${f.name}`
        const scope = await scopeOfRequest(db, req)
        await service.updatePlan(db, scope, id, { ...f, submit: false, actorId: currentUser(req).id })
        return ok(await service.planDetail(db, scope, id), '已保存')
      },
    )

    app.post(
      '/api/landInefficient/deletePhcz',
      { config: { pages: PLAN_EDIT_PAGES, log: log('删除盘活方案') }, schema: { body: planIdBody } },
      async (req) => {
        const plan = await service.deletePlan(db, await scopeOfRequest(db, req), req.body.id, currentUser(req).id)
        req.logTarget = plan.name
        return ok(null, `已删除盘活方案「${plan.name}」`)
      },
    )

    app.post(
      '/api/landInefficient/checkPhcz',
      { config: { pages: SUPERVISE_PAGES, log: log('盘活方案状态变更') }, schema: { body: planActionBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `方案 ${f.id} ${f.action}`
        const scope = await scopeOfRequest(db, req)
        const user = currentUser(req)
        // 审核通过 and 退回 are the land 审定 (issue 28): the grant of /land/approve, not only this page's
        const canApprove =
          !service.APPROVING_ACTIONS.includes(f.action) || user.isAdmin || (await holdsAnyPage(db, user.roleIds, LAND_APPROVE_PAGES))
        const state = await service.planAction(db, scope, { ...f, actorId: user.id, canApprove })
        return ok(await service.planDetail(db, scope, f.id), `已${f.action}，方案状态：${state}`)
      },
    )

    // ---- tasks, counties, overview, effects, map ----

    app.post(
      '/api/landInefficient/editPhczTask',
      { config: { pages: TASK_PAGES, log: log('设置盘活任务') }, schema: { body: taskBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `${f.countyCode} ${f.year}年 ${f.taskMu} 亩`
        const scope = await scopeOfRequest(db, req)
        service.assertCounty(scope, await repo.county(db, scope, f.countyCode), f.countyCode)
        await repo.upsertTask(db, { ...f, actorId: currentUser(req).id })
        return ok(null, `已设置 ${f.year} 年盘活任务：${f.taskMu} 亩`)
      },
    )

    app.get('/api/landInefficient/areaList', { config: READ, schema: { querystring: yearQuery } }, async (req) => {
      const year = req.query.year ?? thisYear()
      return ok((await service.overview(db, await scopeOfRequest(db, req, req.query.regionCode), year)).counties)
    })

    app.get('/api/revitalize/getOverView', { config: READ, schema: { querystring: yearQuery } }, async (req) =>
      ok(await service.overview(db, await scopeOfRequest(db, req, req.query.regionCode), req.query.year ?? thisYear())),
    )

    app.get('/api/revitalize/getPhMap', { config: { pages: EFFECT_PAGES, log: false }, schema: { querystring: yearQuery } }, async (req) =>
      ok(await service.effectMap(db, await scopeOfRequest(db, req, req.query.regionCode), req.query.year ?? null)),
    )

    app.get(
      '/api/landInefficient/getEffect',
      { config: { pages: EFFECT_PAGES, log: false }, schema: { querystring: effectQuery } },
      async (req, reply) => {
        const year = req.query.year ?? thisYear()
        const scope = await scopeOfRequest(db, req, req.query.regionCode)
        if (req.query.format !== 'xlsx') return ok(await service.effects(db, scope, year, req.query.method))
        // each figure's column: 腾出面积（亩） with its 口径 as the note, values at the catalogue's display digits
        const fig = (key: FigureKey, value: (x: EffectRow) => number | null, width: number) => ({
          ...figureHeader(key),
          value: (x: EffectRow) => shown(key, value(x)),
          width,
        })
        return sendXlsx<EffectRow>(reply, {
          filename: `盘活成效_${year}年.xlsx`,
          sheet: `盘活成效 ${year}年`,
          columns: [
            { header: '方案', value: (x) => x.name, width: 30 },
            { header: '盘活方式', value: (x) => x.method, width: 14 },
            { header: '区县', value: (x) => x.countyName, width: 12 },
            { header: '办结日期', value: (x) => x.completedDate, width: 12 },
            fig('freedAreaMu', (x) => x.freedAreaMu, 14),
            fig('newBuildingArea', (x) => x.newBuildingM2, 16),
            fig('newInvestment', (x) => x.newInvestment, 14),
            fig('newTax', (x) => x.newTax, 14),
            fig('newOutput', (x) => x.newOutput, 14),
            fig('plotRatioBefore', (x) => x.plotRatioBefore, 14),
            fig('plotRatioAfter', (x) => x.plotRatioAfter, 14),
            fig('taxPerMuBefore', (x) => x.taxPerMuBefore, 16),
            fig('taxPerMuAfter', (x) => x.taxPerMuAfter, 16),
          ],
          pages: service.effectRows(db, scope, year, req.query.method),
        })
      },
    )

    // ---- progress reports, supervision ----

    app.get('/api/phczReport/getList', { config: READ, schema: { querystring: superviseListQuery } }, async (req) => {
      const { keyword, level, regionCode, ...args } = req.query
      return ok(await service.superviseList(db, await scopeOfRequest(db, req, regionCode), { keyword, level }, args))
    })

    app.post(
      '/api/phczReport/save',
      { config: { pages: SUPERVISE_PAGES, log: log('报告盘活进度') }, schema: { body: reportSaveBody } },
      async (req) => {
        req.logTarget = `方案 ${req.body.planId} ${req.body.progress}%`
        const scope = await scopeOfRequest(db, req)
        await service.saveReport(db, scope, { ...req.body, actorId: currentUser(req).id })
        return ok(await service.planDetail(db, scope, req.body.planId), `已报告进度：${req.body.progress}%`)
      },
    )

    // a report's photo: uploaded by the one who reports, then named in phczReport/save or update
    app.post('/api/phczReport/upload', { config: { pages: SUPERVISE_PAGES, log: log('上传进度照片') } }, async (req) => {
      const { file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      const f = await acceptUpload(db, store, file, currentUser(req), {
        purpose: 'file',
        allowed: REPORT_PHOTO_EXTENSIONS,
        dm: service.REPORT_PHOTO_DM,
      })
      return ok(toView(f), `已上传 ${f.name}`)
    })

    app.get(
      '/api/phczReport/photo',
      { config: { pages: ALL_REVITALIZE_PAGES, log: log('查看进度照片') }, schema: { querystring: reportPhotoQuery } },
      async (req, reply) => {
        const { reportId, fileId } = req.query
        req.logTarget = `报告 ${reportId} 照片 #${fileId}`
        const f = await getFile(db, await service.reportPhoto(db, await scopeOfRequest(db, req), reportId, fileId))
        if (!f) throw notFound(`照片 #${fileId} 不存在`)
        return sendStoredFile(reply, store, f, `照片 #${fileId}`)
      },
    )

    app.post(
      '/api/phczReport/update',
      { config: { pages: SUPERVISE_PAGES, log: log('修改进度报告') }, schema: { body: reportUpdateBody } },
      async (req) => {
        req.logTarget = `报告 ${req.body.id} ${req.body.progress}%`
        await service.updateReport(db, await scopeOfRequest(db, req), { ...req.body, actorId: currentUser(req).id })
        return ok(null, '已修改进度报告')
      },
    )

    app.post(
      '/api/phczReport/delete',
      { config: { pages: SUPERVISE_PAGES, log: log('删除进度报告') }, schema: { body: reportIdBody } },
      async (req) => {
        req.logTarget = `报告 ${req.body.id}`
        await service.deleteReport(db, await scopeOfRequest(db, req), req.body.id)
        return ok(null, '已删除进度报告')
      },
    )

    app.post(
      '/api/phczReport/updatePhcz',
      { config: { pages: SUPERVISE_PAGES, log: log('盘活督办与办结') }, schema: { body: superviseBody } },
      async (req) => {
        const f = req.body
        const user = currentUser(req)
        const scope = await scopeOfRequest(db, req)
        if (f.action === '督办') {
          req.logTarget = `方案 ${f.planId} 督办`
          await service.supervise(db, scope, { ...f, actorId: user.id })
          return ok(await service.planDetail(db, scope, f.planId), `已督办，回复期限 ${f.replyDeadline}`)
        }
        if (f.action === '回复') {
          req.logTarget = `督办 ${f.supervisionId} 回复`
          const planId = await service.reply(db, scope, { ...f, actorId: user.id })
          return ok(await service.planDetail(db, scope, planId), '已回复督办')
        }
        req.logTarget = `方案 ${f.planId} 办结`
        const r = await service.complete(db, scope, proposerOf(user), { ...f, actorId: user.id })
        const audit = r.submissions.length ? `，地块信息变更已提交数据中心审核（提交 #${r.submissions.join('、#')}）` : ''
        return ok(await service.planDetail(db, scope, f.planId), `已办结，台账已销号${audit}`)
      },
    )
  }
