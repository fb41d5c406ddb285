/** 导出我的提交 GET /api/datacenter/input/mine/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { SubmissionQuery } from './list-submissions'

/** Downloads one's own submissions of the filters as xlsx. */
export async function exportMySubmissions(q: Omit<SubmissionQuery, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/datacenter/input/mine/export', { ...q }, { large: true }), '我的提交.xlsx')
}
