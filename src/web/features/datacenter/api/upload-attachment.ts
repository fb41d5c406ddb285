/** 上传附件 POST /api/base/file/upload (multipart: file) */
import type { FileView } from '../../../../domain/contracts/base-file'
import type { AttachmentView } from '../../../../domain/contracts/datacenter'
import { apiUpload } from '../../../core/api'

/** Uploads one file to the content store; `onProgress` gets the sent fraction 0..1. Answers it as a 附件. */
export async function uploadAttachment(file: File, onProgress?: (fraction: number) => void): Promise<AttachmentView> {
  const form = new FormData()
  form.append('file', file)
  const f = await apiUpload<FileView>('/api/base/file/upload', form, { onProgress })
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    kind: f.kind,
    mime: f.mime,
    uploadedByName: f.uploadedBy,
    createdAt: f.createdAt,
    downloadUrl: f.downloadUrl,
    submissionId: null,
  }
}
