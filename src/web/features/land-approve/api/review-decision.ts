/** 审定闲置土地处置决定 POST /api/landApprove/decision */
import type { DecisionReviewBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Approves (审定通过) or returns (退回, with a reason) a 处置决定 waiting for it. */
export const reviewDecision = (body: DecisionReviewBody) => postSaying<IdleCase>('/api/landApprove/decision', body)
