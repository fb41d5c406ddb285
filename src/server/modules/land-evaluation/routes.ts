/**
 * 低效用地评价: evaluation models (/api/modes/*, docs/product.md §7: SaveMode, UpdateMode, delete,
 * GetModeList, GetModeItemList), runs of a model over the parcels of the user's scope, their
 * results, abstract, flagged shapes and export (/api/inefficient/*). Granted by the evaluation
 * pages (model writes by 评价模型); writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EVALUATION_INDICATORS,
  EVALUATION_PAGES,
  MODEL_EDIT_PAGES,
  abstractQuery,
  modelAddBody,
  modelIdBody,
  modelIdQuery,
  modelUpdateBody,
  resultListQuery,
  runBody,
  type EvaluationAbstract,
  type EvaluationResult,
  type FlaggedShapes,
  type ModelItem,
} from '../../../domain/contracts/land-evaluation'
import { mu } from '../../../domain/figures/formulas'
import { figureHeader, shownOr0 } from '../../figures/values'
import type { Db } from '../../db/engine'
import { isUniqueViolation } from '../../db/sql'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { conflict, notFound } from '../../http/errors'
import { sendXlsx } from '../../http/xlsx'
import { scopeOf } from '../../auth/data-scope'
import { districtCodes } from '../record-group/repo'
import * as repo from './repo'
import { score } from './service'

const READ = { pages: EVALUATION_PAGES, log: false } as const
const log = (action: string, pages = EVALUATION_PAGES) => ({ pages, log: { module: 'landEvaluation', action } })

/** An item in words: 容积率 < 1.0（25分） */
export const itemText = (i: ModelItem) =>
  `${EVALUATION_INDICATORS[i.indicator].name} ${i.operator} ${i.threshold}${EVALUATION_INDICATORS[i.indicator].unit.startsWith('（') ? '' : EVALUATION_INDICATORS[i.indicator].unit}（${i.weight}分）`

