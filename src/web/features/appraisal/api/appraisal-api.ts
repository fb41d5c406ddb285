/** 亩均效益评价 calls: /api/companyAppraise/*, /api/appraiseNorm/*, /api/appraiseResult/* (docs/api.md). */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AppraisalBatch, AppraisalHistory, AppraisalResultRow, ClosedYear, Restatement } from '../../../../domain/contracts/appraisal'
import type { Page } from '../../../../domain/contracts/envelope'
import type { AppraisalModelSpec } from '../../../../domain/appraisal-run'
import { apiDownloadGet, apiGet, apiUpload, saveBlob } from '../../../core/api'
import { postSaying } from '../../../core/post-saying'

/** react-query key of every appraisal query (writes refresh it whole). */
export const APPRAISAL_KEY = ['appraisal'] as const

type Q = Record<string, string | number | undefined>

const hook =
  <T>(name: string, url: string) =>
  (q: Q, enabled = true) =>
    useQuery({ queryKey: [...APPRAISAL_KEY, name, q], queryFn: () => apiGet<T>(url, q), placeholderData: keepPreviousData, enabled })

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
    /** a closed year: the value as published (absent while the year is open) */
    publishedValue?: number | null
    /** the approved 更正 standing on this value (已更正) */
    restated: Restatement | null
    /** the 更正 waiting for 评价审定 */
    pending: Restatement | null
  }[]
  history: { item: string; name: string; oldValue: number | null; newValue: number | null; reason: string; actor: string; at: string }[]
  /** the published batch that closed the year (null: open, corrected at once) */
  closed: ClosedYear | null
  restatements: Restatement[]
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
  /** 企业: filed by the enterprise account; 代登记: registered by an official */
  channel: '企业' | '代登记'
  content: string
  state: '待审' | '维持' | '采纳'
  decision: string
  createdBy: string
  /** the account that registered it: it cannot decide it (四眼) */
  createdUserId: number | null
  createdAt: string
  reviewedBy: string
  reviewedAt: string | null
  attachments: { id: number; name: string; size: number }[]
}

/** 同比: the class migration base year → year, the class counts, the moves and the catalogue figures of both years. */
export interface Compare {
  year: number
  base: number
  matrix: { from: string; to: Record<string, number>; left: number }[]
  counts: { base: Record<string, number>; year: Record<string, number> }
  moves: { up: number; same: number; down: number; entered: number; left: number }
  alerts: { droppedTwoOrMore: number }
  figures: {
    key: string
    name: string
    unit: string
    base: number | null
    year: number | null
    change: number | null
    rate: number | null
  }[]
}

/** 企业评价卡 GET /api/appraiseResult/detail */
export interface ResultCard {
  batch: AppraisalBatch
  result: AppraisalResultRow
  items: {
    item: string
    name: string
    unit: string
    source: string
    value: number | null
    current: number | null
    changed: boolean
    reportedDate: string | null
    updatedBy: string | null
  }[]
  history: InputDetail['history']
  events: { name: string; evidence: string; evidenceDate: string | null }[]
}
export const useResultCard = hook<ResultCard>('card', '/api/appraiseResult/detail')

/** One 加减分 / 一票否决 event. */
export interface EventRow {
  id: number
  enterpriseId: number
  enterpriseName: string
  creditCode: string
  countyName: string | null
  year: number
  name: string
  kind: '加分' | '减分' | '一票否决' | '未列入模型'
  points: number | null
  evidence: string
  evidenceDate: string | null
  note: string
  updatedBy: string
  updatedAt: string | null
}
/** 加减分事项 GET /api/companyAppraise/events */
export const useEvents = hook<Page<EventRow>>('events', '/api/companyAppraise/events')
/** 模型事项 GET /api/companyAppraise/eventItems */
export const useEventItems = hook<{ name: string; kind: string; points: number | null }[]>('eventItems', '/api/companyAppraise/eventItems')
/** 事项变更 GET /api/companyAppraise/eventHistory */
export const useEventHistory = hook<
  {
    id: number
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    reason: string
    actor: string
    at: string
  }[]
>('eventHistory', '/api/companyAppraise/eventHistory')
/** 登记/修改事项 POST /api/companyAppraise/eventSave */
export const saveEvent = (body: unknown) => postSaying<{ id: number }>('/api/companyAppraise/eventSave', body)
/** 删除事项 POST /api/companyAppraise/eventDelete */
export const deleteEvent = (body: unknown) => postSaying<null>('/api/companyAppraise/eventDelete', body)
/** 上传异议附件 POST /api/appraiseResult/objection/upload (multipart: file) */
export const uploadObjectionFile = (form: FormData) =>
  apiUpload<{ id: number; name: string; size: number }>('/api/appraiseResult/objection/upload', form)

export const useCompleteness = hook<{ year: number; rows: CompletenessRow[] }>('completeness', '/api/companyAppraise/completeness')
export const useInputList = hook<Page<InputRow>>('inputs', '/api/companyAppraise/list')
export const useInputDetail = hook<InputDetail>('input', '/api/companyAppraise/inputs')
/** The demo's past years still being published after the start: asked again every 10 s while pending. */
export const useAppraisalHistory = () =>
  useQuery({
    queryKey: [...APPRAISAL_KEY, 'history'],
    queryFn: () => apiGet<AppraisalHistory>('/api/appraiseResult/history'),
    refetchInterval: (q) => (q.state.data?.pending ? 10_000 : false),
  })

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
    /** every D */
    d: number
    /** D by rank or score line: what is compared with the quota */
    dByRank: number
    /** the D the quota allows (Σ over the scales of round(n × quota %)) */
    allowed: number
    /** D by 亩均税收 below the floor and by 一票否决: shown, not compared */
    dTaxFloor: number
    dVeto: number
    dByTrigger: number
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
/** One saved version of a model: a draft 待审定, in force (生效) once approved by another account, or 退回 with the reason. */
export interface ModelVersion {
  id: number
  countyCode: string | null
  scale: string
  effectiveYear: number
  version: number
  note: string
  createdBy: string
  createdAt: string
  status: '待审定' | '生效' | '退回'
  approvedBy: string | null
  decisionNote: string | null
}
export const useModels = hook<{ year: number; countyCode: string | null; models: ModelInForce[]; versions: ModelVersion[] }>(
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
