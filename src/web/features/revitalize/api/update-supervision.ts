/** 盘活督办与办结 POST /api/phczReport/updatePhcz */
import type { z } from 'zod'
import type { PlanDetail, superviseBody } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** 督办 (with a reply deadline), its 回复, or 办结 with the actual effects. */
export const updateSupervision = (body: z.output<typeof superviseBody>) => postSaying<PlanDetail>('/api/phczReport/updatePhcz', body)
