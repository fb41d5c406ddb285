/** 新增盘活方案 POST /api/landInefficient/addRevitalPlan */
import type { PlanDetail, PlanFields } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** Makes a plan: a draft, or 待审核 with `submit`. */
export const addPlan = (body: PlanFields) => postSaying<PlanDetail>('/api/landInefficient/addRevitalPlan', body)
