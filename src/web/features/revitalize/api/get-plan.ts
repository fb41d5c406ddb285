/** 盘活方案详情 GET /api/landInefficient/getPhPage */
import { useQuery } from '@tanstack/react-query'
import type { PlanDetail } from '../../../../domain/contracts/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** One plan with its parcels, milestones, reports, 督办, history, effects and risk. */
export const getPlan = (id: number) => apiGet<PlanDetail>('/api/landInefficient/getPhPage', { id })

/** react-query hook of {@link getPlan}; idle while no plan is chosen. */
export const usePlan = (id: number | null) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'plan', id], queryFn: () => getPlan(id as number), enabled: id !== null })
