/** 我的提交 GET /api/datacenter/input/mine */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SubmissionRow } from '../../../../domain/contracts/datacenter'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet } from '../../../core/api'
import type { SubmissionQuery } from './list-submissions'

/** One's own submissions, newest first. */
export const listMySubmissions = (q: SubmissionQuery) => apiGet<Page<SubmissionRow>>('/api/datacenter/input/mine', { ...q })

/** react-query hook of {@link listMySubmissions}. */
export const useMySubmissions = (q: SubmissionQuery) =>
  useQuery({ queryKey: ['submissions', 'mine', q], queryFn: () => listMySubmissions(q), placeholderData: keepPreviousData })
