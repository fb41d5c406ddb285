/** 评价结果认定列表 GET /api/landInefficient/getRevitalizeList */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReviewList } from '../../../../domain/contracts/revitalize'
import { apiGet } from '../../../core/api'
import { REVITALIZE_KEY } from './query-keys'

/** Filters and paging of the latest run's flagged results. */
export interface ReviewQuery {
  regionCode?: string
  keyword?: string
  review?: '待认定' | '已认定' | '复核剔除'
  page: number
  pageSize: number
}

/** The latest evaluation run's flagged parcels, each with its criteria and 台账 entry if any. */
export const listReview = (q: ReviewQuery) => apiGet<ReviewList>('/api/landInefficient/getRevitalizeList', { ...q })

/** react-query hook of {@link listReview}. */
export const useReview = (q: ReviewQuery) =>
  useQuery({ queryKey: [...REVITALIZE_KEY, 'review', q], queryFn: () => listReview(q), placeholderData: keepPreviousData })
