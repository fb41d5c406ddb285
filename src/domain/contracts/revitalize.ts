/**
 * 低效用地再开发 (docs/domain.md 低效用地): the 台账, the 盘活处置 plans (phcz), their progress reports
 * (phczReport), 督办, effects and yearly tasks. Endpoints /api/landInefficient/*, /api/revitalize/*
 * and /api/phczReport/* (docs/api.md), granted by the five pages of /land/revitalize and /land/result,
 * limited to the data scope.
 */
import { z } from 'zod'
import { INT4_MAX, pageQuery } from './admin'
import type { Page } from './envelope'
import {
  DETAIL_FIELDS,
  LEDGER_STATES,
  PLAN_ACTION_NAMES,
  PLAN_METHODS,
  PLAN_STATES,
  STATUS_AFTER_CHOICES,
  type LedgerState,
  type PlanMethod,
  type PlanRisk,
  type PlanState,
} from '../revitalize'

const revitalize = (l: string) => `/land/revitalize/${l}`
const result = (l: string) => `/land/result/${l}`
/** The five pages (docs/product.md §2 /land/revitalize, /land/result). */
export const ALL_REVITALIZE_PAGES = [
  revitalize('revitalizeAbstract'),
  revitalize('revitalizePlan'),
  revitalize('revitalizeRegulatory'),
  result('resultAbstract'),
  result('resultMap'),
]
/** Pages that confirm 台账 entries and make plans. */
export const PLAN_EDIT_PAGES = [revitalize('revitalizePlan')]
/** Pages that supervise running plans: reports, 督办, 办结. */
export const SUPERVISE_PAGES = [revitalize('revitalizePlan'), revitalize('revitalizeRegulatory')]
/** Pages that set the county tasks (盘活概况). */
export const TASK_PAGES = [revitalize('revitalizeAbstract')]
/** Pages of the effects. */
export const EFFECT_PAGES = [revitalize('revitalizeAbstract'), result('resultAbstract'), result('resultMap')]

const year = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')
const regionCode = z.string({ error: '区划代码 regionCode 应为文本' }).regex(/^33\d{4}$/, '区划代码 regionCode 应为浙江省6位行政区划代码')
const keyword = z.string().trim().max(50, '关键字 keyword 最多50个字').optional()
const id = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .max(INT4_MAX, `${label}不能大于${INT4_MAX}`)
const isoDate = (label: string) =>
  z
    .string({ error: `${label}必填` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}应为 YYYY-MM-DD 格式的日期`)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${label}不是有效日期`,
    )
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必填` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多${max}个字`)
const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}应为文本` })
    .trim()
    .max(max, `${label}最多${max}个字`)
const amount = (label: string, max = 1e9) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能大于${max}`)

// ---- 台账 ----

/** GET /api/landInefficient/getRevitalizeList: the results of an evaluation run to review. */
export const reviewListQuery = pageQuery(['score', 'area'] as const).extend({
  runId: id('评价批次 runId ').optional(),
  keyword,
  regionCode: regionCode.optional(),
  /** 待认定 (flagged, no entry yet), 已认定, 复核剔除 */
  review: z.enum(['待认定', '已认定', '复核剔除'], { error: '认定状态 review 应为 待认定、已认定、复核剔除 之一' }).optional(),
})

/** One result of the run to review. */
export interface ReviewRow {
  parcelId: number
  landCode: string
  parcelName: string
  countyName: string | null
  enterpriseName: string | null
  status: string
  areaMu: number
  score: number
  criteria: string[]
  ledger: { id: number; state: LedgerState } | null
}

/** GET /api/landInefficient/getRevitalizeList */
export interface ReviewList {
  run: { id: number; year: number; modelName: string; runAt: string } | null
  page: Page<ReviewRow>
}

