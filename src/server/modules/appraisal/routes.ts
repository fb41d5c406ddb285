/**
 * 亩均效益评价 /api/companyAppraise/*, /api/appraiseNorm/*, /api/appraiseResult/* (docs/api.md): inputs
 * and corrections, norms and models, batches, results, objections and publishing. Reads are granted
 * by any of the three /enterprise/appraise pages, writes by the page that makes them; everything is
 * limited to the user's data scope, narrowed by `regionCode`; writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  APPROVE_PAGES,
  APPRAISE_PAGES,
  INPUT_PAGES,
  RESULT_PAGES,
  STANDARD_PAGES,
  batchIdBody,
  batchListQuery,
  compareQuery,
  completenessQuery,
  correctionBody,
  inputListQuery,
  inputsQuery,
  modelQuery,
  modelSaveBody,
  normListQuery,
  normMedianBody,
  normSaveBody,
  objectionAddBody,
  objectionListQuery,
  objectionReviewBody,
  publicityBody,
  resultDetailQuery,
  resultListQuery,
  runBody,
  INPUT_ITEMS,
  alertsQuery,
  drillQuery,
  inputImportFields,
  inputTemplateQuery,
  policyListQuery,
  policyRulesQuery,
  policySaveBody,
  publicityExportQuery,
  objectionFileQuery,
  EVENT_PAGES,
  eventListQuery,
  eventSaveBody,
  eventDeleteBody,
  eventHistoryQuery,
} from '../../../domain/contracts/appraisal'
import type { AppraisalHistory } from '../../../domain/contracts/appraisal'
import { appraisalHistoryState } from '../../db/seed/appraisal'
import { APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../../domain/appraisal'
import { DOCUMENT_EXTENSIONS } from '../../../domain/contracts/base-file'
import * as events from './events'
import { acceptUpload, toView } from '../base-file/service'
import { getFile } from '../base-file/repo'
import { notFound } from '../../http/errors'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { scopeOfRequest } from '../../auth/data-scope'
import { resolveYear } from '../../common/stat-years'
import { sendXlsx } from '../../http/xlsx'
import { indicatorName, MODEL_INDICATOR_KEYS } from '../../../domain/appraisal-run'
import * as service from './service'
import * as policy from './policy'
import * as imports from './imports'
import * as monitor from './monitor'
import { AppError, badRequest } from '../../http/errors'
import { noFile, readUpload, uploadFields } from '../../files/multipart'
import type { Incoming } from '../../files/store'
import { fileStoreOf, sendStoredFile } from '../base-file/routes'
import { openSourceInWorker, ParsePool } from '../datacenter-import/source/worker-reader'
import { PARSE_BUDGET, PARSE_WORKER_HEAP_MB, SourceError, type SourceReader } from '../datacenter-import/source/types'

const log = (action: string) => ({ module: '亩均效益评价', action })

/** Runs `use` over an uploaded file opened in a parse worker; the file is removed afterwards whatever happens. */
async function withUpload<T>(
  up: { store: ReturnType<typeof fileStoreOf>; parsers: ParsePool },
  file: Incoming,
  work: (reader: SourceReader) => Promise<T>,
): Promise<T> {
  try {
    let reader: SourceReader
    try {
      reader = await openSourceInWorker(file.tempPath, file.kind, 'auto', { ...PARSE_BUDGET, heapMb: PARSE_WORKER_HEAP_MB }, up.parsers)
    } catch (err) {
      if (err instanceof SourceError) throw new AppError(err.status, err.message)
      throw err
    }
    try {
      return await work(reader)
    } catch (err) {
      if (err instanceof SourceError) throw new AppError(err.status, err.message)
      throw err
    } finally {
      await reader.close()
    }
  } finally {
    up.store.discard(file)
  }
}

