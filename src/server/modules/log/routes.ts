/**
 * 操作日志 endpoints (docs/product.md §7 /api/log/getPage, plus the xlsx export). Read-only on purpose: the
 * API has no call that edits or removes a row (GB/T 22239-2019 8.1.4.3 d).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, LOG_MODULES } from '../../../domain/contracts/admin'
import { LOG_EXPORT_MAX, logExportQuery, logPageQuery, type LogRowView } from '../../../domain/contracts/admin-log'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { sendXlsx, type XlsxColumn } from '../../http/xlsx'
import * as repo from './repo'

const RZ = [ADMIN_PAGES.rz]

/** Times as the log page shows them (Beijing time). */
const fmt = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium', hour12: false })

/**
 * The columns of the export. Every text cell goes through the one xlsx writer (http/xlsx.ts), which
 * escapes formula starts: a user name typed at a failed sign-in is logged as typed and must never
 * become a formula in the administrator's spreadsheet.
 */
const COLUMNS: XlsxColumn<LogRowView>[] = [
  { header: '时间', value: (r) => fmt.format(new Date(r.at)), width: 21 },
  { header: '用户', value: (r) => r.username, width: 14 },
  { header: '模块', value: (r) => LOG_MODULES[r.module] ?? r.module, width: 12 },
  { header: '操作', value: (r) => r.action, width: 22 },
  { header: '对象', value: (r) => r.target, width: 30 },
  { header: 'IP', value: (r) => r.ip, width: 16 },
  { header: '结果', value: (r) => (r.success ? '成功' : '失败'), width: 8 },
  { header: '状态码', value: (r) => r.status, width: 8 },
  { header: '说明', value: (r) => r.message, width: 40 },
  { header: '请求', value: (r) => `${r.method} ${r.path}`, width: 36 },
  { header: '耗时(ms)', value: (r) => r.durationMs, width: 10 },
]

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
        req.logTarget = `${await repo.logCount(db, req.query, LOG_EXPORT_MAX)} 条`
        return sendXlsx(reply, {
          filename: `操作日志-${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheet: '操作日志',
          columns: COLUMNS,
          pages: repo.eachLogRow(db, req.query, LOG_EXPORT_MAX),
        })
      },
    )
  }