/** POST /api/landInefficient/updateDxyd: confirm (认定) or withdraw (剔除) results of a run into the 台账. */
export const ledgerActionBody = z
  .object({
    action: z.enum(['认定', '剔除'], { error: '操作 action 应为 认定 或 剔除' }),
    runId: id('评价批次 runId '),
    parcelIds: z
      .array(id('地块编号 parcelIds '), { error: '地块 parcelIds 应为编号列表' })
      .min(1, '请至少选择一个地块 parcelIds')
      .max(200, '一次最多处理200个地块 parcelIds'),
    batch: optText('认定批次 batch ', 50).optional(),
    unit: optText('认定单位 unit ', 100).optional(),
    date: isoDate('认定日期 date ').optional(),
    reason: optText('剔除理由 reason ', 500).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === '剔除' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '复核剔除须填写剔除理由 reason' })
  })
export type LedgerActionBody = z.infer<typeof ledgerActionBody>

/** GET /api/landInefficient/getLandIneInfo: the 台账. */
export const ledgerListQuery = pageQuery(['confirmDate', 'area'] as const).extend({
  keyword,
  regionCode: regionCode.optional(),
  state: z.enum(LEDGER_STATES, { error: `台账状态 state 应为 ${LEDGER_STATES.join('、')} 之一` }).optional(),
  parcelId: id('地块编号 parcelId ').optional(),
})

/** One 台账 entry. */
export interface LedgerRow {
  id: number
  parcelId: number
  landCode: string
  parcelName: string
  countyCode: string | null
  countyName: string | null
  enterpriseId: number | null
  enterpriseName: string | null
  parcelStatus: string
  areaMu: number
  batch: string
  criteria: string[]
  score: number | null
  state: LedgerState
  confirmDate: string | null
  confirmUnit: string
  closedDate: string | null
  /** 销号: the method of the plan that closed the entry, and why */
  closedMethod: string | null
  closedReason: string
  withdrawReason: string
  submissionId: number | null
  planId: number | null
  /** the parcel's shape (GeoJSON, WGS84) for the small map of 制定方案, or null without one */
  geometry: unknown
}

/** GET /api/landInefficient/getLandIneInfo */
export interface LedgerList {
  counts: { state: LedgerState; count: number; areaMu: number }[]
  page: Page<LedgerRow>
}

// ---- plans ----

const detailsSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(DETAIL_FIELDS).map(([k, f]) => [
      k,
      f.unit ? amount(`${f.name} details.${k} `).optional() : optText(`${f.name} details.${k} `, 100).optional(),
    ]),
  ) as Record<keyof typeof DETAIL_FIELDS, z.ZodOptional<z.ZodNumber | z.ZodString>>,
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? `方式信息 details 含未知字段：${iss.keys.join('、')}` : '方式信息 details 应为对象',
  },
)

const milestoneSchema = z.object({
  name: text('节点名称 milestones.name ', 100),
  dueDate: isoDate('节点日期 milestones.dueDate '),
  doneDate: isoDate('完成日期 milestones.doneDate ').nullable().optional(),
})

const planFields = {
  name: text('方案名称 name ', 100),
  method: z.enum(PLAN_METHODS, { error: `盘活方式 method 应为 ${PLAN_METHODS.join('、')} 之一` }),
  subMethod: optText('细分方式 subMethod ', 10).optional(),
  parcels: z
    .array(z.object({ parcelId: id('地块编号 parcels.parcelId '), plannedAreaMu: amount('计划面积 parcels.plannedAreaMu ', 1e6) }), {
      error: '地块 parcels 应为列表',
    })
    .min(1, '方案至少包含一个地块 parcels')
    .max(50, '一个方案最多50个地块 parcels'),
  targetPlotRatio: amount('目标容积率 targetPlotRatio ', 20).nullable().optional(),
  targetBuildingM2: amount('新增建筑面积 targetBuildingM2 ').nullable().optional(),
  targetInvestment: amount('新增投资 targetInvestment ').nullable().optional(),
  targetTax: amount('预计新增税收 targetTax ').nullable().optional(),
  targetOutput: amount('预计新增产值 targetOutput ').nullable().optional(),
  details: detailsSchema.default({}),
  startDate: isoDate('开始日期 startDate '),
  deadline: isoDate('完成期限 deadline '),
  respUnit: text('责任单位 respUnit ', 100),
  respPerson: text('责任人 respPerson ', 50),
  note: optText('备注 note ', 1000).default(''),
  milestones: z.array(milestoneSchema, { error: '节点 milestones 应为列表' }).max(20, '最多20个节点 milestones').default([]),
}

