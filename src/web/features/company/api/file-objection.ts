/** 提出异议 POST /api/company/appraise/objection */
import type { z } from 'zod'
import type { companyObjectionBody } from '../../../../domain/contracts/appraisal'
import { postSaying } from '../../../core/post-saying'

/** The enterprise's own 异议 of a batch in 公示 (refused once the window has ended). */
export const fileObjection = (body: z.input<typeof companyObjectionBody>) =>
  postSaying<{ id: number }>('/api/company/appraise/objection', body)
