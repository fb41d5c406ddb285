/**
 * 辅助决策 (/system/decision: qyzb 区域指标, zbhy 行业指标, zbqy 企业指标, zbqs 指标趋势) and 运行监测
 * (/system/function/monitor: Qymonitor 企业监测, Hymonitor 行业监测), docs/product.md §7 /api/decision/* and
 * /api/function/monitor/{getQyMonitor, getHyMonitor}. The indicators are those of 亩均效益评价
 * (docs/domain.md): each a ratio of the year's sums over the enterprises that reported its inputs.
 */
import { z } from 'zod'
import { FIGURES, INDICATOR_KEYS, LOW_TAX_PER_MU, type IndicatorKey } from '../figures/catalogue'
import type { RatioParts } from '../figures/format'
import { pageQuery } from './admin'
import type { Page } from './envelope'

/** The six indicators, their names and units: the catalogue's (src/domain/figures), in its order. */
export const INDICATORS = Object.fromEntries(INDICATOR_KEYS.map((k) => [k, { name: FIGURES[k].name, unit: FIGURES[k].unit }])) as Record<
  IndicatorKey,
  { name: string; unit: string }
>
export type { IndicatorKey }
/** The values of the six indicators (null: no enterprise reported the inputs). */
export type IndicatorValues = Record<IndicatorKey, number | null>

/** The pages of each group of endpoints (docs/product.md §6 grants). */
const both = (path: string) => [`/system/${path}`, `/systems/${path}`]
export const DECISION_PAGES = ['qyzb', 'zbhy', 'zbqy', 'zbqs'].flatMap((leaf) => both(`decision/${leaf}`))
export const MONITOR_PAGES = ['Qymonitor', 'Hymonitor'].flatMap((leaf) => both(`function/monitor/${leaf}`))

const year = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')
const regionCode = z
  .string({ error: '区划代码 regionCode 应为文本' })
  .regex(/^33\d{4}$/, '区划代码 regionCode 应为浙江省6位（省、市、区县）行政区划代码')
const industry = z.string().regex(/^C(1[3-9]|[23]\d|4[0-3])$/, '行业 industry 应为制造业大类代码 C13–C43')

/** GET /api/decision/byRegion, /api/decision/byIndustry, /api/function/monitor/getHyMonitor */
export const decisionFilterQuery = z.object({ year: year.optional(), regionCode: regionCode.optional() })

/** GET /api/decision/trend */
export const trendQuery = z.object({ regionCode: regionCode.optional(), industry: industry.optional() })

/** GET /api/decision/enterprise */
export const enterpriseIndicatorQuery = z.object({
  id: z.coerce.number({ error: '企业编号 id 应为数字' }).int('企业编号 id 应为整数').positive('企业编号 id 应为正整数'),
  year: year.optional(),
})

/** One row of an indicator table: a district or a division, this year and the year before. */
export interface IndicatorRow {
  /** region code or division code; 'all' for the whole scope, '' for 未分类 */
  code: string
  name: string
  /** 参评企业数 (catalogue ratedEnterpriseCount): enterprises with figures and land this year */
  enterpriseCount: number
  /** 参评用地面积 (ratedLandMu), 亩 */
  landMu: number
  /** 实缴税金 and 工业增加值, 万元 */
  tax: number
  valueAdded: number
  values: IndicatorValues
  /** each indicator's numerator and denominator (the tooltip's working) */
  parts: Record<IndicatorKey, RatioParts>
  /** the same of the year before (null: no figures that year) */
  lastYear: IndicatorValues | null
}

/** GET /api/decision/byRegion and /byIndustry */
export interface IndicatorTable {
  year: number
  /** the district the rows divide (null: the province) */
  regionName: string | null
  rows: IndicatorRow[]
  /** the scope as a whole */
  total: IndicatorRow
}

