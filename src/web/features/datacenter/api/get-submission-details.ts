/** 提交详情（修改前后对照） GET /api/audit/query/details */
import { useQuery } from '@tanstack/react-query'
import type { SubmissionDetails } from '../../../../domain/contracts/datacenter'
import { apiGet } from '../../../core/api'

/** One submission side by side. */
export const getSubmissionDetails = (id: number) => apiGet<SubmissionDetails>('/api/audit/query/details', { id })

/** react-query hook of {@link getSubmissionDetails}; idle without an id. */
export const useSubmissionDetails = (id: number | null) =>
  useQuery({ queryKey: ['submissions', 'details', id], queryFn: () => getSubmissionDetails(id!), enabled: id !== null })
