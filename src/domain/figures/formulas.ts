/**
 * The pure formulas of the figures catalogue (`./catalogue.ts`): 平方米 → 亩, a ratio of two sums,
 * and rounding for display only. A formula never rounds: comparing, ranking and summing use the
 * exact value, and only the formatter (`./format.ts`) rounds to the figure's digits.
 */
import { M2_PER_MU, roundTo } from '../codes/units'

/** 平方米 → 亩, exact (docs/domain.md "Units and codes": 亩 = 10000/15 m²); null stays null. */
export function mu(m2: number | null | undefined): number | null {
  return m2 === null || m2 === undefined ? null : m2 / M2_PER_MU
}

/**
 * numerator ÷ denominator × scale, exact; null when the numerator is missing or the denominator
 * is missing or not positive (no land, no employees …: the figure has no value, which is not 0).
 */
export function ratio(numerator: number | null | undefined, denominator: number | null | undefined, scale = 1): number | null {
  if (numerator === null || numerator === undefined || denominator === null || denominator === undefined || !(denominator > 0)) return null
  return (numerator / denominator) * scale
}

/** A sum (万元) per 亩 of land given in 平方米, exact; null without land (亩均税收, 亩均增加值 …). */
export function perMu(value: number | null | undefined, landM2: number | null | undefined): number | null {
  return ratio(value, mu(landM2))
}

/** A value rounded to a figure's display digits (half away from zero); null stays null. For display and exports only. */
export function forDisplay(value: number | null | undefined, digits: number): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : roundTo(value, digits)
}
