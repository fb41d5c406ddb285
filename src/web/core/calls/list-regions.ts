/** 区域选择 GET /api/cloudChart/report/regions: the district picker of every page with a district filter. */
import { useQuery } from '@tanstack/react-query'
import type { ReportRegionOption } from '../../../domain/contracts/statistical-report'
import { apiGet } from '../api'

/** The cities and counties inside the user's data scope. */
export const listRegions = () => apiGet<ReportRegionOption[]>('/api/cloudChart/report/regions')

/** react-query hook of {@link listRegions}: one cache for every page. */
export const useRegions = () => useQuery({ queryKey: ['regions'], queryFn: listRegions, staleTime: 10 * 60_000 })
