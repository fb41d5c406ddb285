/** 盘活成效 GET /api/landInefficient/getEffect */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EffectSummary } from '../../../../domain/contracts/revitalize'
import type { PlanMethod } from '../../../../domain/revitalize'
import { apiGet } from '../../../core/api'
import { RESULT_KEY } from './query-keys'

/** The filters of 成效概况: the year of completion, a county (or the user's region) and a method. */
export interface EffectFilter {
  year: number
  regionCode?: string
  method?: PlanMethod
}

/** The effects of the done plans of a year: totals, by year, county and method, and each plan. */
export const getEffect = (f: EffectFilter) => apiGet<EffectSummary>('/api/landInefficient/getEffect', { ...f })

/** react-query hook of {@link getEffect} (the previous answer stays while a filter loads). */
export const useEffectSummary = (f: EffectFilter) =>
  useQuery({ queryKey: [...RESULT_KEY, 'effect', f], queryFn: () => getEffect(f), placeholderData: keepPreviousData })
