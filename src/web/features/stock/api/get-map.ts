/** 盘活处置地图 GET /api/stock/map */
import { useQuery } from '@tanstack/react-query'
import type { StockFilter, StockMap } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** The 低效 and 闲置 shapes with their disposal state (the largest first, capped). */
export const getStockMap = (f: StockFilter) => apiGet<StockMap>('/api/stock/map', { ...f })

/** react-query hook of {@link getStockMap}. */
export const useStockMap = (f: StockFilter) => useQuery({ queryKey: [...STOCK_KEY, 'map', f], queryFn: () => getStockMap(f) })
