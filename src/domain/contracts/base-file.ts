/**
 * 文件 contracts (docs/product.md §7 /api/base/file/{upload, fileUploadByDm, download, delete} and
 * /api/document/upload/file). Files are stored by content hash; the client's name is kept for
 * display and for the download's Content-Disposition only.
 */
import { z } from 'zod'
import { idSchema } from './admin'

/** What an uploaded file is for: any attachment, an office document, or the source of an import batch. */
export const FILE_PURPOSES = ['file', 'document', 'import'] as const
/** See {@link FILE_PURPOSES}. */
export type FilePurpose = (typeof FILE_PURPOSES)[number]

/** Extensions /api/document/upload/file accepts (documents and pictures, no archives). */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.txt', '.png', '.jpg', '.jpeg'] as const

/**
 * 代码 of /api/base/file/fileUploadByDm ("by 代码"): the dictionary or record-type code the file is
 * filed under, e.g. `parcel_status`, `dc_template`, `enterprise` — lower-case letters, digits, _ .
 */
export const dmSchema = z
  .string({ error: '代码（dm）不能为空' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, '代码（dm）应为小写字母开头的字母、数字或下划线，最多50个字符')

/** Multipart fields of /api/base/file/fileUploadByDm (with one `file`). */
export const uploadByDmFields = z.object({
  dm: dmSchema,
  /** the record the file belongs to, when it belongs to one (e.g. a parcel id) */
  recordId: z.string().trim().max(50, '记录编号最多50个字符').optional().default(''),
})

/** GET /api/base/file/download, POST /api/base/file/delete */
export const fileIdBody = z.object({ id: idSchema })

/** GET /api/base/file/query — the files filed under one 代码 (and record). */
export const fileQuery = z.object({ dm: dmSchema, recordId: z.string().trim().max(50).optional() })

/** One stored file. */
export interface FileView {
  id: number
  /** the client's name, for display only */
  name: string
  size: number
  /** detected content kind (file-type.ts), e.g. zip, pdf, text */
  kind: string
  mime: string
  sha256: string
  purpose: FilePurpose
  dm: string | null
  recordId: string | null
  uploadedBy: string
  createdAt: string
  downloadUrl: string
}
