/**
 * 盘活处置 /api/stock/* (docs/api.md "盘活处置"): the 低效 and 闲置 land of the user's region with its
 * disposal state — list, stats by county and state, map, a parcel's records — and the 闲置土地
 * procedure: cases, documents, disposal, 土地闲置费 and completion. Granted by /system/stock.
 */
import { z } from 'zod'
import { idField, isoDateField, keywordField, queryIdField, textField, zjRegionCode } from './fields'
import { pageQuery } from './admin'
import type { Page } from './envelope'
import {
  DISPOSAL_STATES,
  IDLE_CAUSES,
  IDLE_DOCUMENTS,
  IDLE_METHODS,
  type DisposalState,
  type IdleCause,
  type IdleDocumentKind,
  type IdleGround,
  type IdleMethod,
} from '../idle-land'

/** The page whose grant opens every /api/stock endpoint (both entry points, docs/product.md §2). */
export const STOCK_PAGES = ['/system/stock', '/systems/stock']

/** 低效 or 闲置 (a parcel with an idle case counts as 闲置). */
export const STOCK_KINDS = ['低效', '闲置'] as const
export type StockKind = (typeof STOCK_KINDS)[number]

const regionCode = zjRegionCode
const keyword = keywordField
const id = idField
const queryId = queryIdField
const isoDate = isoDateField
const text = textField
const note = (label: string) => z.string().trim().max(500, `${label}最多500个字`).default('')
const amount = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .finite(`${label}应为数字`)
    .positive(`${label}应大于0`)
    .max(1e9, `${label}过大`)
const measure = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .finite(`${label}应为数字`)
    .min(0, `${label}不能为负数`)
    .max(1e10, `${label}过大`)

/** The filters of the list, the map and the export. */
export const stockFilter = z.object({
  regionCode: regionCode.optional(),
  keyword,
  kind: z.enum(STOCK_KINDS, { error: '类型 kind 应为 低效 或 闲置' }).optional(),
  state: z.enum(DISPOSAL_STATES, { error: `处置状态 state 应为 ${DISPOSAL_STATES.join('、')} 之一` }).optional(),
})
export type StockFilter = z.infer<typeof stockFilter>

/** GET /api/stock/list */
export const stockListQuery = pageQuery(['areaMu', 'landCode', 'state'] as const).extend(stockFilter.shape)
export type StockListQuery = z.input<typeof stockListQuery>

/** One 低效 or 闲置 parcel with its disposal state. */
export interface StockRow {
  parcelId: number
  landCode: string
  name: string
  countyName: string | null
  areaMu: number
  status: string
  enterpriseName: string | null
  kind: StockKind
  state: DisposalState
  /** the 闲置 case or the 低效 plan's method */
  method: string | null
  caseId: number | null
  ledgerId: number | null
  planId: number | null
  /** 闲置: the last document issued */
  lastDocument: IdleDocumentKind | null
}

/** GET /api/stock/stats: one county (or 合计) — counts and areas by state (figures stockCount, stockAreaMu). */
export interface StockStatsRow {
  code: string
  name: string
  count: number
  areaMu: number
  byState: Record<DisposalState, { count: number; areaMu: number }>
  byKind: Record<StockKind, { count: number; areaMu: number }>
}

/** GET /api/stock/stats */
export interface StockStats {
  rows: StockStatsRow[]
  total: StockStatsRow
  /** 土地闲置费 (figures idleFeeDue, idleFeePaid) */
  feeDue: number
  feePaid: number
}

/** GET /api/stock/map: the shapes (at most `limit`, largest first) with their disposal state. */
export interface StockMapFeature {
  type: 'Feature'
  geometry: unknown
  properties: { parcelId: number; landCode: string; name: string; kind: StockKind; state: DisposalState; areaMu: number }
}
export interface StockMap {
  type: 'FeatureCollection'
  features: StockMapFeature[]
  total: number
  limit: number
}

/** GET /api/stock/detail */
export const stockDetailQuery = z.object({ parcelId: queryId('地块编号 parcelId ') })

/** A procedure document. */
export interface IdleDocument {
  kind: IdleDocumentKind
  docNo: string
  date: string
  note: string
  submissionId: number | null
  actor: string
}

/** A fee record. */
export interface IdleFeeRecord {
  id: number
  amount: number
  date: string
  receiptNo: string
  note: string
  actor: string
}

/** An idle-land case with everything on it. */
export interface IdleCase {
  id: number
  parcelId: number
  ground: IdleGround
  grounds: string[]
  idleSince: string
  cause: IdleCause
  developedAreaM2: number | null
  invested: number | null
  totalInvestment: number | null
  stoppedSince: string | null
  identifiedDate: string
  note: string
  state: DisposalState
  method: IdleMethod | null
  methodDetail: string
  newStartDate: string | null
  plannedDate: string | null
  /** 应缴土地闲置费 (万元), for 征缴土地闲置费 */
  feeDue: number | null
  feePaid: number
  completedDate: string | null
  completionNote: string
  submissionId: number | null
  documents: IdleDocument[]
  fees: IdleFeeRecord[]
  history: { changes: { field: string; label: string; before: unknown; after: unknown }[]; actor: string; at: string }[]
  createdBy: string
}

