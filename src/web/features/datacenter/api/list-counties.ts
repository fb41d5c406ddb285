/** 可选区县 GET /api/datacenter/input/counties */
import { useQuery } from '@tanstack/react-query'
import type { CountyOption } from '../../../../domain/contracts/datacenter'
import { apiGet } from '../../../core/api'

/** The counties inside the user's data scope. */
export const listCounties = () => apiGet<CountyOption[]>('/api/datacenter/input/counties')

/** react-query hook of {@link listCounties}. */
export const useCounties = () => useQuery({ queryKey: ['datacenter', 'counties'], queryFn: listCounties, staleTime: 10 * 60_000 })
