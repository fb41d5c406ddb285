/** 待审定事项 GET /api/appraiseApprove/pending */
import { useQuery } from '@tanstack/react-query'
import type { PendingApproval } from '../../../../domain/contracts/appraisal'
import { apiGet } from '../../../core/api'
import { APPRAISAL_KEY } from './appraisal-api'

/** Model drafts and norm change sets of the scope waiting for 审定, oldest first. */
export const listPendingApprovals = () => apiGet<PendingApproval[]>('/api/appraiseApprove/pending')

/** react-query hook of {@link listPendingApprovals}. */
export const usePendingApprovals = () => useQuery({ queryKey: [...APPRAISAL_KEY, 'pending'], queryFn: listPendingApprovals })
