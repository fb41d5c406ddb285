/** 盘活方案状态变更 POST /api/landInefficient/checkPhcz */
import type { PlanDetail } from '../../../../domain/contracts/revitalize'
import type { PlanAction } from '../../../../domain/revitalize'
import { postSaying } from '../../../core/post-saying'

/** 提交, 退回, 审核通过, 验收 or 终止 a plan. */
export const checkPlan = (body: { id: number; action: PlanAction; note?: string }) =>
  postSaying<PlanDetail>('/api/landInefficient/checkPhcz', body)
