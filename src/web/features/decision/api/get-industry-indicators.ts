/** 行业指标 GET /api/decision/byIndustry */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { IndicatorTable } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'
import type { DecisionFilter } from './get-region-indicators'

/** The six indicators of each GB/T 4754 division inside the district, with the whole as 合计. */
export const getIndustryIndicators = (q: DecisionFilter) => apiGet<IndicatorTable>('/api/decision/byIndustry', { ...q })

/** react-query hook of {@link getIndustryIndicators}. */
export const useIndustryIndicators = (q: DecisionFilter) =>
  useQuery({ queryKey: ['decision', 'byIndustry', q], queryFn: () => getIndustryIndicators(q), placeholderData: keepPreviousData })
