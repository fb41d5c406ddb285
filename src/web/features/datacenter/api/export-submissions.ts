/** 导出提交列表 GET /api/audit/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { SubmissionQuery } from './list-submissions'

/** Downloads the submission list of the filters as xlsx. */
export async function exportSubmissions(q: Omit<SubmissionQuery, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/audit/export', { ...q }, { large: true }), '审核提交列表.xlsx')
}
