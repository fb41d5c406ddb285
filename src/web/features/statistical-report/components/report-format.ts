/**
 * How the reports write their figures: 亩 and 亩均 with 2 decimals, 万元 with thousands separators,
 * counts as whole numbers; a figure that is absent (no report for the year) is '—'.
 */
import { roundTo } from '../../../../domain/codes/units'

/** Shown for a figure that does not exist. */
export const NO_FIGURE = '—'

const fixed = (digits: number) =>
  new Intl.NumberFormat('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true })
const TWO = fixed(2)
const WHOLE = fixed(0)

/** A number with thousands separators and 2 decimals (亩, 万元, 万元/亩), e.g. 12345.678 → "12,345.68". */
export function formatAmount(v: number | null | undefined): string {
  // round first so that 1.005 shows as 1.01 (the binary value lies just below)
  return v === null || v === undefined || !Number.isFinite(v) ? NO_FIGURE : TWO.format(roundTo(v, 2))
}

/** A count (宗, 家) with thousands separators. */
export function formatCount(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? NO_FIGURE : WHOLE.format(v)
}

/** A ratio such as 容积率 or 建筑密度 (%): 2 decimals, no separators. */
export function formatRatio(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? NO_FIGURE : roundTo(v, 2).toFixed(2)
}

/** Text that may be absent. */
export function formatText(v: string | null | undefined): string {
  return v === null || v === undefined || v === '' ? NO_FIGURE : v
}
