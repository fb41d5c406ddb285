/** 报告盘活进度 POST /api/phczReport/save */
import type { z } from 'zod'
import type { PlanDetail, reportSaveBody } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** A progress report; the server refuses an earlier date or a lower percentage than the last. */
export const saveReport = (body: z.output<typeof reportSaveBody>) => postSaying<PlanDetail>('/api/phczReport/save', body)
