/** 提交审核 POST /api/audit/query/add */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import { apiPostJson } from '../../../core/api'

/** Sends a draft to the auditors. */
export const submitSubmission = (id: number) => apiPostJson<SubmissionSaved>('/api/audit/query/add', { id })
