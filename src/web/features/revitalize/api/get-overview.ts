/** 盘活概况 GET /api/revitalize/getOverView */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RevitalizeOverview } from '../../../../domain/contracts/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Year (absent = this year) and district (absent = the whole data scope). */
export interface OverviewFilter {
  year?: number
  regionCode?: string
}

/** The year's KPIs, the counties (台账, plans, task, completion), the methods and the plan states. */
export const getOverview = (f: OverviewFilter) => apiGet<RevitalizeOverview>('/api/revitalize/getOverView', { ...f })

/** react-query hook of {@link getOverview}. */
export const useOverview = (f: OverviewFilter) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'overview', f], queryFn: () => getOverview(f), placeholderData: keepPreviousData })
