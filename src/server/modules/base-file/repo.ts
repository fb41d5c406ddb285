/** SQL of 文件 (upload_file). */
import type { FileView, FilePurpose } from '../../../domain/contracts/base-file'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'

interface Row {
  id: number | string
  sha256: string
  size: number | string
  kind: string
  mime: string
  original_name: string
  purpose: FilePurpose
  dm: string | null
  record_id: string | null
  uploaded_by: number
  uploader: string
  region_code: string | null
  created_at: Date
}

/** A file row with what the access rules need. */
export interface FileRecord extends FileView {
  uploaderId: number
  regionCode: string | null
}

const SELECT = `SELECT f.id, f.sha256, f.size, f.kind, f.mime, f.original_name, f.purpose, f.dm, f.record_id, f.uploaded_by,
                       u.username AS uploader, f.region_code, f.created_at
                FROM upload_file f JOIN app_user u ON u.id = f.uploaded_by`

const view = (r: Row): FileRecord => ({
  id: Number(r.id),
  name: r.original_name,
  size: Number(r.size),
  kind: r.kind,
  mime: r.mime,
  sha256: r.sha256,
  purpose: r.purpose,
  dm: r.dm,
  recordId: r.record_id,
  uploadedBy: r.uploader,
  createdAt: iso(r.created_at) as string,
  downloadUrl: `/api/base/file/download?id=${Number(r.id)}`,
  uploaderId: r.uploaded_by,
  regionCode: r.region_code,
})

/** Inserts a file row and returns it. */
export async function insertFile(
  db: Db,
  f: {
    sha256: string
    size: number
    kind: string
    mime: string
    name: string
    purpose: FilePurpose
    dm: string | null
    recordId: string | null
    userId: number
    regionCode: string | null
  },
): Promise<FileRecord> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO upload_file(sha256, size, kind, mime, original_name, purpose, dm, record_id, uploaded_by, region_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [f.sha256, f.size, f.kind, f.mime, f.name, f.purpose, f.dm, f.recordId || null, f.userId, f.regionCode],
  )
  return (await getFile(db, Number(r.rows[0].id))) as FileRecord
}

/** One file by id. */
export async function getFile(db: Db, id: number): Promise<FileRecord | undefined> {
  const r = await db.query<Row>(`${SELECT} WHERE f.id = $1`, [id])
  return r.rows[0] && view(r.rows[0])
}

/** Files filed under a 代码 (and a record), newest first. */
export async function listByDm(db: Db, dm: string, recordId: string | undefined): Promise<FileRecord[]> {
  const r = await db.query<Row>(
    `${SELECT} WHERE f.dm = $1 AND ($2::varchar IS NULL OR f.record_id = $2::varchar) ORDER BY f.id DESC LIMIT 500`,
    [dm, recordId ?? null],
  )
  return r.rows.map(view)
}

/** Deletes a file row; returns how many rows still reference the same bytes. */
export async function deleteFile(db: Db, id: number, sha256: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM upload_file WHERE id = $1', [id])
    return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM upload_file WHERE sha256 = $1', [sha256])).rows[0].n
  })
}

/** The id of an import batch that reads this file, if any. */
export async function batchUsing(db: Db, fileId: number): Promise<number | undefined> {
  const r = await db.query<{ id: number | string }>('SELECT id FROM dc_import_batch WHERE file_id = $1 ORDER BY id LIMIT 1', [fileId])
  return r.rows[0] ? Number(r.rows[0].id) : undefined
}
