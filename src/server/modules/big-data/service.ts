/**
 * 大数据统计: turns the repo's sums into the wall's figures — 亩 from 平方米 (docs/domain.md "Units and codes"),
 * 亩均税收 / 亩均增加值 = sum ÷ the enterprises' land in 亩, names for codes, rankings.
 */
import type { Db } from '../../db/engine'
import { M2_PER_MU, muOf as mu, perMuOf as perMu, roundTo } from '../../../domain/codes/units'
import { industryName } from '../../../domain/codes/industry'
import { landUseName } from '../../../domain/codes/land-use'
import { APPRAISAL_CLASSES, APPRAISAL_CLASS_NAMES } from '../../../domain/appraisal'
import { LIFECYCLE_STAGES, STAGE_NAMES } from '../../../domain/lifecycle'
import type {
  EnterpriseRank,
  GroupStat,
  OverviewStats,
  PortalOverview,
  StageMonthStat,
  StatFilter,
  SupplyMonthStat,
  StatYears,
  YearStat,
} from '../../../domain/contracts/big-data'
import * as repo from './repo'

const money = (v: number) => roundTo(v, 2)

/** The year asked for, else the latest with figures. */
export async function resolveYear(db: Db, year?: number): Promise<number> {
  if (year) return year
  const years = await repo.statYears(db)
  return years.at(-1) ?? new Date().getFullYear()
}

/** 统计年度 list. */
export async function years(db: Db): Promise<StatYears> {
  const list = await repo.statYears(db)
  return { years: list, latest: list.at(-1) ?? new Date().getFullYear() }
}

function toGroup(key: string, name: string, g: repo.RawGroup | undefined): GroupStat {
  return {
    key,
    name,
    parcelCount: g?.parcel_count ?? 0,
    areaMu: mu(g?.area_m2 ?? 0),
    enterpriseCount: g?.enterprise_count ?? 0,
    tax: money(g?.tax ?? 0),
    valueAdded: money(g?.value_added ?? 0),
    taxPerMu: perMu(g?.tax ?? 0, g?.land_m2 ?? 0),
    valueAddedPerMu: perMu(g?.value_added ?? 0, g?.land_m2 ?? 0),
  }
}

/** 核心指标 of a scope and year. */
export async function overview(db: Db, f: StatFilter): Promise<OverviewStats> {
  const year = await resolveYear(db, f.year)
  const [[all], counts] = await Promise.all([repo.sumsBy(db, null, year, f), repo.scopeCounts(db, f)])
  const g = toGroup('all', '合计', all)
  return {
    year,
    parcelCount: g.parcelCount,
    parcelAreaMu: g.areaMu,
    enterpriseCount: g.enterpriseCount,
    scaleCount: counts.scale_count,
    parkCount: counts.park_count,
    lowEfficiencyCount: counts.low_count,
    lowEfficiencyAreaMu: mu(counts.low_m2),
    tax: g.tax,
    valueAdded: g.valueAdded,
    revenue: money(all?.revenue ?? 0),
    taxPerMu: g.taxPerMu,
    valueAddedPerMu: g.valueAddedPerMu,
  }
}

/** By city (the province) or by county (of cityCode, or of the whole province). Every region is listed, zeros included. */
export async function byRegion(db: Db, level: 'city' | 'county', f: StatFilter): Promise<GroupStat[]> {
  const year = await resolveYear(db, f.year)
  const [regions, sums] = await Promise.all([repo.regionsOf(db, level, level === 'county' ? f.cityCode : undefined), repo.sumsBy(db, repo.DIMENSIONS[level], year, f)])
  const byKey = new Map(sums.map((s) => [s.key, s]))
  return regions.map((r) => toGroup(r.code, r.name, byKey.get(r.code)))
}

/** By development zone / industrial park, largest area first. */
export async function byPark(db: Db, f: StatFilter): Promise<GroupStat[]> {
  const year = await resolveYear(db, f.year)
  const [parks, sums] = await Promise.all([repo.parksOf(db, f), repo.sumsBy(db, repo.DIMENSIONS.park, year, f)])
  const byKey = new Map(sums.map((s) => [s.key, s]))
  return parks.map((p) => toGroup(String(p.id), p.name, byKey.get(String(p.id)))).sort((a, b) => b.areaMu - a.areaMu)
}

/** By GB/T 4754 division, most enterprises first; enterprises without a code are 未分类. */
export async function byIndustry(db: Db, f: StatFilter): Promise<GroupStat[]> {
  const year = await resolveYear(db, f.year)
  const sums = await repo.sumsBy(db, repo.DIMENSIONS.industry, year, f)
  return sums
    .map((s) => toGroup(s.key ?? 'none', s.key ? (industryName(s.key) ?? s.key) : '未分类', s))
    .sort((a, b) => b.enterpriseCount - a.enterpriseCount || b.areaMu - a.areaMu)
}

/** One class of a classification: its name, how many, how much land. */
export interface ClassStat {
  key: string
  name: string
  count: number
  areaMu: number
}

const PARCEL_CLASS_NAME: Record<string, (key: string) => string> = {
  land_use_code: (k) => landUseName(k) ?? k,
  status: (k) => k,
  supply_method: (k) => k,
}

/** Parcels by 地类 / 状态 / 供地方式. */
export async function parcelClasses(db: Db, column: 'land_use_code' | 'status' | 'supply_method', f: StatFilter): Promise<ClassStat[]> {
  const rows = await repo.parcelsBy(db, column, f)
  return rows.map((r) => ({ key: r.key ?? 'none', name: r.key ? PARCEL_CLASS_NAME[column](r.key) : '未填写', count: r.n, areaMu: mu(r.m2) }))
}

