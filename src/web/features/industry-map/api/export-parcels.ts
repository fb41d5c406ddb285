/** 导出地块列表 GET /api/cloudChart/report/parcels/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { ParcelListParams } from './list-parcels'

/** Downloads every parcel of the filters (no paging) as xlsx. */
export async function exportParcels(q: Omit<ParcelListParams, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/cloudChart/report/parcels/export', { ...q }, { large: true }), '地块档案.xlsx')
}
