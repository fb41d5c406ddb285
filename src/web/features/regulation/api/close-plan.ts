/** 办结整治方案 POST /api/regulation/plan/close */
import type { PlanCloseBody, RegulationPlan } from '../../../../domain/contracts/regulation'
import { postSaying } from '../../../core/post-saying'

/** Closes a plan with its outcome. */
export const closePlan = (body: PlanCloseBody) => postSaying<RegulationPlan>('/api/regulation/plan/close', body)
