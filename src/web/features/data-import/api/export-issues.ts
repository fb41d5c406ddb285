/** 导出问题清单 GET /api/datacenter/sjcl/issues/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { RowsExportQuery } from './export-rows'

/** Downloads a batch's issue list (one line per issue) as xlsx. */
export async function exportIssues(q: RowsExportQuery): Promise<void> {
  saveBlob(await apiDownloadGet('/api/datacenter/sjcl/issues/export', { ...q }, { large: true }), `批次${q.id}_问题清单.xlsx`)
}
