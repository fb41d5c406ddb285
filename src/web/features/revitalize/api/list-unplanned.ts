/** 未纳入方案的低效用地 GET /api/landInefficient/getWnrList */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { LedgerRow } from '../../../../domain/contracts/revitalize'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Filters and paging of the 未纳入 list. */
export interface UnplannedQuery {
  regionCode?: string
  keyword?: string
  page: number
  pageSize: number
}

/** Confirmed 台账 entries not yet in a plan. */
export const listUnplanned = (q: UnplannedQuery) => apiGet<Page<LedgerRow>>('/api/landInefficient/getWnrList', { ...q })

/** react-query hook of {@link listUnplanned}. */
export const useUnplanned = (q: UnplannedQuery) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'unplanned', q], queryFn: () => listUnplanned(q), placeholderData: keepPreviousData })
