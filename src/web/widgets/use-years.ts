/** 统计年度 GET /api/bigData/years: the years that hold figures, behind every year select. */
import { useQuery } from '@tanstack/react-query'
import type { StatYears } from '../../domain/contracts/big-data'
import { apiGet } from '../core/api'

/** The years that hold figures and the latest of them. */
export const listYears = () => apiGet<StatYears>('/api/bigData/years')

/** react-query hook of {@link listYears}: one cache for every page. */
export const useYears = () => useQuery({ queryKey: ['years'], queryFn: listYears, staleTime: 10 * 60_000 })
