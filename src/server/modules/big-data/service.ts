/**
 * 大数据统计: the wall's figures, each a figure of the catalogue (src/domain/figures) computed by its
 * one SQL fragment (src/server/figures) and rounded here only to be sent; names for codes, rankings
 * on exact values.
 */
import type { Db } from '../../db/engine'
import type { OutlineCollection } from '../../../domain/contracts/outlines'
import { forDisplay, mu as exactMu } from '../../../domain/figures/formulas'
import { enterpriseFigures, parcelFigures, partsForDisplay, shown, shownOr0 } from '../../figures/values'
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
  SupplyMonthStat,
  StatYears,
  YearStat,
} from '../../../domain/contracts/big-data'
import * as repo from './repo'
import type { ScopedStatFilter } from './repo'
import { asOfYears, currentYear, figuresYear, resolveYear, statYears, stockYear } from '../../common/stat-years'
import { productToday } from '../../clock'
import { outlineCollection, polygonOf } from '../../common/region-outlines'

/** 平方米 → 亩 as sent (2 decimals). */
const mu = (m2: number | null | undefined) => shownOr0('landAreaMu', exactMu(m2 ?? 0))

/** 统计年度 list: the years with figures, the latest of them, and today (the current year means today). */
export async function years(db: Db): Promise<StatYears> {
  const list = await statYears(db)
  return { years: list, latest: list.at(-1) ?? currentYear(), today: productToday() }
}

/** The figures of one group as sent: counts, 亩 and 万元 to their digits, ratios with their parts. */
function figuresOf(g: repo.RawGroup | undefined) {
  const land = parcelFigures(g?.parcels ?? undefined)
  const ent = enterpriseFigures(g?.enterprises ?? undefined)
  return {
    land,
    ent,
    sent: {
      tax: shownOr0('tax', ent.tax),
      valueAdded: shownOr0('valueAdded', ent.valueAdded),
      ratedLandMu: shownOr0('ratedLandMu', ent.ratedLandMu),
      taxPerMu: shown('taxPerMu', ent.taxPerMu),
      valueAddedPerMu: shown('valueAddedPerMu', ent.valueAddedPerMu),
      parts: partsForDisplay(ent.parts, ['taxPerMu', 'valueAddedPerMu']),
    },
  }
}

function toGroup(key: string, name: string, g: repo.RawGroup | undefined): GroupStat {
  const { land, ent, sent } = figuresOf(g)
  return {
    key,
    name,
    parcelCount: land.parcelCount,
    areaMu: shownOr0('landAreaMu', land.landAreaMu),
    enterpriseCount: ent.landEnterpriseCount,
    ...sent,
  }
}

/** 核心指标 of a scope and year (with `inParks`: of the parks only, the sum of the park rows). */
export async function overview(db: Db, f: ScopedStatFilter): Promise<OverviewStats> {
  const { year, figuresYear } = await asOfYears(db, f.year)
  const [[all], parkCount] = await Promise.all([repo.sumsBy(db, null, year, figuresYear, f), repo.parkCount(db, f)])
  const { land, ent, sent } = figuresOf(all)
  return {
    year,
    figuresYear,
    parcelCount: land.parcelCount,
    parcelAreaMu: shownOr0('landAreaMu', land.landAreaMu),
    enterpriseCount: ent.landEnterpriseCount,
    scaleCount: ent.scaleAboveCount,
    ratedEnterpriseCount: ent.ratedEnterpriseCount,
    appraisedEnterpriseCount: ent.appraisedEnterpriseCount,
    parkCount,
    lowEfficiencyCount: land.lowEfficiencyCount,
    lowEfficiencyAreaMu: shownOr0('lowEfficiencyAreaMu', land.lowEfficiencyAreaMu),
    idleCount: land.idleCount,
    revenue: shownOr0('revenue', ent.revenue),
    ...sent,
  }
}

