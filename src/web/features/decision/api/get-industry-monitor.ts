/** 行业监测 GET /api/function/monitor/getHyMonitor */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { IndustryMonitor } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'
import type { DecisionFilter } from './get-region-indicators'

/** Each division's tax, value added and revenue against the year before, with its warned enterprises. */
export const getIndustryMonitor = (q: DecisionFilter) => apiGet<IndustryMonitor>('/api/function/monitor/getHyMonitor', { ...q })

/** react-query hook of {@link getIndustryMonitor}. */
export const useIndustryMonitor = (q: DecisionFilter) =>
  useQuery({ queryKey: ['monitor', 'industry', q], queryFn: () => getIndustryMonitor(q), placeholderData: keepPreviousData })
