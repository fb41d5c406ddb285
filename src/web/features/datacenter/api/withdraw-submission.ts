/** 撤回提交 POST /api/datacenter/input/withdraw */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import { apiPostJson } from '../../../core/api'

/** Takes a pending submission back into a draft. */
export const withdrawSubmission = (id: number) => apiPostJson<SubmissionSaved>('/api/datacenter/input/withdraw', { id })
