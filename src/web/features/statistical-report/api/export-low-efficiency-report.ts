/** 导出低效用地 GET /api/cloudChart/report/lowEfficiency/export */
import type { LowEfficiencyParams } from './get-low-efficiency-report'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads every low-efficiency parcel of the filters (no paging) as xlsx. */
export async function exportLowEfficiencyReport(q: Omit<LowEfficiencyParams, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/lowEfficiency/export', { ...q }, { large: true }), '低效用地.xlsx')
}
