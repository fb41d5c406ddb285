/** 区域选择 GET /api/cloudChart/report/regions: the one list of districts behind every region picker. */
import { useQuery } from '@tanstack/react-query'
import type { ReportRegionOption } from '../../domain/contracts/statistical-report'
import { apiGet } from '../core/api'

/**
 * The cities and their counties inside the user's data scope. Open to every signed-in user
 * (region names are no secret), so every page with a district filter reads this one endpoint.
 */
export const listRegions = () => apiGet<ReportRegionOption[]>('/api/cloudChart/report/regions')

/** react-query hook of {@link listRegions}: one cache for every page. */
export const useRegions = () => useQuery({ queryKey: ['regions'], queryFn: listRegions, staleTime: 10 * 60_000 })
