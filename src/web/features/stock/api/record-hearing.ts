/** 登记听证结果 POST /api/stock/idle/hearing/outcome */
import type { HearingOutcomeBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Records how the 听证告知 ended: 已听证, 放弃听证 or 逾期未申请. */
export const recordHearing = (body: HearingOutcomeBody) => postSaying<IdleCase>('/api/stock/idle/hearing/outcome', body)
