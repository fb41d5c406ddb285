/** 整治方案详情 GET /api/regulation/plan */
import { useQuery } from '@tanstack/react-query'
import type { PlanDetail } from '../../../../domain/contracts/regulation'
import { apiGet } from '../../../core/api'
import { REGULATION_KEY } from './query-keys'

/** One plan with its progress reports and outcome. */
export const getPlan = (id: number) => apiGet<PlanDetail>('/api/regulation/plan', { id })

/** react-query hook of {@link getPlan}; idle while no plan is chosen. */
export const usePlan = (id: number | null) =>
  useQuery({ queryKey: [...REGULATION_KEY, 'plan', id], queryFn: () => getPlan(id as number), enabled: id !== null })
