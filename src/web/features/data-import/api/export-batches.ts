/** 导出批次列表 GET /api/datacenter/sjcj/list/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { BatchListQuery } from './query-batches'

/** Filters of the batch list (its toolbar's, without paging). */
export type BatchesExportQuery = Pick<BatchListQuery, 'kind' | 'status' | 'keyword' | 'mine'>

/** Downloads every batch of the list's filters as xlsx. */
export async function exportBatches(q: BatchesExportQuery): Promise<void> {
  saveBlob(await apiDownloadGet('/api/datacenter/sjcj/list/export', { ...q }, { large: true }), '导入批次.xlsx')
}
