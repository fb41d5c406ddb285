/** 导出工业用地列表 GET /api/cloudChart/report/parcels/export */
import type { ParcelReportParams } from './list-parcel-report'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads every parcel of the filters (no paging) as xlsx. */
export async function exportParcelReport(q: Omit<ParcelReportParams, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/parcels/export', { ...q }, { large: true }), '工业用地列表.xlsx')
}
