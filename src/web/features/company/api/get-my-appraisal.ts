/** 本企业评价 GET /api/company/appraise/mine */
import { useQuery } from '@tanstack/react-query'
import type { AppraisalBatch, AppraisalResultRow, CompanyObjection } from '../../../../domain/contracts/appraisal'
import { apiGet } from '../../../core/api'
import { COMPANY_KEY } from './query-keys'

/** One batch put to 公示 that holds the enterprise: its result, the inputs behind it, its events and its 异议. */
export interface MyAppraisal {
  batch: AppraisalBatch
  result: AppraisalResultRow
  items: {
    item: string
    name: string
    unit: string
    source: string
    /** the value the batch used */
    value: number | null
    reportedDate: string | null
  }[]
  events: { name: string; evidence: string; evidenceDate: string | null }[]
  objections: CompanyObjection[]
}

/** The enterprise's batches in 公示 or later, newest first. */
export const getMyAppraisal = () => apiGet<MyAppraisal[]>('/api/company/appraise/mine')

/** react-query hook of {@link getMyAppraisal}. */
export const useMyAppraisal = () => useQuery({ queryKey: [...COMPANY_KEY, 'appraisal'], queryFn: getMyAppraisal })
