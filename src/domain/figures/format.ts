/**
 * One formatter per unit: a figure's value as shown on pages, walls, tooltips and exports —
 * rounded to the figure's digits (half away from zero) only here, grouped by thousands, with
 * its unit. Null (no value, e.g. 亩均 without land) shows as a dash, never as 0.
 */
import { FIGURES, type FigureKey, type RatioPart } from './catalogue'
import { forDisplay } from './formulas'

/** Placeholder of a figure without a value. */
export const NO_VALUE = '—'

const formatters = new Map<number, Intl.NumberFormat>()

/** A number grouped by thousands with exactly `digits` decimals (rounded half away from zero first). */
export function formatNumber(value: number | null | undefined, digits: number): string {
  const v = forDisplay(value, digits)
  if (v === null) return NO_VALUE
  let f = formatters.get(digits)
  if (!f) {
    f = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    formatters.set(digits, f)
  }
  return f.format(v)
}

/** A figure's value rounded for display or an export cell (null stays null). */
export function displayValue(key: FigureKey, value: number | null | undefined): number | null {
  return forDisplay(value, FIGURES[key].digits)
}

/** A figure's value as text, with its unit unless `unit` is false: e.g. 14.85 万元/亩. */
export function formatFigureValue(key: FigureKey, value: number | null | undefined, opts: { unit?: boolean } = {}): string {
  const f = FIGURES[key]
  const text = formatNumber(value, f.digits)
  return opts.unit === false || text === NO_VALUE ? text : `${text} ${f.unit}`
}

/** A ratio's part as text with its unit: e.g. 实缴税金 12,345.68 万元. */
export function formatPart(part: RatioPart, value: number | null | undefined): string {
  const text = formatNumber(value, part.digits)
  return `${part.name} ${text}${text === NO_VALUE ? '' : ` ${part.unit}`}`
}

/** The numerator and denominator behind a ratio's value. */
export interface RatioParts {
  numerator: number | null
  denominator: number | null
}

/**
 * A ratio's working in one line, e.g. "实缴税金 1,234.00 万元 ÷ 参评用地面积 83.10 亩 = 14.85 万元/亩";
 * undefined for a figure that is not a ratio.
 */
export function ratioWorking(key: FigureKey, parts: RatioParts): string | undefined {
  const f = FIGURES[key]
  if (f.kind !== 'ratio') return undefined
  return `${formatPart(f.numerator, parts.numerator)} ÷ ${formatPart(f.denominator, parts.denominator)} = ${formatFigureValue(key, f.formula(parts.numerator, parts.denominator))}`
}
