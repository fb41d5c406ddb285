/**
 * 数据采集 (sjcj) and 数据处理 (sjcl) contracts (docs/product.md §7 /api/datacenter/{sjcj, sjcl}/*): upload
 * and collect a batch, its progress, preview, shapes, column mapping ("model save"), the xlsx
 * template; checks, the issue list, fixes, exclusions, 退回 and the commit that makes the
 * submissions of the audit.
 */
import { z } from 'zod'
import { idSchema, pageQuery } from './admin'
import {
  BATCH_STATUSES,
  SOURCE_CRS,
  type BatchStatus,
  type ImportFormat,
  type RowIssue,
  type RowLevel,
  type RowLink,
  type SourceCrs,
} from '../datacenter/import-batch'
import { RECORD_KINDS, type RecordKind, type StandardField } from '../datacenter/standard'
import type { MappingTarget } from '../datacenter/column-mapping'

/**
 * The pages whose grants open these endpoints. Writes need a grant of the /system or /systems
 * entry; the /warehouse entry (数据仓库) is the read-only data centre of the 审核员 role.
 */
export const SJCJ_PAGES = {
  write: ['/system/data/center/sjcj', '/systems/data/center/sjcj'],
  read: ['/system/data/center/sjcj', '/systems/data/center/sjcj', '/warehouse/data/center/sjcj'],
} as const
/** See {@link SJCJ_PAGES}. */
export const SJCL_PAGES = {
  write: ['/system/data/center/sjcl', '/systems/data/center/sjcl'],
  read: ['/system/data/center/sjcl', '/systems/data/center/sjcl', '/warehouse/data/center/sjcl'],
} as const

const kindSchema = z.enum(RECORD_KINDS, { error: '数据类型应为 parcel（地块）或 enterprise（企业）' })
const crsSchema = z.enum(['auto', ...(Object.keys(SOURCE_CRS) as SourceCrs[])], { error: '坐标系应为 auto、4326、4490、4549 或 gcj02' })

/** Multipart fields of POST /api/datacenter/sjcj/upload (with one `file`). */
export const uploadBatchFields = z.object({
  kind: kindSchema,
  crs: crsSchema.optional().default('auto'),
})

/** POST /api/datacenter/sjcj/collect — a batch from a file already stored (/api/base/file/upload). */
export const collectBody = z.object({ fileId: idSchema, kind: kindSchema, crs: crsSchema.optional().default('auto') })

/** `{ id }` of a batch. */
export const batchIdQuery = z.object({ id: idSchema })

/** GET /api/datacenter/sjcj/list */
export const batchListQuery = pageQuery(['createdAt', 'rowCount'] as const).extend({
  kind: kindSchema.optional(),
  status: z.enum(BATCH_STATUSES, { error: '状态不正确' }).optional(),
  keyword: z.string().trim().max(100).optional(),
  /** only my batches */
  mine: z.enum(['1', '0', 'true', 'false']).optional(),
})

const rowFilter = {
  id: idSchema,
  level: z.enum(['正常', '警告', '错误', '未检查', '已排除'], { error: '行状态应为 正常、警告、错误、未检查 或 已排除' }).optional(),
  /** rows with an issue of this field */
  field: z.string().trim().max(60).optional(),
  /** rows with an issue of this rule */
  rule: z.string().trim().max(40).optional(),
}

/** GET /api/datacenter/sjcj/preview and /api/datacenter/sjcl/issues */
export const rowsQuery = pageQuery(['rowNo'] as const).extend(rowFilter)

/** GET /api/datacenter/sjcj/export (数据行) and /api/datacenter/sjcl/issues/export (问题清单): the list's filters, no paging. */
export const rowsExportQuery = z.object(rowFilter)

/** POST /api/datacenter/sjcj/model/save — the column mapping of a batch, remembered for its template. */
export const mappingBody = z.object({
  id: idSchema,
  mapping: z.record(z.string().max(60), z.string().max(255), { error: '映射应为 字段 → 列名 的对象' }),
})

