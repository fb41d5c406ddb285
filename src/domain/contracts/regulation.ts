/**
 * 整治提升 of the enterprises appraised C and D (docs/domain.md 亩均效益评价: "the remediation of C/D
 * enterprises (/enterprise/regulation: 概况 abstract, 核查 check, 整治方案 plan, 监管 regulatory):
 * each C/D enterprise gets a plan with measures, deadline, owner, progress and an outcome").
 * Endpoints /api/regulation/* (docs/product.md §7), granted by the four pages, limited to the data scope.
 */
import { z } from 'zod'
import { idField, isoDateField, keywordField, textField, yearField, zjRegionCode } from './fields'
import { pageQuery } from './admin'
import type { Page } from './envelope'

const leaf = (l: string) => `/enterprise/regulation/${l}`
/** The four pages (docs/product.md §2 /enterprise/regulation). */
export const REGULATION_PAGES = ['abstract', 'check', 'plan', 'regulatory'].map(leaf)
export const CHECK_PAGES = [leaf('check')]
export const PLAN_PAGES = [leaf('plan'), leaf('regulatory')]

/** 核查结果: whether the appraisal holds for the enterprise on the ground. */
export const CHECK_RESULTS = ['属实', '不属实'] as const
export type CheckResult = (typeof CHECK_RESULTS)[number]

/** 整治目标 / 结果 (docs/domain.md: 提升 to a higher class, 兼并重组, 腾退, 关停淘汰). */
export const PLAN_TARGETS = ['提升', '兼并重组', '腾退', '关停淘汰'] as const
export type PlanTarget = (typeof PLAN_TARGETS)[number]
/** How a plan ended: its target reached (one of the targets) or 未达成. */
export const PLAN_OUTCOMES = [...PLAN_TARGETS, '未达成'] as const
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number]

/** A plan's state: 实施中, 已逾期 (past its deadline, not closed) or 已办结. */
export const PLAN_STATES = ['实施中', '已逾期', '已办结'] as const
export type PlanState = (typeof PLAN_STATES)[number]

const year = yearField
const regionCode = zjRegionCode
const keyword = keywordField
const id = idField
const isoDate = isoDateField
const text = textField

/** GET /api/regulation/abstract */
export const regulationFilterQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })

/** One county of the abstract (or 合计). */
export interface RegulationAbstractRow {
  code: string
  name: string
  /** enterprises appraised C / D in the year */
  classC: number
  classD: number
  /** of them: checked, found to hold (属实), with a plan, plans closed, plans overdue */
  checked: number
  confirmed: number
  planned: number
  closed: number
  overdue: number
  /** closed plans that reached 提升 */
  improved: number
}

/** GET /api/regulation/abstract */
export interface RegulationAbstract {
  year: number
  rows: RegulationAbstractRow[]
  total: RegulationAbstractRow
  /** closed plans by outcome */
  outcomes: { outcome: PlanOutcome; count: number }[]
}

/** GET /api/regulation/targets: the C and D enterprises of a year with their check and plan. */
export const targetListQuery = pageQuery(['name', 'taxPerMu'] as const).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  class: z.enum(['C', 'D'], { error: '评价类别 class 应为 C 或 D' }).optional(),
  checked: z.enum(['yes', 'no'], { error: '核查状态 checked 应为 yes 或 no' }).optional(),
  planned: z.enum(['yes', 'no'], { error: '方案状态 planned 应为 yes 或 no' }).optional(),
})
export type TargetListQuery = z.infer<typeof targetListQuery>

/** One C or D enterprise. */
export interface RegulationTarget {
  enterpriseId: number
  name: string
  creditCode: string
  countyName: string | null
  industryName: string | null
  class: 'C' | 'D'
  taxPerMu: number | null
  /** the latest check of the year, if any */
  check: { result: CheckResult; note: string; date: string; actor: string } | null
  /** the live plan of the year, if any */
  plan: { id: number; target: PlanTarget; deadline: string; progress: number; state: PlanState } | null
}

/** GET /api/regulation/targets */
export interface TargetList {
  year: number
  page: Page<RegulationTarget>
}

