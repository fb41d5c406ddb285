/** 地块处置记录 GET /api/stock/detail */
import { useQuery } from '@tanstack/react-query'
import type { StockDetail } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** A parcel's 认定, 方案 and 处置 records. */
export const getStockDetail = (parcelId: number) => apiGet<StockDetail>('/api/stock/detail', { parcelId })

/** react-query hook of {@link getStockDetail}; waits for a parcel. */
export const useStockDetail = (parcelId: number | null) =>
  useQuery({ queryKey: [...STOCK_KEY, 'detail', parcelId], queryFn: () => getStockDetail(parcelId!), enabled: parcelId !== null })
