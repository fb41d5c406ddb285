/** 整治方案列表 GET /api/regulation/plans */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PlanList, PlanState, PlanTarget } from '../../../../domain/contracts/regulation'
import { apiGet } from '../../../core/api'
import { REGULATION_KEY } from './query-keys'

/** Filters, paging and sort of the plans. */
export interface PlanQuery {
  year?: number
  regionCode?: string
  keyword?: string
  state?: PlanState
  target?: PlanTarget
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: 'ascend' | 'descend'
}

/** The plans of a year (overdue first unless sorted) and their counts by state. */
export const listPlans = (q: PlanQuery) => apiGet<PlanList>('/api/regulation/plans', { ...q })

/** react-query hook of {@link listPlans}. */
export const usePlans = (q: PlanQuery) =>
  useQuery({ queryKey: [...REGULATION_KEY, 'plans', q], queryFn: () => listPlans(q), placeholderData: keepPreviousData })
