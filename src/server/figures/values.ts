/**
 * The raw columns of the figure fragments (./sql) turned into figure values with the catalogue's
 * own formulas — exact, unrounded; the services round for their contract's digits with
 * `displayValue` only when they answer.
 */
import { answerAsOfLabel, FIGURES, type FigureKey } from '../../domain/figures/catalogue'
import { productToday } from '../clock'
import type { RatioParts } from '../../domain/figures/format'
import { displayValue } from '../../domain/figures/format'
import { forDisplay } from '../../domain/figures/formulas'
import { column, RATIO_KEYS, type RatioKey } from './sql'

/** The columns of `parcelSums`. */
export interface ParcelSumsRow {
  parcel_count: number
  area_m2: number
  low_count: number
  low_m2: number
  idle_count: number
  idle_m2: number
}

/** The columns of `enterpriseSums`. */
export type EnterpriseSumsRow = {
  land_enterprise_count: number
  scale_above_count: number
  scale_below_count: number
  rated_enterprise_count: number
  appraised_enterprise_count: number
  low_tax_enterprise_count: number
  tax: number
  value_added: number
  revenue: number
  rated_land_m2: number
} & Record<string, number | null>

/** Zero sums: a group with no enterprises. */
export const NO_ENTERPRISES: EnterpriseSumsRow = {
  land_enterprise_count: 0,
  scale_above_count: 0,
  scale_below_count: 0,
  rated_enterprise_count: 0,
  appraised_enterprise_count: 0,
  low_tax_enterprise_count: 0,
  tax: 0,
  value_added: 0,
  revenue: 0,
  rated_land_m2: 0,
}

/** Zero land: a group with no parcels. */
export const NO_PARCELS: ParcelSumsRow = { parcel_count: 0, area_m2: 0, low_count: 0, low_m2: 0, idle_count: 0, idle_m2: 0 }

/** Land figures (exact). */
export function parcelFigures(s: ParcelSumsRow = NO_PARCELS) {
  return {
    parcelCount: s.parcel_count,
    landAreaMu: FIGURES.landAreaMu.formula(s.area_m2) ?? 0,
    lowEfficiencyCount: s.low_count,
    lowEfficiencyAreaMu: FIGURES.lowEfficiencyAreaMu.formula(s.low_m2) ?? 0,
    idleCount: s.idle_count,
    idleAreaMu: FIGURES.idleAreaMu.formula(s.idle_m2) ?? 0,
  }
}

/** A ratio's numerator and denominator from the sums. */
export function partsOf(s: EnterpriseSumsRow, key: RatioKey): RatioParts {
  const n = s[`${column(key)}_num`]
  const d = s[`${column(key)}_den`]
  return { numerator: n === undefined ? null : n, denominator: d === undefined ? null : d }
}

/** A ratio figure from its parts, by the catalogue's formula (exact; null without a denominator). */
export function ratioOf(s: EnterpriseSumsRow, key: RatioKey): number | null {
  const p = partsOf(s, key)
  return FIGURES[key].formula(p.numerator, p.denominator)
}

/** Enterprise figures (exact) and every ratio's parts. */
export function enterpriseFigures(s: EnterpriseSumsRow = NO_ENTERPRISES) {
  const ratios = Object.fromEntries(RATIO_KEYS.map((k) => [k, ratioOf(s, k)])) as Record<RatioKey, number | null>
  const parts = Object.fromEntries(RATIO_KEYS.map((k) => [k, partsOf(s, k)])) as Record<RatioKey, RatioParts>
  return {
    landEnterpriseCount: s.land_enterprise_count,
    scaleAboveCount: s.scale_above_count,
    scaleBelowCount: s.scale_below_count,
    ratedEnterpriseCount: s.rated_enterprise_count,
    appraisedEnterpriseCount: s.appraised_enterprise_count,
    lowTaxEnterpriseCount: s.low_tax_enterprise_count,
    tax: s.tax,
    valueAdded: s.value_added,
    revenue: s.revenue,
    ratedLandMu: FIGURES.ratedLandMu.formula(s.rated_land_m2) ?? 0,
    ...ratios,
    parts,
  }
}

/** Parts rounded as their tooltip shows them (numerator and denominator to their parts' digits). */
export function partsForDisplay(
  parts: Partial<Record<RatioKey, RatioParts>>,
  keys: readonly RatioKey[] = RATIO_KEYS,
): Partial<Record<RatioKey, RatioParts>> {
  const out: Partial<Record<RatioKey, RatioParts>> = {}
  for (const k of keys) {
    const p = parts[k]
    const f = FIGURES[k]
    if (!p) continue
    out[k] = {
      numerator: forDisplay(p.numerator, f.numerator.digits),
      denominator: forDisplay(p.denominator, f.denominator.digits),
    }
  }
  return out
}

/** A figure rounded to its display digits for a contract that sends numbers (null stays null). */
export const shown = (key: FigureKey, value: number | null | undefined): number | null => displayValue(key, value)

/** As {@link shown}, 0 for a missing count or sum (a ratio stays null). */
export const shownOr0 = (key: FigureKey, value: number | null | undefined): number => displayValue(key, value) ?? 0

/**
 * An export column's header and hover note for a catalogue figure: 亩均税收（万元/亩） with its 口径;
 * given `asOf` (see {@link figureAsOf}), the header says it too: 低效用地数（宗，截至今日）.
 */
export function figureHeader(key: FigureKey, name: string = FIGURES[key].name, asOf?: string): { header: string; note: string } {
  const f = FIGURES[key]
  const working = f.kind === 'ratio' ? `\n= ${f.numerator.name}（${f.numerator.unit}）÷ ${f.denominator.name}（${f.denominator.unit}）` : ''
  return {
    header: asOf ? `${name}（${f.unit}，${asOf}）` : `${name}（${f.unit}）`,
    note: `${f.name}${asOf ? `（${asOf}）` : ''}：${f.caliber}${working}`,
  }
}

/**
 * The as-of text of a figure in an answer that holds stock and yearly figures together
 * (catalogue asOfLabel): a stock figure is of `year` (today for the current year), a yearly one of `figuresYear`.
 */
export function figureAsOf(key: FigureKey, years: { year: number; figuresYear?: number }): string {
  return answerAsOfLabel(key, years, productToday())
}
