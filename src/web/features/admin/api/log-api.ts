/** 操作日志 calls (docs/product.md §7 /api/log/getPage, and the xlsx export). */
import type { LogPageQuery, LogRowView } from '../../../../domain/contracts/admin-log'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiDownloadGet, apiGet } from '../../../core/api'
import type { QueryParams } from '../../../core/http'

/** 日志分页 GET /api/log/getPage */
export const logPage = (q: Omit<LogPageQuery, 'sortField'> & { sortField?: string }) =>
  apiGet<Page<LogRowView>>('/api/log/getPage', q as QueryParams)
/** 导出日志 GET /api/log/export (xlsx, large download) */
export const exportLog = (q: Omit<LogPageQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>) =>
  apiDownloadGet('/api/log/export', q as QueryParams, { large: true })
