/** 认领 POST /api/foundCenter/claim */
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiPostJson } from '../../../core/api'

/** Claims records into a county: one claim submission each, all or none. */
export const claimRecords = (body: { kind: RecordKind; ids: number[]; countyCode?: string; remark?: string }) =>
  apiPostJson<{ id: number; targetId: number }[]>('/api/foundCenter/claim', body)
