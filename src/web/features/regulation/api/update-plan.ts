/** 修改整治方案 POST /api/regulation/plan/update */
import type { PlanUpdateBody, RegulationPlan } from '../../../../domain/contracts/regulation'
import { postSaying } from '../../../core/post-saying'

/** Changes a plan that is not closed (409 after 办结). */
export const updatePlan = (body: PlanUpdateBody) => postSaying<RegulationPlan>('/api/regulation/plan/update', body)
