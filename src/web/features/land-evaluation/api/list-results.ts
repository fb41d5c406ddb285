/** 评价结果列表 GET /api/inefficient/results */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EvaluationIndicator, ResultList } from '../../../../domain/contracts/land-evaluation'
import { apiGet } from '../../../core/api'

/** Filters of the results (the export takes the same without paging). */
export interface ResultFilter {
  runId: number
  flagged?: 'true' | 'false'
  indicator?: EvaluationIndicator
  keyword?: string
  sortField?: string
  sortOrder?: string
}

/** A page of a run's parcel results. */
export const listResults = (q: ResultFilter & { page: number; pageSize: number }) =>
  apiGet<ResultList>('/api/inefficient/results', { ...q })

/** react-query hook of {@link listResults}; waits for a run. */
export const useResults = (q: (ResultFilter & { page: number; pageSize: number }) | null) =>
  useQuery({
    queryKey: ['evaluation', 'results', q],
    queryFn: () => listResults(q!),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  })