/** GET /api/decision/trend: one point a year. */
export interface TrendPoint {
  year: number
  /** 参评企业数 */
  enterpriseCount: number
  tax: number
  valueAdded: number
  values: IndicatorValues
  parts: Record<IndicatorKey, RatioParts>
}

/** GET /api/decision/enterprise: one enterprise against its peers. */
export interface EnterpriseIndicators {
  year: number
  enterprise: {
    id: number
    name: string
    creditCode: string
    industryCode: string | null
    industryName: string | null
    countyName: string | null
    scale: string
    status: string
  }
  /** null: no figures reported for the year */
  values: IndicatorValues | null
  /** the median of each indicator among the peers (same county and division; the county when fewer than 3) */
  benchmark: IndicatorValues
  /** who the peers are and how many */
  peers: { label: string; count: number }
  /** rank by 亩均税收 among the peers (1 = best), null without figures */
  rank: number | null
  appraisalClass: string | null
  history: { year: number; values: IndicatorValues }[]
}

/** Warning signals of 企业监测, with their thresholds (year on year). */
export const MONITOR_SIGNALS = {
  taxDrop: '亩均税收同比下降30%以上',
  valueAddedDrop: '工业增加值同比下降20%以上',
  energyUp: '能耗上升而增加值下降',
  lowTax: '亩均税收低于1万元/亩',
  stopped: '停产或半停产',
  noReport: '上年有数据，本年未报',
} as const
export type MonitorSignal = keyof typeof MONITOR_SIGNALS
export const TAX_DROP = 0.3
export const VALUE_ADDED_DROP = 0.2
export { LOW_TAX_PER_MU }

/** GET /api/function/monitor/getQyMonitor */
export const enterpriseMonitorQuery = pageQuery(['taxPerMuChange', 'valueAddedChange', 'name'] as const).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  industry: industry.optional(),
  signal: z
    .enum(Object.keys(MONITOR_SIGNALS) as [MonitorSignal, ...MonitorSignal[]], {
      error: `预警类型 signal 应为 ${Object.keys(MONITOR_SIGNALS).join('、')} 之一`,
    })
    .optional(),
  keyword: z.string().trim().max(50, '关键字 keyword 最多50个字').optional(),
})
export type EnterpriseMonitorQuery = z.infer<typeof enterpriseMonitorQuery>

/** One enterprise with at least one signal. */
export interface EnterpriseMonitorRow {
  id: number
  name: string
  creditCode: string
  countyName: string | null
  industryCode: string | null
  industryName: string | null
  status: string
  signals: MonitorSignal[]
  taxPerMu: number | null
  lastTaxPerMu: number | null
  /** change of 亩均税收, % (null when either year is missing or the last is 0) */
  taxPerMuChange: number | null
  valueAdded: number | null
  lastValueAdded: number | null
  valueAddedChange: number | null
}

/** GET /api/function/monitor/getQyMonitor */
export interface EnterpriseMonitor {
  year: number
  /** enterprises watched: those with figures this year or the year before */
  watched: number
  /** enterprises with at least one signal (under the filters except `signal`) */
  warned: number
  bySignal: { signal: MonitorSignal; name: string; count: number }[]
  page: Page<EnterpriseMonitorRow>
}

/** One division of 行业监测. */
export interface IndustryMonitorRow {
  code: string
  name: string
  /** 参评企业数 */
  enterpriseCount: number
  tax: number
  lastTax: number
  /** % change; null when last year is 0 */
  taxChange: number | null
  valueAdded: number
  lastValueAdded: number
  valueAddedChange: number | null
  revenue: number
  lastRevenue: number
  revenueChange: number | null
  taxPerMu: number | null
  lastTaxPerMu: number | null
  /** enterprises of the division with at least one signal */
  warned: number
}

/** GET /api/function/monitor/getHyMonitor */
export interface IndustryMonitor {
  year: number
  rows: IndustryMonitorRow[]
  total: IndustryMonitorRow
}
