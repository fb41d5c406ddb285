/** 有统计数据的年度 GET /api/bigData/years */
import { useQuery } from '@tanstack/react-query'
import type { StatYears } from '../../../../domain/contracts/big-data'
import { apiGet } from '../../../core/api'

/** The years that hold figures and the latest of them. */
export const listStatYears = () => apiGet<StatYears>('/api/bigData/years')

/** react-query hook of {@link listStatYears}. */
export const useStatYears = () => useQuery({ queryKey: ['report', 'years'], queryFn: listStatYears, staleTime: 10 * 60_000 })
