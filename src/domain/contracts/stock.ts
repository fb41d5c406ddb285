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
  GOVERNMENT_REASONS,
  HEARING_OUTCOMES,
  IDLE_CAUSES,
  IDLE_DOCUMENTS,
  IDLE_METHODS,
  isYuanText,
  type DisposalState,
  type HearingOutcome,
  type IdleCause,
  type IdleDocumentKind,
  type IdleGround,
  type IdleMethod,
  type GovernmentReason,
} from '../idle-land'

/** The page whose grant opens every /api/stock endpoint (both entry points, docs/product.md §2). */
export const STOCK_PAGES = ['/system/stock', '/systems/stock']
/** 处置审定 (issue 28): the land 审定 grant — approves 处置决定 and 盘活方案 that others prepared. */
export const LAND_APPROVE_PAGES = ['/land/approve']

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
  /** 闲置 with 征缴土地闲置费: 应缴 and 已缴 in 分 (null / 0 otherwise) */
  feeDueFen: number | null
  feePaidFen: number
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
  /** 土地闲置费 (figures idleFeeDue, idleFeePaid), exact in 分 */
  feeDueFen: number
  feePaidFen: number
  /**
   * 低效用地 of the scope today (figures lowEfficiencyCount, lowEfficiencyAreaMu, idleCount of the
   * current year, 截至今日): the same numbers as the walls and reports — not the page's own
   * population 盘活处置用地 (stockCount), which keeps the 已完成 and the 销号
   */
  lowEfficiency: { year: number; count: number; areaMu: number; idleCount: number }
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
  /** 处置决定书: 批准机关, 报批文号, and its 审定 (待审定 until a second account approves it) */
  approvalAuthority: string
  approvalNo: string
  reviewState: '待审定' | '已审定'
  approvedBy: string | null
  approvedAt: string | null
}

/** A 听证告知 and its outcome (办法 第十五条). */
export interface IdleHearing {
  id: number
  /** the decision the holder was told of */
  method: IdleMethod
  noticeNo: string
  noticeDate: string
  /** the last day to ask for a 听证 (working days of the product calendar) */
  deadline: string
  note: string
  noticeBy: string
  outcome: HearingOutcome | null
  outcomeDate: string | null
  requestedDate: string | null
  hearingDate: string | null
  hearingRecord: string
  outcomeBy: string | null
}

/** A fee record (exact in 分). */
export interface IdleFeeRecord {
  id: number
  amountFen: number
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
  /** 第八条 government reason recorded on the case */
  govReason: GovernmentReason | null
  /** whole years idle as of today (the 第十四条 thresholds: one year, two years) */
  idleYears: number
  /** the price the fee was computed from, 分 */
  feeBaseFen: number | null
  /** 应缴土地闲置费 (分), for 征缴土地闲置费: 20 % of the price, computed by the server */
  feeDueFen: number | null
  feePaidFen: number
  /** what is left to pay (分): paying exactly this settles the fee */
  feeLeftFen: number | null
  /** the 听证告知 steps, oldest first; the latest counts */
  hearings: IdleHearing[]
  /** whether the 处置决定书 may be 报批 as far as the 听证告知 goes (the method needs none, or the latest notice of this method is concluded) */
  hearingDone: boolean
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
    /** the price in 分 (rounded half up), the base of the fee */
    supplyPriceFen: number | null
    agreedStartDate: string | null
    actualStartDate: string | null
  }
  kind: StockKind
  state: DisposalState
  /** every idle case of the parcel, the latest first */
  cases: IdleCase[]
  lowEfficiency: LowEfficiencyRecord | null
  /** the 20 % fee the price gives (分), null without a price */
  feeOfPriceFen: number | null
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

const govReason = z.enum(GOVERNMENT_REASONS, {
  error: `政府原因 govReason 应为《闲置土地处置办法》第八条所列之一：${GOVERNMENT_REASONS.join('；')}`,
})

/** POST /api/stock/idle/update: the cause, the 第八条 government reason or the note, kept in the history. */
export const caseUpdateBody = z.object({
  caseId: id('案件编号 caseId '),
  cause: z.enum(IDLE_CAUSES, { error: '闲置原因 cause 应为 企业原因 或 政府原因' }).optional(),
  govReason: govReason.nullish(),
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
  /** 处置决定书: 报批 — the approving authority (批准机关) and its document number (报批文号) */
  approvalAuthority: z.string().trim().max(60, '批准机关 approvalAuthority 最多60个字').default(''),
  approvalNo: z.string().trim().max(60, '报批文号 approvalNo 最多60个字').default(''),
})
export type DocumentBody = z.input<typeof documentBody>

