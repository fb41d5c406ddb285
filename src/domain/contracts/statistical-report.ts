/**
 * 统计报表 contract (/system/statisticalReport: area, industry, yddw, gyyd, dxyd): the reports a
 * clerk reads and exports. Statistics sit in the /api/cloudChart/* family of docs/product.md §7; every
 * report is limited to the user's data scope and may be narrowed to a district inside it
 * (`regionCode`). Areas are 亩 (docs/domain.md "Units and codes"), money 万元, 亩均 figures 万元/亩.
 * Each report has an xlsx export at the same path plus `/export`, with the same filters.
 */
import { z } from 'zod'
import type { FigureParts } from './big-data'
import { pageQuery } from './admin'
import { APPRAISAL_CLASSES } from '../appraisal'
import type { Page } from './envelope'
import type { Restatement } from './appraisal'

/** The pages whose grant opens the report endpoints (docs/product.md §6). */
export const REPORT_PAGES = ['area', 'industry', 'yddw', 'gyyd', 'dxyd'].flatMap((leaf) => [
  `/system/statisticalReport/${leaf}`,
  `/systems/statisticalReport/${leaf}`,
])

/**
 * The pages that also read the parcel and enterprise lists: the profiles (地块档案, 企业档案) and the
 * group pages, which pick members from them, and the decision and monitor pages (企业指标 picks
 * its enterprise from the list).
 */
export const RECORD_LIST_PAGES = [
  ...REPORT_PAGES,
  ...[
    'IndustryMap/Dkxx',
    'IndustryMap/Yddw',
    'IndustryMap/LandGroup',
    'IndustryMap/CompanyGroup',
    'decision/qyzb',
    'decision/zbhy',
    'decision/zbqy',
    'decision/zbqs',
    'function/monitor/Qymonitor',
    'function/monitor/Hymonitor',
  ].flatMap((leaf) => [`/system/${leaf}`, `/systems/${leaf}`]),
]

const year = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')
const regionCode = z
  .string({ error: '区划代码 regionCode 应为文本' })
  .regex(/^33\d{4}(\d{3})?$/, '区划代码 regionCode 应为浙江省6位（省、市、区县）或9位（乡镇街道）行政区划代码')

/** Filters of the two grouped reports: the year (absent = today for land, the latest year with figures for enterprises) and a district. */
export const reportFilterQuery = z.object({
  year: year.optional(),
  regionCode: regionCode.optional(),
})
export type ReportFilter = z.infer<typeof reportFilterQuery>

/** The district a report is about (null = everything the user may see). */
export interface ReportRegion {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
}

/** One row of 区域统计: a child district of the region asked for (or 合计). */
export interface AreaReportRow {
  /** region code; 'all' for 合计, '' for the records without a child district (未落到下级区划) */
  code: string
  name: string
  /** whether the row can be opened one level down (towns cannot) */
  drillable: boolean
  /** 地块数 (catalogue parcelCount: land in the books at the end of the year) */
  parcelCount: number
  /** 用地面积 landAreaMu */
  areaMu: number
  /** 低效用地数 lowEfficiencyCount: 低效 + 闲置 parcels (the 低效用地 list) */
  lowCount: number
  /** 低效用地面积 lowEfficiencyAreaMu */
  lowAreaMu: number
  /** 闲置用地数 idleCount */
  idleCount: number
  /** 用地企业数 landEnterpriseCount */
  enterpriseCount: number
  /** 规上企业数 scaleAboveCount */
  scaleCount: number
  /** 参评企业数 ratedEnterpriseCount */
  ratedEnterpriseCount: number
  /** 实缴税金 万元 (the year) */
  tax: number
  /** 工业增加值 万元 (the year) */
  valueAdded: number
  /** 参评用地面积 ratedLandMu: the 亩均 denominator */
  ratedLandMu: number
  /** 亩均税收 万元/亩 (null: no rated land) */
  taxPerMu: number | null
  /** 亩均增加值 万元/亩 */
  valueAddedPerMu: number | null
  /** each ratio's numerator and denominator */
  parts: FigureParts
}

