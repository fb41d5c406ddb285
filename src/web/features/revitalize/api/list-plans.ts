/** 已纳入方案列表 GET /api/landInefficient/getNrList */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PlanList } from '../../../../domain/contracts/revitalize'
import type { PlanMethod, PlanState } from '../../../../domain/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Filters, paging and sort of the plans. */
export interface PlanQuery {
  regionCode?: string
  keyword?: string
  state?: PlanState
  method?: PlanMethod
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: 'ascend' | 'descend'
}

/** The plans and their counts by state. */
export const listPlans = (q: PlanQuery) => apiGet<PlanList>('/api/landInefficient/getNrList', { ...q })

/** react-query hook of {@link listPlans}. */
export const usePlans = (q: PlanQuery) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'plans', q], queryFn: () => listPlans(q), placeholderData: keepPreviousData })
