/** 查询企业点位 GET /api/cloudChart/points */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { EnterprisePoint } from '../../../../domain/contracts/map'

/** Located enterprises with 亩均税收. */
export const queryPoints = () => apiGet<EnterprisePoint[]>('/api/cloudChart/points')

/** react-query hook of {@link queryPoints}. */
export const usePoints = () => useQuery({ queryKey: ['cloudChart', 'points'], queryFn: queryPoints, staleTime: 60_000 })
