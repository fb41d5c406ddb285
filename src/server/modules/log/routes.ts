/**
 * 操作日志 endpoints (docs/product.md §7 /api/log/getPage, plus the xlsx export). Read-only on purpose: the
 * API has no call that edits or removes a row (GB/T 22239-2019 8.1.4.3 d).
 */
import { PassThrough } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, LOG_MODULES } from '../../../domain/contracts/admin'
import { LOG_EXPORT_MAX, logExportQuery, logPageQuery, type LogRowView } from '../../../domain/contracts/admin-log'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import * as repo from './repo'

const RZ = [ADMIN_PAGES.rz]

/**
 * Writes the rows as one worksheet into a stream (exceljs streaming writer: no whole workbook in
 * memory). exceljs loads on the first export, not at start.
 */
async function workbookStream(rows: LogRowView[]): Promise<PassThrough> {
  const ExcelJS = (await import('exceljs')).default
  const out = new PassThrough()
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true })
  const ws = wb.addWorksheet('操作日志')
  ws.columns = [
    { header: '时间', key: 'at', width: 21 },
    { header: '用户', key: 'username', width: 14 },
    { header: '模块', key: 'module', width: 12 },
    { header: '操作', key: 'action', width: 22 },
    { header: '对象', key: 'target', width: 30 },
    { header: 'IP', key: 'ip', width: 16 },
    { header: '结果', key: 'result', width: 8 },
    { header: '状态码', key: 'status', width: 8 },
    { header: '说明', key: 'message', width: 40 },
    { header: '请求', key: 'request', width: 36 },
    { header: '耗时(ms)', key: 'durationMs', width: 10 },
  ]
  ws.getRow(1).font = { bold: true }
  const fmt = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium', hour12: false })
  for (const r of rows) {
    ws.addRow({
      ...r,
      at: fmt.format(new Date(r.at)),
      module: LOG_MODULES[r.module] ?? r.module,
      result: r.success ? '成功' : '失败',
      request: `${r.method} ${r.path}`,
    }).commit()
  }
  ws.commit()
  void wb.commit()
  return out
}

export const logRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/log/getPage', { config: { pages: RZ }, schema: { querystring: logPageQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...filter } = req.query
      return ok(await repo.logPage(db, filter, { page, pageSize, sortField, sortOrder }))
    })

    app.get(
      '/api/log/export',
      { config: { pages: RZ, log: { module: 'log', action: '导出操作日志' } }, schema: { querystring: logExportQuery } },
      async (req, reply) => {
        const rows = await repo.logRows(db, req.query, LOG_EXPORT_MAX)
        req.logTarget = `${rows.length} 条`
        const name = `操作日志-${new Date().toISOString().slice(0, 10)}.xlsx`
        reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename="oplog.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        return reply.send(await workbookStream(rows))
      },
    )
  }
