/** 行政区划边界 GET /api/globe/outlines */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { GlobeRegionOutline } from '../../../../domain/contracts/globe'

/** Simplified boundaries of one level (city outlines and labels on the globe). */
export function useGlobeOutlines(level: 'city' | 'county') {
  return useQuery({
    queryKey: ['globe', 'outlines', level],
    queryFn: () => apiGet<GlobeRegionOutline[]>('/api/globe/outlines', { level }),
    staleTime: Infinity,
  })
}
