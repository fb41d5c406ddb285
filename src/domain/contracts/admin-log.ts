/** 操作日志 contracts (docs/product.md §7 /api/log/getPage). Read-only: there is no call that changes or removes a row. */
import { z } from 'zod'
import { pageQuery, queryFlag } from './admin'

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), '时间格式不正确')

/** Filters shared by the page and the export. */
export const logFilters = z.object({
  username: z.string().trim().max(50).optional(),
  module: z.string().trim().max(50).optional(),
  action: z.string().trim().max(100).optional(),
  success: queryFlag.optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  ip: z.string().trim().max(64).optional(),
})

/** GET /api/log/getPage */
export const logPageQuery = pageQuery(['at', 'username', 'module', 'status'] as const).extend(logFilters.shape)
export type LogPageQuery = z.input<typeof logPageQuery>

/** GET /api/log/export — the same filters, at most {@link LOG_EXPORT_MAX} rows. */
export const logExportQuery = logFilters
export const LOG_EXPORT_MAX = 50_000

/** One log row. */
export interface LogRowView {
  id: number
  at: string
  username: string
  module: string
  action: string
  method: string
  path: string
  target: string
  ip: string
  status: number
  success: boolean
  message: string
  durationMs: number
}
