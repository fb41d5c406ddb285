/** 评价审定 POST /api/appraiseApprove/decide */
import type { z } from 'zod'
import type { approvalDecideBody } from '../../../../domain/contracts/appraisal'
import { postSaying } from '../../../core/post-saying'

/** 通过 puts a model draft or a norm change in force; 退回 (with its reason) sends it back. Never by its author (422). */
export const decideApproval = (body: z.input<typeof approvalDecideBody>) => postSaying<null>('/api/appraiseApprove/decide', body)
