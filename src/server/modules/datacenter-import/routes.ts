/**
 * 数据采集 (sjcj) and 数据处理 (sjcl) endpoints (docs/product.md §7 /api/datacenter/{sjcj, sjcl}/*): upload
 * or collect a batch, poll its progress, preview rows and shapes, map columns ("model save"),
 * download the template; run the checks, read the issues, fix, exclude, repair a shape, 退回,
 * submit; export the batch list, the rows and the issue list as xlsx. Reads are open to the pages of both entries; writes need the /system (or /systems)
 * page grant — /warehouse is the read-only entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  SJCJ_PAGES,
  SJCL_PAGES,
  backBody,
  batchIdQuery,
  batchListQuery,
  collectBody,
  excludeBody,
  fixBody,
  mappingBody,
  rowBody,
  rowsExportQuery,
  rowsQuery,
  templateQuery,
  uploadBatchFields,
} from '../../../domain/contracts/datacenter-import'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { sendXlsx } from '../../http/xlsx'
import { noFile, readUpload, uploadFields } from '../../files/multipart'
import { fileStoreOf } from '../base-file/routes'
import { contentDisposition } from '../base-file/service'
import { ImportService } from './service'

const READ = [...SJCJ_PAGES.read, ...SJCL_PAGES.read]
const sjcj = (action: string) => ({ module: 'sjcj', action })
const sjcl = (action: string) => ({ module: 'sjcl', action })

/** The service of a running server (tests wait for its jobs). */
export const importServices = new WeakMap<object, ImportService>()

