/** 有统计数据的年度 GET /api/bigData/years */
import { useQuery } from '@tanstack/react-query'
import type { StatYears } from '../../../../domain/contracts/big-data'
import { apiGet } from '../../../core/api'

/** The years that hold figures and the latest of them. */
export const listYears = () => apiGet<StatYears>('/api/bigData/years')

/** react-query hook of {@link listYears}. */
export const useYears = () => useQuery({ queryKey: ['regulation-years'], queryFn: listYears, staleTime: 10 * 60_000 })
