/** 查询企业点位 GET /api/cloudChart/points (located enterprises with 亩均税收, in the user's data scope) */
import { useQuery } from '@tanstack/react-query'
import type { EnterprisePoint } from '../../../../domain/contracts/map'
import { apiGet } from '../../../core/api'

/** Located enterprises. */
export const fetchEnterprisePoints = () => apiGet<EnterprisePoint[]>('/api/cloudChart/points')

/** The points, loaded only while a layer that draws them is on, refreshed with the wall. */
export const useEnterprisePoints = (enabled: boolean, refetchInterval: number) =>
  useQuery({ queryKey: ['wall-points'], queryFn: fetchEnterprisePoints, enabled, staleTime: 60_000, refetchInterval })