/** GET /api/cloudChart/report/area */
export interface AreaReport {
  /** the year of the stock figures (land, 低效): the current year means today (catalogue asOfLabel) */
  year: number
  /** the year of the yearly figures (enterprises, tax, 亩均): the year asked for, or the latest with figures */
  figuresYear: number
  /** the region whose children the rows are; null = the province (or the user's whole scope) */
  region: ReportRegion | null
  /** from the province down to `region`, for a breadcrumb */
  path: ReportRegion[]
  rows: AreaReportRow[]
  total: AreaReportRow
}

/** One row of 行业统计: a GB/T 4754 manufacturing division (or 合计, or 未分类). */
export interface IndustryReportRow {
  /** division code C13 … C43; '' for 未分类 (no code, or a parcel without a holder); 'all' for 合计 */
  code: string
  name: string
  /** 用地企业数 */
  enterpriseCount: number
  /** 规上企业数 */
  scaleCount: number
  /** 参评企业数 */
  ratedEnterpriseCount: number
  parcelCount: number
  areaMu: number
  tax: number
  valueAdded: number
  /** 营业收入 万元 */
  revenue: number
  ratedLandMu: number
  taxPerMu: number | null
  valueAddedPerMu: number | null
  parts: FigureParts
}

/** GET /api/cloudChart/report/industry */
export interface IndustryReport {
  /** the year of the stock figures (land, 低效): the current year means today (catalogue asOfLabel) */
  year: number
  /** the year of the yearly figures (enterprises, tax, 亩均): the year asked for, or the latest with figures */
  figuresYear: number
  region: ReportRegion | null
  rows: IndustryReportRow[]
  total: IndustryReportRow
}

const ENTERPRISE_SCALES = ['规上', '规下'] as const
const ENTERPRISE_STATUSES = ['在营', '停产', '半停产', '注销', '迁出'] as const
const PARCEL_STATUSES = ['已供未建', '在建', '已投产', '闲置', '低效', '已收回'] as const
const SUPPLY_METHODS = ['出让', '划拨', '租赁', '作价出资', '授权经营', '其他'] as const
const keyword = z.string().trim().max(100, '关键字 keyword 最多100个字').optional()
const industry = z
  .string()
  .regex(/^C(1[3-9]|[23]\d|4[0-3])$/, '行业 industry 应为制造业大类代码 C13–C43')
  .optional()

/** GET /api/cloudChart/report/enterprises (用地单位列表) */
export const enterpriseReportQuery = pageQuery(['name', 'taxPerMu', 'landAreaMu', 'tax'] as const).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  industry,
  scale: z.enum(ENTERPRISE_SCALES, { error: '规模 scale 应为 规上 或 规下' }).optional(),
  status: z.enum(ENTERPRISE_STATUSES, { error: `经营状态 status 应为 ${ENTERPRISE_STATUSES.join('、')} 之一` }).optional(),
  appraisalClass: z.enum(APPRAISAL_CLASSES, { error: '评价类别 appraisalClass 应为 A、B、C 或 D' }).optional(),
})
export type EnterpriseReportQuery = z.infer<typeof enterpriseReportQuery>

/** One enterprise of 用地单位列表 with the year's figures. */
export interface EnterpriseReportRow {
  id: number
  creditCode: string
  name: string
  industryCode: string | null
  industryName: string | null
  scale: string
  status: string
  countyName: string | null
  parkName: string | null
  parcelCount: number
  /** 用地面积 亩: the year's reported land, else the parcels held now */
  landAreaMu: number
  /** null: no figures reported for the year */
  tax: number | null
  valueAdded: number | null
  taxPerMu: number | null
  /** 亩均效益评价 class of the year (null: not appraised — under 3 亩, no figures …) */
  appraisalClass: string | null
  /** the standing approved 更正 of the year (docs/domain.md "Closed years"): the figures above are the restated ones; [] when none */
  restated: Restatement[]
}

/** GET /api/cloudChart/report/enterprises */
export interface EnterpriseReport {
  year: number
  page: Page<EnterpriseReportRow>
}

