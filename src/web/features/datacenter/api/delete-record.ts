/** 删除地块/企业（提交审核） POST /api/datacenter/input/{parcel|enterprise}/delete */
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiPostJson } from '../../../core/api'

/** Proposes the deletion of a record. */
export const deleteRecord = (kind: RecordKind, body: { targetId: number; submit: boolean; remark?: string }) =>
  apiPostJson<SubmissionSaved>(`/api/datacenter/input/${kind}/delete`, body)
