/** 整治概况 GET /api/regulation/abstract */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RegulationAbstract } from '../../../../domain/contracts/regulation'
import { apiGet } from '../../../core/api'
import { REGULATION_KEY } from './query-keys'

/** Year (absent = the latest) and district (absent = the whole data scope). */
export interface RegulationFilter {
  year?: number
  regionCode?: string
}

/** The counts by county, their 合计 and the closed plans by outcome. */
export const getAbstract = (f: RegulationFilter) => apiGet<RegulationAbstract>('/api/regulation/abstract', { ...f })

/** react-query hook of {@link getAbstract}. */
export const useAbstract = (f: RegulationFilter) =>
  useQuery({ queryKey: [...REGULATION_KEY, 'abstract', f], queryFn: () => getAbstract(f), placeholderData: keepPreviousData })
