/**
 * 亩均效益评价 (docs/domain.md "亩均效益评价", docs/product.md /enterprise/appraise): the inputs by source
 * with corrections (/api/companyAppraise/*), models and norms (/api/appraiseNorm/*), yearly batches
 * 试算 → 公示 → 异议 → 发布 → 归档 with frozen results and objections (/api/appraiseResult/*).
 */
import { z } from 'zod'
import { MODEL_INDICATOR_KEYS, SCALES } from '../appraisal-run'
import { pageQuery } from './admin'
import { QUOTA_TERMS } from '../appraisal-policy'

const leaf = (l: string) => `/enterprise/appraise/${l}`
/** 评价审定 (issue 28): the 审定 grant — 发布 and the approval of model and norm changes. */
export const APPROVE_PAGES = [leaf('approve')]
/** The pages of 亩均评价: every read is granted by any of them. */
export const APPRAISE_PAGES = ['monitoring', 'standard', 'result', 'approve'].map(leaf)
/** Input corrections: 评价监测 (missing data) and 评价结果 (an objection's corrected input). */
export const INPUT_PAGES = [leaf('monitoring'), leaf('result')]
export const STANDARD_PAGES = [leaf('standard')]
export const RESULT_PAGES = [leaf('result')]

/** The input items of an enterprise's year (columns of enterprise_yearly) and their source departments. */
export const INPUT_ITEMS = {
  tax: { name: '实缴税金', unit: '万元', source: '税务' },
  value_added: { name: '工业增加值', unit: '万元', source: '统计' },
  revenue: { name: '营业收入', unit: '万元', source: '统计' },
  rd_expense: { name: 'R&D经费支出', unit: '万元', source: '统计' },
  energy: { name: '综合能耗', unit: '吨标准煤', source: '电力' },
  emissions: { name: '主要污染物排放当量', unit: '吨', source: '环保' },
  employees: { name: '年平均职工人数', unit: '人', source: '人社' },
  land_area_m2: { name: '用地面积', unit: '平方米', source: '自然资源' },
} as const
export type InputItem = keyof typeof INPUT_ITEMS
export const INPUT_ITEM_KEYS = Object.keys(INPUT_ITEMS) as InputItem[]
export const SOURCES = ['税务', '统计', '电力', '环保', '人社', '自然资源'] as const

export const BATCH_STATES = ['试算', '公示', '异议', '发布', '归档'] as const
export type BatchState = (typeof BATCH_STATES)[number]

