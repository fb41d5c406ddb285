/** SQL of 附件: the files a submission carries (dc_submission_file) and a record's (record_attachment). */
import type { AttachmentView } from '../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'

interface Row {
  id: number | string
  original_name: string
  size: number | string
  kind: string
  mime: string
  uploader: string
  created_at: Date
  submission_id: number | string | null
}

const view = (r: Row): AttachmentView => ({
  id: Number(r.id),
  name: r.original_name,
  size: Number(r.size),
  kind: r.kind,
  mime: r.mime,
  uploadedByName: r.uploader,
  createdAt: iso(r.created_at) as string,
  downloadUrl: `/api/base/file/download?id=${Number(r.id)}`,
  submissionId: r.submission_id === null ? null : Number(r.submission_id),
})

const FILE_COLUMNS = 'f.id, f.original_name, f.size, f.kind, f.mime, u.real_name AS uploader, f.created_at'

/** The stored files among `ids`, with who uploaded them and what for. */
export async function filesByIds(db: Db, ids: readonly number[]): Promise<{ id: number; uploaded_by: number; purpose: string }[]> {
  if (!ids.length) return []
  const r = await db.query<{ id: number | string; uploaded_by: number; purpose: string }>(
    'SELECT id, uploaded_by, purpose FROM upload_file WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }))
}

/** The ids of the files a submission carries, in its order. */
export async function submissionFileIds(db: Db, submissionId: number): Promise<number[]> {
  const r = await db.query<{ file_id: number | string }>(
    'SELECT file_id FROM dc_submission_file WHERE submission_id = $1 ORDER BY sort, file_id',
    [submissionId],
  )
  return r.rows.map((x) => Number(x.file_id))
}

/** Replaces the files a submission carries. */
export async function setSubmissionFiles(db: Db, submissionId: number, ids: readonly number[]): Promise<void> {
  await db.query('DELETE FROM dc_submission_file WHERE submission_id = $1', [submissionId])
  if (!ids.length) return
  await db.query(
    `INSERT INTO dc_submission_file(submission_id, file_id, sort)
     SELECT $1::bigint, f.id, f.n::int FROM unnest($2::bigint[]) WITH ORDINALITY AS f(id, n)`,
    [submissionId, ids],
  )
}

/** The files a submission carries, in its order. */
export async function submissionAttachments(db: Db, submissionId: number): Promise<AttachmentView[]> {
  const r = await db.query<Row>(
    `SELECT ${FILE_COLUMNS}, NULL::bigint AS submission_id
       FROM dc_submission_file sf JOIN upload_file f ON f.id = sf.file_id JOIN app_user u ON u.id = f.uploaded_by
      WHERE sf.submission_id = $1 ORDER BY sf.sort, sf.file_id`,
    [submissionId],
  )
  return r.rows.map(view)
}

/** A record's attachments, oldest first, each with the submission that added it. */
export async function recordAttachments(db: Db, kind: RecordKind, recordId: number): Promise<AttachmentView[]> {
  const r = await db.query<Row>(
    `SELECT ${FILE_COLUMNS}, ra.submission_id
       FROM record_attachment ra JOIN upload_file f ON f.id = ra.file_id JOIN app_user u ON u.id = f.uploaded_by
      WHERE ra.kind = $1 AND ra.record_id = $2 ORDER BY ra.id`,
    [kind, recordId],
  )
  return r.rows.map(view)
}

/**
 * Approval: the files of the submission become the record's (a file the record already has stays
 * linked to the submission that added it first). Runs inside the approval's transaction.
 */
export async function linkApproved(db: Db, submissionId: number, kind: RecordKind, recordId: number): Promise<number> {
  const r = await db.query(
    `INSERT INTO record_attachment(kind, record_id, file_id, submission_id)
     SELECT $2::varchar, $3::int, sf.file_id, sf.submission_id FROM dc_submission_file sf WHERE sf.submission_id = $1 ORDER BY sf.sort, sf.file_id
     ON CONFLICT (kind, record_id, file_id) DO NOTHING`,
    [submissionId, kind, recordId],
  )
  return r.affectedRows
}

/** Where a file is used as an attachment: the submissions carrying it and the records holding it. */
export async function linksOfFile(
  db: Db,
  fileId: number,
): Promise<{ submissions: number[]; records: { kind: RecordKind; recordId: number }[] }> {
  const subs = await db.query<{ submission_id: number | string }>(
    'SELECT submission_id FROM dc_submission_file WHERE file_id = $1 ORDER BY submission_id',
    [fileId],
  )
  const recs = await db.query<{ kind: RecordKind; record_id: number }>(
    'SELECT kind, record_id FROM record_attachment WHERE file_id = $1 ORDER BY id',
    [fileId],
  )
  return {
    submissions: subs.rows.map((x) => Number(x.submission_id)),
    records: recs.rows.map((x) => ({ kind: x.kind, recordId: x.record_id })),
  }
}