/** GET /api/datacenter/sjcj/template, GET /api/datacenter/sjcl/fields */
export const templateQuery = z.object({ kind: kindSchema })

/** POST /api/datacenter/sjcl/fix — new values of a row's fields (standard field name → value; null clears). */
export const fixBody = z.object({
  id: idSchema,
  rowNo: z.coerce.number().int().min(1),
  values: z.record(z.string().max(60), z.union([z.string().max(1000), z.number(), z.null()]), { error: '修改值应为 字段 → 值 的对象' }),
})

/** POST /api/datacenter/sjcl/exclude — leave rows out of the commit (or take them back). */
export const excludeBody = z.object({
  id: idSchema,
  rowNos: z.array(z.number().int().min(1)).max(100_000).optional(),
  /** every row whose check found an error */
  errors: z.boolean().optional(),
  excluded: z.boolean(),
})

/** POST /api/datacenter/sjcl/repairGeometry */
export const rowBody = z.object({ id: idSchema, rowNo: z.coerce.number().int().min(1) })

/** POST /api/datacenter/sjcl/back — 退回 with the reason. */
export const backBody = z.object({
  id: idSchema,
  reason: z.string({ error: '退回原因不能为空' }).trim().min(1, '退回原因不能为空').max(500, '退回原因最多500个字符'),
})

/** One import batch. */
export interface BatchView {
  id: number
  kind: RecordKind
  name: string
  fileId: number
  format: ImportFormat
  crsDeclared: string
  sourceCrs: SourceCrs | null
  status: BatchStatus
  progress: number
  phase: string
  message: string
  rowCount: number
  errorRows: number
  warningRows: number
  excludedRows: number
  standardVersion: number | null
  checkedAt: string | null
  submittedCount: number
  submittedAt: string | null
  createdBy: string
  createdAt: string
  regionCode: string | null
}

/** What the progress bar polls. */
export interface BatchProgress {
  id: number
  status: BatchStatus
  progress: number
  phase: string
  message: string
  rowCount: number
}

/** One staged row. */
export interface BatchRowView {
  rowNo: number
  sourceLine: number
  source: Record<string, string | number | boolean | null>
  /** the clerk's fixes */
  overrides: Record<string, unknown>
  /** the normalised record of the last check */
  record: Record<string, unknown> | null
  level: RowLevel
  issues: RowIssue[]
  excluded: boolean
  action: 'create' | 'update' | null
  targetId: number | null
  countyCode: string | null
  link: RowLink | null
  hasGeometry: boolean
  /** the submission the commit made of this row, and where the audit has got to */
  submission: { id: number; state: string } | null
}

/** data of the preview / issue list: the page of rows with what the table needs to draw them. */
export interface BatchRows {
  headers: string[]
  mapping: Record<string, string>
  rows: { list: BatchRowView[]; total: number; page: number; pageSize: number }
}

/** data of GET /api/datacenter/sjcj/mapping */
export interface BatchMapping {
  headers: string[]
  mapping: Record<string, string>
  source: 'auto' | 'template' | 'saved'
  suggested: Record<string, string>
  targets: MappingTarget[]
  /** a few source rows to show beside the columns */
  samples: Record<string, string | number | boolean | null>[]
}

/** Counts of a checked batch by level, field and rule. */
export interface IssueSummary {
  levels: Record<'正常' | '警告' | '错误' | '未检查' | '已排除', number>
  byRule: { rule: string; level: 'error' | 'warning'; label: string; rows: number }[]
  byField: { field: string; label: string; rows: number }[]
}

/** The standard in force with its code lists, for the fix form of 数据处理. */
export interface StandardFields {
  kind: RecordKind
  version: number
  fields: StandardField[]
  codeLists: Record<string, { value: string; label: string }[]>
}
