/**
 * The record workflow of the data centre (docs/product.md §2 /system/data/center/*, /system/audit/*; §7
 * /api/datacenter/{sjgf,input}/*, /api/foundCenter/*, /api/audit/*): request schemas shared by the
 * server routes and the web forms, and the shapes the endpoints answer with.
 */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery } from './admin'
import { RECORD_KINDS, type RecordKind, type StandardField } from '../datacenter/standard'
import { standardFieldSchema } from '../datacenter/standard-rules'
import type { DiffRow, RecordValues } from '../datacenter/record-diff'
import { SUBMISSION_STATES, type SubmissionState } from '../datacenter/submission-state'

/** parcel (地块, gyyd) or enterprise (企业, yddw). */
export const kindSchema = z.enum(RECORD_KINDS, { error: '记录类型应为 parcel（地块）或 enterprise（企业）' })

/** `?kind=` */
export const kindQuery = z.object({ kind: kindSchema })

// ---------------------------------------------------------------------------------------------
// 数据标准 sjgf

/** GET /api/datacenter/sjgf/versions */
export const standardVersionsQuery = pageQuery(['version'] as const).extend({ kind: kindSchema })

/** GET /api/datacenter/sjgf/version */
export const standardVersionQuery = z.object({
  kind: kindSchema,
  version: z.coerce.number({ error: '版本号应为数字' }).int().min(1, '版本号从1开始'),
})

/** POST /api/datacenter/sjgf/save — a new version; `baseVersion` is the version the editor started from. */
export const standardSaveBody = z.object({
  kind: kindSchema,
  baseVersion: z.number({ error: '缺少基础版本号' }).int().min(1),
  remark: z.string({ error: '请填写修订说明' }).trim().min(1, '请填写修订说明').max(255, '修订说明最多255个字符'),
  fields: z.array(standardFieldSchema).min(1, '数据标准至少要有一个字段').max(100, '字段最多100个'),
})
/** Body of {@link standardSaveBody}. */
export type StandardSaveBody = z.infer<typeof standardSaveBody>

/** One code list with its items (dict table or built-in). */
export interface CodeListView {
  code: string
  name: string
  items: { value: string; label: string }[]
}

/** A version of a standard with the code lists its fields use. */
export interface StandardView {
  kind: RecordKind
  version: number
  /** the newest version is the one in force */
  current: boolean
  remark: string
  createdAt: string
  createdByName: string | null
  fields: StandardField[]
  codeLists: Record<string, CodeListView>
}

/** A row of the version list. */
export interface StandardVersionRow {
  version: number
  remark: string
  fieldCount: number
  requiredCount: number
  createdAt: string
  createdByName: string | null
}

// ---------------------------------------------------------------------------------------------
// 数据更新 input / gyydInput / yddwInput

/** A record's values by standard field name; checked by the standard's checker, not here. */
export const payloadSchema = z.record(z.string(), z.unknown(), { error: '缺少记录内容（payload）' })

const submitFlag = z.boolean().optional().default(false)
const remark = optionalText(500, '说明')

/** How many files one submission may carry. */
export const MAX_ATTACHMENTS = 20

/**
 * 附件: ids of files stored through /api/base/file/upload that the submission carries (土地出让合同,
 * 现场照片, 勘测报告 …). The service checks that each exists and was uploaded by the submitter.
 */
export const attachmentsSchema = z
  .array(z.number({ error: '附件应为文件编号' }).int('附件的文件编号应为整数').positive('附件的文件编号应为正整数'), {
    error: '附件应为文件编号的列表',
  })
  .max(MAX_ATTACHMENTS, `附件最多${MAX_ATTACHMENTS}个`)
  .refine((ids) => new Set(ids).size === ids.length, '附件中有重复的文件')