/** By city (the province) or by county (of cityCode, or of the whole province). Every region is listed, zeros included. */
export async function byRegion(db: Db, level: 'city' | 'county', f: ScopedStatFilter): Promise<GroupStat[]> {
  const { year, figuresYear } = await asOfYears(db, f.year)
  const [regions, sums] = await Promise.all([
    repo.regionsOf(db, level, level === 'county' ? f.cityCode : undefined, f.scope),
    repo.sumsBy(db, repo.DIMENSIONS[level], year, figuresYear, f),
  ])
  const byKey = new Map(sums.map((s) => [s.key, s]))
  return regions.map((r) => toGroup(r.code, r.name, byKey.get(r.code)))
}

/** By development zone / industrial park, largest area first. */
export async function byPark(db: Db, f: ScopedStatFilter): Promise<GroupStat[]> {
  const { year, figuresYear } = await asOfYears(db, f.year)
  const [parks, sums] = await Promise.all([repo.parksOf(db, f), repo.sumsBy(db, repo.DIMENSIONS.park, year, figuresYear, f)])
  const byKey = new Map(sums.map((s) => [s.key, s]))
  return parks.map((p) => toGroup(String(p.id), p.name, byKey.get(String(p.id)))).sort((a, b) => b.areaMu - a.areaMu)
}

/** By GB/T 4754 division, most enterprises first; enterprises without a code are 未分类. */
export async function byIndustry(db: Db, f: ScopedStatFilter): Promise<GroupStat[]> {
  const { year, figuresYear } = await asOfYears(db, f.year)
  const sums = await repo.sumsBy(db, repo.DIMENSIONS.industry, year, figuresYear, f)
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
export async function parcelClasses(
  db: Db,
  column: 'land_use_code' | 'status' | 'supply_method',
  f: ScopedStatFilter,
): Promise<ClassStat[]> {
  const rows = await repo.parcelsBy(db, column, stockYear(f.year), f)
  return rows.map((r) => ({
    key: r.key ?? 'none',
    name: r.key ? PARCEL_CLASS_NAME[column](r.key) : '未填写',
    count: r.n,
    areaMu: mu(r.m2),
  }))
}

/** 用地企业 by 规上 / 规下 (规上企业数, 规下企业数) with their 参评用地面积. */
export async function scaleClasses(db: Db, f: ScopedStatFilter): Promise<ClassStat[]> {
  const year = await figuresYear(db, f.year)
  const rows = await repo.enterprisesByScale(db, year, f)
  return rows
    .map((r) => ({ key: r.key, name: `${r.key}企业`, count: r.land_enterprise_count, areaMu: mu(r.rated_land_m2) }))
    .filter((r) => r.count > 0)
}

/** Enterprises by 亩均效益评价 class A–D in the year (all four listed, zeros included). */
export async function appraisalClasses(db: Db, f: ScopedStatFilter): Promise<ClassStat[]> {
  const year = await figuresYear(db, f.year)
  const byKey = new Map((await repo.enterprisesByAppraisal(db, year, f)).map((r) => [r.key, r]))
  return APPRAISAL_CLASSES.map((c) => ({
    key: c,
    name: APPRAISAL_CLASS_NAMES[c],
    count: byKey.get(c)?.n ?? 0,
    areaMu: mu(byKey.get(c)?.m2 ?? 0),
  }))
}

/** 供地 of the year month by month, January to December (months without supply are zeros). */
export async function supplyByMonth(db: Db, f: ScopedStatFilter): Promise<SupplyMonthStat[]> {
  const year = await resolveYear(db, f.year)
  const byMonth = new Map((await repo.suppliedByMonth(db, year, f)).map((r) => [r.month, r]))
  return Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1)
    return {
      month: i + 1,
      name: `${i + 1}月`,
      parcelCount: r?.n ?? 0,
      areaMu: shownOr0('suppliedAreaMu', exactMu(r?.m2 ?? 0)),
      price: forDisplay(r?.price ?? 0, 2) ?? 0,
    }
  })
}

