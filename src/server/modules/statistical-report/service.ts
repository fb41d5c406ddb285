/**
 * 统计报表: the repo's sums and rows turned into the reports — 亩 from 平方米 (docs/domain.md "Units and codes"),
 * names for codes, 亩均 figures over the enterprises' land, the district path for the breadcrumb.
 */
import type { Db } from '../../db/engine'
import type { DataScope } from '../../auth/data-scope'
import { roundTo } from '../../../domain/codes/units'
import { mu as exactMu } from '../../../domain/figures/formulas'
import { enterpriseFigures, parcelFigures, partsForDisplay, shown, shownOr0 } from '../../figures/values'
import { industryName } from '../../../domain/codes/industry'
import { landUseName } from '../../../domain/codes/land-use'
import type { Page } from '../../../domain/contracts/envelope'
import {
  LOW_EFFICIENCY_REASONS,
  type AreaReport,
  type AreaReportRow,
  type EnterpriseReport,
  type EnterpriseReportQuery,
  type EnterpriseReportRow,
  type IndustryReport,
  type IndustryReportRow,
  type LowEfficiencyQuery,
  type LowEfficiencyReason,
  type LowEfficiencyReport,
  type LowEfficiencyRow,
  type ParcelReportQuery,
  type ParcelReportRow,
  type ReportRegion,
  type ReportRegionOption,
} from '../../../domain/contracts/statistical-report'
import { asOfYears, figuresYear } from '../../common/stat-years'
import * as repo from './repo'
import { marksOf } from '../appraisal/restatement'
import type { Restatement } from '../../../domain/contracts/appraisal'

/** 平方米 → 亩 as sent (2 decimals; none → 0). */
const mu = (m2: number | null | undefined) => shownOr0('landAreaMu', exactMu(m2 ?? 0))
const toRegion = (r: repo.RegionRow): ReportRegion => ({ code: r.code, name: r.name, level: r.level })

/** The catalogue's figures of one group as a report sends them (rounded only here). */
function figuresOf(s: repo.RawSums | undefined) {
  const land = parcelFigures(s?.parcels ?? undefined)
  const ent = enterpriseFigures(s?.enterprises ?? undefined)
  return {
    parcelCount: land.parcelCount,
    areaMu: shownOr0('landAreaMu', land.landAreaMu),
    enterpriseCount: ent.landEnterpriseCount,
    scaleCount: ent.scaleAboveCount,
    ratedEnterpriseCount: ent.ratedEnterpriseCount,
    tax: shownOr0('tax', ent.tax),
    valueAdded: shownOr0('valueAdded', ent.valueAdded),
    revenue: shownOr0('revenue', ent.revenue),
    ratedLandMu: shownOr0('ratedLandMu', ent.ratedLandMu),
    taxPerMu: shown('taxPerMu', ent.taxPerMu),
    valueAddedPerMu: shown('valueAddedPerMu', ent.valueAddedPerMu),
    parts: partsForDisplay(ent.parts, ['taxPerMu', 'valueAddedPerMu']),
    lowCount: land.lowEfficiencyCount,
    lowAreaMu: shownOr0('lowEfficiencyAreaMu', land.lowEfficiencyAreaMu),
    idleCount: land.idleCount,
  }
}

function areaRow(code: string, name: string, drillable: boolean, s: repo.RawSums | undefined): AreaReportRow {
  const { revenue: _r, ...f } = figuresOf(s)
  return { code, name, drillable, ...f }
}

const hasAny = (s: repo.RawSums | undefined) =>
  !!s &&
  ((s.parcels?.parcel_count ?? 0) > 0 ||
    (s.enterprises?.land_enterprise_count ?? 0) > 0 ||
    (s.enterprises?.rated_enterprise_count ?? 0) > 0)

/**
 * 区域统计: the child districts of the scope's district (the province → cities → counties →
 * towns), every child listed with zeros included, records without a child district in a row of
 * their own, and the total of the whole scope.
 */
