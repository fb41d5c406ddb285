/** 查询地块列表 GET /api/industryMap/landList */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import type { ParcelBrief } from '../../../../domain/contracts/land-scope'
import { apiGet } from '../../../core/api'

/** Query of the master lists. */
export interface MasterQuery {
  page: number
  pageSize: number
  keyword?: string
  countyCode?: string
  sortField?: string
  sortOrder?: string
}

/** Parcels inside the user's scope. */
export const listParcels = (q: MasterQuery) => apiGet<Page<ParcelBrief>>('/api/industryMap/landList', { ...q })

/** react-query hook of {@link listParcels}. */
export const useParcels = (q: MasterQuery) =>
  useQuery({ queryKey: ['master', 'parcel', q], queryFn: () => listParcels(q), placeholderData: keepPreviousData })
