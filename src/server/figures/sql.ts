/**
 * One SQL fragment per figure of the catalogue (src/domain/figures/catalogue.ts), used by every
 * repo that reads a figure and by the views of migration 0140 (which spells the same SQL; the
 * unit suite holds the two to it). A figure "of year Y" reads land as it stood at the end of Y and
 * the enterprises' yearly figures of Y. Nothing here rounds: rounding is for display only.
 *
 * A year is given as SQL: a parameter ('$1') or a column ('y.year').
 */
import type { FigureKey } from '../../domain/figures/catalogue'

/** 平方米 per 亩, exactly 10000/15 (docs/domain.md "Units and codes"). */
export const M2_PER_MU_SQL = '(10000.0 / 15)'

/** The first day after year `year`: land "at the end of Y" is land dated before it. */
export const afterYear = (year: string): string => `make_date((${year})::int + 1, 1, 1)`

/** The day after today in the product's time zone (database sessions run in Asia/Shanghai). */
export const AFTER_TODAY = '(current_date + 1)'

/**
 * 在册工业用地 before a date (parcel alias `a`): not deleted, supplied before it (or without a
 * supply date), and not recovered before it (已收回 without a date counts as recovered always).
 */
export function parcelInBooks(a: string, before: string): string {
  return `(NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date < ${before})
    AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date < ${before})))`
}

/**
 * The first day after a stock figure's moment for year `year` (issue 29): 1 January of the next
 * year, or tomorrow for the current year — a stock "of the current year" is today's ("截至今日").
 */
export const stockBefore = (year: string): string => `LEAST(${afterYear(year)}, ${AFTER_TODAY})`

/** 在册工业用地 at the end of year `year` (today for the current year). */
export const parcelOfYear = (a: string, year: string): string => parcelInBooks(a, stockBefore(year))

/** 在册工业用地 today (the globe and the map draw today's land). */
export const parcelToday = (a: string): string => parcelInBooks(a, AFTER_TODAY)

/** 当期供地 (parcel alias `a`): not deleted, supplied on or after `from` and before `before` (dates as SQL). */
export const suppliedBetween = (a: string, from: string, before: string): string =>
  `(NOT ${a}.deleted AND ${a}.supply_date >= ${from} AND ${a}.supply_date < ${before})`

/** 当月阶段进展 (project alias `lp`): the stage's date column falls in the month starting at `monthStart` (a date as SQL). */
export const stageReachedIn = (lp: string, column: string, monthStart: string): string =>
  `(${lp}.${column} >= ${monthStart} AND ${lp}.${column} < ${monthStart} + interval '1 month')`

/**
 * 状态 of a parcel (alias `a`) at the end of year `year` (migration 0230): the status it had before
 * its first change after that year, else today's. A status never changed since it was loaded holds
 * for every year; the history is read only for a parcel whose last change came after the year.
 */
export const statusAtYearEnd = (a: string, year: string): string =>
  `(CASE WHEN ${a}.status_changed_at IS NULL OR ${a}.status_changed_at < ${stockBefore(year)} THEN ${a}.status
    ELSE COALESCE((SELECT sc.old_status FROM parcel_status_change sc WHERE sc.parcel_id = ${a}.id AND sc.changed_at >= ${stockBefore(year)}
    ORDER BY sc.changed_at, sc.id LIMIT 1), ${a}.status) END)`

/**
 * 规模 of an enterprise (alias `e`) at the end of year `year` (migration 0230): as
 * {@link statusAtYearEnd}, from the enterprise's recorded 规上/规下 changes.
 */
export const scaleAtYearEnd = (e: string, year: string): string =>
  `(CASE WHEN ${e}.scale_changed_at IS NULL OR ${e}.scale_changed_at < ${afterYear(year)} THEN ${e}.scale
    ELSE COALESCE((SELECT sc.old_scale FROM enterprise_scale_change sc WHERE sc.enterprise_id = ${e}.id AND sc.changed_at >= ${afterYear(year)}
    ORDER BY sc.changed_at, sc.id LIMIT 1), ${e}.scale) END)`

/**
 * The 低效用地台账 of record before a date (parcel alias `a`, issue 29): the parcel has an entry
 * confirmed (认定) before it and not 销号 before it; 疑似 and 复核剔除 entries are not of record.
 */
export const ledgerOfRecord = (a: string, before: string): string =>
  `EXISTS (SELECT 1 FROM revitalize_ledger rl WHERE rl.parcel_id = ${a}.id AND rl.state IN ('已认定', '已纳入方案', '实施中', '已完成')
    AND rl.confirm_date < ${before} AND (rl.closed_date IS NULL OR rl.closed_date >= ${before}))`