/** A 低效 parcel's 台账 entry and plans (read from 低效用地再开发). */
export interface LowEfficiencyRecord {
  ledgerId: number
  state: string
  criteria: string[]
  confirmDate: string | null
  confirmUnit: string
  closedDate: string | null
  disposalState: DisposalState
  plans: { id: number; method: string; state: string; startDate: string | null; deadline: string | null; progress: number | null }[]
}

/** GET /api/stock/detail */
export interface StockDetail {
  parcel: {
    id: number
    landCode: string
    name: string
    countyName: string | null
    areaMu: number
    status: string
    enterpriseName: string | null
    supplyDate: string | null
    supplyPrice: number | null
    agreedStartDate: string | null
    actualStartDate: string | null
  }
  kind: StockKind
  state: DisposalState
  /** every idle case of the parcel, the latest first */
  cases: IdleCase[]
  lowEfficiency: LowEfficiencyRecord | null
  /** the 20 % fee the price gives (万元), null without a price */
  feeOfPrice: number | null
}

/** GET /api/stock/candidates: supplied land past one year after its agreed start date without a start and without an open case. */
export const candidateQuery = pageQuery(['agreedStartDate', 'areaMu'] as const).extend({ regionCode: regionCode.optional(), keyword })
export interface IdleCandidate {
  parcelId: number
  landCode: string
  name: string
  countyName: string | null
  areaMu: number
  status: string
  enterpriseName: string | null
  agreedStartDate: string
  idleYears: number
}

/** POST /api/stock/idle/identify: open a case (立案) with its grounds. */
export const identifyBody = z.object({
  parcelId: id('地块编号 parcelId '),
  cause: z.enum(IDLE_CAUSES, { error: '闲置原因 cause 应为 企业原因 或 政府原因' }),
  date: isoDate('立案日期 date '),
  developedAreaM2: measure('已开发面积 developedAreaM2 ').nullish(),
  invested: measure('已投资额 invested ').nullish(),
  totalInvestment: amount('总投资额 totalInvestment ').nullish(),
  stoppedSince: isoDate('停工日期 stoppedSince ').nullish(),
  note: note('说明 note '),
})
export type IdentifyBody = z.input<typeof identifyBody>

/** POST /api/stock/idle/update: the cause or the note, kept in the history. */
export const caseUpdateBody = z.object({
  caseId: id('案件编号 caseId '),
  cause: z.enum(IDLE_CAUSES, { error: '闲置原因 cause 应为 企业原因 或 政府原因' }).optional(),
  note: z.string().trim().max(500, '说明 note 最多500个字').optional(),
})
export type CaseUpdateBody = z.input<typeof caseUpdateBody>

/** POST /api/stock/idle/document: the next procedure document. */
export const documentBody = z.object({
  caseId: id('案件编号 caseId '),
  kind: z.enum(IDLE_DOCUMENTS, { error: `文书 kind 应为 ${IDLE_DOCUMENTS.join('、')} 之一` }),
  docNo: text('文号 docNo ', 60),
  date: isoDate('发文日期 date '),
  note: note('说明 note '),
})
export type DocumentBody = z.input<typeof documentBody>

/** POST /api/stock/idle/dispose: the disposal (处置方案), before the 处置决定书. */
export const disposeBody = z.object({
  caseId: id('案件编号 caseId '),
  method: z.enum(IDLE_METHODS, { error: `处置方式 method 应为 ${IDLE_METHODS.join('、')} 之一` }),
  date: isoDate('方案日期 date '),
  newStartDate: isoDate('新约定动工日期 newStartDate ').nullish(),
  detail: note('方案内容 detail '),
})
export type DisposeBody = z.input<typeof disposeBody>

/** POST /api/stock/idle/fee: a payment of 土地闲置费. */
export const feeBody = z.object({
  caseId: id('案件编号 caseId '),
  amount: amount('缴纳金额 amount '),
  date: isoDate('缴纳日期 date '),
  receiptNo: text('票据号 receiptNo ', 60),
  note: note('说明 note '),
})
export type FeeBody = z.input<typeof feeBody>

/** POST /api/stock/idle/complete: the disposal is done. */
export const completeBody = z.object({
  caseId: id('案件编号 caseId '),
  date: isoDate('完成日期 date '),
  note: note('完成说明 note '),
})
export type CompleteBody = z.input<typeof completeBody>

/** Answers of the list endpoints. */
export type StockList = Page<StockRow>
export type CandidateList = Page<IdleCandidate>
