/**
 * How 整治提升 writes its figures: 亩均税收 with 2 decimals and thousands separators, counts as
 * whole numbers, dates as YYYY-MM-DD; an absent figure is '—'.
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

/** An ISO time as 2026-05-01 08:30. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return NO_FIGURE
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return NO_FIGURE
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
}