export const landEvaluationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const scope = (req: Parameters<typeof currentUser>[0]) => scopeOf(currentUser(req))

    async function liveModel(id: number) {
      const m = await repo.model(db, id)
      if (!m) throw notFound(`评价模型 ${id} 不存在`)
      return m
    }
    async function liveRun(req: Parameters<typeof currentUser>[0], id?: number) {
      const r = await repo.run(db, scope(req), id)
      if (!r && id !== undefined) throw notFound(`评价批次 ${id} 不存在或不在本账号的数据范围内`)
      return r
    }
    const taken = (name: string) => conflict(`已有名为“${name}”的评价模型，请换一个名称`)

    app.get('/api/modes/GetModeList', { config: READ }, async () => ok(await repo.models(db)))
    app.get('/api/modes/GetModeItemList', { config: READ, schema: { querystring: modelIdQuery } }, async (req) =>
      ok(await liveModel(req.query.id)),
    )

    app.post('/api/modes/SaveMode', { config: log('新增评价模型', MODEL_EDIT_PAGES), schema: { body: modelAddBody } }, async (req) => {
      req.logTarget = req.body.name
      try {
        const id = await repo.insertModel(db, { ...req.body, userId: currentUser(req).id })
        return ok(await liveModel(id), `已新增评价模型“${req.body.name}”`)
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(req.body.name)
        throw err
      }
    })

    app.post('/api/modes/UpdateMode', { config: log('修改评价模型', MODEL_EDIT_PAGES), schema: { body: modelUpdateBody } }, async (req) => {
      const { id, ...f } = req.body
      await liveModel(id)
      req.logTarget = f.name
      try {
        await repo.updateModel(db, id, { ...f, userId: currentUser(req).id })
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(f.name)
        throw err
      }
      return ok(await liveModel(id), '已保存')
    })

    app.post('/api/modes/delete', { config: log('删除评价模型', MODEL_EDIT_PAGES), schema: { body: modelIdBody } }, async (req) => {
      const m = await liveModel(req.body.id)
      req.logTarget = m.name
      await repo.deleteModel(db, m.id)
      return ok(null, `已删除评价模型“${m.name}”（已有的评价结果保留）`)
    })

    app.post('/api/inefficient/run', { config: log('运行低效用地评价'), schema: { body: runBody } }, async (req) => {
      const user = currentUser(req)
      const m = await liveModel(req.body.modelId)
      req.logTarget = `${m.name} ${req.body.year}年`
      const facts = await repo.parcelFacts(db, scope(req), req.body.year)
      const scored = facts.map((p) => score(p, m.items, m.passScore, req.body.year))
      const codes = await districtCodes(db, user.isAdmin ? null : user.regionCode)
      const id = await repo.insertRun(
        db,
        { modelId: m.id, modelName: m.name, passScore: m.passScore, items: m.items, year: req.body.year, codes, userId: user.id },
        scored,
      )
      const run = (await liveRun(req, id))!
      const { items: _i, ...answer } = run
      return ok(answer, `已评价 ${run.parcelCount} 宗地块，疑似低效 ${run.flaggedCount} 宗`)
    })

    app.get('/api/inefficient/runs', { config: READ }, async (req) => ok((await repo.runs(db, scope(req))).map(({ items: _i, ...r }) => r)))

    app.get('/api/inefficient/abstract', { config: READ, schema: { querystring: abstractQuery } }, async (req) => {
      const run = await liveRun(req, req.query.runId)
      if (!run) {
        const none: EvaluationAbstract = { run: null, items: [], byCounty: [], byItem: [], scoreBands: [], flaggedListed: 0, flaggedNew: 0 }
        return ok(none)
      }
      const { items, ...r } = run
      const sums = await repo.abstractSums(db, scope(req), run.id, items.length)
      const answer: EvaluationAbstract = {
        run: r,
        items,
        byCounty: sums.counties.map((c) => ({
          code: c.code ?? '',
          name: c.name ?? '未落区县',
          parcelCount: c.n,
          flaggedCount: c.flagged,
          flaggedAreaMu: shownOr0('landAreaMu', mu(c.m2)),
        })),
        byItem: items.map((_, i) => ({ index: i, count: sums.totals[`i${i}`] })),
        scoreBands: Array.from({ length: 10 }, (_, b) => ({ from: b * 10, count: sums.bands.find((x) => x.band === b)?.n ?? 0 })),
        flaggedListed: sums.totals.listed,
        flaggedNew: sums.totals.fresh,
      }
      return ok(answer)
    })

    const resultView = (r: Awaited<ReturnType<typeof repo.results>>['list'][number]): EvaluationResult => ({
      parcelId: r.parcel_id,
      landCode: r.land_code,
      name: r.name,
      countyName: r.county_name,
      status: r.status,
      areaMu: shownOr0('landAreaMu', mu(r.area_m2 ?? 0)),
      enterpriseName: r.enterprise_name,
      score: r.score,
      flagged: r.flagged,
      values: r.vals,
      hits: r.hits,
      closedDate: r.closed_date,
    })
    /** The item indexes of the run that test an indicator. */
    const hitIndexes = (items: ModelItem[], indicator?: string) =>
      indicator ? items.flatMap((it, i) => (it.indicator === indicator ? [i] : [])) : undefined

    app.get('/api/inefficient/results', { config: READ, schema: { querystring: resultListQuery } }, async (req) => {
      const { runId, flagged, indicator, keyword, ...args } = req.query
      const run = (await liveRun(req, runId))!
      const { items: _i, ...r } = run
      const page = await repo.results(db, scope(req), runId, { flagged, keyword, hitIndexes: hitIndexes(run.items, indicator) }, args)
      return ok({ run: r, page: { ...page, list: page.list.map(resultView) } })
    })

    app.get(
      '/api/inefficient/results/export',
      { config: log('导出低效用地评价结果'), schema: { querystring: resultListQuery } },
      async (req, reply) => {
        const { runId, flagged, indicator, keyword, page: _p, pageSize: _s, ...sort } = req.query
        const run = (await liveRun(req, runId))!
        req.logTarget = `${run.modelName} ${run.year}年`
        const s = scope(req)
        const f = { flagged, keyword, hitIndexes: hitIndexes(run.items, indicator) }
        async function* pages() {
          for (let page = 1; ; page++) {
            const p = await repo.results(db, s, runId, f, { ...sort, page, pageSize: 1000 })
            if (p.list.length) yield p.list.map(resultView)
            if (page * 1000 >= p.total) return
          }
        }
        return sendXlsx<EvaluationResult>(reply, {
          filename: `低效用地评价_${run.year}年_${run.modelName}.xlsx`,
          sheet: `评价结果 ${run.year}年`,
          columns: [
            { header: '宗地代码', value: (x) => x.landCode, width: 22 },
            { header: '地块名称', value: (x) => x.name, width: 28 },
            { header: '区县', value: (x) => x.countyName, width: 12 },
            { header: '状态', value: (x) => x.status, width: 10 },
            { header: '面积（亩）', note: figureHeader('landAreaMu').note, value: (x) => x.areaMu, width: 12 },
            { header: '用地单位', value: (x) => x.enterpriseName, width: 28 },
            { header: '得分', value: (x) => x.score, width: 8 },
            { header: '疑似低效', value: (x) => (x.flagged ? '是' : '否'), width: 10 },
            { header: '命中指标', value: (x) => x.hits.map((i) => itemText(run.items[i])).join('；'), width: 48 },
          ],
          pages: pages(),
        })
      },
    )

    app.get('/api/inefficient/shapes', { config: READ, schema: { querystring: abstractQuery } }, async (req) => {
      const run = await liveRun(req, req.query.runId)
      if (!run) return ok({ type: 'FeatureCollection', features: [], total: 0 } satisfies FlaggedShapes)
      const { rows, total } = await repo.flaggedShapes(db, scope(req), run.id, 5000)
      const answer: FlaggedShapes = {
        type: 'FeatureCollection',
        features: rows.map((r) => ({
          type: 'Feature',
          geometry: JSON.parse(r.geojson),
          properties: { parcelId: r.parcel_id, landCode: r.land_code, name: r.name, score: r.score },
        })),
        total,
      }
      return ok(answer)
    })
  }
