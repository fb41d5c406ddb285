/** 区域指标 GET /api/decision/byRegion */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { IndicatorTable } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'

/** The year (absent: the latest with figures) and the district whose children are compared (absent: the whole scope). */
export interface DecisionFilter {
  year?: number
  regionCode?: string
}

/** The six indicators of each child district of the scope, with the whole as 合计. */
export const getRegionIndicators = (q: DecisionFilter) => apiGet<IndicatorTable>('/api/decision/byRegion', { ...q })

/** react-query hook of {@link getRegionIndicators}. */
export const useRegionIndicators = (q: DecisionFilter) =>
  useQuery({ queryKey: ['decision', 'byRegion', q], queryFn: () => getRegionIndicators(q), placeholderData: keepPreviousData })
