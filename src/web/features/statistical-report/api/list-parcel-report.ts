/** 工业用地列表 GET /api/cloudChart/report/parcels */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import type { ParcelReportQuery, ParcelReportRow } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** Query of 工业用地列表: the contract's filters, page and sort (absent = the server's default). */
export type ParcelReportParams = Partial<ParcelReportQuery>

/** One page of the industrial parcels (gyyd) of the filters. */
export const listParcelReport = (q: ParcelReportParams) => apiGet<Page<ParcelReportRow>>('/api/cloudChart/report/parcels', { ...q })

/** react-query hook of {@link listParcelReport}. */
export const useParcelReport = (q: ParcelReportParams) =>
  useQuery({ queryKey: ['report', 'parcels', q], queryFn: () => listParcelReport(q), placeholderData: keepPreviousData })
