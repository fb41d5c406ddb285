/** 删除草稿 POST /api/datacenter/input/draft/delete */
import { apiPostJson } from '../../../core/api'

/** Discards a draft that never reached an auditor. */
export const deleteDraft = (id: number) => apiPostJson<null>('/api/datacenter/input/draft/delete', { id })
