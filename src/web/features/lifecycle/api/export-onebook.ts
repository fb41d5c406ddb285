/** 导出一本账 GET /api/landLifeCycle/onebook/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { OnebookFilters } from './get-onebook'

/** Downloads 一本账 under the filters as xlsx (with its sort). */
export async function exportOnebook(q: OnebookFilters & { sortField?: string; sortOrder?: string }): Promise<void> {
  saveBlob(await apiDownloadGet('/api/landLifeCycle/onebook/export', { ...q }, { large: true }), '项目一本账.xlsx')
}
