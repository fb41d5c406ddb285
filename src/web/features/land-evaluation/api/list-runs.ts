/** 查询评价批次 GET /api/inefficient/runs */
import { useQuery } from '@tanstack/react-query'
import type { EvaluationRun } from '../../../../domain/contracts/land-evaluation'
import { apiGet } from '../../../core/api'

/** The runs the user may see, newest first. */
export const listRuns = () => apiGet<EvaluationRun[]>('/api/inefficient/runs')

/** react-query hook of {@link listRuns}. */
export const useRuns = () => useQuery({ queryKey: ['evaluation', 'runs'], queryFn: listRuns })
