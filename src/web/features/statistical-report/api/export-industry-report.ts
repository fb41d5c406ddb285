/** 导出行业统计 GET /api/cloudChart/report/industry/export */
import type { ReportFilter } from '../../../../domain/contracts/statistical-report'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads 行业统计 of the filters as xlsx. */
export async function exportIndustryReport(q: ReportFilter): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/industry/export', { ...q }, { large: true }), '行业统计.xlsx')
}
