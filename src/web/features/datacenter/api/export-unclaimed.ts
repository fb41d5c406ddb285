/** 导出待认领列表 GET /api/foundCenter/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { FoundQuery } from './list-unclaimed'

/** Downloads the 认领 list of the filters as xlsx. */
export async function exportUnclaimed(q: Omit<FoundQuery, 'page' | 'pageSize'>): Promise<void> {
  saveBlob(
    await apiDownloadGet('/api/foundCenter/export', { ...q }, { large: true }),
    q.kind === 'parcel' ? '待认领地块.xlsx' : '待认领企业.xlsx',
  )
}
