/** 企业档案列表 GET /api/cloudChart/report/enterprises */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EnterpriseReport, EnterpriseReportQuery } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** Filters, page and sort of the enterprise list (no year = the latest with figures). */
export type EnterpriseListParams = Partial<EnterpriseReportQuery>

/** One page of the enterprises inside the user's data scope, with the year's 亩均 figures. */
export const listEnterprises = (q: EnterpriseListParams) => apiGet<EnterpriseReport>('/api/cloudChart/report/enterprises', { ...q })

/** react-query hook of {@link listEnterprises}; `enabled` false waits (a modal not yet open). */
export const useEnterpriseList = (q: EnterpriseListParams, enabled = true) =>
  useQuery({ queryKey: ['industryMap', 'enterprises', q], queryFn: () => listEnterprises(q), placeholderData: keepPreviousData, enabled })
