/** 区域统计 GET /api/cloudChart/report/area */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AreaReport, ReportFilter } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** The child districts of the chosen region with the year's figures, and their 合计. */
export const getAreaReport = (q: ReportFilter) => apiGet<AreaReport>('/api/cloudChart/report/area', { ...q })

/** react-query hook of {@link getAreaReport}. */
export const useAreaReport = (q: ReportFilter) =>
  useQuery({ queryKey: ['report', 'area', q], queryFn: () => getAreaReport(q), placeholderData: keepPreviousData })
