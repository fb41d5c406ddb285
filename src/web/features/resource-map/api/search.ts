/** 搜索地块与企业 POST /api/cloudChart/search */
import { useQuery } from '@tanstack/react-query'
import { apiPostJson } from '../../../core/api'
import type { SearchBody, SearchHit } from '../../../../domain/contracts/map'

/** A page of hits. */
export interface SearchPage {
  list: SearchHit[]
  total: number
  page: number
  pageSize: number
}

/** Parcels by name / 宗地代码 and enterprises by name / credit code, optionally within a shape. */
export const search = (body: SearchBody) => apiPostJson<SearchPage>('/api/cloudChart/search', body)

/** react-query hook of {@link search}; idle until there is a keyword or a shape. */
export const useSearch = (body: SearchBody | null) =>
  useQuery({ queryKey: ['cloudChart', 'search', body], queryFn: () => search(body!), enabled: body !== null })
