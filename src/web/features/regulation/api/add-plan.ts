/** 新增整治方案 POST /api/regulation/plan/add */
import type { PlanAddBody, RegulationPlan } from '../../../../domain/contracts/regulation'
import { postSaying } from '../../../core/post-saying'

/** Makes the plan of an enterprise's year (409 when it already has one). */
export const addPlan = (body: PlanAddBody) => postSaying<RegulationPlan>('/api/regulation/plan/add', body)