export async function areaReport(db: Db, scope: DataScope, year?: number): Promise<AreaReport> {
  const { year: y, figuresYear: fy } = await asOfYears(db, year)
  const base = scope.kind === 'region' ? scope.code : '330000'
  const [regionRow, path, children] = await Promise.all([repo.region(db, base), repo.regionPath(db, base), repo.childRegions(db, base)])
  const level = children[0]?.level
  const key = level && level !== 'province' ? `${level}_code` : null
  const [grouped, [whole]] = await Promise.all([
    key ? repo.sums(db, scope, y, fy, { parcel: `p.${key}`, enterprise: `e.${key}` }) : Promise.resolve([]),
    repo.sums(db, scope, y, fy, null),
  ])
  const byKey = new Map(grouped.map((s) => [s.key, s]))
  const rows = children.map((c) => areaRow(c.code, c.name, c.level !== 'town', byKey.get(c.code)))
  if (key && hasAny(byKey.get(null))) rows.push(areaRow('', '未落到下级区划', false, byKey.get(null)))
  return {
    year: y,
    figuresYear: fy,
    region: scope.kind === 'region' && regionRow ? toRegion(regionRow) : null,
    path: path.map(toRegion),
    rows: scope.kind === 'none' ? [] : rows,
    total: areaRow('all', '合计', false, whole),
  }
}

function industryRow(code: string, name: string, s: repo.RawSums | undefined): IndustryReportRow {
  const { lowCount: _l, lowAreaMu: _a, idleCount: _i, ...f } = figuresOf(s)
  return { code, name, ...f }
}

/**
 * 行业统计: by GB/T 4754 division in code order; a parcel counts under its holder's industry, and
 * enterprises without a code (and parcels without a holder) under 未分类, last.
 */
export async function industryReport(db: Db, scope: DataScope, regionRow: ReportRegion | null, year?: number): Promise<IndustryReport> {
  const { year: y, figuresYear: fy } = await asOfYears(db, year)
  const [grouped, [whole]] = await Promise.all([
    repo.sums(db, scope, y, fy, { parcel: 'left(pe.industry_code, 3)', enterprise: 'left(e.industry_code, 3)' }),
    repo.sums(db, scope, y, fy, null),
  ])
  const rows = grouped
    .filter(hasAny)
    .map((s) => (s.key ? industryRow(s.key, industryName(s.key) ?? s.key, s) : industryRow('', '未分类', s)))
    .sort((a, b) => (a.code === '' ? 1 : b.code === '' ? -1 : a.code.localeCompare(b.code)))
  return { year: y, figuresYear: fy, region: regionRow, rows, total: industryRow('all', '合计', whole) }
}

const enterpriseView = (r: repo.EnterpriseRow, restated: Restatement[] = []): EnterpriseReportRow => ({
  id: r.id,
  creditCode: r.credit_code,
  name: r.name,
  industryCode: r.industry_code,
  industryName: r.industry_code ? (industryName(r.industry_code) ?? null) : null,
  scale: r.scale,
  status: r.status,
  countyName: r.county_name,
  parkName: r.park_name,
  parcelCount: r.parcel_count,
  landAreaMu: mu(r.land_m2),
  tax: shown('tax', r.tax),
  valueAdded: shown('valueAdded', r.value_added),
  taxPerMu: shown('taxPerMu', r.tax_per_mu),
  appraisalClass: r.appraisal_class,
  restated,
})

/** The rows with their standing approved 更正 of the year (docs/domain.md "Closed years"), read once for all of them. */
async function withMarks(db: Db, year: number, rows: repo.EnterpriseRow[]): Promise<EnterpriseReportRow[]> {
  const marks = await marksOf(
    db,
    year,
    rows.map((r) => r.id),
  )
  return rows.map((r) => enterpriseView(r, marks.get(r.id)))
}

const mapPage = <R, T>(p: Page<R>, f: (r: R) => T): Page<T> => ({ ...p, list: p.list.map(f) })

type EnterpriseListQuery = Omit<EnterpriseReportQuery, 'year' | 'regionCode'>

/** 用地单位列表: one page with the year's figures and appraisal class. */
export async function enterpriseReport(db: Db, scope: DataScope, q: EnterpriseListQuery, year?: number): Promise<EnterpriseReport> {
  const y = await figuresYear(db, year)
  const page = await repo.enterprises(db, scope, y, q)
  return { year: y, page: { ...page, list: await withMarks(db, y, page.list) } }
}

/** Every row of 用地单位列表 for an export. */
export async function* eachEnterprise(
  db: Db,
  scope: DataScope,
  q: Omit<EnterpriseListQuery, 'page' | 'pageSize'>,
  year?: number,
): AsyncIterable<EnterpriseReportRow[]> {
  const y = await figuresYear(db, year)
  for await (const rows of repo.eachEnterprise(db, scope, y, q)) yield await withMarks(db, y, rows)
}

