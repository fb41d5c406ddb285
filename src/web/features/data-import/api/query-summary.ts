/** 问题汇总 GET /api/datacenter/sjcl/summary */
import { useQuery } from '@tanstack/react-query'
import type { IssueSummary } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'

/** Counts of a batch's rows by level, rule and field. */
export const querySummary = (id: number) => apiGet<IssueSummary>('/api/datacenter/sjcl/summary', { id })

/** react-query hook of {@link querySummary}. */
export const useSummary = (id: number | null, version: string) =>
  useQuery({ queryKey: ['dc-summary', id, version], queryFn: () => querySummary(id as number), enabled: id !== null })