/**
 * 低效用地 (含闲置) among land in the books today (ADR 0014, issue 29): in the 台账 of record, or
 * 闲置. The globe's legend, the walls, the reports and 盘活处置 count this one population.
 */
export const lowLand = (a: string): string => `(${ledgerOfRecord(a, AFTER_TODAY)} OR ${a}.status = '闲置')`

/** 低效用地 (含闲置) at the end of year `year` (today for the current year): the 台账 of record then, or 闲置 then. */
export const lowLandOfYear = (a: string, year: string): string =>
  `(${ledgerOfRecord(a, stockBefore(year))} OR ${statusAtYearEnd(a, year)} = '闲置')`

/** 疑似低效用地 (parcel alias `a`): an entry of the 台账 flagged and not yet confirmed (state 疑似), today. */
export const suspectedLow = (a: string): string =>
  `EXISTS (SELECT 1 FROM revitalize_ledger rs WHERE rs.parcel_id = ${a}.id AND rs.state = '疑似')`

/** 闲置用地 at the end of year `year`. */
export const idleLandOfYear = (a: string, year: string): string => `${statusAtYearEnd(a, year)} = '闲置'`

/**
 * Land figures of year `year` over parcels (alias `p`) already limited to the books of that year:
 * 地块数, 用地面积, 低效 and 闲置 (平方米) by the status at the end of the year.
 */
export function parcelSums(p: string, year: string): string {
  const low = lowLandOfYear(p, year)
  const idle = idleLandOfYear(p, year)
  return `count(*)::int AS parcel_count, COALESCE(sum(${p}.area_m2), 0)::float8 AS area_m2,
    count(*) FILTER (WHERE ${low})::int AS low_count, COALESCE(sum(${p}.area_m2) FILTER (WHERE ${low}), 0)::float8 AS low_m2,
    count(*) FILTER (WHERE ${idle})::int AS idle_count, COALESCE(sum(${p}.area_m2) FILTER (WHERE ${idle}), 0)::float8 AS idle_m2`
}

/**
 * 用地面积 of an enterprise (alias `e`) in year `year`, 平方米: the year's reported land of its
 * yearly row (alias `y`, may be absent), else the land in the books at the end of the year it holds.
 * Null: no land that year.
 */
export function enterpriseLandM2(e: string, y: string, year: string): string {
  // a yearly figure: the land at the end of the year itself (view 0140 spells the same)
  return `COALESCE(${y}.land_area_m2, (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = ${e}.id AND ${parcelInBooks('pp', afterYear(year))}))`
}

/** FROM of the enterprises (alias e) with their yearly row (alias y) of year `year`, if any. */
export const enterpriseYearFrom = (year: string): string =>
  `enterprise e LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = ${year}`

/**
 * The columns of one enterprise in a year that the enterprise figures read, for FROM
 * {@link enterpriseYearFrom}: the yearly inputs (null when not reported) and the year's land.
 * Read them through a `MATERIALIZED` CTE: scale, land and class are correlated subqueries, and a
 * row source the planner inlines runs them again in every aggregate and ratio that names them
 * (决策分析 by region took 6.7 s at the demo size, over a million buffer reads for 7 000 rows).
 * `classed` false leaves out the class column (a reader that never counts 评价范围企业, such as the
 * appraisal run, spares the published-class lookup of every row).
 */
export function enterpriseYearColumns(year: string, classed = true): string {
  return `e.id, ${scaleAtYearEnd('e', year)} AS scale, (y.id IS NOT NULL) AS reported, y.tax::float8 AS tax, y.value_added::float8 AS value_added,
    y.revenue::float8 AS revenue, y.employees::float8 AS employees, y.energy::float8 AS energy, y.emissions::float8 AS emissions,
    y.rd_expense::float8 AS rd, (${enterpriseLandM2('e', 'y', year)})::float8 AS land_m2${classed ? `, ${classedInYear('e', year)} AS classed` : ''}`
}

/**
 * 评价范围企业 of year `year` (enterprise alias `e`): classed A, B, C or D in the published
 * 亩均效益评价 batch of that year (view enterprise_appraisal_yearly, migration 0160). Who a run
 * appraises is {@link appraisalCandidate} narrowed by the model's land floor for 规下; what the
 * figure counts is the outcome that was published, so the walls, reports and 评价监测 agree.
 */
export const classedInYear = (e: string, year: string): string =>
  `EXISTS (SELECT 1 FROM enterprise_appraisal_yearly ay WHERE ay.enterprise_id = ${e}.id AND ay.year = (${year})::int)`

