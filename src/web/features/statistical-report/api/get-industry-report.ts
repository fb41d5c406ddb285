/** 行业统计 GET /api/cloudChart/report/industry */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { IndustryReport, ReportFilter } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** The manufacturing divisions of the chosen region with the year's figures, and their 合计. */
export const getIndustryReport = (q: ReportFilter) => apiGet<IndustryReport>('/api/cloudChart/report/industry', { ...q })

/** react-query hook of {@link getIndustryReport}. */
export const useIndustryReport = (q: ReportFilter) =>
  useQuery({ queryKey: ['report', 'industry', q], queryFn: () => getIndustryReport(q), placeholderData: keepPreviousData })