/** POST /api/stock/idle/dispose: the disposal (处置方案), before the 处置决定书. */
export const disposeBody = z.object({
  caseId: id('案件编号 caseId '),
  method: z.enum(IDLE_METHODS, { error: `处置方式 method 应为 ${IDLE_METHODS.join('、')} 之一` }),
  date: isoDate('方案日期 date '),
  newStartDate: isoDate('新约定动工日期 newStartDate ').nullish(),
  detail: note('方案内容 detail '),
  /** 第八条 government reason, recorded on the case with the plan */
  govReason: govReason.nullish(),
})
export type DisposeBody = z.input<typeof disposeBody>

/** A payment in 元 with at most two decimals, as text or number (turned into 分 on its digits, never through a float). */
const yuan = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}应为金额（元）` })
    .refine((v) => isYuanText(v), `${label}应为以元为单位、最多两位小数的金额`)
    .refine((v) => Number(v) > 0, `${label}应大于0`)
    .refine((v) => Number(v) <= 1e11, `${label}过大`)

/** POST /api/stock/idle/fee: a payment of 土地闲置费, in 元. */
export const feeBody = z.object({
  caseId: id('案件编号 caseId '),
  amountYuan: yuan('缴纳金额 amountYuan '),
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

/** POST /api/stock/idle/hearing/notice: 听证告知 of the intended decision (the case's 处置方案). */
export const hearingNoticeBody = z.object({
  caseId: id('案件编号 caseId '),
  noticeNo: text('听证告知书文号 noticeNo ', 60),
  date: isoDate('告知日期 date '),
  note: note('说明 note '),
})
export type HearingNoticeBody = z.input<typeof hearingNoticeBody>

/** POST /api/stock/idle/hearing/outcome: how the 听证告知 ended. */
export const hearingOutcomeBody = z.object({
  caseId: id('案件编号 caseId '),
  outcome: z.enum(HEARING_OUTCOMES, { error: `听证结果 outcome 应为 ${HEARING_OUTCOMES.join('、')} 之一` }),
  date: isoDate('登记日期 date '),
  requestedDate: isoDate('申请听证日期 requestedDate ').nullish(),
  hearingDate: isoDate('听证日期 hearingDate ').nullish(),
  record: note('听证笔录/放弃声明 record '),
})
export type HearingOutcomeBody = z.input<typeof hearingOutcomeBody>

/** 审定 actions on a 处置决定 or a 盘活方案 waiting for it. */
export const REVIEW_ACTIONS = ['审定通过', '退回'] as const
export type ReviewAction = (typeof REVIEW_ACTIONS)[number]

/** POST /api/landApprove/decision: 审定 of a 处置决定 (a second account holding /land/approve). */
export const decisionReviewBody = z.object({
  caseId: id('案件编号 caseId '),
  action: z.enum(REVIEW_ACTIONS, { error: '审定 action 应为 审定通过 或 退回' }),
  note: note('审定意见 note '),
})
export type DecisionReviewBody = z.input<typeof decisionReviewBody>

/** POST /api/landApprove/plan: 审核 of a 盘活方案 waiting for it. */
export const planReviewBody = z.object({
  id: id('方案编号 id '),
  action: z.enum(REVIEW_ACTIONS, { error: '审定 action 应为 审定通过 或 退回' }),
  note: note('审定意见 note '),
})
export type PlanReviewBody = z.input<typeof planReviewBody>

/** GET /api/stock/idle/steps, /api/landInefficient/steps: the 办理记录 of one case or plan (format=xlsx exports it). */
export const stepsQuery = z.object({
  id: queryId('编号 id '),
  format: z.enum(['json', 'xlsx'], { error: '格式 format 应为 json 或 xlsx' }).default('json'),
})

/** One step of a 办理记录 (the one contract of every steps endpoint). */
export type { ProceedingStep as ProceedingStepView } from './proceeding'

/** A 处置决定 waiting for 审定 (GET /api/landApprove/list). */
export interface PendingDecision {
  caseId: number
  parcelId: number
  landCode: string
  parcelName: string
  countyName: string | null
  enterpriseName: string | null
  method: IdleMethod
  docNo: string
  date: string
  approvalAuthority: string
  approvalNo: string
  feeDueFen: number | null
  preparedBy: string
  hearing: { noticeNo: string; outcome: HearingOutcome | null } | null
}

/** A 盘活方案 waiting for 审核 (GET /api/landApprove/list). */
export interface PendingPlan {
  id: number
  name: string
  method: string
  countyName: string | null
  landCodes: string[]
  startDate: string
  deadline: string
  author: string
  submittedBy: string | null
}

/** GET /api/landApprove/list: what waits for the land 审定. */
export interface LandApproveList {
  decisions: PendingDecision[]
  plans: PendingPlan[]
}

/** Answers of the list endpoints. */
export type StockList = Page<StockRow>
export type CandidateList = Page<IdleCandidate>
