/** 修改盘活方案 POST /api/landInefficient/update */
import type { z } from 'zod'
import type { PlanDetail, planUpdateBody } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** Changes a plan (草稿, 待审核 or 实施中), with history. */
export const updatePlan = (body: z.output<typeof planUpdateBody>) => postSaying<PlanDetail>('/api/landInefficient/update', body)