/** POST /api/landInefficient/addRevitalPlan: a new plan (草稿, or 待审核 with `submit`). */
export const planAddBody = z.object({ ...planFields, submit: z.boolean({ error: '提交 submit 应为 true 或 false' }).default(false) })
export type PlanAddBody = z.input<typeof planAddBody>
export type PlanFields = z.infer<typeof planAddBody>

/** POST /api/landInefficient/update: changes a plan (草稿 / 待审核 / 实施中), with history. */
export const planUpdateBody = z.object({ id: id('方案编号 id '), ...planFields })
export type PlanUpdateBody = z.input<typeof planUpdateBody>

/** POST /api/landInefficient/deletePhcz (drafts only). */
export const planIdBody = z.object({ id: id('方案编号 id ') })
/** GET /api/landInefficient/getPhPage */
export const planIdQuery = z.object({ id: id('方案编号 id ') })

/** POST /api/landInefficient/checkPhcz: a state change. */
export const planActionBody = z.object({
  id: id('方案编号 id '),
  action: z.enum(PLAN_ACTION_NAMES, { error: `操作 action 应为 ${PLAN_ACTION_NAMES.join('、')} 之一` }),
  note: optText('说明 note ', 500).default(''),
})

/** GET /api/landInefficient/getWnrList: confirmed entries not yet in a plan. */
export const unplannedListQuery = pageQuery(['confirmDate', 'area'] as const).extend({ keyword, regionCode: regionCode.optional() })

/** GET /api/landInefficient/getNrList: the plans. */
export const planListQuery = pageQuery(['deadline', 'progress', 'startDate'] as const).extend({
  keyword,
  regionCode: regionCode.optional(),
  state: z.enum(PLAN_STATES, { error: `方案状态 state 应为 ${PLAN_STATES.join('、')} 之一` }).optional(),
  method: z.enum(PLAN_METHODS, { error: `盘活方式 method 应为 ${PLAN_METHODS.join('、')} 之一` }).optional(),
  year: year.optional(),
})

/** One plan in a list. */
export interface PlanRow {
  id: number
  name: string
  method: PlanMethod
  subMethod: string | null
  state: PlanState
  progress: number
  countyCode: string | null
  countyName: string | null
  enterpriseName: string | null
  parcelCount: number
  landCodes: string[]
  plannedAreaMu: number
  startDate: string
  deadline: string
  respUnit: string
  respPerson: string
  completedDate: string | null
  lastReportDate: string | null
  regulationPlanId: number | null
}

/** GET /api/landInefficient/getNrList */
export interface PlanList {
  counts: { state: PlanState; count: number }[]
  page: Page<PlanRow>
}

/** A plan with everything about it. */
export interface PlanDetail extends PlanRow {
  targetPlotRatio: number | null
  targetBuildingM2: number | null
  targetInvestment: number | null
  targetTax: number | null
  targetOutput: number | null
  details: Record<string, string | number>
  note: string
  acceptedDate: string | null
  stoppedReason: string | null
  effects: PlanEffects | null
  /** what 办结 wrote to the parcels (docs/domain.md 盘活的效果), null before 办结 */
  outcome: {
    statusAfter: string | null
    holder: { id: number; name: string; creditCode: string } | null
    landUseAfter: string | null
    planningUseAfter: string | null
    plotRatioAfter: number | null
  } | null
  submissionId: number | null
  parcels: {
    parcelId: number
    ledgerId: number | null
    landCode: string
    name: string
    areaMu: number
    plannedAreaMu: number
    status: string
    /** the parcel's shape (GeoJSON, WGS84), or null without one */
    geometry: unknown
  }[]
  milestones: { id: number; name: string; dueDate: string; doneDate: string | null }[]
  reports: ReportRow[]
  supervisions: SupervisionRow[]
  history: { action: string; changes: { field: string; label: string; before: unknown; after: unknown }[]; actor: string; at: string }[]
  risk: PlanRisk
}

