/** 报告整治进展 POST /api/regulation/plan/report */
import type { PlanReportBody, RegulationPlan } from '../../../../domain/contracts/regulation'
import { postSaying } from '../../../core/post-saying'

/** Reports a plan's progress (not below the last report) with what was done. */
export const reportProgress = (body: PlanReportBody) => postSaying<RegulationPlan>('/api/regulation/plan/report', body)
