/** 排除数据行 POST /api/datacenter/sjcl/exclude */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Leaves rows (or every row with an error) out of the commit, or takes them back. */
export const excludeRows = (body: { id: number; rowNos?: number[]; errors?: boolean; excluded: boolean }) =>
  apiPostJson<BatchView>('/api/datacenter/sjcl/exclude', body)
