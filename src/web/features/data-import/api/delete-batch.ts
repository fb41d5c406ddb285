/** 删除批次 POST /api/datacenter/sjcj/delete */
import { apiPostJson } from '../../../core/api'

/** Deletes a batch that was not submitted. */
export const deleteBatch = (id: number) => apiPostJson<null>('/api/datacenter/sjcj/delete', { id })