/** Lifecycle projects that reached each stage within the month, in stage order. */
export async function lifecycleByMonth(db: Db, f: ScopedStatFilter & { month: number }): Promise<StageMonthStat[]> {
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

/** 参评企业 of the year by 亩均税收 band, on the exact value (a 0.9992 is below 1). */
export async function taxBands(db: Db, f: ScopedStatFilter): Promise<ClassStat[]> {
  const year = await figuresYear(db, f.year)
  const rows = (await repo.enterpriseYear(db, year, f)).filter((r) => r.tax_per_mu !== null)
  return TAX_BANDS.map((b) => {
    const inBand = rows.filter((r) => r.tax_per_mu! >= b.min && r.tax_per_mu! < b.max)
    return { key: b.key, name: b.name, count: inBand.length, areaMu: mu(inBand.reduce((s, r) => s + r.land_m2, 0)) }
  })
}

/** 亩均税收 ranking of the year's 评价范围企业 (classed in the published appraisal batch), ranked on exact values. */
export async function topEnterprises(db: Db, f: ScopedStatFilter, limit: number): Promise<EnterpriseRank[]> {
  const year = await figuresYear(db, f.year)
  const rows = await repo.enterpriseYear(db, year, f)
  return rows
    .filter((r) => r.classed && r.tax_per_mu !== null)
    .sort((a, b) => b.tax_per_mu! - a.tax_per_mu! || a.id - b.id)
    .slice(0, limit)
    .map((r) => ({
      id: r.id,
      name: r.name,
      countyName: r.county_name ?? '',
      industryName: (r.industry_code && industryName(r.industry_code)) || '未分类',
      tax: shownOr0('tax', r.tax),
      landMu: mu(r.land_m2),
      taxPerMu: shown('taxPerMu', r.tax_per_mu),
    }))
}

/** Yearly trend of the scope: each year's rated enterprises. */
export async function trend(db: Db, f: ScopedStatFilter): Promise<YearStat[]> {
  const rows = await repo.yearlySums(db, f)
  return rows.map((r) => {
    const ent = enterpriseFigures(r)
    return {
      year: r.year,
      ratedEnterpriseCount: ent.ratedEnterpriseCount,
      tax: shownOr0('tax', ent.tax),
      valueAdded: shownOr0('valueAdded', ent.valueAdded),
      revenue: shownOr0('revenue', ent.revenue),
      ratedLandMu: shownOr0('ratedLandMu', ent.ratedLandMu),
      taxPerMu: shown('taxPerMu', ent.taxPerMu),
      valueAddedPerMu: shown('valueAddedPerMu', ent.valueAddedPerMu),
      parts: partsForDisplay(ent.parts, ['taxPerMu', 'valueAddedPerMu']),
    }
  })
}

/**
 * The region outlines of a level (within a city) with code, name and label point, which levels
 * have outlines, and the seats of the regions that have none (contracts/outlines), as the map
 * suite's boundaries answer them (server/common/region-outlines).
 */
export async function regionGeo(db: Db, level: 'city' | 'county', parentCode?: string): Promise<OutlineCollection> {
  const features: OutlineCollection['features'] = []
  for (const r of await repo.regionOutlines(db, level, parentCode)) {
    const geometry = polygonOf(r.geojson)
    if (geometry)
      features.push({
        type: 'Feature',
        properties: { code: r.code, name: r.name, labelLng: Number(r.lng), labelLat: Number(r.lat) },
        geometry,
      })
  }
  return outlineCollection(db, level, features, parentCode)
}

/** The reform portal's figures: province totals and per-city totals, nothing that names an enterprise. */
export async function portalOverview(db: Db): Promise<PortalOverview> {
  const [o, cities] = await Promise.all([overview(db, {}), byRegion(db, 'city', {})])
  return {
    ...o,
    cities: cities.map((c) => ({ code: c.key, name: c.name, parcelCount: c.parcelCount, areaMu: c.areaMu, taxPerMu: c.taxPerMu })),
  }
}