const mu = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能为负数`)
    .optional()

/** GET /api/cloudChart/report/parcels (工业用地列表) */
export const parcelReportQuery = pageQuery(['landCode', 'name', 'areaMu', 'supplyDate'] as const)
  .extend({
    regionCode: regionCode.optional(),
    keyword,
    landUse: z.enum(['0601', '0602', '0604'], { error: '地类 landUse 应为 0601、0602 或 0604' }).optional(),
    status: z.enum(PARCEL_STATUSES, { error: `地块状态 status 应为 ${PARCEL_STATUSES.join('、')} 之一` }).optional(),
    supplyMethod: z.enum(SUPPLY_METHODS, { error: `供地方式 supplyMethod 应为 ${SUPPLY_METHODS.join('、')} 之一` }).optional(),
    minMu: mu('最小面积 minMu'),
    maxMu: mu('最大面积 maxMu'),
  })
  .refine((q) => q.minMu === undefined || q.maxMu === undefined || q.minMu <= q.maxMu, {
    message: '最小面积 minMu 不能大于最大面积 maxMu',
    path: ['minMu'],
  })
export type ParcelReportQuery = z.infer<typeof parcelReportQuery>

/** One parcel of 工业用地列表. */
export interface ParcelReportRow {
  id: number
  landCode: string
  name: string
  landUseCode: string
  landUseName: string | null
  status: string
  areaMu: number
  plotRatio: number | null
  /** 建筑密度 % */
  buildingDensity: number | null
  supplyDate: string | null
  supplyMethod: string | null
  countyName: string | null
  parkName: string | null
  enterpriseId: number | null
  enterpriseName: string | null
}

/**
 * Why a parcel is low-efficiency (docs/domain.md 低效用地): the criteria the report checks against every
 * parcel on the 低效用地 list (status 低效 or 闲置).
 */
export const LOW_EFFICIENCY_REASONS = {
  plotRatio: '容积率低于1.0',
  density: '建筑密度低于30%',
  idle: '闲置：约定开工满一年未开工',
  stopped: '用地单位停产或半停产',
  appraisal: '用地单位亩均效益评价为D类',
} as const
export type LowEfficiencyReason = keyof typeof LOW_EFFICIENCY_REASONS

/** GET /api/cloudChart/report/lowEfficiency (低效用地) */
export const lowEfficiencyQuery = pageQuery(['landCode', 'areaMu'] as const).extend({
  year: year.optional(),
  regionCode: regionCode.optional(),
  keyword,
  status: z.enum(['低效', '闲置'], { error: '认定状态 status 应为 低效 或 闲置' }).optional(),
  reason: z
    .enum(Object.keys(LOW_EFFICIENCY_REASONS) as [LowEfficiencyReason, ...LowEfficiencyReason[]], {
      error: `认定原因 reason 应为 ${Object.keys(LOW_EFFICIENCY_REASONS).join('、')} 之一`,
    })
    .optional(),
})
export type LowEfficiencyQuery = z.infer<typeof lowEfficiencyQuery>

/** One parcel of the 低效用地 list with the criteria it meets. */
export interface LowEfficiencyRow extends ParcelReportRow {
  reasons: LowEfficiencyReason[]
  /** the holder's 亩均税收 of the year, 万元/亩 (null: no holder or no figures) */
  taxPerMu: number | null
}

/** Count and area of the list for one criterion (a parcel can meet several). */
export interface LowEfficiencyReasonStat {
  reason: LowEfficiencyReason
  name: string
  count: number
  areaMu: number
}

/** GET /api/cloudChart/report/lowEfficiency: the filtered list and its summary. */
export interface LowEfficiencyReport {
  /** the year of the 低效用地 (its end; the current year means today) */
  year: number
  /** the year of the holders' figures (亩均税收, D 类): the year asked for, or the latest with figures */
  figuresYear: number
  /** every parcel the filters keep (all pages) */
  count: number
  areaMu: number
  idleCount: number
  lowCount: number
  byReason: LowEfficiencyReasonStat[]
  page: Page<LowEfficiencyRow>
}

/** GET /api/cloudChart/report/regions: the districts the user may pick (cities → counties), within the scope; any signed-in user. */
export interface ReportRegionOption {
  code: string
  name: string
  children?: ReportRegionOption[]
}
