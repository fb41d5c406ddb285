/** 修改地块/企业（草稿或提交审核） POST /api/datacenter/input/{parcel|enterprise}/update */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiPostJson } from '../../../core/api'

/** Proposes a change of a record. */
export const updateRecord = (
  kind: RecordKind,
  body: { targetId: number; payload: Record<string, unknown>; submit: boolean; remark?: string; attachments?: number[] },
) => apiPostJson<SubmissionSaved>(`/api/datacenter/input/${kind}/update`, body)
