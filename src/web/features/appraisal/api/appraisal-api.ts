/** 亩均效益评价 calls: /api/companyAppraise/*, /api/appraiseNorm/*, /api/appraiseResult/* (docs/api.md). */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AppraisalBatch, AppraisalResultRow } from '../../../../domain/contracts/appraisal'
import type { Page } from '../../../../domain/contracts/envelope'
import type { AppraisalModelSpec } from '../../../../domain/appraisal-run'
import { apiDownloadGet, apiGet, apiUpload, saveBlob } from '../../../core/api'
import { postSaying } from '../../../core/post-saying'

/** react-query key of every appraisal query (writes refresh it whole). */
export const APPRAISAL_KEY = ['appraisal'] as const

type Q = Record<string, string | number | undefined>

/** One county's sources: how many of the year's reporting enterprises have each source's data. */
export interface CompletenessRow {
  code: string
  name: string
  reported: number
  sources: { source: string; complete: number; missing: number }[]
}

/** One enterprise's year of inputs. */
export interface InputRow {
  enterpriseId: number
  name: string
  creditCode: string
  scale: string
  countyName: string | null
  tax: number | null
  valueAdded: number | null
  revenue: number | null
  rdExpense: number | null
  energy: number | null
  emissions: number | null
  employees: number | null
  landAreaM2: number | null
  missing: string[]
}

/** The inputs of one enterprise's year with their history. */
export interface InputDetail {
  enterpriseId: number
  name: string
  year: number
  items: {
    item: string
    name: string
    unit: string
    value: number | null
    source: string
    reportedDate: string | null
    updatedBy: string | null
  }[]
  history: { item: string; name: string; oldValue: number | null; newValue: number | null; reason: string; actor: string; at: string }[]
}

/** A model in force and where it came from. */
export interface ModelInForce {
  id: number | null
  countyCode: string | null
  effectiveYear: number | null
  version: number | null
  spec: AppraisalModelSpec
}

/** A norm row. */
export interface NormRow {
  id: number
  countyCode: string
  countyName: string
  year: number
  division: string
  indicator: string
  value: number
  updatedBy: string
  updatedAt: string
}

/** An objection. */
export interface ObjectionRow {
  id: number
  enterpriseId: number
  name: string
  content: string
  state: '待审' | '维持' | '采纳'
  decision: string
  createdBy: string
  createdAt: string
  reviewedBy: string
  reviewedAt: string | null
}

/** The class migration matrix last year → this year. */
export interface Compare {
  year: number
  matrix: { from: string; to: Record<string, number> }[]
  alerts: { droppedTwoOrMore: number }
}

const hook =
  <T>(name: string, url: string) =>
  (q: Q, enabled = true) =>
    useQuery({ queryKey: [...APPRAISAL_KEY, name, q], queryFn: () => apiGet<T>(url, q), placeholderData: keepPreviousData, enabled })

export const useCompleteness = hook<{ year: number; rows: CompletenessRow[] }>('completeness', '/api/companyAppraise/completeness')
export const useInputList = hook<Page<InputRow>>('inputs', '/api/companyAppraise/list')
export const useInputDetail = hook<InputDetail>('input', '/api/companyAppraise/inputs')
export const useBatches = hook<AppraisalBatch[]>('batches', '/api/appraiseResult/batches')
export const useResults = hook<Page<AppraisalResultRow>>('results', '/api/appraiseResult/list')
export const useObjections = hook<ObjectionRow[]>('objections', '/api/appraiseResult/objections')
export const useCompare = hook<Compare>('compare', '/api/appraiseResult/compare')

/** The 评价监测 alerts of a year. */
export interface Alerts {
  year: number
  droppedTwoOrMore: {
    count: number
    rows: { enterpriseId: number; name: string; countyName: string | null; lastClass: string; class: string }[]
  }
  dShareOverQuota: {
    batchId: number
    countyCode: string
    countyName: string
    state: string
    version: number
    total: number
    d: number
    share: number
    quota: number
  }[]
  changedAfterPublicity: {
    count: number
    rows: {
      batchId: number
      state: string
      enterpriseId: number
      name: string
      countyName: string | null
      itemName: string
      oldValue: number | null
      newValue: number | null
      reason: string
      actor: string
      at: string
    }[]
  }
}
/** 评价预警 GET /api/appraiseResult/alerts */
export const useAlerts = hook<Alerts>('alerts', '/api/appraiseResult/alerts')

/** One level of the drill. */
export interface Drill {
  year: number
  level: string
  code: string | null
  name: string
  rows: {
    level: 'city' | 'county' | 'park' | 'enterprise'
    key: string
    name: string
    total: number
    counts: Record<'A' | 'B' | 'C' | 'D', number>
    class?: string
    taxPerMu?: number | null
  }[]
}
/** 下钻 GET /api/appraiseResult/drill */
export const useDrill = hook<Drill>('drill', '/api/appraiseResult/drill')
export const useNorms = hook<Page<NormRow>>('norms', '/api/appraiseNorm/list')
export const useModels = hook<{ year: number; countyCode: string | null; models: ModelInForce[]; versions: Record<string, unknown>[] }>(
  'models',
  '/api/appraiseNorm/models',
)

export const correctInput = (body: unknown) => postSaying<unknown>('/api/companyAppraise/correction', body)
export const saveNorm = (body: unknown) => postSaying<null>('/api/appraiseNorm/save', body)
export const fillMedian = (body: unknown) => postSaying<{ count: number }>('/api/appraiseNorm/median', body)
export const saveModel = (body: unknown) => postSaying<{ id: number; version: number }>('/api/appraiseNorm/modelSave', body)
export const runBatch = (body: unknown) => postSaying<AppraisalBatch>('/api/appraiseResult/run', body)
export const openPublicity = (body: unknown) => postSaying<AppraisalBatch>('/api/appraiseResult/publicity', body)
export const addObjection = (body: unknown) => postSaying<{ id: number }>('/api/appraiseResult/objection/add', body)
export const reviewObjection = (body: unknown) => postSaying<AppraisalBatch>('/api/appraiseResult/objection/review', body)
export const publishBatch = (body: unknown) => postSaying<AppraisalBatch>('/api/appraiseResult/publish', body)

/** 导入年度指标 POST /api/companyAppraise/import (multipart: source, year, file) */
export const importInputs = (form: FormData) =>
  apiUpload<{ rows: number; changed: number; unchanged: number }>('/api/companyAppraise/import', form)
/** 导入评价标准 POST /api/appraiseNorm/import (multipart: file) */
export const importNorms = (form: FormData) => apiUpload<{ rows: number }>('/api/appraiseNorm/import', form)

/** Downloads an export and saves it. */
export async function download(url: string, q: Q, name: string): Promise<void> {
  saveBlob(await apiDownloadGet(url, q), name)
}

/** One enterprise of the 差别化政策 list. */
export interface PolicyRow {
  enterpriseId: number
  name: string
  creditCode: string
  countyName: string | null
  class: string
  electricitySurcharge: number
  waterSurcharge: number
  emissionFeeFactor: number
  landTaxRelief: number
  newLand: string
  energyQuota: string
  credit: string
}

export const usePolicyList = hook<Page<PolicyRow>>('policy', '/api/appraiseResult/policyList')
