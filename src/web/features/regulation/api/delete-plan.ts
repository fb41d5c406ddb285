/** 删除整治方案 POST /api/regulation/plan/delete */
import { postSaying } from '../../../core/post-saying'

/** Deletes a plan that is not closed (kept, marked deleted). */
export const deletePlan = (id: number) => postSaying<null>('/api/regulation/plan/delete', { id })
