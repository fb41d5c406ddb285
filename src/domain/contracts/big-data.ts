/**
 * 大数据统计 contract (docs/product.md §7 `/api/bigData/*`): the query parameters every statistics read
 * accepts and the rows it answers. Shared by the server routes and the video-wall screens.
 * Areas are 亩 (docs/domain.md "Units and codes"), money 万元, 亩均 figures 万元/亩.
 */
import { z } from 'zod'

const regionCode = (label: string) =>
  z.string({ error: `${label}应为6位行政区划代码` }).regex(/^33\d{4}$/, `${label}应为浙江省6位行政区划代码，如 330100`)

/** Filters shared by every statistics read; all optional (absent = the whole province). */
export const statFilterQuery = z.object({
  /** 统计年度; absent = the latest year with figures */
  year: z.coerce
    .number({ error: '年度应为数字' })
    .int('年度应为整数')
    .min(1980, '年度不能早于1980')
    .max(2100, '年度不能晚于2100')
    .optional(),
  cityCode: regionCode('城市代码 cityCode').optional(),
  countyCode: regionCode('区县代码 countyCode').optional(),
  parkId: z.coerce.number({ error: '园区ID应为数字' }).int('园区ID应为整数').positive('园区ID应为正整数').optional(),
})
export type StatFilter = z.infer<typeof statFilterQuery>

/** GET /api/bigData/byRegion and /api/bigData/regionGeo */
export const regionLevelQuery = statFilterQuery.extend({
  level: z.enum(['city', 'county'], { error: '区划级别 level 应为 city 或 county' }).default('city'),
})
export type RegionLevelFilter = z.infer<typeof regionLevelQuery>

/** GET /api/bigData/lifecycleByMonth: the filters plus the month (1–12) of the year. */
export const monthQuery = statFilterQuery.extend({
  month: z.coerce.number({ error: '月份 month 应为数字' }).int('月份 month 应为整数').min(1, '月份 month 应为1–12').max(12, '月份 month 应为1–12'),
})
export type MonthFilter = z.infer<typeof monthQuery>

/** GET /api/bigData/topEnterprises */
export const topQuery = statFilterQuery.extend({
  limit: z.coerce.number({ error: '条数 limit 应为数字' }).int('条数 limit 应为整数').min(1, '条数 limit 至少为1').max(100, '条数 limit 最多为100').default(10),
})

/** 核心指标: the headline figures of one scope and year. */
export interface OverviewStats {
  year: number
  parcelCount: number
  parcelAreaMu: number
  enterpriseCount: number
  /** 规上企业数 */
  scaleCount: number
  parkCount: number
  /** 低效 + 闲置 parcels */
  lowEfficiencyCount: number
  lowEfficiencyAreaMu: number
  /** 实缴税金 万元 */
  tax: number
  /** 工业增加值 万元 */
  valueAdded: number
  /** 营业收入 万元 */
  revenue: number
  /** 亩均税收 万元/亩 */
  taxPerMu: number
  /** 亩均增加值 万元/亩 */
  valueAddedPerMu: number
}

/** One row of a grouped statistic (region, park, industry, class …). */
export interface GroupStat {
  /** group key: region code, park id, industry code, land use code, status … */
  key: string
  name: string
  parcelCount: number
  areaMu: number
  enterpriseCount: number
  tax: number
  valueAdded: number
  taxPerMu: number
  valueAddedPerMu: number
}

/** One year of the trend. */
export interface YearStat {
  year: number
  enterpriseCount: number
  tax: number
  valueAdded: number
  revenue: number
  taxPerMu: number
  valueAddedPerMu: number
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
  taxPerMu: number
}

/** The years that hold figures, newest last (the runtime yearList falls back to these). */
export interface StatYears {
  years: number[]
  latest: number
}

/** /api/show/overview: the reform portal's public headline figures (province only, no names). */
export interface PortalOverview extends OverviewStats {
  cities: Array<{ code: string; name: string; parcelCount: number; areaMu: number; taxPerMu: number }>
}
