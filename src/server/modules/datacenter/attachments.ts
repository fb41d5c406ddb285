/**
 * Rules of 附件 on a submission: a file may be carried only when it is in the file store, is an
 * attachment or a document (not an import batch's source) and was uploaded by the submitter — or
 * is already carried by the same submission (a draft edited again keeps its files). Anything else
 * is 400 naming 附件, and the caller's transaction writes nothing.
 */
import type { Db } from '../../db/engine'
import { badRequest } from '../../http/errors'
import * as repo from './attachment-repo'

/** 400 about the 附件 field. */
const refused = (message: string) => badRequest(`附件：${message}`, [{ field: 'attachments', message }])

/** Checks the files a submission is to carry (see the module doc); returns them in order. */
export async function checkAttachments(db: Db, proposerId: number, ids: readonly number[], submissionId?: number): Promise<number[]> {
  if (!ids.length) return []
  const kept = new Set(submissionId === undefined ? [] : await repo.submissionFileIds(db, submissionId))
  const found = new Map((await repo.filesByIds(db, ids)).map((f) => [f.id, f]))
  for (const id of ids) {
    const f = found.get(id)
    if (!f || f.purpose === 'import' || (f.uploaded_by !== proposerId && !kept.has(id))) {
      throw refused(`文件 #${id} 不存在或不是本人上传的附件，请重新上传`)
    }
  }
  return [...ids]
}