/** Enterprises by 规上 / 规下. */
export async function scaleClasses(db: Db, f: StatFilter): Promise<ClassStat[]> {
  const year = await resolveYear(db, f.year)
  const rows = await repo.enterprisesByScale(db, year, f)
  return rows.map((r) => ({ key: r.key, name: `${r.key}企业`, count: r.n, areaMu: mu(r.m2) }))
}

/** Enterprises by 亩均效益评价 class A–D in the year (all four listed, zeros included). */
export async function appraisalClasses(db: Db, f: StatFilter): Promise<ClassStat[]> {
  const year = await resolveYear(db, f.year)
  const byKey = new Map((await repo.enterprisesByAppraisal(db, year, f)).map((r) => [r.key, r]))
  return APPRAISAL_CLASSES.map((c) => ({ key: c, name: APPRAISAL_CLASS_NAMES[c], count: byKey.get(c)?.n ?? 0, areaMu: mu(byKey.get(c)?.m2 ?? 0) }))
}

/** 供地 of the year month by month, January to December (months without supply are zeros). */
export async function supplyByMonth(db: Db, f: StatFilter): Promise<SupplyMonthStat[]> {
  const year = await resolveYear(db, f.year)
  const byMonth = new Map((await repo.suppliedByMonth(db, year, f)).map((r) => [r.month, r]))
  return Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1)
    return { month: i + 1, name: `${i + 1}月`, parcelCount: r?.n ?? 0, areaMu: mu(r?.m2 ?? 0), price: money(r?.price ?? 0) }
  })
}

/** Lifecycle projects that reached each stage within the month, in stage order. */
export async function lifecycleByMonth(db: Db, f: StatFilter & { month: number }): Promise<StageMonthStat[]> {
  const year = await resolveYear(db, f.year)
  const counts = await repo.stagesInMonth(db, year, f.month, f)
  return LIFECYCLE_STAGES.map((s) => ({ key: s, name: STAGE_NAMES[s], count: counts[s] }))
}

/** 亩均税收 bands (万元/亩); D 类 starts below 1 万元/亩 (docs/domain.md 亩均效益评价). */
export const TAX_BANDS: ReadonlyArray<{ key: string; name: string; min: number; max: number }> = [
  { key: 'lt1', name: '1万元以下', min: -Infinity, max: 1 },
  { key: '1-5', name: '1–5万元', min: 1, max: 5 },
  { key: '5-15', name: '5–15万元', min: 5, max: 15 },
  { key: '15-30', name: '15–30万元', min: 15, max: 30 },
  { key: 'ge30', name: '30万元以上', min: 30, max: Infinity },
]

/** Enterprises with land that year by 亩均税收 band. */
export async function taxBands(db: Db, f: StatFilter): Promise<ClassStat[]> {
  const year = await resolveYear(db, f.year)
  const rows = (await repo.enterpriseYear(db, year, f)).filter((r) => r.land_m2 > 0)
  return TAX_BANDS.map((b) => {
    const inBand = rows.filter((r) => {
      const v = r.tax / (r.land_m2 / M2_PER_MU)
      return v >= b.min && v < b.max
    })
    return { key: b.key, name: b.name, count: inBand.length, areaMu: mu(inBand.reduce((s, r) => s + r.land_m2, 0)) }
  })
}

/** 亩均税收 ranking of enterprises holding at least 3 亩 (docs/domain.md: the appraisal's scope). */
export async function topEnterprises(db: Db, f: StatFilter, limit: number): Promise<EnterpriseRank[]> {
  const year = await resolveYear(db, f.year)
  const rows = await repo.enterpriseYear(db, year, f)
  return rows
    .filter((r) => r.land_m2 / M2_PER_MU >= 3)
    .map((r) => ({
      id: r.id,
      name: r.name,
      countyName: r.county_name ?? '',
      industryName: (r.industry_code && industryName(r.industry_code)) || '未分类',
      tax: money(r.tax),
      landMu: mu(r.land_m2),
      taxPerMu: perMu(r.tax, r.land_m2),
    }))
    .sort((a, b) => b.taxPerMu - a.taxPerMu || a.id - b.id)
    .slice(0, limit)
}

/** Yearly trend of the scope. */
export async function trend(db: Db, f: StatFilter): Promise<YearStat[]> {
  const rows = await repo.yearlySums(db, f)
  return rows.map((r) => ({
    year: r.year,
    enterpriseCount: r.n,
    tax: money(r.tax),
    valueAdded: money(r.value_added),
    revenue: money(r.revenue),
    taxPerMu: perMu(r.tax, r.land_m2),
    valueAddedPerMu: perMu(r.value_added, r.land_m2),
  }))
}

/** A GeoJSON FeatureCollection of region outlines with code and name. */
export async function regionGeo(db: Db, level: 'city' | 'county', parentCode?: string): Promise<GeoJSON.FeatureCollection> {
  const rows = await repo.regionOutlines(db, level, parentCode)
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({ type: 'Feature', properties: { code: r.code, name: r.name }, geometry: JSON.parse(r.geojson) as GeoJSON.Geometry })),
  }
}

/** The reform portal's figures: province totals and per-city totals, nothing that names an enterprise. */
export async function portalOverview(db: Db): Promise<PortalOverview> {
  const [o, cities] = await Promise.all([overview(db, {}), byRegion(db, 'city', {})])
  return { ...o, cities: cities.map((c) => ({ code: c.key, name: c.name, parcelCount: c.parcelCount, areaMu: c.areaMu, taxPerMu: c.taxPerMu })) }
}
