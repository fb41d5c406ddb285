/** 审定盘活方案 POST /api/landApprove/plan */
import type { PlanReviewBody } from '../../../../domain/contracts/stock'
import type { PlanDetail } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** Approves (审定通过) or returns (退回, with a reason) a 盘活方案 waiting for it. */
export const reviewPlan = (body: PlanReviewBody) => postSaying<PlanDetail>('/api/landApprove/plan', body)
