/**
 * Rules of 文件: what may be stored (content checked, never the name alone), who may read and
 * delete a file, and when its bytes go. Used by the file endpoints and by the data-centre import,
 * whose source files are stored the same way.
 */
import { FILE_KINDS, refuseReason } from '../../../domain/files/file-type'
import type { FilePurpose, FileView } from '../../../domain/contracts/base-file'
import type { Db } from '../../db/engine'
import { regionInScope, scopeOf } from '../../auth/data-scope'
import { AppError, badRequest, forbidden, notFound } from '../../http/errors'
import type { AuthUser } from '../../auth/session'
import type { FileStore, Incoming } from '../../files/store'
import { openZip, ZipError } from '../../files/zip'
import * as attachments from '../datacenter/attachment-repo'
import { findRecord } from '../datacenter/record-repo'
import { getSubmission } from '../datacenter/submission-repo'
import * as repo from './repo'

/**
 * Keeps the row insert and the byte move of one hash apart from a delete of the same hash, in every
 * process on the database (a lock held in memory would guard one process only): `fn` runs in a
 * transaction holding an advisory lock on the hash, and its writes go through `tx`. An error
 * (a file referenced meanwhile) rolls the transaction back and is thrown after it.
 */
async function withHashLock<T>(db: Db, sha256: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`upload_file:${sha256}`])
    return fn(tx)
  })
}

/** What a stored file is filed under. */
export interface FileFiling {
  purpose: FilePurpose
  /** extensions this endpoint takes (each must match its content) */
  allowed?: readonly string[]
  dm?: string | null
  recordId?: string | null
}

/**
 * Checks an upload in its temporary file and stores it: refused content (markup, scripts,
 * executables, unknown bytes, a name whose extension does not match the content, an unsafe or
 * oversized archive) answers 415/400 and leaves nothing behind.
 */
export async function acceptUpload(db: Db, store: FileStore, file: Incoming, user: AuthUser, filing: FileFiling): Promise<repo.FileRecord> {
  try {
    const reason = refuseReason(file.fileName, file.kind, filing.allowed)
    if (reason) throw new AppError(415, reason)
    if (file.kind === 'zip') {
      try {
        const zip = await openZip(file.tempPath)
        await zip.close()
      } catch (err) {
        if (err instanceof ZipError) throw badRequest(err.message, [{ field: 'file', message: err.message }])
        throw err
      }
    }
  } catch (err) {
    store.discard(file)
    throw err
  }
  return withHashLock(db, file.sha256, async (tx) => {
    try {
      const row = await repo.insertFile(tx, {
        sha256: file.sha256,
        size: file.size,
        kind: file.kind,
        mime: FILE_KINDS[file.kind].mime,
        name: displayName(file.fileName),
        purpose: filing.purpose,
        dm: filing.dm ?? null,
        recordId: filing.recordId ?? null,
        userId: user.id,
        regionCode: user.regionCode,
      })
      store.keep(file)
      return row
    } catch (err) {
      store.discard(file)
      throw err
    }
  })
}

/** The client's name reduced to its last segment, without control characters, at most 200 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return [...(base || '未命名文件')].slice(-200).join('')
}

/**
 * Whether a user may read a file: its uploader, admin, or —
 * - for a 附件 of the data centre (carried by a submission or attached to a record): whoever may
 *   read one of those submissions or records, i.e. has it in their data scope (ADR 0007) — the
 *   uploader's region does not widen it;
 * - for any other file: anyone whose data scope holds the uploader's region (a file of a county
 *   clerk is seen by that county and the city and province above it, not by a neighbouring county).
 */
export async function canRead(db: Db, user: AuthUser, f: repo.FileRecord): Promise<boolean> {
  if (user.isAdmin || f.uploaderId === user.id) return true
  const scope = scopeOf(user)
  const links = await attachments.linksOfFile(db, f.id)
  if (links.submissions.length || links.records.length) {
    for (const id of links.submissions) if (await getSubmission(db, id, { scope })) return true
    for (const r of links.records) if (await findRecord(db, r.kind, r.recordId, { scope })) return true
    return false
  }
  if (!f.regionCode) return false
  return regionInScope(db, scope, f.regionCode)
}

/** A file row as clients see it (without the access fields). */
export function toView(f: repo.FileRecord): FileView {
  const { uploaderId: _u, regionCode: _r, ...v } = f
  return v
}

/** The files filed under a 代码 (and record) that the user may read. */
export async function listReadable(db: Db, user: AuthUser, dm: string, recordId: string | undefined): Promise<FileView[]> {
  const out: FileView[] = []
  for (const f of await repo.listByDm(db, dm, recordId)) if (await canRead(db, user, f)) out.push(toView(f))
  return out
}

/** A file the user may read, else 404 (a file outside the scope is not revealed). */
export async function readable(db: Db, user: AuthUser, id: number): Promise<repo.FileRecord> {
  const f = await repo.getFile(db, id)
  if (!f || !(await canRead(db, user, f))) throw notFound(`文件 ${id} 不存在或不在本账号的数据范围内`)
  return f
}

/**
 * Deletes a file: only its uploader or admin; not while an import batch reads it or a submission
 * or record carries it as 附件 (the audit trail keeps what was attached). The bytes stay
 * while another file row holds the same content.
 */
export async function deleteUpload(db: Db, store: FileStore, user: AuthUser, id: number): Promise<repo.FileRecord> {
  const f = await readable(db, user, id)
  if (!user.isAdmin && f.uploaderId !== user.id) throw forbidden('只有上传者或管理员可以删除该文件')
  const batch = await repo.batchUsing(db, id)
  if (batch) throw new AppError(422, `该文件是导入批次 #${batch} 的源文件，不能删除`)
  const links = await attachments.linksOfFile(db, id)
  if (links.records.length)
    throw new AppError(
      422,
      `该文件已是${links.records[0].kind === 'parcel' ? '地块' : '企业'} #${links.records[0].recordId} 的附件，不能删除`,
    )
  if (links.submissions.length) throw new AppError(422, `该文件是提交 #${links.submissions[0]} 的附件，请先从提交中移除`)
  try {
    await withHashLock(db, f.sha256, async (tx) => {
      if ((await repo.deleteFile(tx, id, f.sha256)) === 0) store.remove(f.sha256)
    })
  } catch (err) {
    // attached by a submission between the check above and the delete
    if ((err as { code?: string })?.code === '23503') throw new AppError(422, '该文件刚刚被提交引用为附件，不能删除')
    throw err
  }
  return f
}

/**
 * Removes the source file of a deleted import batch: a file uploaded for an import (purpose
 * 'import') that no other batch reads and nothing carries as 附件, and its bytes when no other
 * file row holds them. A library file a batch was collected from stays. Returns whether it went.
 */
export async function dropImportSource(db: Db, store: FileStore, fileId: number): Promise<boolean> {
  const f = await repo.getFile(db, fileId)
  if (!f || f.purpose !== 'import' || (await repo.batchUsing(db, fileId)) !== undefined) return false
  const links = await attachments.linksOfFile(db, fileId)
  if (links.records.length || links.submissions.length) return false
  try {
    return await withHashLock(db, f.sha256, async (tx) => {
      if ((await repo.deleteFile(tx, fileId, f.sha256)) === 0) store.remove(f.sha256)
      return true
    })
  } catch (err) {
    // referenced meanwhile (a new batch or an attachment): it stays
    if ((err as { code?: string })?.code === '23503') return false
    throw err
  }
}

/** Content-Disposition of a download: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
