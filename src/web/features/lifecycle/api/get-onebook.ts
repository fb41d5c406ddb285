/** 项目一本账 GET /api/landLifeCycle/onebook */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Onebook } from '../../../../domain/contracts/lifecycle-project'
import type { LifecycleStage } from '../../../../domain/lifecycle'
import { apiGet } from '../../../core/api'
import { LIFECYCLE_KEY } from './list-stage-projects'

/** Filters of 一本账 (the export takes the same). */
export interface OnebookFilters {
  regionCode?: string
  keyword?: string
  stage?: LifecycleStage
  overdue?: 'true' | 'false'
  belowCommitment?: 'true' | 'false'
  failedEvaluation?: 'true' | 'false'
}

/** Query of 一本账: filters, paging and sort. */
export interface OnebookQuery extends OnebookFilters {
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: string
}

/** The ledger page with its counts. */
export const getOnebook = (q: OnebookQuery) => apiGet<Onebook>('/api/landLifeCycle/onebook', { ...q })

/** react-query hook of {@link getOnebook}. */
export const useOnebook = (q: OnebookQuery) =>
  useQuery({ queryKey: [...LIFECYCLE_KEY, 'onebook', q], queryFn: () => getOnebook(q), placeholderData: keepPreviousData })
