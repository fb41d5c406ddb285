/** 低效用地 GET /api/cloudChart/report/lowEfficiency */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { LowEfficiencyQuery, LowEfficiencyReport } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** Query of 低效用地: the contract's filters, page and sort (absent = the server's default). */
export type LowEfficiencyParams = Partial<LowEfficiencyQuery>

/** The low-efficiency and idle parcels of the filters: their summary, per-reason counts and one page. */
export const getLowEfficiencyReport = (q: LowEfficiencyParams) =>
  apiGet<LowEfficiencyReport>('/api/cloudChart/report/lowEfficiency', { ...q })

/** react-query hook of {@link getLowEfficiencyReport}. */
export const useLowEfficiencyReport = (q: LowEfficiencyParams) =>
  useQuery({ queryKey: ['report', 'lowEfficiency', q], queryFn: () => getLowEfficiencyReport(q), placeholderData: keepPreviousData })
