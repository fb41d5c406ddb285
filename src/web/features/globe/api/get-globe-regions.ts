/** 行政区划树（含范围） GET /api/globe/regions */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { GlobeRegion } from '../../../../domain/contracts/globe'

/** Province, cities and counties with their boxes. */
export function useGlobeRegions() {
  return useQuery({ queryKey: ['globe', 'regions'], queryFn: () => apiGet<GlobeRegion[]>('/api/globe/regions'), staleTime: Infinity })
}
