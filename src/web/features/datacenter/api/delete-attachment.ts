/** 删除未提交的附件 POST /api/base/file/delete */
import { apiPostJson } from '../../../core/api'

/** Removes a file uploaded for a form and then taken off before saving (the store keeps no orphan). */
export const deleteAttachment = (id: number) => apiPostJson<null>('/api/base/file/delete', { id })
