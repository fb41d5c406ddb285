/**
 * The SQL fragments of the 低效用地再开发 figures of the catalogue (src/domain/figures/catalogue.ts:
 * ledgerCount … taxPerMuAfter): the 台账 at the end of a year, the plans done in a year, and each
 * done plan's effects — its enterprise's yearly figures of the year before the plan against its
 * latest reported year after it. Nothing here rounds.
 */
import { afterYear, enterpriseLandM2, M2_PER_MU_SQL } from './sql'

/** 低效用地台账 at the end of year `year` (ledger alias `l`): confirmed by then, not withdrawn. */
export const ledgerOfYear = (l: string, year: string): string =>
  `(${l}.state IN ('已认定', '已纳入方案', '实施中', '已完成') AND ${l}.confirm_date < ${afterYear(year)})`

/** 办结盘活方案 of year `year` (plan alias `rp`): 已完成 or 已验收 with a completion date in the year. */
export const planDoneInYear = (rp: string, year: string): string =>
  `(NOT ${rp}.deleted AND ${rp}.state IN ('已完成', '已验收') AND ${rp}.completed_date >= make_date((${year})::int, 1, 1) AND ${rp}.completed_date < ${afterYear(year)})`

/** 办结盘活方案 of any year (the map without a year filter). */
export const planDone = (rp: string): string => `(NOT ${rp}.deleted AND ${rp}.state IN ('已完成', '已验收'))`

/**
 * LATERAL join (alias `fx`) of a plan's enterprise figures: 实缴税金, 营业收入 and 用地面积 of the
 * year before the plan (`rp.base_year`) and of the enterprise's latest reported year after it.
 */
export function planFiguresJoin(rp = 'rp'): string {
  return `LEFT JOIN LATERAL (
    SELECT yb.tax::float8 AS tax_before, ya.tax::float8 AS tax_after,
           yb.revenue::float8 AS revenue_before, ya.revenue::float8 AS revenue_after, ya.year AS after_year,
           (${enterpriseLandM2('e', 'yb', `${rp}.base_year`)})::float8 AS land_before_m2,
           (${enterpriseLandM2('e', 'ya', 'ya.year')})::float8 AS land_after_m2
    FROM enterprise e
    LEFT JOIN enterprise_yearly yb ON yb.enterprise_id = e.id AND yb.year = ${rp}.base_year
    LEFT JOIN LATERAL (SELECT z.* FROM enterprise_yearly z WHERE z.enterprise_id = e.id AND z.year > ${rp}.base_year
                       ORDER BY z.year DESC LIMIT 1) ya ON true
    WHERE e.id = ${rp}.enterprise_id
  ) fx ON true`
}

/**
 * The effect figures of a group of plans (alias `rp` with {@link planFiguresJoin}) as aggregate
 * columns; read with `effectsOf` (../modules/revitalize/repo). Ratios give numerator and denominator.
 */
export function effectSums(rp = 'rp'): string {
  const taxB = `fx.tax_before IS NOT NULL AND fx.land_before_m2 > 0`
  const taxA = `fx.tax_after IS NOT NULL AND fx.land_after_m2 > 0`
  return [
    `count(*)::int AS plan_count`,
    `COALESCE(sum(${rp}.planned_area_m2), 0)::float8 AS revitalized_m2`,
    `sum(${rp}.actual_area_m2)::float8 AS freed_m2`,
    `sum(${rp}.actual_building_m2)::float8 AS new_building_m2`,
    `sum(${rp}.actual_investment)::float8 AS new_investment`,
    `sum(fx.tax_after - fx.tax_before)::float8 AS new_tax`,
    `sum(fx.revenue_after - fx.revenue_before)::float8 AS new_output`,
    `sum(${rp}.plot_ratio_before * ${rp}.planned_area_m2) FILTER (WHERE ${rp}.plot_ratio_before IS NOT NULL)::float8 AS prb_num`,
    `sum(${rp}.planned_area_m2) FILTER (WHERE ${rp}.plot_ratio_before IS NOT NULL)::float8 AS prb_den`,
    `sum(${rp}.plot_ratio_after * ${rp}.planned_area_m2) FILTER (WHERE ${rp}.plot_ratio_after IS NOT NULL)::float8 AS pra_num`,
    `sum(${rp}.planned_area_m2) FILTER (WHERE ${rp}.plot_ratio_after IS NOT NULL)::float8 AS pra_den`,
    `sum(fx.tax_before) FILTER (WHERE ${taxB})::float8 AS tpb_num`,
    `sum(fx.land_before_m2 / ${M2_PER_MU_SQL}) FILTER (WHERE ${taxB})::float8 AS tpb_den`,
    `sum(fx.tax_after) FILTER (WHERE ${taxA})::float8 AS tpa_num`,
    `sum(fx.land_after_m2 / ${M2_PER_MU_SQL}) FILTER (WHERE ${taxA})::float8 AS tpa_den`,
  ].join(',\n    ')
}

/** The columns {@link effectSums} gives. */
export interface EffectSumRow {
  plan_count: number
  revitalized_m2: number
  freed_m2: number | null
  new_building_m2: number | null
  new_investment: number | null
  new_tax: number | null
  new_output: number | null
  prb_num: number | null
  prb_den: number | null
  pra_num: number | null
  pra_den: number | null
  tpb_num: number | null
  tpb_den: number | null
  tpa_num: number | null
  tpa_den: number | null
}
