/** 办理记录 GET /api/appraiseApprove/steps */
import { useQuery } from '@tanstack/react-query'
import type { ProceedingStep } from '../../../../domain/contracts/proceeding'
import { apiGet } from '../../../core/api'
import { APPRAISAL_KEY } from './appraisal-api'

/** What a 办理记录 belongs to: a batch, a model, a norm change set or an 异议. */
export type StepSubject = 'appraisal_batch' | 'appraisal_model' | 'appraisal_norm' | 'objection' | 'restatement'

/** The steps of one subject, oldest first. */
export const listSteps = (subject: StepSubject, id: number) => apiGet<ProceedingStep[]>('/api/appraiseApprove/steps', { subject, id })

/** react-query hook of {@link listSteps}; idle without a subject. */
export const useSteps = (target: { subject: StepSubject; id: number } | null) =>
  useQuery({
    queryKey: [...APPRAISAL_KEY, 'steps', target],
    queryFn: () => listSteps(target!.subject, target!.id),
    enabled: target !== null,
  })
