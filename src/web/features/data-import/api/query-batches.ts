/** 导入批次列表 GET /api/datacenter/sjcj/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet } from '../../../core/api'

/** Filters and paging of the batch list. */
export interface BatchListQuery {
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: string
  kind?: string
  status?: string
  keyword?: string
  mine?: string
}

/** One page of batches. */
export const queryBatches = (q: BatchListQuery) => apiGet<Page<BatchView>>('/api/datacenter/sjcj/list', { ...q })

/** react-query hook of {@link queryBatches}; refreshes every few seconds while a batch is being worked on. */
export const useBatches = (q: BatchListQuery) =>
  useQuery({
    queryKey: ['dc-batches', q],
    queryFn: () => queryBatches(q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((b) => b.status === '导入中' || b.status === '检查中') ? 3000 : false),
  })