/** The actual effects of a done plan (catalogue figures, docs/domain.md 低效用地). */
export interface PlanEffects {
  freedAreaMu: number | null
  newBuildingM2: number | null
  newInvestment: number | null
  newTax: number | null
  newOutput: number | null
  plotRatioBefore: number | null
  plotRatioAfter: number | null
  taxPerMuBefore: number | null
  taxPerMuAfter: number | null
}

// ---- progress, supervision ----

/** POST /api/phczReport/save: a progress report; date and percentage never go back. */
export const reportSaveBody = z.object({
  planId: id('方案编号 planId '),
  reportDate: isoDate('报告日期 reportDate '),
  progress: z
    .number({ error: '进度 progress 应为数字' })
    .int('进度 progress 应为整数')
    .min(0, '进度 progress 不能小于0')
    .max(100, '进度 progress 不能大于100'),
  doneItems: text('完成事项 doneItems ', 1000),
  difficulties: optText('困难 difficulties ', 1000).default(''),
  nextSteps: optText('下步计划 nextSteps ', 1000).default(''),
  photoIds: z.array(id('照片 photoIds '), { error: '照片 photoIds 应为编号列表' }).max(9, '最多9张照片 photoIds').default([]),
})
export type ReportSaveBody = z.input<typeof reportSaveBody>

/** POST /api/phczReport/update: changes the latest report of a plan. */
export const reportUpdateBody = reportSaveBody.omit({ planId: true }).extend({ id: id('报告编号 id ') })
/** POST /api/phczReport/delete: deletes the latest report of a plan. */
export const reportIdBody = z.object({ id: id('报告编号 id ') })
/** GET /api/phczReport/photo: one photo of a report. */
export const reportPhotoQuery = z.object({ reportId: id('报告编号 reportId '), fileId: id('照片编号 fileId ') })
/** Pictures a progress report takes (POST /api/phczReport/upload). */
export const REPORT_PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const

/** One report. */
export interface ReportRow {
  id: number
  reportDate: string
  progress: number
  doneItems: string
  difficulties: string
  nextSteps: string
  photoIds: number[]
  /** the photos' names and sizes, in the order of photoIds */
  photos: { id: number; name: string; size: number }[]
  actor: string
  createdAt: string
}

/** One 督办. */
export interface SupervisionRow {
  id: number
  content: string
  replyDeadline: string
  issuedBy: string
  issuedAt: string
  reply: string | null
  repliedAt: string | null
  overdue: boolean
}

/** GET /api/phczReport/getList: the running plans by risk, highest first. */
export const superviseListQuery = pageQuery(['deadline'] as const).extend({
  keyword,
  regionCode: regionCode.optional(),
  level: z.enum(['高', '中', '低', '无'], { error: '风险等级 level 应为 高、中、低、无 之一' }).optional(),
})

/** One plan under supervision. */
export interface SuperviseRow extends PlanRow {
  risk: PlanRisk
  openSupervisions: number
}

/** GET /api/phczReport/getList */
export interface SuperviseList {
  counts: { level: PlanRisk['level']; count: number }[]
  page: Page<SuperviseRow>
}

