/** 盘活处置清单 GET /api/stock/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { StockFilter, StockList } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** A page of the list with its filters. */
export type StockListArgs = StockFilter & {
  page: number
  pageSize: number
  sortField?: 'areaMu' | 'landCode' | 'state'
  sortOrder?: 'ascend' | 'descend'
}

/** One page of the 低效 and 闲置 land. */
export const listStock = (q: StockListArgs) => apiGet<StockList>('/api/stock/list', { ...q })

/** react-query hook of {@link listStock}. */
export const useStockList = (q: StockListArgs) =>
  useQuery({ queryKey: [...STOCK_KEY, 'list', q], queryFn: () => listStock(q), placeholderData: keepPreviousData })
