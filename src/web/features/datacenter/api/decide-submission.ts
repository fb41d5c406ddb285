/** 审核（通过/退回） POST /api/audit/update/one */
import { apiPostJson } from '../../../core/api'

/** Approves (merged into the master data) or returns (with a reason) a pending submission. */
export const decideSubmission = (body: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
  apiPostJson<{ id: number; state: string; recordId?: number; version?: number }>('/api/audit/update/one', body)
