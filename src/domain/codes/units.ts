/**
 * Area units (docs/domain.md "Units and codes"): 平方米, 亩 = 10000/15 m² (≈ 666.67), 公顷 = 10000 m².
 * Money is 万元 throughout and needs no conversion here.
 */

/** Square metres in one 亩 (exactly 10000/15). */
export const M2_PER_MU = 10000 / 15

/** Square metres in one 公顷 (hectare). */
export const M2_PER_HA = 10000

/** 亩 in one 公顷 (exactly 15). */
export const MU_PER_HA = 15

/** 平方米 → 亩. */
export function m2ToMu(m2: number): number {
  return (m2 * 15) / 10000
}

/** 亩 → 平方米. */
export function muToM2(mu: number): number {
  return (mu * 10000) / 15
}

/** 平方米 → 公顷. */
export function m2ToHa(m2: number): number {
  return m2 / M2_PER_HA
}

/** 公顷 → 平方米. */
export function haToM2(ha: number): number {
  return ha * M2_PER_HA
}

/** 亩 → 公顷. */
export function muToHa(mu: number): number {
  return mu / MU_PER_HA
}

/** 公顷 → 亩. */
export function haToMu(ha: number): number {
  return ha * MU_PER_HA
}

/**
 * Rounds half away from zero to `digits` decimals, correcting binary noise first so that
 * e.g. 1.005 → 1.01 (toFixed would give 1.00).
 */
export function roundTo(value: number, digits = 2): number {
  const f = 10 ** digits
  const scaled = Number((Math.abs(value) * f).toPrecision(15))
  return (Math.sign(value) * Math.round(scaled)) / f
}

/** 平方米 shown as 亩 with 2 decimals (the default display, docs/domain.md), e.g. 10000 → "15.00". */
export function formatMu(m2: number): string {
  return roundTo(m2ToMu(m2), 2).toFixed(2)
}
