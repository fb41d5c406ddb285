/** 上传异议附件 POST /api/company/appraise/upload (multipart: file) */
import { apiUpload } from '../../../core/api'

/** Uploads one document for an 异议 to come; answers its id to attach. */
export const uploadObjectionFile = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  return apiUpload<{ id: number; name: string; size: number }>('/api/company/appraise/upload', form)
}
