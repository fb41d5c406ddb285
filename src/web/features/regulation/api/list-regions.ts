/** 可选区域 GET /api/cloudChart/report/regions */
import { useQuery } from '@tanstack/react-query'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** The cities and counties inside the user's data scope (any signed-in user). */
export const listRegions = () => apiGet<ReportRegionOption[]>('/api/cloudChart/report/regions')

/** react-query hook of {@link listRegions}; a refusal is not retried (the picker then stays away). */
export const useRegions = () => useQuery({ queryKey: ['regulation-regions'], queryFn: listRegions, staleTime: 10 * 60_000, retry: false })
