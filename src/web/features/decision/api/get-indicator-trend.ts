/** 指标趋势 GET /api/decision/trend */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TrendPoint } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'

/** The district (absent: the whole scope) and the division (absent: every division). */
export interface TrendFilter {
  regionCode?: string
  industry?: string
}

/** The six indicators of every year with figures, oldest first. */
export const getIndicatorTrend = (q: TrendFilter) => apiGet<TrendPoint[]>('/api/decision/trend', { ...q })

/** react-query hook of {@link getIndicatorTrend}. */
export const useIndicatorTrend = (q: TrendFilter) =>
  useQuery({ queryKey: ['decision', 'trend', q], queryFn: () => getIndicatorTrend(q), placeholderData: keepPreviousData })
