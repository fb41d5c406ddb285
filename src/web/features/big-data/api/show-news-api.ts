/** 查询改革动态 GET /api/show/news (public, portal host only; docs/product.md §5) */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import type { ReformNews } from '../../../../domain/contracts/reform-news'
import { apiGetNoToken } from '../../../core/api'

/** Query of the news list. */
export interface ShowNewsQuery {
  page: number
  pageSize: number
  keyword?: string
}

/** One page of news, newest first. */
export const fetchShowNews = (q: ShowNewsQuery) =>
  apiGetNoToken<Page<ReformNews>>('/api/show/news', { page: q.page, pageSize: q.pageSize, ...(q.keyword ? { keyword: q.keyword } : {}) })

/** The page of news; the previous page stays shown while the next loads. */
export function useShowNews(q: ShowNewsQuery) {
  return useQuery({ queryKey: ['show-news', q], queryFn: () => fetchShowNews(q), placeholderData: keepPreviousData, staleTime: 60_000 })
}
