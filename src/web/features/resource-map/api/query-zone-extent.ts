/** 查询区域图形范围 GET /api/cloudChart/zoneExtent */
import { useQuery } from '@tanstack/react-query'
import type { ZoneExtent } from '../../../../domain/contracts/map'
import { apiGet } from '../../../core/api'

/** How many zone shapes of each kind a region holds, and their extent. */
export const queryZoneExtent = (regionCode: string) => apiGet<ZoneExtent[]>('/api/cloudChart/zoneExtent', { regionCode })

/** react-query hook of {@link queryZoneExtent}; off while a parcel is the selection. */
export const useZoneExtent = (regionCode: string | null) =>
  useQuery({
    queryKey: ['cloudChart', 'zoneExtent', regionCode],
    queryFn: () => queryZoneExtent(regionCode!),
    enabled: regionCode !== null,
  })
