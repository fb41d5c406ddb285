/** The columns of a submission list as xlsx: 审核 (/api/audit/export) and 我的提交 (/api/datacenter/input/mine/export). */
import { CHANGE_ACTION_NAMES, type SubmissionRow } from '../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL } from '../../../domain/datacenter/standard'
import { dateCell, type XlsxColumn } from '../../http/xlsx'

/** One line per submission: what, where, its state and who decided it when. */
export const SUBMISSION_COLUMNS: XlsxColumn<SubmissionRow>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '类型', value: (r) => RECORD_KIND_LABEL[r.kind], width: 8 },
  { header: '操作', value: (r) => CHANGE_ACTION_NAMES[r.action], width: 8 },
  { header: '名称', value: (r) => r.title, width: 30 },
  { header: '代码', value: (r) => r.code, width: 22 },
  { header: '区域', value: (r) => r.regionName, width: 14 },
  { header: '状态', value: (r) => r.state, width: 10 },
  { header: '提交人', value: (r) => r.createdByName, width: 12 },
  { header: '提交时间', value: (r) => dateCell(r.submittedAt), width: 20 },
  { header: '审核人', value: (r) => r.auditedByName, width: 12 },
  { header: '审核时间', value: (r) => dateCell(r.auditedAt), width: 20 },
  { header: '退回原因', value: (r) => r.reason, width: 30 },
  { header: '说明', value: (r) => r.remark, width: 30 },
  { header: '导入批次', value: (r) => r.batchId, width: 10 },
]
