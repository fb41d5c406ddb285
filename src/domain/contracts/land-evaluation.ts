/**
 * 低效用地评价 (/land/evaluation: evaluationAbstract 评价概况, evaluationModal 评价模型,
 * evaluationMap 评价地图; docs/domain.md 低效用地 "Identification"): evaluation models of indicators with
 * thresholds and weights (/api/modes/*, docs/product.md §7), a run of a model over every parcel of the scope
 * for a year, and its results — each parcel's score and the indicators it meets (/api/inefficient/*).
 * A parcel scoring at least the model's pass score is 疑似低效.
 */
import { z } from 'zod'
import { FIGURES } from '../figures/catalogue'
import { pageQuery } from './admin'
import type { Page } from './envelope'

/** The pages (docs/product.md §2 /land/evaluation). */
export const EVALUATION_PAGES = ['evaluationAbstract', 'evaluationModal', 'evaluationMap'].map((l) => `/land/evaluation/${l}`)
export const MODEL_EDIT_PAGES = ['/land/evaluation/evaluationModal']

/** What a model can test on a parcel, with its unit (docs/domain.md 低效用地 criteria). */
export const EVALUATION_INDICATORS = {
  plotRatio: { name: '容积率', unit: '' },
  density: { name: '建筑密度', unit: '%' },
  taxPerMu: { name: `用地单位${FIGURES.taxPerMu.name}`, unit: FIGURES.taxPerMu.unit },
  valueAddedPerMu: { name: `用地单位${FIGURES.valueAddedPerMu.name}`, unit: FIGURES.valueAddedPerMu.unit },
  idleYears: { name: '超过约定开工日期未开工', unit: '年' },
  stopped: { name: '用地单位停产或半停产', unit: '（是=1）' },
} as const
export type EvaluationIndicator = keyof typeof EVALUATION_INDICATORS
const INDICATOR_KEYS = Object.keys(EVALUATION_INDICATORS) as [EvaluationIndicator, ...EvaluationIndicator[]]

export const OPERATORS = ['<', '<=', '>', '>=', '='] as const
export type Operator = (typeof OPERATORS)[number]

const year = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')

/** One condition of a model: the parcel meets it when `indicator operator threshold`. */
export const modelItem = z.object({
  indicator: z.enum(INDICATOR_KEYS, { error: `指标 indicator 应为 ${INDICATOR_KEYS.join('、')} 之一` }),
  operator: z.enum(OPERATORS, { error: '比较符 operator 应为 <、<=、>、>= 或 =' }),
  threshold: z.number({ error: '阈值 threshold 应为数字' }).finite('阈值 threshold 应为数字'),
  weight: z.number({ error: '权重 weight 应为数字' }).positive('权重 weight 应大于0').max(100, '权重 weight 不能超过100'),
})
export type ModelItem = z.infer<typeof modelItem>

const modelFields = {
  name: z.string({ error: '模型名称 name 必填' }).trim().min(1, '模型名称 name 不能为空').max(50, '模型名称 name 最多50个字'),
  description: z.string().trim().max(500, '说明 description 最多500个字').default(''),
  passScore: z
    .number({ error: '认定分值 passScore 应为数字' })
    .min(1, '认定分值 passScore 应为1–100')
    .max(100, '认定分值 passScore 应为1–100'),
  items: z
    .array(modelItem, { error: '指标 items 应为列表' })
    .min(1, '至少设置一项指标')
    .max(20, '最多设置20项指标')
    .refine((items) => Math.abs(items.reduce((s, i) => s + i.weight, 0) - 100) < 1e-6, '各项指标的权重之和应为100')
    .refine((items) => new Set(items.map((i) => `${i.indicator}${i.operator}`)).size === items.length, '同一指标的同一比较不能重复设置'),
}

