/** 导出用地单位列表 GET /api/cloudChart/report/enterprises/export */
import type { EnterpriseReportParams } from './list-enterprise-report'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads every enterprise of the filters (no paging) as xlsx. */
export async function exportEnterpriseReport(q: Omit<EnterpriseReportParams, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/enterprises/export', { ...q }, { large: true }), '用地单位列表.xlsx')
}
