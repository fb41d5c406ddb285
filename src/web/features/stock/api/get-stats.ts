/** 盘活处置统计 GET /api/stock/stats */
import { useQuery } from '@tanstack/react-query'
import type { StockFilter, StockStats } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** Counts and areas by county and disposal state, and the 土地闲置费. */
export const getStockStats = (f: StockFilter) => apiGet<StockStats>('/api/stock/stats', { ...f })

/** react-query hook of {@link getStockStats}. */
export const useStockStats = (f: StockFilter) => useQuery({ queryKey: [...STOCK_KEY, 'stats', f], queryFn: () => getStockStats(f) })
