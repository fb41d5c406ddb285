/**
 * 大数据统计 contract (docs/product.md §7 `/api/bigData/*`): the query parameters every statistics read
 * accepts and the rows it answers. Shared by the server routes and the video-wall screens.
 * Areas are 亩 (docs/domain.md "Units and codes"), money 万元, 亩均 figures 万元/亩.
 */
import { z } from 'zod'
import type { RatioParts } from '../figures/format'

const regionCode = (label: string) =>
  z.string({ error: `${label}应为6位行政区划代码` }).regex(/^33\d{4}$/, `${label}应为浙江省6位行政区划代码，如 330100`)

/** Filters shared by every statistics read; all optional (absent = the whole province). */
export const statFilterQuery = z.object({
  /** 统计年度; absent = today for the stock figures (land, 低效) and the latest year with figures for the yearly ones */
  year: z.coerce
    .number({ error: '年度应为数字' })
    .int('年度应为整数')
    .min(1980, '年度不能早于1980')
    .max(2100, '年度不能晚于2100')
    .optional(),
  cityCode: regionCode('城市代码 cityCode').optional(),
  countyCode: regionCode('区县代码 countyCode').optional(),
  parkId: z.coerce.number({ error: '园区ID应为数字' }).int('园区ID应为整数').positive('园区ID应为正整数').optional(),
  /** only land and enterprises inside a park (the park wall's headline is the parks' own totals) */
  inParks: z
    .enum(['true', 'false'], { error: '园区范围 inParks 应为 true 或 false' })
    .transform((v) => v === 'true')
    .optional(),
})
export type StatFilter = z.infer<typeof statFilterQuery>

/** GET /api/bigData/byRegion and /api/bigData/regionGeo */
export const regionLevelQuery = statFilterQuery.extend({
  level: z.enum(['city', 'county'], { error: '区划级别 level 应为 city 或 county' }).default('city'),
})
export type RegionLevelFilter = z.infer<typeof regionLevelQuery>

/** GET /api/bigData/lifecycleByMonth: the filters plus the month (1–12) of the year. */
export const monthQuery = statFilterQuery.extend({
  month: z.coerce
    .number({ error: '月份 month 应为数字' })
    .int('月份 month 应为整数')
    .min(1, '月份 month 应为1–12')
    .max(12, '月份 month 应为1–12'),
})
export type MonthFilter = z.infer<typeof monthQuery>

/** GET /api/bigData/topEnterprises */
export const topQuery = statFilterQuery.extend({
  limit: z.coerce
    .number({ error: '条数 limit 应为数字' })
    .int('条数 limit 应为整数')
    .min(1, '条数 limit 至少为1')
    .max(100, '条数 limit 最多为100')
    .default(10),
})

/** A ratio's numerator and denominator as its tooltip shows them (catalogue parts' units). */
export type FigureParts = Partial<Record<'taxPerMu' | 'valueAddedPerMu', RatioParts>>

/**
 * 核心指标: the headline figures of one scope and year. Each field is the catalogue figure named
 * beside it (src/domain/figures): land in the books at the end of the year, enterprises of the year.
 */
export interface OverviewStats {
  /** the year of the stock figures (land, 低效, 闲置): the current year means today (catalogue asOfLabel) */
  year: number
  /** the year of the yearly figures (enterprises, tax, 亩均): the year asked for, or the latest with figures */
  figuresYear: number
  /** 地块数 parcelCount */
  parcelCount: number
  /** 用地面积 landAreaMu */
  parcelAreaMu: number
  /** 用地企业数 landEnterpriseCount */
  enterpriseCount: number
  /** 规上企业数 scaleAboveCount */
  scaleCount: number
  /** 参评企业数 ratedEnterpriseCount */
  ratedEnterpriseCount: number
  /** 评价范围企业数 appraisedEnterpriseCount: classed in the year's published 亩均效益评价 batch */
  appraisedEnterpriseCount: number
  /** 园区数 parkCount (today) */
  parkCount: number
  /** 低效用地数 lowEfficiencyCount (低效 + 闲置) */
  lowEfficiencyCount: number
  /** 低效用地面积 lowEfficiencyAreaMu */
  lowEfficiencyAreaMu: number
  /** 闲置用地数 idleCount */
  idleCount: number
  /** 实缴税金 tax, 万元 */
  tax: number
  /** 工业增加值 valueAdded, 万元 */
  valueAdded: number
  /** 营业收入 revenue, 万元 */
  revenue: number
  /** 参评用地面积 ratedLandMu: the 亩均 denominator */
  ratedLandMu: number
  /** 亩均税收 taxPerMu 万元/亩 (null: no rated land) */
  taxPerMu: number | null
  /** 亩均增加值 valueAddedPerMu 万元/亩 */
  valueAddedPerMu: number | null
  /** numerator and denominator of each ratio */
  parts: FigureParts
}

/** One row of a grouped statistic (region, park, industry, class …), fields as in {@link OverviewStats}. */
export interface GroupStat {
  /** group key: region code, park id, industry code, land use code, status … */
  key: string
  name: string
  parcelCount: number
  areaMu: number
  /** 用地企业数 */
  enterpriseCount: number
  tax: number
  valueAdded: number
  ratedLandMu: number
  taxPerMu: number | null
  valueAddedPerMu: number | null
  parts: FigureParts
}

/** One year of the trend: the rated enterprises (参评企业) of that year. */
export interface YearStat {
  year: number
  /** 参评企业数 */
  ratedEnterpriseCount: number
  tax: number
  valueAdded: number
  revenue: number
  ratedLandMu: number
  taxPerMu: number | null
  valueAddedPerMu: number | null
  parts: FigureParts
}

/** One month of the year's 供地 (parcels by the month of their supply_date). */
export interface SupplyMonthStat {
  month: number
  /** '1月' … '12月' */
  name: string
  parcelCount: number
  areaMu: number
  /** 出让价款 万元 */
  price: number
}

/** Lifecycle projects that reached a stage within one month. */
export interface StageMonthStat {
  /** stage code (xmqy, tdgy …) */
  key: string
  name: string
  count: number
}

/** An enterprise in a ranking. */
export interface EnterpriseRank {
  id: number
  name: string
  countyName: string
  industryName: string
  tax: number
  landMu: number
  /** exact order, 2 decimals shown */
  taxPerMu: number | null
}

/** The years that hold figures, newest last (the runtime yearList falls back to these). */
export interface StatYears {
  years: number[]
  latest: number
  /** today 'YYYY-MM-DD' on the product's calendar: pickers of stock figures add its year, which means today */
  today: string
}

/** /api/show/overview: the reform portal's public headline figures (province only, no names). */
export interface PortalOverview extends OverviewStats {
  cities: Array<{ code: string; name: string; parcelCount: number; areaMu: number; taxPerMu: number | null }>
}
