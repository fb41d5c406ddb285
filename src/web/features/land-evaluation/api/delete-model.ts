/** 删除评价模型 POST /api/modes/delete */
import { apiPostJson } from '../../../core/api'

/** Deletes a model; the runs made with it stay. */
export const deleteModel = (id: number) => apiPostJson<unknown>('/api/modes/delete', { id })