/** The columns {@link enterpriseYearColumns} gives, as SQL expressions of one row. */
export interface EnterpriseRowSql {
  reported: string
  scale: string
  tax: string
  value_added: string
  revenue: string
  employees: string
  energy: string
  emissions: string
  rd: string
  land_m2: string
  /** classed in the published 亩均效益评价 batch of the year ({@link classedInYear}) */
  classed: string
}

/** The columns of a row alias (a subquery of {@link enterpriseYearColumns}). */
export function rowOf(r: string): EnterpriseRowSql {
  const c = (n: string) => `${r}.${n}`
  return {
    reported: c('reported'),
    scale: c('scale'),
    tax: c('tax'),
    value_added: c('value_added'),
    revenue: c('revenue'),
    employees: c('employees'),
    energy: c('energy'),
    emissions: c('emissions'),
    rd: c('rd'),
    land_m2: c('land_m2'),
    classed: c('classed'),
  }
}

/** The same columns straight from an enterprise (e) and its yearly row (y) of `year`, for per-enterprise lists. */
export function yearlyRowOf(year: string, e = 'e', y = 'y'): EnterpriseRowSql {
  return {
    reported: `(${y}.id IS NOT NULL)`,
    scale: scaleAtYearEnd(e, year),
    tax: `${y}.tax`,
    value_added: `${y}.value_added`,
    revenue: `${y}.revenue`,
    employees: `${y}.employees`,
    energy: `${y}.energy`,
    emissions: `${y}.emissions`,
    rd: `${y}.rd_expense`,
    land_m2: enterpriseLandM2(e, y, year),
    classed: classedInYear(e, year),
  }
}

/** 用地企业: land that year. */
export const landEnterprise = (r: EnterpriseRowSql): string => `COALESCE(${r.land_m2} > 0, false)`

/** 参评企业: the year's figures reported and land that year. */
export const ratedEnterprise = (r: EnterpriseRowSql): string => `(${r.reported} AND COALESCE(${r.land_m2} > 0, false))`

/**
 * Who a 亩均效益评价 run considers: rated, in production (营业收入 > 0), tax reported. The model then
 * takes 规上 all and 规下 from its land floor (appraisal `inScope`).
 */
export const appraisalCandidate = (r: EnterpriseRowSql): string =>
  `(${ratedEnterprise(r)} AND ${r.tax} IS NOT NULL AND COALESCE(${r.revenue} > 0, false))`

/** 评价范围企业: classed in the published batch of the year ({@link classedInYear}). */
export const appraisedEnterprise = (r: EnterpriseRowSql): string => `COALESCE(${r.classed}, false)`

/** The ratio figures: numerator and denominator in the units of the catalogue's parts, and who counts. */
type RatioKey =
  'taxPerMu' | 'valueAddedPerMu' | 'revenuePerMu' | 'laborProductivity' | 'energyEfficiency' | 'emissionEfficiency' | 'rdRatio'
const RATIOS: Record<
  RatioKey,
  { num: (r: EnterpriseRowSql) => string; den: (r: EnterpriseRowSql) => string; counts: (r: EnterpriseRowSql) => string; scale: number }
> = {
  taxPerMu: { num: (r) => r.tax, den: (r) => `(${r.land_m2} / ${M2_PER_MU_SQL})`, counts: (r) => `${r.tax} IS NOT NULL`, scale: 1 },
  valueAddedPerMu: {
    num: (r) => r.value_added,
    den: (r) => `(${r.land_m2} / ${M2_PER_MU_SQL})`,
    counts: (r) => `${r.value_added} IS NOT NULL`,
    scale: 1,
  },
  revenuePerMu: {
    num: (r) => r.revenue,
    den: (r) => `(${r.land_m2} / ${M2_PER_MU_SQL})`,
    counts: (r) => `${r.revenue} IS NOT NULL`,
    scale: 1,
  },
  laborProductivity: {
    num: (r) => r.value_added,
    den: (r) => r.employees,
    counts: (r) => `${r.value_added} IS NOT NULL AND ${r.employees} > 0`,
    scale: 1,
  },
  energyEfficiency: {
    num: (r) => r.value_added,
    den: (r) => r.energy,
    counts: (r) => `${r.value_added} IS NOT NULL AND ${r.energy} > 0`,
    scale: 1,
  },
  emissionEfficiency: {
    num: (r) => r.value_added,
    den: (r) => r.emissions,
    counts: (r) => `${r.value_added} IS NOT NULL AND ${r.emissions} > 0`,
    scale: 1,
  },
  rdRatio: { num: (r) => r.rd, den: (r) => r.revenue, counts: (r) => `${r.rd} IS NOT NULL AND ${r.revenue} > 0`, scale: 100 },
}

