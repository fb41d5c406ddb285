/** 导出区域统计 GET /api/cloudChart/report/area/export */
import type { ReportFilter } from '../../../../domain/contracts/statistical-report'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads 区域统计 of the filters as xlsx. */
export async function exportAreaReport(q: ReportFilter): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/area/export', { ...q }, { large: true }), '区域统计.xlsx')
}
