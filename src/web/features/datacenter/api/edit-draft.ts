/** 修改草稿或已退回的提交 POST /api/datacenter/input/draft/edit */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import { apiPostJson } from '../../../core/api'

/** New values for one's draft (or returned submission); with `submit` it goes to audit at once. */
export const editDraft = (body: {
  id: number
  payload: Record<string, unknown>
  submit: boolean
  remark?: string
  attachments?: number[]
}) => apiPostJson<SubmissionSaved>('/api/datacenter/input/draft/edit', body)