export const appraisalRoutes =
  (db: Db, uploads: { dir: string; maxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreOf(uploads.dir)
    // parse workers of the imports: none is started before the first import; afterwards one is kept warm for the next file
    const parsers = new ParsePool()
    app.addHook('onClose', async () => parsers.close())
    const up = { store, parsers }

    // ---- inputs ----
    app.get(
      '/api/companyAppraise/list',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: inputListQuery } },
      async (req) => {
        const { year: y, regionCode, keyword, scale, missing, ...args } = req.query
        const year = await resolveYear(db, y)
        if (y) await service.assertStatYear(db, year)
        return ok(await service.inputList(db, await scopeOfRequest(db, req, regionCode), year, { keyword, scale, missing }, args))
      },
    )

    app.get(
      '/api/companyAppraise/inputs',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: inputsQuery } },
      async (req) => ok(await service.inputs(db, await scopeOfRequest(db, req), req.query.enterpriseId, req.query.year)),
    )

    app.post(
      '/api/companyAppraise/correction',
      { config: { pages: INPUT_PAGES, log: log('更正年度指标') }, schema: { body: correctionBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `企业 ${f.enterpriseId} ${f.year}年 ${INPUT_ITEMS[f.item].name}`
        const r = await service.correct(db, await scopeOfRequest(db, req), f, currentUser(req))
        if (r.status === '待审定')
          return ok(
            r,
            `${f.year}年该区县的评价已发布，${INPUT_ITEMS[f.item].name}的更正（${r.old ?? '空'} → ${f.value}）已提交评价审定，审定通过后生效；已发布的评价类别不变`,
          )
        return ok(r, `已更正${INPUT_ITEMS[f.item].name}：${r.old ?? '空'} → ${f.value}`)
      },
    )

    app.get(
      '/api/companyAppraise/template',
      { config: { pages: APPRAISE_PAGES, log: log('下载年度指标导入模板') }, schema: { querystring: inputTemplateQuery } },
      async (req, reply) => {
        const { source, regionCode } = req.query
        const year = await resolveYear(db, req.query.year)
        const items = imports.itemsOfSource(source)
        const rows = await service.templateRows(db, await scopeOfRequest(db, req, regionCode), year, items)
        type Row = (typeof rows)[number]
        req.logTarget = `${source} ${year}年`
        return sendXlsx(reply, {
          filename: `${source}年度指标导入模板_${year}.xlsx`,
          sheet: `${source}_${year}`,
          columns: [
            {
              header: imports.CREDIT_HEADER,
              value: (r: Row) => r.creditCode,
              width: 22,
              note: '按统一社会信用代码匹配本账号数据范围内的企业',
            },
            { header: imports.NAME_HEADER, value: (r: Row) => r.name, width: 30, note: '仅供核对，导入时不读取' },
            ...items.map((i) => ({ header: imports.inputHeader(i), value: (r: Row) => r.values[i] ?? null, note: imports.inputNote(i) })),
            { header: imports.DATE_HEADER, value: (r: Row) => r.reportedDate, note: '如 2025-03-31；留空为导入当天' },
          ],
          pages: [rows],
        })
      },
    )

    app.post('/api/companyAppraise/import', { config: { pages: INPUT_PAGES, log: log('导入年度指标') } }, async (req) => {
      const { fields, file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      const f = uploadFields(inputImportFields, { fields, file }, store)
      req.logTarget = `${f.source} ${f.year}年 ${file.fileName}`
      const r = await withUpload(up, file, async (reader) => {
        await service.assertStatYear(db, f.year)
        return imports.importInputs(db, await scopeOfRequest(db, req), { ...f, fileName: file.fileName }, reader, currentUser(req))
      })
      const restated = r.restated ? `；${r.restated} 项属已发布年度，已作为更正提交评价审定（审定通过后生效）` : ''
      return ok(r, `已导入${f.source} ${f.year}年数据 ${r.rows} 行：更新 ${r.changed} 项，未变 ${r.unchanged} 项${restated}`)
    })

    app.get(
      '/api/companyAppraise/completeness',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: completenessQuery } },
      async (req) =>
        ok(await service.completeness(db, await scopeOfRequest(db, req, req.query.regionCode), await resolveYear(db, req.query.year))),
    )

    // ---- 加减分 / 一票否决 events ----
    app.get(
      '/api/companyAppraise/events',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: eventListQuery } },
      async (req) => {
        const { year: y, regionCode, keyword, name, ...args } = req.query
        const year = await resolveYear(db, y)
        if (y) await service.assertStatYear(db, year)
        return ok(await events.list(db, await scopeOfRequest(db, req, regionCode), year, { keyword, name }, args))
      },
    )

    app.get(
      '/api/companyAppraise/eventItems',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: eventHistoryQuery } },
      async (req) => {
        const e = await service.enterpriseInScope(db, await scopeOfRequest(db, req), req.query.enterpriseId)
        return ok(e.county_code ? await events.itemsOf(db, e.county_code, req.query.year) : [])
      },
    )

    app.get(
      '/api/companyAppraise/eventHistory',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: eventHistoryQuery } },
      async (req) => ok(await events.history(db, await scopeOfRequest(db, req), req.query.enterpriseId, req.query.year)),
    )

    app.post(
      '/api/companyAppraise/eventSave',
      { config: { pages: EVENT_PAGES, log: log('登记加减分事项') }, schema: { body: eventSaveBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `企业 ${f.enterpriseId} ${f.year}年 ${f.name}${f.id ? `（修改 #${f.id}）` : ''}`
        const r = await events.save(db, await scopeOfRequest(db, req), f, currentUser(req))
        return ok({ id: r.id }, `${f.id ? '已修改' : '已登记'} ${r.enterpriseName} ${f.year}年「${f.name}」，下次试算计入`)
      },
    )

    app.post(
      '/api/companyAppraise/eventDelete',
      { config: { pages: EVENT_PAGES, log: log('删除加减分事项') }, schema: { body: eventDeleteBody } },
      async (req) => {
        req.logTarget = `事项 #${req.body.id}`
        const r = await events.remove(db, await scopeOfRequest(db, req), req.body, currentUser(req))
        req.logTarget = `${r.enterpriseName} ${r.year}年 ${r.name}`
        return ok(null, `已删除 ${r.enterpriseName} ${r.year}年「${r.name}」，下次试算不再计入`)
      },
    )

    // ---- norms and models ----
    app.get(
      '/api/appraiseNorm/list',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: normListQuery } },
      async (req) => {
        const { year: y, regionCode, indicator, ...args } = req.query
        return ok(await service.normList(db, await scopeOfRequest(db, req, regionCode), await resolveYear(db, y), { indicator }, args))
      },
    )

    app.post(
      '/api/appraiseNorm/save',
      { config: { pages: STANDARD_PAGES, log: log('保存评价标准') }, schema: { body: normSaveBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `${f.countyCode} ${f.year}年 ${f.division} ${indicatorName(f.indicator)}`
        const id = await service.saveNorm(db, await scopeOfRequest(db, req), f, currentUser(req))
        return ok({ changeId: id }, `已提交 ${f.division} ${indicatorName(f.indicator)} 的基准值，待评价审定后生效`)
      },
    )

    app.post(
      '/api/appraiseNorm/median',
      { config: { pages: STANDARD_PAGES, log: log('按区县中位数填充评价标准') }, schema: { body: normMedianBody } },
      async (req) => {
        req.logTarget = `${req.body.countyCode} ${req.body.year}年`
        const n = await service.fillNormsFromMedian(db, await scopeOfRequest(db, req), req.body, currentUser(req))
        return ok({ count: n }, `已按区县中位数提交 ${n} 项基准值，待评价审定后生效`)
      },
    )

    app.get(
      '/api/appraiseNorm/export',
      { config: { pages: APPRAISE_PAGES, log: log('导出评价标准') }, schema: { querystring: normListQuery } },
      async (req, reply) => {
        const { year: y, regionCode, indicator } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        const year = await resolveYear(db, y)
        const all = await service.normList(db, scope, year, { indicator }, { page: 1, pageSize: 100000 })
        return sendXlsx(reply, {
          filename: `评价标准_${year}.xlsx`,
          sheet: '评价标准',
          columns: [
            { header: imports.NORM_HEADERS.county, value: (r: Record<string, unknown>) => r.countyCode as string },
            { header: imports.NORM_HEADERS.countyName, value: (r: Record<string, unknown>) => r.countyName as string },
            { header: imports.NORM_HEADERS.year, value: (r: Record<string, unknown>) => r.year as number },
            { header: imports.NORM_HEADERS.division, value: (r: Record<string, unknown>) => r.division as string },
            { header: imports.NORM_HEADERS.indicator, value: (r: Record<string, unknown>) => indicatorName(r.indicator as string) },
            { header: imports.NORM_HEADERS.value, value: (r: Record<string, unknown>) => r.value as number },
          ],
          pages: (async function* () {
            yield all.list
          })(),
        })
      },
    )

    app.post('/api/appraiseNorm/import', { config: { pages: STANDARD_PAGES, log: log('导入评价标准') } }, async (req) => {
      const { file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      const r = await withUpload(up, file, async (reader) =>
        imports.importNorms(db, await scopeOfRequest(db, req), reader, currentUser(req)),
      )
      return ok(r, `已导入 ${r.rows} 项基准值，待评价审定后生效`)
    })

    app.get(
      '/api/appraiseNorm/models',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: modelQuery } },
      async (req) =>
        ok(await service.models(db, await scopeOfRequest(db, req), await resolveYear(db, req.query.year), req.query.countyCode)),
    )

    app.post(
      '/api/appraiseNorm/modelSave',
      { config: { pages: STANDARD_PAGES, log: log('保存评价模型') }, schema: { body: modelSaveBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `${f.countyCode ?? '全省默认'} ${f.scale} ${f.effectiveYear}年起`
        const r = await service.saveModel(db, await scopeOfRequest(db, req), f, currentUser(req))
        return ok(r, `已提交${f.scale}评价模型第${r.version}版（${f.effectiveYear}年起），待评价审定后生效`)
      },
    )

    // ---- batches and results ----
    app.post('/api/appraiseResult/run', { config: { pages: RESULT_PAGES, log: log('试算') }, schema: { body: runBody } }, async (req) => {
      req.logTarget = `${req.body.countyCode} ${req.body.year}年`
      const b = await service.run(db, await scopeOfRequest(db, req), req.body, currentUser(req))
      const n = b.counts.A + b.counts.B + b.counts.C + b.counts.D
      return ok(b, `已试算 ${n} 家企业：A类 ${b.counts.A}、B类 ${b.counts.B}、C类 ${b.counts.C}、D类 ${b.counts.D}`)
    })

    app.get(
      '/api/appraiseResult/batches',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: batchListQuery } },
      async (req) =>
        ok(await service.batches(db, await scopeOfRequest(db, req, req.query.regionCode), await resolveYear(db, req.query.year))),
    )

    app.get('/api/appraiseResult/history', { config: { pages: APPRAISE_PAGES, log: false } }, async () => {
      const state = await appraisalHistoryState(db)
      return ok<AppraisalHistory>(state ? { pending: true, ...state } : { pending: false, years: [], done: 0 })
    })

    app.get(
      '/api/appraiseResult/list',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: resultListQuery } },
      async (req) => {
        const { year: y, regionCode, batchId, class: cls, scale, keyword, ...args } = req.query
        const year = await resolveYear(db, y)
        if (y) await service.assertStatYear(db, year)
        return ok(await service.results(db, await scopeOfRequest(db, req, regionCode), year, { batchId, class: cls, scale, keyword }, args))
      },
    )

    app.get(
      '/api/appraiseResult/export',
      { config: { pages: APPRAISE_PAGES, log: log('导出评价结果') }, schema: { querystring: resultListQuery } },
      async (req, reply) => {
        const { year: y, regionCode, batchId, class: cls, scale, keyword } = req.query
        const year = await resolveYear(db, y)
        const all = await service.results(
          db,
          await scopeOfRequest(db, req, regionCode),
          year,
          { batchId, class: cls, scale, keyword },
          {
            page: 1,
            pageSize: 100000,
          },
        )
        type Row = (typeof all.list)[number]
        return sendXlsx(reply, {
          filename: `亩均效益评价结果_${year}.xlsx`,
          sheet: '评价结果',
          columns: [
            { header: '企业名称', value: (r: Row) => r.name, width: 30 },
            { header: '统一社会信用代码', value: (r: Row) => r.creditCode, width: 22 },
            { header: '区县', value: (r: Row) => r.countyName },
            { header: '规模', value: (r: Row) => r.scale },
            ...MODEL_INDICATOR_KEYS.map((k) => ({ header: indicatorName(k), value: (r: Row) => r.values[k] ?? null })),
            { header: '综合得分', value: (r: Row) => r.total },
            { header: '排名', value: (r: Row) => `${r.rank}/${r.groupSize}` },
            { header: '类别', value: (r: Row) => r.class },
            { header: '上年类别', value: (r: Row) => r.lastClass },
            { header: '评价说明', value: (r: Row) => r.reason, width: 50 },
          ],
          pages: (async function* () {
            yield all.list
          })(),
        })
      },
    )

    app.get(
      '/api/appraiseResult/detail',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: resultDetailQuery } },
      async (req) => ok(await service.resultDetail(db, await scopeOfRequest(db, req), req.query.batchId, req.query.enterpriseId)),
    )

    app.post(
      '/api/appraiseResult/publicity',
      { config: { pages: RESULT_PAGES, log: log('公示') }, schema: { body: publicityBody } },
      async (req) => {
        req.logTarget = `批次 ${req.body.batchId} ${req.body.start}至${req.body.end}`
        return ok(
          await service.publicity(db, await scopeOfRequest(db, req), req.body, currentUser(req)),
          `已公示：${req.body.start} 至 ${req.body.end}`,
        )
      },
    )

    app.get(
      '/api/appraiseResult/objections',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: objectionListQuery } },
      async (req) => ok(await service.objections(db, await scopeOfRequest(db, req), req.query.batchId)),
    )

    app.post(
      '/api/appraiseResult/objection/add',
      { config: { pages: RESULT_PAGES, log: log('登记异议') }, schema: { body: objectionAddBody } },
      async (req) => {
        req.logTarget = `批次 ${req.body.batchId} 企业 ${req.body.enterpriseId}`
        const id = await service.addObjection(db, await scopeOfRequest(db, req), req.body, currentUser(req))
        return ok({ id }, '已登记异议')
      },
    )

    // an objection's attachment: uploaded by the clerk who registers the objection, then named in objection/add
    app.post('/api/appraiseResult/objection/upload', { config: { pages: RESULT_PAGES, log: log('上传异议附件') } }, async (req) => {
      const { file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      const f = await acceptUpload(db, store, file, currentUser(req), {
        purpose: 'document',
        allowed: DOCUMENT_EXTENSIONS,
        dm: service.OBJECTION_DM,
      })
      return ok(toView(f), `已上传 ${f.name}`)
    })

    app.get(
      '/api/appraiseResult/objection/file',
      { config: { pages: APPRAISE_PAGES, log: log('下载异议附件') }, schema: { querystring: objectionFileQuery } },
      async (req, reply) => {
        req.logTarget = `异议 ${req.query.objectionId} 附件 #${req.query.fileId}`
        const id = await service.objectionFile(db, await scopeOfRequest(db, req), req.query.objectionId, req.query.fileId)
        const f = await getFile(db, id)
        if (!f) throw notFound(`附件 ${id} 不存在`)
        req.logTarget = `异议 ${req.query.objectionId} ${f.name}`
        return sendStoredFile(reply, store, f, `附件 ${id}`)
      },
    )

    app.post(
      '/api/appraiseResult/objection/review',
      { config: { pages: RESULT_PAGES, log: log('审核异议') }, schema: { body: objectionReviewBody } },
      async (req) => {
        req.logTarget = `异议 ${req.body.id} ${req.body.decision}`
        const b = await service.reviewObjection(db, await scopeOfRequest(db, req), req.body, currentUser(req))
        return ok(b, req.body.decision === '采纳' ? '已采纳异议并重新试算' : '已维持原评价结果')
      },
    )

    app.post(
      '/api/appraiseResult/publish',
      // 发布 is a 审定 (issue 28): the 评价审定 grant, and never by whoever ran the 试算 or opened the 公示
      { config: { pages: APPROVE_PAGES, log: log('发布') }, schema: { body: batchIdBody } },
      async (req) => {
        req.logTarget = `批次 ${req.body.batchId}`
        const b = await service.publish(db, await scopeOfRequest(db, req), req.body.batchId, currentUser(req))
        return ok(b, `已发布 ${b.countyName} ${b.year}年评价结果（第${b.version}版）`)
      },
    )

    app.get(
      '/api/appraiseResult/compare',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: compareQuery } },
      async (req) => {
        const year = await resolveYear(db, req.query.year)
        if (req.query.year) await service.assertStatYear(db, year)
        if (req.query.base) await service.assertStatYear(db, req.query.base)
        return ok(await service.compare(db, await scopeOfRequest(db, req, req.query.regionCode), year, req.query.base))
      },
    )

    app.get(
      '/api/appraiseResult/publicityExport',
      { config: { pages: APPRAISE_PAGES, log: log('导出公示名单') }, schema: { querystring: publicityExportQuery } },
      async (req, reply) => {
        const { batch: b, rows } = await service.publicityList(db, await scopeOfRequest(db, req), req.query.batchId)
        req.logTarget = `${b.countyName} ${b.year}年 第${b.version}版`
        type Row = (typeof rows)[number]
        let n = 0
        const numbered = rows.map((r) => ({ ...r, n: ++n }))
        return sendXlsx(reply, {
          filename: `${b.countyName}${b.year}年亩均效益评价公示名单.xlsx`,
          sheet: '公示名单',
          columns: [
            { header: '序号', value: (r: Row & { n: number }) => r.n, width: 8 },
            { header: '企业名称', value: (r: Row) => r.name, width: 32 },
            { header: '统一社会信用代码', value: (r: Row) => r.credit_code, width: 22 },
            { header: '区县', value: (r: Row) => r.county_name },
            { header: '规模', value: (r: Row) => r.scale },
            { header: '综合得分', value: (r: Row) => Math.round(r.total * 100) / 100 },
            { header: '排名', value: (r: Row) => `${r.rank}/${r.group_size}` },
            { header: '评价类别', value: (r: Row) => APPRAISAL_CLASS_NAMES[r.class as AppraisalClass], width: 16 },
            {
              header: '公示期',
              value: () => `${b.publicityStart} 至 ${b.publicityEnd}`,
              width: 26,
              note: '公示期内企业可对评价结果提出异议',
            },
          ],
          pages: (async function* () {
            yield numbered
          })(),
        })
      },
    )
    app.get(
      '/api/appraiseResult/alerts',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: alertsQuery } },
      async (req) =>
        ok(await monitor.alerts(db, await scopeOfRequest(db, req, req.query.regionCode), await resolveYear(db, req.query.year))),
    )

    app.get(
      '/api/appraiseResult/drill',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: drillQuery } },
      async (req) => {
        const { year: y, regionCode, parkId } = req.query
        const scope = await scopeOfRequest(db, req, regionCode)
        if (parkId !== undefined && (scope.kind !== 'region' || scope.level !== 'county')) {
          throw badRequest('按园区下钻须先选定区县 regionCode', [{ field: 'regionCode', message: '按园区下钻须先选定区县' }])
        }
        return ok(await monitor.drill(db, scope, await resolveYear(db, y), { parkId }))
      },
    )

    // ---- 差别化政策 ----
    app.get(
      '/api/appraiseResult/policyRules',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: policyRulesQuery } },
      async (req) => ok(await policy.rules(db, await scopeOfRequest(db, req), req.query.countyCode, await resolveYear(db, req.query.year))),
    )

    app.post(
      '/api/appraiseResult/policySave',
      { config: { pages: RESULT_PAGES, log: log('保存差别化政策') }, schema: { body: policySaveBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `${f.countyCode} ${f.year}年 ${f.class}类`
        await policy.save(db, await scopeOfRequest(db, req), f, currentUser(req))
        return ok(null, `已保存${f.class}类企业的差别化政策`)
      },
    )

    app.get(
      '/api/appraiseResult/policyList',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: policyListQuery } },
      async (req) => {
        const { year: y, regionCode, class: cls, keyword, ...args } = req.query
        const year = await resolveYear(db, y)
        if (y) await service.assertStatYear(db, year)
        return ok(await policy.list(db, await scopeOfRequest(db, req, regionCode), year, { class: cls, keyword }, args))
      },
    )

    app.get(
      '/api/appraiseResult/policyExport',
      { config: { pages: APPRAISE_PAGES, log: log('导出差别化政策清单') }, schema: { querystring: policyListQuery } },
      async (req, reply) => {
        const { year: y, regionCode, class: cls, keyword } = req.query
        const year = await resolveYear(db, y)
        const all = await policy.list(
          db,
          await scopeOfRequest(db, req, regionCode),
          year,
          { class: cls, keyword },
          { page: 1, pageSize: 100000 },
        )
        type Row = (typeof all.list)[number]
        return sendXlsx(reply, {
          filename: `差别化政策清单_${year}.xlsx`,
          sheet: '差别化政策',
          columns: [
            { header: '企业名称', value: (r: Row) => r.name, width: 30 },
            { header: '统一社会信用代码', value: (r: Row) => r.creditCode, width: 22 },
            { header: '区县', value: (r: Row) => r.countyName },
            { header: '评价类别', value: (r: Row) => r.class },
            { header: '差别电价加价（元/千瓦时）', value: (r: Row) => r.electricitySurcharge },
            { header: '差别水价加价（元/立方米）', value: (r: Row) => r.waterSurcharge },
            { header: '排污权有偿使用费系数', value: (r: Row) => r.emissionFeeFactor },
            { header: '城镇土地使用税减免比例（%）', value: (r: Row) => r.landTaxRelief },
            { header: '新增用地', value: (r: Row) => r.newLand },
            { header: '用能指标', value: (r: Row) => r.energyQuota },
            { header: '信贷导向', value: (r: Row) => r.credit },
          ],
          pages: (async function* () {
            yield all.list
          })(),
        })
      },
    )
  }
