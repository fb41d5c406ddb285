/** 行政区划（省、市、县） GET /api/globe/regions */
import { useQuery } from '@tanstack/react-query'
import type { GlobeRegion } from '../../../../domain/contracts/globe'
import { apiGet } from '../../../core/api'

/**
 * Province, cities and counties as a flat list. Open to every signed-in page (the lifecycle
 * globe loads it too); /api/cloudChart/report/regions is not granted to the lifecycle pages.
 */
export const listRegions = () => apiGet<GlobeRegion[]>('/api/globe/regions')

/** react-query hook of {@link listRegions}; the division list does not change while the app runs. */
export const useRegions = () => useQuery({ queryKey: ['lifecycle', 'regions'], queryFn: listRegions, staleTime: Infinity })
