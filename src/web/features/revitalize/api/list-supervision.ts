/** 盘活监管列表 GET /api/phczReport/getList */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SuperviseList } from '../../../../domain/contracts/revitalize'
import type { PlanRisk } from '../../../../domain/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Filters and paging of the supervision list. */
export interface SuperviseQuery {
  regionCode?: string
  keyword?: string
  level?: PlanRisk['level']
  page: number
  pageSize: number
}

/** The running plans, highest risk first, with the counts by risk level. */
export const listSupervision = (q: SuperviseQuery) => apiGet<SuperviseList>('/api/phczReport/getList', { ...q })

/** react-query hook of {@link listSupervision}. */
export const useSupervision = (q: SuperviseQuery) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'supervise', q], queryFn: () => listSupervision(q), placeholderData: keepPreviousData })