/** POST /api/phczReport/updatePhcz: 督办, its reply, or 办结 with the actual effects. */
export const superviseBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('督办'),
      planId: id('方案编号 planId '),
      content: text('督办内容 content ', 1000),
      replyDeadline: isoDate('回复期限 replyDeadline '),
    }),
    z.object({ action: z.literal('回复'), supervisionId: id('督办编号 supervisionId '), reply: text('回复内容 reply ', 1000) }),
    z.object({
      action: z.literal('办结'),
      planId: id('方案编号 planId '),
      completedDate: isoDate('办结日期 completedDate '),
      freedAreaMu: amount('腾出面积 freedAreaMu ', 1e6).nullable().optional(),
      newBuildingM2: amount('新增建筑面积 newBuildingM2 ').nullable().optional(),
      newInvestment: amount('新增投资 newInvestment ').nullable().optional(),
      plotRatioAfter: amount('盘活后容积率 plotRatioAfter ', 20).nullable().optional(),
      buildingAreaAfter: amount('盘活后建筑面积 buildingAreaAfter ').nullable().optional(),
      holderCreditCode: z
        .string({ error: '新用地单位 holderCreditCode 应为文本' })
        .trim()
        .toUpperCase()
        .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, '新用地单位 holderCreditCode 应为18位统一社会信用代码')
        .nullable()
        .optional(),
      landUseAfter: z
        .string({ error: '盘活后现状地类 landUseAfter 应为文本' })
        .regex(/^\d{4}$/, '盘活后现状地类 landUseAfter 应为4位地类代码')
        .nullable()
        .optional(),
      planningUseAfter: z
        .string({ error: '盘活后规划用途 planningUseAfter 应为文本' })
        .regex(/^\d{4}(\d{2})?$/, '盘活后规划用途 planningUseAfter 应为4或6位用途代码')
        .nullable()
        .optional(),
      statusAfter: z
        .enum(STATUS_AFTER_CHOICES, { error: `盘活后地块状态 statusAfter 应为 ${STATUS_AFTER_CHOICES.join('、')} 之一` })
        .nullable()
        .optional(),
      resultNote: optText('办结说明 resultNote ', 1000).default(''),
    }),
  ],
  { error: '操作 action 应为 督办、回复、办结 之一' },
)
export type SuperviseBody = z.input<typeof superviseBody>

// ---- tasks, overview, effects, map ----

/** POST /api/landInefficient/editPhczTask: the 盘活任务 of a county and year. */
export const taskBody = z.object({
  countyCode: regionCode,
  year,
  taskMu: amount('盘活任务 taskMu ', 1e6),
})

/** GET /api/landInefficient/areaList, /api/revitalize/getOverView, getEffect, getPhMap */
export const yearQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })
/** GET /api/landInefficient/getEffect (format=xlsx exports). */
export const effectQuery = yearQuery.extend({
  format: z.enum(['json', 'xlsx'], { error: '格式 format 应为 json 或 xlsx' }).default('json'),
  method: z.enum(PLAN_METHODS, { error: `盘活方式 method 应为 ${PLAN_METHODS.join('、')} 之一` }).optional(),
})

/** One county of a year: 台账, plans, task and completion. */
export interface CountyRow {
  code: string
  name: string
  ledgerCount: number
  ledgerAreaMu: number
  unplannedCount: number
  planCount: number
  runningCount: number
  overdueCount: number
  doneCount: number
  doneAreaMu: number
  taskMu: number | null
  /** 完成率 %: done area ÷ task (null without a task) */
  completionRate: number | null
}

/** GET /api/revitalize/getOverView */
export interface RevitalizeOverview {
  year: number
  kpis: {
    ledgerCount: number
    ledgerAreaMu: number
    planCount: number
    runningCount: number
    overdueCount: number
    doneCount: number
    freedAreaMu: number
    taskMu: number
    completionRate: number | null
  }
  counties: CountyRow[]
  methods: { method: PlanMethod; count: number; areaMu: number; doneCount: number }[]
  states: { state: PlanState; count: number }[]
}

/** One done plan's effects in the list of 成效概况. */
export interface EffectRow extends PlanEffects {
  planId: number
  name: string
  method: PlanMethod
  countyName: string | null
  completedDate: string
  year: number
}

/** GET /api/landInefficient/getEffect */
export interface EffectSummary {
  year: number
  total: PlanEffects & { planCount: number }
  byYear: ({ year: number; planCount: number } & PlanEffects)[]
  byCounty: ({ code: string; name: string; planCount: number } & PlanEffects)[]
  byMethod: ({ method: PlanMethod; planCount: number } & PlanEffects)[]
  plans: EffectRow[]
}

/** One parcel of a done plan on 成效地图. */
export interface EffectMapFeature {
  planId: number
  planName: string
  method: PlanMethod
  parcelId: number
  landCode: string
  name: string
  year: number
  completedDate: string
  geometry: unknown
  effects: PlanEffects
}

/** GET /api/revitalize/getPhMap */
export interface EffectMap {
  year: number | null
  features: EffectMapFeature[]
}
