/** 低效用地台账 GET /api/landInefficient/getLandIneInfo */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { LedgerList } from '../../../../domain/contracts/revitalize'
import type { LedgerState } from '../../../../domain/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Filters and paging of the 台账. */
export interface LedgerQuery {
  regionCode?: string
  keyword?: string
  state?: LedgerState
  parcelId?: number
  page: number
  pageSize: number
}

/** The 台账 entries and their counts and areas by state. */
export const listLedger = (q: LedgerQuery) => apiGet<LedgerList>('/api/landInefficient/getLandIneInfo', { ...q })

/** react-query hook of {@link listLedger}. */
export const useLedger = (q: LedgerQuery) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'ledger', q], queryFn: () => listLedger(q), placeholderData: keepPreviousData })
