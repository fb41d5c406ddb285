/** 企业监测 GET /api/function/monitor/getQyMonitor */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EnterpriseMonitor, MonitorSignal } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'

/** Filters, paging and order of the enterprise monitor. */
export interface EnterpriseMonitorFilter {
  year?: number
  regionCode?: string
  industry?: string
  signal?: MonitorSignal
  keyword?: string
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: string
}

/** The enterprises giving a warning signal, with the counts per signal and one page of them. */
export const getEnterpriseMonitor = (q: EnterpriseMonitorFilter) =>
  apiGet<EnterpriseMonitor>('/api/function/monitor/getQyMonitor', { ...q })

/** react-query hook of {@link getEnterpriseMonitor}. */
export const useEnterpriseMonitor = (q: EnterpriseMonitorFilter) =>
  useQuery({ queryKey: ['monitor', 'enterprise', q], queryFn: () => getEnterpriseMonitor(q), placeholderData: keepPreviousData })
