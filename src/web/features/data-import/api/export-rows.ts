/** 导出数据行 GET /api/datacenter/sjcj/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Filters of a batch's rows (the issue list's, without paging). */
export interface RowsExportQuery {
  id: number
  level?: string
  field?: string
  rule?: string
}

/** Downloads a batch's rows with every field of the standard and their check result as xlsx. */
export async function exportRows(q: RowsExportQuery): Promise<void> {
  saveBlob(await apiDownloadGet('/api/datacenter/sjcj/export', { ...q }, { large: true }), `批次${q.id}_数据行.xlsx`)
}