/** POST /api/datacenter/input/{parcel,enterprise}/add */
export const inputAddBody = z.object({
  payload: payloadSchema,
  submit: submitFlag,
  remark,
  attachments: attachmentsSchema.optional().default([]),
})
/** POST /api/datacenter/input/{parcel,enterprise}/update */
export const inputUpdateBody = z.object({
  targetId: idSchema,
  payload: payloadSchema,
  submit: submitFlag,
  remark,
  attachments: attachmentsSchema.optional().default([]),
})
/** POST /api/datacenter/input/{parcel,enterprise}/delete */
export const inputDeleteBody = z.object({
  targetId: idSchema,
  submit: submitFlag,
  remark,
  attachments: attachmentsSchema.optional().default([]),
})
/** POST /api/datacenter/input/draft/edit — `attachments` replaces the draft's list; left out, the list stays. */
export const draftEditBody = z.object({
  id: idSchema,
  payload: payloadSchema,
  submit: submitFlag,
  remark,
  attachments: attachmentsSchema.optional(),
})

/** A file carried by a submission or attached to a record (download: `downloadUrl`, with the token). */
export interface AttachmentView {
  /** the file's id in the file store */
  id: number
  /** the uploader's file name, for display and the download's name */
  name: string
  size: number
  /** detected content kind, e.g. pdf, png, jpeg */
  kind: string
  mime: string
  uploadedByName: string
  createdAt: string
  downloadUrl: string
  /** the submission that added it to the record (record attachments); null on a submission's own list */
  submissionId: number | null
}

/** GET /api/datacenter/input/record, history list */
export const recordQuery = z.object({ kind: kindSchema, id: idSchema })
/** GET /api/datacenter/input/history/one — version 0 is the record as it was before its first recorded change. */
export const historyVersionQuery = recordQuery.extend({
  version: z.coerce.number({ error: '版本号应为数字' }).int().min(0, '版本号不能为负'),
})

/** GET /api/datacenter/input/export: the master list with the list page's filters. */
export const masterExportQuery = z.object({
  kind: kindSchema,
  keyword: z.string().trim().max(100).optional(),
  countyCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码应为6位数字')
    .optional(),
})

/** A master record opened for editing. */
export interface RecordView {
  kind: RecordKind
  id: number
  values: RecordValues
  deleted: boolean
  /** the last history version (0: never changed through the data centre) */
  version: number
  /** drafts and pending submissions on this record (anyone's in scope) */
  open: { id: number; state: SubmissionState; action: ChangeAction; createdByName: string }[]
  /** the record's attachments, added by approved submissions */
  attachments: AttachmentView[]
}

// ---------------------------------------------------------------------------------------------
// Submissions and 审核 audit

