/** 数据预览 GET /api/datacenter/sjcj/preview */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BatchRows } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'

/** Paging and filters of a batch's rows. */
export interface RowsQuery {
  id: number
  page: number
  pageSize: number
  level?: string
  field?: string
  rule?: string
}

/** A page of a batch's rows with its columns and mapping. */
export const queryRows = (q: RowsQuery) => apiGet<BatchRows>('/api/datacenter/sjcj/preview', { ...q })

/** react-query hook of {@link queryRows}. */
export const useRows = (q: RowsQuery | null) =>
  useQuery({ queryKey: ['dc-rows', q], queryFn: () => queryRows(q as RowsQuery), enabled: q !== null, placeholderData: keepPreviousData })
