/** Display formats of the globe pages (docs/domain.md "Units and codes": areas in 亩 with 2 decimals). */

/** 平方米 → "12.34 亩". */
export function formatMu(m2: number): string {
  return `${(m2 / (10000 / 15)).toFixed(2)} 亩`
}