/** POST /api/modes/SaveMode */
export const modelAddBody = z.object(modelFields)
export type ModelAddBody = z.input<typeof modelAddBody>
/** POST /api/modes/UpdateMode */
export const modelUpdateBody = z.object({ id: z.number().int().positive('模型编号 id 应为正整数'), ...modelFields })
export type ModelUpdateBody = z.input<typeof modelUpdateBody>
/** POST /api/modes/delete */
export const modelIdBody = z.object({ id: z.number({ error: '模型编号 id 应为数字' }).int().positive('模型编号 id 应为正整数') })
/** GET /api/modes/GetModeItemList */
export const modelIdQuery = z.object({ id: z.coerce.number({ error: '模型编号 id 应为数字' }).int().positive('模型编号 id 应为正整数') })

/** A model as listed. */
export interface EvaluationModel {
  id: number
  name: string
  description: string
  passScore: number
  items: ModelItem[]
  /** runs made with it */
  runCount: number
  updatedBy: string
  updatedAt: string
}

/** POST /api/inefficient/run */
export const runBody = z.object({
  modelId: z.number({ error: '模型编号 modelId 应为数字' }).int().positive('模型编号 modelId 应为正整数'),
  year,
})
export type RunBody = z.input<typeof runBody>

/** A run: a model applied to the parcels of a scope for a year. */
export interface EvaluationRun {
  id: number
  modelId: number
  modelName: string
  year: number
  passScore: number
  /** the district the run covered (null: the province) */
  regionName: string | null
  parcelCount: number
  flaggedCount: number
  flaggedAreaMu: number
  runBy: string
  runAt: string
}

/** GET /api/inefficient/results */
export const resultListQuery = pageQuery(['score', 'areaMu', 'landCode'] as const).extend({
  runId: z.coerce.number({ error: '评价批次 runId 应为数字' }).int().positive('评价批次 runId 应为正整数'),
  flagged: z.enum(['true', 'false'], { error: 'flagged 应为 true 或 false' }).optional(),
  indicator: z.enum(INDICATOR_KEYS, { error: `指标 indicator 应为 ${INDICATOR_KEYS.join('、')} 之一` }).optional(),
  keyword: z.string().trim().max(50, '关键字 keyword 最多50个字').optional(),
})
export type ResultListQuery = z.infer<typeof resultListQuery>

/** One parcel's result. */
export interface EvaluationResult {
  parcelId: number
  landCode: string
  name: string
  countyName: string | null
  status: string
  areaMu: number
  enterpriseName: string | null
  score: number
  flagged: boolean
  /** the indicators' values (null: not known for the parcel) */
  values: Record<EvaluationIndicator, number | null>
  /** the conditions it met, as item indexes of the model */
  hits: number[]
  /** 销号 in or after the run's year (盘活 done): scored, not flagged (docs/domain.md 台账) */
  closedDate: string | null
}

/** GET /api/inefficient/results */
export interface ResultList {
  run: EvaluationRun
  page: Page<EvaluationResult>
}

/** GET /api/inefficient/abstract?runId (the latest run when absent) */
export const abstractQuery = z.object({ runId: z.coerce.number({ error: '评价批次 runId 应为数字' }).int().positive().optional() })

/** GET /api/inefficient/abstract */
export interface EvaluationAbstract {
  /** null: no run yet */
  run: EvaluationRun | null
  /** the model's items as the run used them */
  items: ModelItem[]
  byCounty: { code: string; name: string; parcelCount: number; flaggedCount: number; flaggedAreaMu: number }[]
  /** parcels meeting each item (all parcels, flagged or not) */
  byItem: { index: number; count: number }[]
  /** score bands of 10 points: [0,10) … [90,100] */
  scoreBands: { from: number; count: number }[]
  /** flagged parcels already on the 低效用地 list (status 低效 or 闲置), and those not */
  flaggedListed: number
  flaggedNew: number
}

/** GET /api/inefficient/shapes?runId: the flagged parcels as GeoJSON (at most 5 000, highest scores first). */
export interface FlaggedShapes {
  type: 'FeatureCollection'
  features: { type: 'Feature'; geometry: unknown; properties: { parcelId: number; landCode: string; name: string; score: number } }[]
  /** flagged parcels in all */
  total: number
}
