/** 审核列表 GET /api/audit/query/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SubmissionRow } from '../../../../domain/contracts/datacenter'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet } from '../../../core/api'

/** Filters and paging of a submission list (API: submissionListQuery). */
export interface SubmissionQuery {
  page: number
  pageSize: number
  kind?: string
  state?: string
  action?: string
  regionCode?: string
  submitter?: string
  keyword?: string
  from?: string
  to?: string
  batchId?: number
}

/** The submissions in the auditor's region. */
export const listSubmissions = (q: SubmissionQuery) => apiGet<Page<SubmissionRow>>('/api/audit/query/list', { ...q })

/** react-query hook of {@link listSubmissions}. */
export const useSubmissions = (q: SubmissionQuery) =>
  useQuery({ queryKey: ['submissions', 'audit', q], queryFn: () => listSubmissions(q), placeholderData: keepPreviousData })
