/**
 * How 整治提升 writes its figures: 亩均税收 with 2 decimals and thousands separators, counts as
 * whole numbers; an absent figure is '—' (times and dates: the format-time widget).
 */
import { roundTo } from '../../../../domain/codes/units'

/** Shown for a figure or text that does not exist. */
export const NO_FIGURE = '—'

const TWO = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const WHOLE = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 })

/** 2 decimals with separators, e.g. 1234.5 → "1,234.50". */
export function formatAmount(v: number | null | undefined): string {
  // round first so that 1.005 shows as 1.01 (the binary value lies just below)
  return v === null || v === undefined || !Number.isFinite(v) ? NO_FIGURE : TWO.format(roundTo(v, 2))
}

/** A count (家, 个) with separators. */
export function formatCount(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? NO_FIGURE : WHOLE.format(v)
}

/** Text that may be absent. */
export function formatText(v: string | null | undefined): string {
  return v === null || v === undefined || v.trim() === '' ? NO_FIGURE : v
}
