/** 问题清单 GET /api/datacenter/sjcl/issues */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BatchRows } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'
import type { RowsQuery } from './query-rows'

/** A page of a batch's rows with their issues, filtered by level, field or rule. */
export const queryIssues = (q: RowsQuery) => apiGet<BatchRows>('/api/datacenter/sjcl/issues', { ...q })

/** react-query hook of {@link queryIssues}. */
export const useIssues = (q: RowsQuery | null) =>
  useQuery({
    queryKey: ['dc-issues', q],
    queryFn: () => queryIssues(q as RowsQuery),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  })