/** What a submission proposes. */
export const CHANGE_ACTIONS = ['create', 'update', 'delete', 'claim'] as const
/** create = 新增, update = 修改, delete = 删除, claim = 认领 */
export type ChangeAction = (typeof CHANGE_ACTIONS)[number]
/** Chinese names of the proposed changes. */
export const CHANGE_ACTION_NAMES: Readonly<Record<ChangeAction, string>> = { create: '新增', update: '修改', delete: '删除', claim: '认领' }

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`)
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d)
  }, '不是有效的日期')

/** GET /api/audit/query/list, GET /api/datacenter/input/mine, GET /api/audit/export */
export const submissionListQuery = pageQuery(['id', 'submittedAt', 'createdAt'] as const).extend({
  kind: kindSchema.optional(),
  state: z.enum(SUBMISSION_STATES, { error: `状态应为 ${SUBMISSION_STATES.join('、')} 之一` }).optional(),
  action: z.enum(CHANGE_ACTIONS, { error: '操作应为 create、update、delete、claim 之一' }).optional(),
  regionCode: z
    .string()
    .regex(/^\d{6}(\d{3})?$/, '区划代码应为6位或9位数字')
    .optional(),
  /** submitter's user name or real name, contains */
  submitter: z.string().trim().max(50).optional(),
  /** record name or code, contains */
  keyword: z.string().trim().max(100).optional(),
  from: dateText.optional(),
  to: dateText.optional(),
  batchId: z.coerce.number().int().positive().optional(),
})
/** Query of {@link submissionListQuery}. */
export type SubmissionListQuery = z.infer<typeof submissionListQuery>

/** POST /api/audit/update/one */
export const auditDecisionBody = z.object({
  id: idSchema,
  decision: z.enum(['approve', 'reject'], { error: '审核结论应为 approve（通过）或 reject（退回）' }),
  reason: z.string().trim().max(500, '退回原因最多500个字符').optional(),
})

/** A submission in a list. */
export interface SubmissionRow {
  id: number
  kind: RecordKind
  action: ChangeAction
  targetId: number | null
  state: SubmissionState
  /** the record's name and code (from the proposal, else the record as it was) */
  title: string
  code: string
  countyCode: string | null
  regionName: string | null
  standardVersion: number
  createdBy: number
  createdByName: string
  createdAt: string
  submittedAt: string | null
  auditedByName: string | null
  auditedAt: string | null
  reason: string | null
  remark: string
  batchId: number | null
  batchRowNo: number | null
}

/** One step in a submission's life. */
export interface SubmissionEvent {
  action: string
  fromState: SubmissionState | null
  toState: SubmissionState
  actorName: string
  reason: string | null
  at: string
}

/** GET /api/audit/query/details */
export interface SubmissionDetails {
  submission: SubmissionRow
  /** the fields of the standard the proposal is compared on (the one in force) */
  fields: StandardField[]
  /** the record when the proposal was made (null for 新增) */
  before: RecordValues | null
  /** the proposal (null for 删除) */
  after: RecordValues | null
  diff: DiffRow[]
  /** the record as it is now (null for 新增 before approval) */
  current: RecordValues | null
  /** the record changed since the proposal was made: approval would overwrite someone's change */
  stale: boolean
  /** the proposal against the standard in force (an approval re-checks it) */
  issues: { field: string; message: string }[]
  events: SubmissionEvent[]
  /** the files the submission carries (附件) */
  attachments: AttachmentView[]
  /** whether the signed-in user may approve or reject it */
  canAudit: boolean
}

/** What a write of the input endpoints answers. */
export interface SubmissionSaved {
  id: number
  state: SubmissionState
}

// ---------------------------------------------------------------------------------------------
// History

/** A version in a record's history. */
export interface HistoryRow {
  version: number
  action: ChangeAction | 'import'
  changedAt: string
  changedByName: string | null
  submissionId: number | null
  /** labels of the fields that changed */
  changedFields: string[]
  /** the attachments this version's submission added to the record */
  attachments: AttachmentView[]
}

/** One past version of a record. */
export interface HistoryVersion {
  kind: RecordKind
  id: number
  version: number
  values: RecordValues
  changedAt: string | null
  changedByName: string | null
  fields: StandardField[]
}

// ---------------------------------------------------------------------------------------------
// 认领 foundCenter

const bboxText = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, '范围应为 西,南,东,北 四个经纬度')
  .transform((s) => s.split(',').map(Number) as [number, number, number, number])
  .refine(([w, s, e, n]) => w < e && s < n, '范围的西应小于东、南应小于北')

/** GET /api/foundCenter/list, /api/foundCenter/shapes, /api/foundCenter/export */
export const foundListQuery = pageQuery(['id', 'name'] as const).extend({
  kind: kindSchema,
  /** a county (or city) the record lies in */
  regionCode: z
    .string()
    .regex(/^\d{6}$/, '区划代码应为6位数字')
    .optional(),
  bbox: bboxText.optional(),
  keyword: z.string().trim().max(100).optional(),
})
/** Query of {@link foundListQuery}. */
export type FoundListQuery = z.infer<typeof foundListQuery>

/** POST /api/foundCenter/claim */
export const claimBody = z.object({
  kind: kindSchema,
  ids: z.array(idSchema).min(1, '请至少选择一条记录').max(500, '一次最多认领500条'),
  /** the county the records go to; a county user's own county when left out */
  countyCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码应为6位数字')
    .optional(),
  remark,
})

/** A record waiting for 认领. */
export interface FoundRow {
  id: number
  kind: RecordKind
  name: string
  code: string
  cityCode: string | null
  cityName: string | null
  /** the county whose outline holds the record, when outlines are loaded */
  locatedCountyCode: string | null
  locatedCountyName: string | null
  areaM2: number | null
  lng: number | null
  lat: number | null
  /** a claim of it waits for audit */
  pendingClaim: boolean
}

/** A county a user may choose (forms, claims), inside the user's scope. */
export interface CountyOption {
  code: string
  name: string
  cityCode: string
  cityName: string
}
