/** 评价概况 GET /api/inefficient/abstract */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EvaluationAbstract } from '../../../../domain/contracts/land-evaluation'
import { apiGet } from '../../../core/api'

/** The figures of a run (the latest one when `runId` is absent; `run` null when there is none). */
export const getAbstract = (runId?: number) => apiGet<EvaluationAbstract>('/api/inefficient/abstract', { runId })

/** react-query hook of {@link getAbstract}. */
export const useAbstract = (runId?: number) =>
  useQuery({
    queryKey: ['evaluation', 'abstract', runId ?? 'latest'],
    queryFn: () => getAbstract(runId),
    placeholderData: keepPreviousData,
  })
