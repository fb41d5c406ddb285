/** 记录核查结果 POST /api/regulation/check */
import type { CheckBody } from '../../../../domain/contracts/regulation'
import { postSaying } from '../../../core/post-saying'

/** Records whether an enterprise's appraisal holds on the ground (a later check supersedes). */
export const recordCheck = (body: CheckBody) => postSaying<null>('/api/regulation/check', body)
