/** 查询区域统计 GET /api/cloudChart/statistics */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { RegionStats } from '../../../../domain/contracts/map'

/** Count, area (亩) and tax of a region. */
export const queryStatistics = (regionCode: string) => apiGet<RegionStats>('/api/cloudChart/statistics', { regionCode })

/** react-query hook of {@link queryStatistics}. */
export const useStatistics = (regionCode: string) =>
  useQuery({ queryKey: ['cloudChart', 'statistics', regionCode], queryFn: () => queryStatistics(regionCode) })
