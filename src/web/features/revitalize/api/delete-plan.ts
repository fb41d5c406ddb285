/** 删除盘活方案 POST /api/landInefficient/deletePhcz */
import { postSaying } from '../../../core/post-saying'

/** Deletes a draft plan (the server refuses any other state). */
export const deletePlan = (id: number) => postSaying<null>('/api/landInefficient/deletePhcz', { id })