const parcelView = (r: repo.ParcelRow): ParcelReportRow => ({
  id: r.id,
  landCode: r.land_code,
  name: r.name,
  landUseCode: r.land_use_code,
  landUseName: landUseName(r.land_use_code) ?? null,
  status: r.status,
  areaMu: mu(r.area_m2),
  plotRatio: r.plot_ratio === null ? null : roundTo(r.plot_ratio, 2),
  buildingDensity: r.building_density === null ? null : roundTo(r.building_density, 1),
  supplyDate: typeof r.supply_date === 'string' || r.supply_date === null ? r.supply_date : r.supply_date.toISOString().slice(0, 10),
  supplyMethod: r.supply_method,
  countyName: r.county_name,
  parkName: r.park_name,
  enterpriseId: r.enterprise_id,
  enterpriseName: r.enterprise_name,
})

type ParcelListQuery = Omit<ParcelReportQuery, 'regionCode'>

/** 工业用地列表: one page. */
export async function parcelReport(db: Db, scope: DataScope, q: ParcelListQuery): Promise<Page<ParcelReportRow>> {
  return mapPage(await repo.parcels(db, scope, q), parcelView)
}

/** Every row of 工业用地列表 for an export. */
export async function* eachParcel(
  db: Db,
  scope: DataScope,
  q: Omit<ParcelListQuery, 'page' | 'pageSize'>,
): AsyncIterable<ParcelReportRow[]> {
  for await (const rows of repo.eachParcel(db, scope, q)) yield rows.map(parcelView)
}

const REASONS = Object.keys(LOW_EFFICIENCY_REASONS) as LowEfficiencyReason[]

const lowView = (r: repo.LowRow): LowEfficiencyRow => ({
  ...parcelView(r),
  reasons: REASONS.filter((k) => r[k]),
  taxPerMu: shown('taxPerMu', r.tax_per_mu),
})

type LowListQuery = Omit<LowEfficiencyQuery, 'year' | 'regionCode'>

/** 低效用地: the summary of every parcel the filters keep, and one page of them with their criteria. */
export async function lowEfficiencyReport(db: Db, scope: DataScope, q: LowListQuery, year?: number): Promise<LowEfficiencyReport> {
  const { year: y, figuresYear: fy } = await asOfYears(db, year)
  const { page: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filter } = q
  const [s, page] = await Promise.all([repo.lowSummary(db, scope, y, fy, filter), repo.lowParcels(db, scope, y, fy, q)])
  return {
    year: y,
    figuresYear: fy,
    count: s.n,
    areaMu: mu(s.m2),
    idleCount: s.idle,
    lowCount: s.low,
    byReason: REASONS.map((k) => ({ reason: k, name: LOW_EFFICIENCY_REASONS[k], count: s[`${k}_n`], areaMu: mu(s[`${k}_m2`]) })),
    page: mapPage(page, lowView),
  }
}

/** Every row of 低效用地 for an export. */
export async function* eachLowParcel(
  db: Db,
  scope: DataScope,
  q: Omit<LowListQuery, 'page' | 'pageSize'>,
  year?: number,
): AsyncIterable<LowEfficiencyRow[]> {
  const { year: y, figuresYear: fy } = await asOfYears(db, year)
  for await (const rows of repo.eachLowParcel(db, scope, y, fy, q)) yield rows.map(lowView)
}

/** The cities and counties inside a scope, as a tree (a town user picks nothing). */
export async function regionOptions(db: Db, scope: DataScope): Promise<ReportRegionOption[]> {
  if (scope.kind === 'none' || (scope.kind === 'region' && scope.level === 'town')) return []
  const all = await repo.citiesAndCounties(db)
  const inScope = (r: repo.RegionRow) =>
    scope.kind === 'all' ||
    scope.level === 'province' ||
    (scope.level === 'city' ? r.code === scope.code || r.parent_code === scope.code : r.code === scope.code)
  const counties = all.filter((r) => r.level === 'county' && inScope(r))
  const cities = all.filter((r) => r.level === 'city' && (inScope(r) || counties.some((c) => c.parent_code === r.code)))
  return cities.map((c) => ({
    code: c.code,
    name: c.name,
    children: counties.filter((k) => k.parent_code === c.code).map((k) => ({ code: k.code, name: k.name })),
  }))
}
