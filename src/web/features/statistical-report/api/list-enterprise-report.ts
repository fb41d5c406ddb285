/** 用地单位列表 GET /api/cloudChart/report/enterprises */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EnterpriseReport, EnterpriseReportQuery } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** Query of 用地单位列表: the contract's filters, page and sort (absent = the server's default). */
export type EnterpriseReportParams = Partial<EnterpriseReportQuery>

/** One page of the land-using enterprises (yddw) with the year's figures. */
export const listEnterpriseReport = (q: EnterpriseReportParams) => apiGet<EnterpriseReport>('/api/cloudChart/report/enterprises', { ...q })

/** react-query hook of {@link listEnterpriseReport}. */
export const useEnterpriseReport = (q: EnterpriseReportParams) =>
  useQuery({ queryKey: ['report', 'enterprises', q], queryFn: () => listEnterpriseReport(q), placeholderData: keepPreviousData })
