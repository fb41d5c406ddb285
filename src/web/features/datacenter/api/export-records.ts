/** 导出主数据 GET /api/datacenter/input/export */
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads the master list of the filters as xlsx. */
export async function exportRecords(q: { kind: RecordKind; keyword?: string; countyCode?: string }): Promise<void> {
  saveBlob(
    await apiDownloadGet('/api/datacenter/input/export', q, { large: true }),
    q.kind === 'parcel' ? '地块主数据.xlsx' : '企业主数据.xlsx',
  )
}