export const datacenterImportRoutes =
  (db: Db, uploads: { dir: string; maxBytes: number }, jobs: { staleSeconds?: number } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreOf(uploads.dir)
    const service = new ImportService(db, store, app.log, jobs.staleSeconds)
    importServices.set(db, service)
    service.parsers.warm()
    // jobs left by stopped processes are taken over in the background: the server answers meanwhile
    void service.watchJobs().catch((err) => app.log.error({ err }, 'import job takeover failed'))
    app.addHook('onClose', async () => {
      service.parsers.close()
      await service.runner.stop()
    })

    // ---- 数据采集 sjcj -------------------------------------------------------------------------
    app.post('/api/datacenter/sjcj/upload', { config: { pages: SJCJ_PAGES.write, log: sjcj('上传导入文件') } }, async (req) => {
      const { fields, file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      const { kind, crs } = uploadFields(uploadBatchFields, { fields, file }, store)
      req.logTarget = file.fileName
      return ok(await service.upload(currentUser(req), file, kind, crs))
    })

    app.post(
      '/api/datacenter/sjcj/collect',
      { config: { pages: SJCJ_PAGES.write, log: sjcj('从文件创建批次') }, schema: { body: collectBody } },
      async (req) => {
        req.logTarget = `文件 #${req.body.fileId}`
        return ok(await service.collect(currentUser(req), req.body.fileId, req.body.kind, req.body.crs))
      },
    )

    app.post(
      '/api/datacenter/sjcj/reimport',
      { config: { pages: SJCJ_PAGES.write, log: sjcj('重新导入') }, schema: { body: batchIdQuery } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        return ok(await service.reimport(currentUser(req), req.body.id))
      },
    )

    app.get('/api/datacenter/sjcj/list', { config: { pages: READ }, schema: { querystring: batchListQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, kind, status, keyword, mine } = req.query
      return ok(
        await service.list(
          currentUser(req),
          { kind, status, keyword, mine: mine === '1' || mine === 'true' },
          { page, pageSize, sortField, sortOrder },
        ),
      )
    })

    app.get(
      '/api/datacenter/sjcj/list/export',
      { config: { pages: READ, log: sjcj('导出批次列表') }, schema: { querystring: batchListQuery } },
      async (req, reply) => {
        const { kind, status, keyword, mine } = req.query
        req.logTarget = '导入批次'
        return sendXlsx(reply, service.listExport(currentUser(req), { kind, status, keyword, mine: mine === '1' || mine === 'true' }))
      },
    )

    app.get('/api/datacenter/sjcj/detail', { config: { pages: READ }, schema: { querystring: batchIdQuery } }, async (req) => {
      const b = await service.visible(currentUser(req), req.query.id)
      const { createdById: _c, heartbeatAge: _h, jobScope: _j, ...view } = b
      return ok(view)
    })

    app.get('/api/datacenter/sjcj/progress', { config: { pages: READ }, schema: { querystring: batchIdQuery } }, async (req) =>
      ok(await service.progress(currentUser(req), req.query.id)),
    )

    app.get('/api/datacenter/sjcj/preview', { config: { pages: READ }, schema: { querystring: rowsQuery } }, async (req) => {
      const { id, page, pageSize, sortField, sortOrder, level, field, rule } = req.query
      return ok(await service.rows(currentUser(req), id, { level, field, rule }, { page, pageSize, sortField, sortOrder }))
    })

    app.get(
      '/api/datacenter/sjcj/export',
      { config: { pages: READ, log: sjcj('导出数据行') }, schema: { querystring: rowsExportQuery } },
      async (req, reply) => {
        const { id, ...filter } = req.query
        req.logTarget = `批次 #${id}`
        return sendXlsx(reply, await service.rowsExport(currentUser(req), id, filter))
      },
    )

    app.get('/api/datacenter/sjcj/shapes', { config: { pages: READ }, schema: { querystring: batchIdQuery } }, async (req) =>
      ok(await service.shapes(currentUser(req), req.query.id)),
    )

    app.get('/api/datacenter/sjcj/mapping', { config: { pages: READ }, schema: { querystring: batchIdQuery } }, async (req) =>
      ok(await service.mapping(currentUser(req), req.query.id)),
    )

    app.post(
      '/api/datacenter/sjcj/model/save',
      { config: { pages: SJCJ_PAGES.write, log: sjcj('保存列映射') }, schema: { body: mappingBody } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        return ok(await service.saveMapping(currentUser(req), req.body.id, req.body.mapping))
      },
    )

    app.get('/api/datacenter/sjcj/template', { config: { pages: READ }, schema: { querystring: templateQuery } }, async (req, reply) => {
      const t = await service.template(req.query.kind)
      reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(t.name))
        .header('X-Content-Type-Options', 'nosniff')
      return reply.send(t.bytes)
    })

    app.post(
      '/api/datacenter/sjcj/delete',
      { config: { pages: SJCJ_PAGES.write, log: sjcj('删除批次') }, schema: { body: batchIdQuery } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        const b = await service.remove(currentUser(req), req.body.id)
        req.logTarget = `批次 #${b.id} ${b.name}`
        return ok(null)
      },
    )

    // ---- 数据处理 sjcl -------------------------------------------------------------------------
    app.post(
      '/api/datacenter/sjcl/check',
      { config: { pages: SJCL_PAGES.write, log: sjcl('运行检查') }, schema: { body: batchIdQuery } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        return ok(await service.check(currentUser(req), req.body.id))
      },
    )

    app.get('/api/datacenter/sjcl/issues', { config: { pages: READ }, schema: { querystring: rowsQuery } }, async (req) => {
      const { id, page, pageSize, sortField, sortOrder, level, field, rule } = req.query
      return ok(await service.rows(currentUser(req), id, { level, field, rule }, { page, pageSize, sortField, sortOrder }))
    })

    app.get(
      '/api/datacenter/sjcl/issues/export',
      { config: { pages: READ, log: sjcl('导出问题清单') }, schema: { querystring: rowsExportQuery } },
      async (req, reply) => {
        const { id, ...filter } = req.query
        req.logTarget = `批次 #${id}`
        return sendXlsx(reply, await service.issuesExport(currentUser(req), id, filter))
      },
    )

    app.get('/api/datacenter/sjcl/fields', { config: { pages: READ }, schema: { querystring: templateQuery } }, async (req) =>
      ok(await service.fields(req.query.kind)),
    )

    app.get('/api/datacenter/sjcl/summary', { config: { pages: READ }, schema: { querystring: batchIdQuery } }, async (req) =>
      ok(await service.summary(currentUser(req), req.query.id)),
    )

    app.post(
      '/api/datacenter/sjcl/fix',
      { config: { pages: SJCL_PAGES.write, log: sjcl('修正数据') }, schema: { body: fixBody } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id} 第 ${req.body.rowNo} 行`
        return ok(await service.fix(currentUser(req), req.body.id, req.body.rowNo, req.body.values))
      },
    )

    app.post(
      '/api/datacenter/sjcl/repairGeometry',
      { config: { pages: SJCL_PAGES.write, log: sjcl('修复图形') }, schema: { body: rowBody } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id} 第 ${req.body.rowNo} 行`
        return ok(await service.repairGeometry(currentUser(req), req.body.id, req.body.rowNo))
      },
    )

    app.post(
      '/api/datacenter/sjcl/exclude',
      { config: { pages: SJCL_PAGES.write, log: sjcl('排除数据行') }, schema: { body: excludeBody } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        return ok(await service.exclude(currentUser(req), req.body.id, req.body))
      },
    )

    app.post(
      '/api/datacenter/sjcl/back',
      { config: { pages: SJCL_PAGES.write, log: sjcl('退回批次') }, schema: { body: backBody } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        return ok(await service.back(currentUser(req), req.body.id, req.body.reason))
      },
    )

    app.post(
      '/api/datacenter/sjcl/submit',
      { config: { pages: SJCL_PAGES.write, log: sjcl('提交审核') }, schema: { body: batchIdQuery } },
      async (req) => {
        req.logTarget = `批次 #${req.body.id}`
        const r = await service.commit(currentUser(req), req.body.id)
        req.logTarget = `批次 #${req.body.id}：${r.submitted} 条`
        return ok(r)
      },
    )
  }
