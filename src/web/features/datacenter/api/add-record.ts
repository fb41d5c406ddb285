/** 新增地块/企业（草稿或提交审核） POST /api/datacenter/input/{parcel|enterprise}/add */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiPostJson } from '../../../core/api'

/** Proposes a new record. */
export const addRecord = (
  kind: RecordKind,
  body: { payload: Record<string, unknown>; submit: boolean; remark?: string; attachments?: number[] },
) => apiPostJson<SubmissionSaved>(`/api/datacenter/input/${kind}/add`, body)
