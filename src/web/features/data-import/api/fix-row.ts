/** 修正数据 POST /api/datacenter/sjcl/fix */
import type { BatchRowView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** New values of a row's fields; a checked batch re-checks the row at once. */
export const fixRow = (id: number, rowNo: number, values: Record<string, string | number | null>) =>
  apiPostJson<BatchRowView>('/api/datacenter/sjcl/fix', { id, rowNo, values })
