/** 地块档案列表 GET /api/cloudChart/report/parcels */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import type { ParcelReportQuery, ParcelReportRow } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** Filters, page and sort of the parcel list (absent = the server's default). */
export type ParcelListParams = Partial<ParcelReportQuery>

/** One page of the parcels inside the user's data scope. */
export const listParcels = (q: ParcelListParams) => apiGet<Page<ParcelReportRow>>('/api/cloudChart/report/parcels', { ...q })

/** react-query hook of {@link listParcels}; `enabled` false waits (a modal not yet open). */
export const useParcelList = (q: ParcelListParams, enabled = true) =>
  useQuery({ queryKey: ['industryMap', 'parcels', q], queryFn: () => listParcels(q), placeholderData: keepPreviousData, enabled })