const year = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')
const countyCode = z.string({ error: '区县 countyCode 必填' }).regex(/^33\d{4}$/, '区县 countyCode 应为浙江省6位区县代码')
const regionCode = z.string({ error: '区划代码 regionCode 应为文本' }).regex(/^33\d{4}$/, '区划代码 regionCode 应为浙江省6位行政区划代码')
const keyword = z.string().trim().max(50, '关键字 keyword 最多50个字').optional()
const id = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必填` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多${max}个字`)
const isoDate = (label: string) => z.string({ error: `${label}必填` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}应为 YYYY-MM-DD 格式的日期`)
const scale = z.enum(SCALES, { error: '规模 scale 应为 规上 或 规下' })
const cls = z.enum(['A', 'B', 'C', 'D'], { error: '类别 class 应为 A、B、C、D 之一' })

/**
 * GET /api/appraiseResult/history: the demo's past years of 亩均评价 still being published after a
 * first start at a province's size (pending false once they all are).
 */
export interface AppraisalHistory {
  pending: boolean
  /** The past years published after the start, oldest first. */
  years: number[]
  /** How many of them are published. */
  done: number
}

// ---- /api/companyAppraise ----

/** GET /api/companyAppraise/list: the enterprises of a year with their inputs and whether they are complete. */
export const inputListQuery = pageQuery(['name', 'tax']).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  scale: scale.optional(),
  missing: z.enum(SOURCES, { error: '来源 missing 应为 税务、统计、电力、环保、人社、自然资源 之一' }).optional(),
})

/** GET /api/companyAppraise/inputs */
export const inputsQuery = z.object({ enterpriseId: id('企业 enterpriseId'), year: year })

/** Pages that add, edit and delete the 加减分 / 一票否决 events (a tab of 评价标准). */
export const EVENT_PAGES = [leaf('standard')]

/** GET /api/companyAppraise/events: the 加减分 / 一票否决 events of a year. */
export const eventListQuery = pageQuery(['name', 'enterprise']).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  name: z.string().trim().max(40, '事项 name 最多40个字').optional(),
})

/** POST /api/companyAppraise/eventSave: a new event (no id) or an edit of one (id, with its reason). */
export const eventSaveBody = z.object({
  id: id('事项 id').optional(),
  enterpriseId: id('企业 enterpriseId'),
  year,
  name: text('事项 name', 40),
  evidence: text('依据 evidence', 200),
  evidenceDate: isoDate('依据日期 evidenceDate').optional(),
  note: z.string().trim().max(200, '说明 note 最多200个字').default(''),
  reason: z.string().trim().max(500, '修改原因 reason 最多500个字').optional(),
})

/** POST /api/companyAppraise/eventDelete */
export const eventDeleteBody = z.object({ id: id('事项 id'), reason: text('删除原因 reason', 500) })

/** GET /api/companyAppraise/eventHistory: the changes of an enterprise's events in a year. */
export const eventHistoryQuery = z.object({ enterpriseId: id('企业 enterpriseId'), year })

/** POST /api/companyAppraise/correction: one input changed, with its reason (kept in the history). */
export const correctionBody = z.object({
  enterpriseId: id('企业 enterpriseId'),
  year,
  item: z.enum(INPUT_ITEM_KEYS as [InputItem, ...InputItem[]], { error: '指标 item 不是可更正的年度指标' }),
  value: z.number({ error: '数值 value 应为数字' }).finite('数值 value 应为有限数字'),
  reason: text('更正原因 reason', 500),
  reportedDate: isoDate('报送日期 reportedDate').optional(),
})

/** GET /api/companyAppraise/template: the import template of one source department, filled with the scope's enterprises. */
export const inputTemplateQuery = z.object({
  source: z.enum(SOURCES, { error: '来源 source 应为 税务、统计、电力、环保、人社、自然资源 之一' }),
  year: year.optional(),
  regionCode: regionCode.optional(),
})

/** POST /api/companyAppraise/import (multipart: file + these fields): one source's inputs of a year from xlsx. */
export const inputImportFields = z.object({
  source: z.enum(SOURCES, { error: '来源 source 应为 税务、统计、电力、环保、人社、自然资源 之一' }),
  year,
})

/** GET /api/companyAppraise/completeness */
export const completenessQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })

// ---- /api/appraiseNorm ----

/** GET /api/appraiseNorm/list */
export const normListQuery = pageQuery(['division', 'indicator']).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  indicator: z.enum(MODEL_INDICATOR_KEYS, { error: '指标 indicator 不是评价指标' }).optional(),
})

/** POST /api/appraiseNorm/save */
export const normSaveBody = z.object({
  countyCode,
  year,
  division: z.string({ error: '行业 division 必填' }).regex(/^[A-T][0-9]{2}$/, '行业 division 应为 GB/T 4754 行业大类代码，如 C34'),
  indicator: z.enum(MODEL_INDICATOR_KEYS, { error: '指标 indicator 不是评价指标' }),
  value: z.number({ error: '基准值 value 应为数字' }).positive('基准值 value 应大于0'),
})

/** POST /api/appraiseApprove/decide: 审定 of a model draft or a norm change by another account. */
export const approvalDecideBody = z.object({
  kind: z.enum(['model', 'norm', 'restatement'], { error: '审定对象 kind 应为 model、norm 或 restatement' }),
  id: id('待审定事项 id'),
  decision: z.enum(['通过', '退回'], { error: '审定结论 decision 应为 通过 或 退回' }),
  note: z.string().trim().max(500, '审定意见 note 最多500个字').default(''),
})

/** GET /api/appraiseApprove/steps: the 办理记录 of a batch, model, norm change or 异议. */
export const stepsQuery = z.object({
  subject: z.enum(['appraisal_batch', 'appraisal_model', 'appraisal_norm', 'objection', 'restatement'], { error: '对象 subject 不正确' }),
  id: id('对象 id'),
})

/** One change of a norm value in a 评价标准 change set. */
export interface NormChangeItem {
  division: string
  indicator: string
  old: number | null
  new: number
}

/** A model draft or a norm change set waiting for 审定 (GET /api/appraiseApprove/pending). */
export interface PendingApproval {
  kind: 'model' | 'norm' | 'restatement'
  id: number
  countyCode: string | null
  countyName: string
  /** model: its effective year; norm: the year of the norms */
  year: number
  title: string
  note: string
  createdBy: string
  createdAt: string
  /** model: the indicators, weights and rules against the model in force; norm: each value old → new */
  diff: { what: string; before: string; after: string }[]
  /** the caller prepared it and cannot approve it */
  own: boolean
}

// ---- 更正 of a closed year (docs/domain.md "Closed years") ----

/** GET /api/appraiseRestatement/marks: the approved 更正 touching a year in the caller's scope (narrowed by regionCode). */
export const restatementMarksQuery = z.object({ year, regionCode: regionCode.optional() })

/** GET /api/appraiseRestatement/list: the 更正 of an enterprise's year (every state). */
export const restatementListQuery = z.object({ enterpriseId: id('企业 enterpriseId'), year })

/** One 更正 of a closed year's input: the value as published, the value it replaced, the new value, who, when and why. */
export interface Restatement {
  id: number
  enterpriseId: number
  enterpriseName: string
  countyName: string | null
  year: number
  /** the published batch that closed the year when it was filed */
  batchId: number
  item: InputItem
  itemName: string
  unit: string
  publishedValue: number | null
  oldValue: number | null
  newValue: number
  reason: string
  status: '待审定' | '已更正' | '退回'
  createdBy: string
  createdAt: string
  decidedBy: string
  decidedAt: string | null
  decisionNote: string
}

/** Whether approved 更正 touch a scope's year ("含已更正数据" beside its figures): how many, of how many enterprises, which. */
export interface RestatementMarks {
  year: number
  count: number
  enterprises: number
  list: Restatement[]
}

/** A closed year of an enterprise: the published batch that closed it. */
export interface ClosedYear {
  batchId: number
  version: number
  publishedAt: string | null
}

/** POST /api/appraiseNorm/median: fill a county's norms of a year from the county medians by division. */
export const normMedianBody = z.object({ countyCode, year })

/** GET /api/appraiseNorm/models */
export const modelQuery = z.object({ year: year.optional(), countyCode: countyCode.optional() })

/** POST /api/appraiseNorm/modelSave: a new version of a county's model (or the province default without a county). */
export const modelSaveBody = z.object({
  countyCode: countyCode.optional(),
  scale,
  effectiveYear: year,
  indicators: z
    .array(
      z.object({
        key: z.enum(MODEL_INDICATOR_KEYS, { error: '指标 key 不是评价指标' }),
        weight: z.number({ error: '权重 weight 应为数字' }),
      }),
    )
    .min(1, '评价指标不能为空'),
  cap: z.number({ error: '封顶系数 cap 应为数字' }).default(1.5),
  benchmark: z.enum(['norm', 'median'], { error: '基准来源 benchmark 应为 norm 或 median' }).default('median'),
  minLandMu: z.number().min(0, '规下企业用地下限 minLandMu 不能为负').default(3),
  minTaxPerMu: z.number().min(0, 'D类亩均税收下限 minTaxPerMu 不能为负').default(1),
  bonus: z.array(z.object({ name: text('加减分项名称', 40), points: z.number({ error: '分值应为数字' }) })).default([]),
  vetoes: z.array(text('一票否决事项', 40)).default([]),
  rule: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('quota'), a: z.number(), b: z.number(), d: z.number() }),
    z.object({ mode: z.literal('threshold'), a: z.number(), b: z.number(), c: z.number() }),
  ]),
  note: z.string().max(200, '说明 note 最多200个字').default(''),
})

// ---- /api/appraiseResult ----

/** POST /api/appraiseResult/run: 试算 of a county and year (a new batch, or the open one re-run). */
export const runBody = z.object({ countyCode, year, reason: z.string().trim().max(500, '原因 reason 最多500个字').optional() })

/** GET /api/appraiseResult/batches */
export const batchListQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })

/** GET /api/appraiseResult/list */
export const resultListQuery = pageQuery(['rank', 'total', 'name']).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  batchId: id('批次 batchId').optional(),
  class: cls.optional(),
  scale: scale.optional(),
  keyword,
})

/** GET /api/appraiseResult/detail */
export const resultDetailQuery = z.object({ batchId: id('批次 batchId'), enterpriseId: id('企业 enterpriseId') })

/** POST /api/appraiseResult/publicity: 公示 with its window. */
export const publicityBody = z.object({
  batchId: id('批次 batchId'),
  start: isoDate('公示开始日期 start'),
  end: isoDate('公示结束日期 end'),
})

/** POST /api/appraiseResult/objection/add */
export const objectionAddBody = z.object({
  batchId: id('批次 batchId'),
  enterpriseId: id('企业 enterpriseId'),
  content: text('异议内容 content', 1000),
  attachments: z.array(id('附件')).max(10, '附件最多10个').default([]),
})

/** POST /api/appraiseResult/objection/review: 维持 keeps the result; 采纳 may correct an input and re-runs the batch. */
export const objectionReviewBody = z.object({
  id: id('异议 id'),
  decision: z.enum(['维持', '采纳'], { error: '审核结论 decision 应为 维持 或 采纳' }),
  note: text('审核意见 note', 500),
  correction: z
    .object({
      item: z.enum(INPUT_ITEM_KEYS as [InputItem, ...InputItem[]], { error: '指标 item 不是可更正的年度指标' }),
      value: z.number({ error: '数值 value 应为数字' }),
    })
    .optional(),
})

/** GET /api/appraiseResult/objections */
export const objectionListQuery = z.object({ batchId: id('批次 batchId') })

/** POST /api/appraiseResult/publish | archive */
export const batchIdBody = z.object({ batchId: id('批次 batchId') })

/** POST /api/appraiseResult/revise: a new version of a published batch, with its reason. */
export const reviseBody = z.object({ batchId: id('批次 batchId'), reason: text('修订原因 reason', 500) })

/** GET /api/appraiseResult/compare: the class migration and the figures of a base year → a year (both published; base defaults to the year before). */
export const compareQuery = z.object({ year: year.optional(), base: year.optional(), regionCode: regionCode.optional() })

/** GET /api/appraiseResult/publicityExport: the public list of a batch put to 公示 (xlsx). */
export const publicityExportQuery = z.object({ batchId: id('批次 batchId') })

/** GET /api/appraiseResult/objection/file: an attachment of an objection. */
export const objectionFileQuery = z.object({ objectionId: id('异议 objectionId'), fileId: id('附件 fileId') })

// ---- /api/company/appraise: the enterprise account's own 亩均评价 (issue 28) ----

/** 本企业评价: the page an enterprise account (企业账号) holds. */
export const COMPANY_PAGES = ['/company/appraise']

/** POST /api/company/appraise/objection: the enterprise's own 异议 during 公示. */
export const companyObjectionBody = z.object({
  batchId: id('批次 batchId'),
  content: text('异议内容 content', 1000),
  attachments: z.array(id('附件')).max(10, '附件最多10个').default([]),
})

/** One 异议 as its enterprise sees it. */
export interface CompanyObjection {
  id: number
  channel: '企业' | '代登记'
  content: string
  state: '待审' | '维持' | '采纳'
  decision: string
  createdAt: string
  reviewedAt: string | null
  attachments: { id: number; name: string; size: number }[]
}

/** GET /api/appraiseResult/alerts: the 评价监测 alerts of a year. */
export const alertsQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })

/** GET /api/appraiseResult/drill: published classes under a region (province → city → county → park → enterprise). */
export const drillQuery = z.object({
  year: year.optional(),
  regionCode: regionCode.optional(),
  parkId: z.coerce.number({ error: '园区 parkId 应为数字' }).int('园区 parkId 应为整数').min(0, '园区 parkId 不能为负数').optional(),
})

// ---- answers ----

export interface AppraisalBatch {
  id: number
  countyCode: string
  countyName: string
  year: number
  version: number
  state: BatchState
  reason: string
  publicityStart: string | null
  publicityEnd: string | null
  runAt: string | null
  publishedAt: string | null
  counts: { A: number; B: number; C: number; D: number }
  openObjections: number
  /** who ran the 试算, opened the 公示 and published (四眼原则: the publisher is neither of the first two) */
  runBy: string
  publicityBy: string
  publishedBy: string
  /** the accounts (ids) that ran the 试算 and opened the 公示: the 四眼 check compares accounts, not names */
  runUserId: number | null
  publicityUserId: number | null
  /** 公示 and 异议: the first day 发布 is allowed (the day after the window ends) */
  publishFrom: string | null
}

export interface AppraisalResultRow {
  batchId: number
  enterpriseId: number
  name: string
  creditCode: string
  countyName: string | null
  scale: string
  values: Record<string, number | null>
  scores: Record<string, { benchmark: number | null; score: number }>
  adjustments: { name: string; points: number }[]
  total: number
  rank: number
  groupSize: number
  class: 'A' | 'B' | 'C' | 'D'
  reason: string
  lastClass: string | null
  /** the standing approved 更正 of the enterprise's closed year (docs/domain.md "Closed years"; [] when none or the batch is not the published one): the class stays as published */
  restated: Restatement[]
}

// ---- 差别化政策 ----

/** GET /api/appraiseResult/policyRules */
export const policyRulesQuery = z.object({ countyCode, year: year.optional() })

/** POST /api/appraiseResult/policySave: the terms of one class in a county and year. */
export const policySaveBody = z.object({
  countyCode,
  year,
  class: cls,
  electricitySurcharge: z
    .number({ error: '差别电价加价 electricitySurcharge 应为数字' })
    .min(0, '差别电价加价 electricitySurcharge 不能为负'),
  waterSurcharge: z.number({ error: '差别水价加价 waterSurcharge 应为数字' }).min(0, '差别水价加价 waterSurcharge 不能为负'),
  emissionFeeFactor: z.number({ error: '排污权费系数 emissionFeeFactor 应为数字' }).positive('排污权费系数 emissionFeeFactor 应大于0'),
  landTaxRelief: z
    .number({ error: '城镇土地使用税减免比例 landTaxRelief 应为数字' })
    .min(0, '城镇土地使用税减免比例 landTaxRelief 应在0到100之间')
    .max(100, '城镇土地使用税减免比例 landTaxRelief 应在0到100之间'),
  newLand: z.enum(QUOTA_TERMS, { error: '新增用地 newLand 应为 优先保障、一般保障、限制、禁止 之一' }),
  energyQuota: z.enum(QUOTA_TERMS, { error: '用能指标 energyQuota 应为 优先保障、一般保障、限制、禁止 之一' }),
  credit: z.string().trim().max(40, '信贷导向 credit 最多40个字').default(''),
})

/** GET /api/appraiseResult/policyList (and policyExport): each enterprise's published class and its terms. */
export const policyListQuery = pageQuery(['name', 'class']).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  class: cls.optional(),
  keyword,
})
