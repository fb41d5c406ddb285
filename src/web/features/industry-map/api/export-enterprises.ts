/** 导出企业列表 GET /api/cloudChart/report/enterprises/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { EnterpriseListParams } from './list-enterprises'

/** Downloads every enterprise of the filters (no paging) as xlsx. */
export async function exportEnterprises(q: Omit<EnterpriseListParams, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/enterprises/export', { ...q }, { large: true }), '企业档案.xlsx')
}
