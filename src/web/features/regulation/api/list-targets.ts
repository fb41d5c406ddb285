/** 整治对象（C、D类企业）GET /api/regulation/targets */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TargetList } from '../../../../domain/contracts/regulation'
import { apiGet } from '../../../core/api'
import { REGULATION_KEY } from './query-keys'

/** Filters, paging and sort of the targets. */
export interface TargetQuery {
  year?: number
  regionCode?: string
  keyword?: string
  class?: 'C' | 'D'
  checked?: 'yes' | 'no'
  planned?: 'yes' | 'no'
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: 'ascend' | 'descend'
}

/** The C and D enterprises of a year (D first), each with its latest check and live plan. */
export const listTargets = (q: TargetQuery) => apiGet<TargetList>('/api/regulation/targets', { ...q })

/** react-query hook of {@link listTargets}. */
export const useTargets = (q: TargetQuery) =>
  useQuery({ queryKey: [...REGULATION_KEY, 'targets', q], queryFn: () => listTargets(q), placeholderData: keepPreviousData })