/** POST /api/regulation/check */
export const checkBody = z.object({
  enterpriseId: id('企业编号 enterpriseId '),
  year: year,
  result: z.enum(CHECK_RESULTS, { error: '核查结果 result 应为 属实 或 不属实' }),
  date: isoDate('核查日期 date '),
  note: z.string().trim().max(500, '核查说明 note 最多500个字').default(''),
})
export type CheckBody = z.input<typeof checkBody>

/** POST /api/regulation/plan/add */
export const planAddBody = z.object({
  enterpriseId: id('企业编号 enterpriseId '),
  year: year,
  target: z.enum(PLAN_TARGETS, { error: `整治目标 target 应为 ${PLAN_TARGETS.join('、')} 之一` }),
  measures: text('整治措施 measures ', 1000),
  owner: text('责任单位 owner ', 100),
  deadline: isoDate('完成期限 deadline '),
})
export type PlanAddBody = z.input<typeof planAddBody>

/** POST /api/regulation/plan/update (not after it is closed) */
export const planUpdateBody = z.object({
  id: id('方案编号 id '),
  target: z.enum(PLAN_TARGETS, { error: `整治目标 target 应为 ${PLAN_TARGETS.join('、')} 之一` }).optional(),
  measures: text('整治措施 measures ', 1000).optional(),
  owner: text('责任单位 owner ', 100).optional(),
  deadline: isoDate('完成期限 deadline ').optional(),
})
export type PlanUpdateBody = z.input<typeof planUpdateBody>

/** POST /api/regulation/plan/report: a progress report (监管) */
export const planReportBody = z.object({
  id: id('方案编号 id '),
  progress: z
    .number({ error: '进度 progress 应为数字' })
    .int('进度 progress 应为整数')
    .min(0, '进度 progress 应为0–100')
    .max(100, '进度 progress 应为0–100'),
  date: isoDate('报告日期 date '),
  note: text('进展情况 note ', 1000),
})
export type PlanReportBody = z.input<typeof planReportBody>

/** POST /api/regulation/plan/close: the outcome (办结) */
export const planCloseBody = z.object({
  id: id('方案编号 id '),
  outcome: z.enum(PLAN_OUTCOMES, { error: `整治结果 outcome 应为 ${PLAN_OUTCOMES.join('、')} 之一` }),
  date: isoDate('办结日期 date '),
  note: z.string().trim().max(1000, '办结说明 note 最多1000个字').default(''),
})
export type PlanCloseBody = z.input<typeof planCloseBody>

/** POST /api/regulation/plan/delete */
export const planIdBody = z.object({ id: id('方案编号 id ') })
/** GET /api/regulation/plan */
export const planIdQuery = z.object({ id: z.coerce.number({ error: '方案编号 id 应为数字' }).int().positive('方案编号 id 应为正整数') })

/** GET /api/regulation/plans */
export const planListQuery = pageQuery(['deadline', 'progress', 'name'] as const).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  state: z.enum(PLAN_STATES, { error: `方案状态 state 应为 ${PLAN_STATES.join('、')} 之一` }).optional(),
  target: z.enum(PLAN_TARGETS, { error: `整治目标 target 应为 ${PLAN_TARGETS.join('、')} 之一` }).optional(),
})
export type PlanListQuery = z.infer<typeof planListQuery>

/** A plan as listed. */
export interface RegulationPlan {
  id: number
  enterpriseId: number
  enterpriseName: string
  creditCode: string
  countyName: string | null
  year: number
  /** the class the plan starts from */
  class: string
  target: PlanTarget
  measures: string
  owner: string
  deadline: string
  progress: number
  state: PlanState
  /** days past the deadline while not closed */
  overdueDays: number
  outcome: PlanOutcome | null
  outcomeDate: string | null
  createdBy: string
  createdAt: string
  updatedAt: string
}

/** GET /api/regulation/plans */
export interface PlanList {
  year: number
  /** under the filters except `state` */
  counts: Record<PlanState, number>
  page: Page<RegulationPlan>
}

/** One progress report of a plan. */
export interface PlanReport {
  progress: number
  date: string
  note: string
  actor: string
  at: string
}

/** GET /api/regulation/plan */
export interface PlanDetail extends RegulationPlan {
  reports: PlanReport[]
  outcomeNote: string
}