/** The ratio keys, in the catalogue's order. */
export const RATIO_KEYS = Object.keys(RATIOS) as RatioKey[]
export type { RatioKey }

/** snake_case of a figure key, for column names (taxPerMu → tax_per_mu). */
export const column = (key: FigureKey): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * A ratio figure of ONE enterprise's year as SQL (exact, null when it does not count), for
 * sorting, ranking and comparing in SQL — e.g. ratioSql('taxPerMu', yearlyRowOf('$1')).
 */
export function ratioSql(key: RatioKey, r: EnterpriseRowSql): string {
  const x = RATIOS[key]
  return `(CASE WHEN ${ratedEnterprise(r)} AND ${x.counts(r)} AND ${x.den(r)} > 0 THEN ${x.num(r)}::float8 / ${x.den(r)}${x.scale === 1 ? '' : ` * ${x.scale}`} END)`
}

/** The numerator and denominator sums of a ratio over the rated enterprises of a group: `<key>_num`, `<key>_den`. */
function ratioParts(key: RatioKey, r: EnterpriseRowSql): string {
  const x = RATIOS[key]
  const who = `${ratedEnterprise(r)} AND ${x.counts(r)}`
  return `sum(${x.num(r)}) FILTER (WHERE ${who})::float8 AS ${column(key)}_num, sum(${x.den(r)}) FILTER (WHERE ${who})::float8 AS ${column(key)}_den`
}

/**
 * Every enterprise figure of a group as aggregate columns over rows of {@link enterpriseYearColumns}
 * (alias `r`): 用地企业数, 规上/规下, 参评企业数, 评价范围企业数, 亩均税收 < 1 企业数, the sums of the rated
 * enterprises, and each ratio's numerator and denominator. Read with `enterpriseFigures` (./values).
 */
export function enterpriseSums(r = 'r'): string {
  const x = rowOf(r)
  const rated = ratedEnterprise(x)
  return [
    `count(*) FILTER (WHERE ${landEnterprise(x)})::int AS land_enterprise_count`,
    `count(*) FILTER (WHERE ${landEnterprise(x)} AND ${x.scale} = '规上')::int AS scale_above_count`,
    `count(*) FILTER (WHERE ${landEnterprise(x)} AND ${x.scale} = '规下')::int AS scale_below_count`,
    `count(*) FILTER (WHERE ${rated})::int AS rated_enterprise_count`,
    `count(*) FILTER (WHERE ${appraisedEnterprise(x)})::int AS appraised_enterprise_count`,
    `count(*) FILTER (WHERE ${ratioSql('taxPerMu', x)} < 1)::int AS low_tax_enterprise_count`,
    `COALESCE(sum(${x.tax}) FILTER (WHERE ${rated}), 0)::float8 AS tax`,
    `COALESCE(sum(${x.value_added}) FILTER (WHERE ${rated}), 0)::float8 AS value_added`,
    `COALESCE(sum(${x.revenue}) FILTER (WHERE ${rated}), 0)::float8 AS revenue`,
    `COALESCE(sum(${x.land_m2}) FILTER (WHERE ${rated}), 0)::float8 AS rated_land_m2`,
    ...RATIO_KEYS.map((k) => ratioParts(k, x)),
  ].join(',\n    ')
}

// ---- lifecycle projects (alias lp), as of today ----

/** 逾期 today (docs/domain.md deadlines): not started by a passed start deadline, or not completed by a passed completion deadline. */
export const OVERDUE_SQL = `COALESCE(lp.exit_date IS NULL AND ((lp.start_date IS NULL AND lp.start_deadline < current_date) OR (lp.completion_date IS NULL AND lp.completion_deadline < current_date)), false)`

/** Days overdue today (0 when not overdue). */
export const OVERDUE_DAYS_SQL = `CASE WHEN lp.exit_date IS NOT NULL THEN 0 WHEN lp.start_date IS NULL AND lp.start_deadline < current_date THEN current_date - lp.start_deadline
  WHEN lp.completion_date IS NULL AND lp.completion_deadline < current_date THEN current_date - lp.completion_deadline ELSE 0 END`

/** 评价未达标: the 项目评价 judged below a commitment (docs/domain.md). */
export const FAILED_EVALUATION_SQL = `COALESCE((lp.evaluation->>'passed')::boolean = false, false)`

/** 在建 today: started, not completed. */
export const IN_CONSTRUCTION_SQL = `(lp.start_date <= current_date AND (lp.completion_date IS NULL OR lp.completion_date > current_date))`
