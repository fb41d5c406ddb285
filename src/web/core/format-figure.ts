/**
 * Figures as a wall or a phone shows them: thousands separators, fixed decimals, and a unit
 * (亩, 万元, 万元/亩, 家, 宗; docs/domain.md "Units and codes": areas in 亩 with 2 decimals).
 */

/** One formatter per decimal count: a count-up calls this every frame, and toLocaleString with
 * options builds a new formatter each call. */
const formatters = new Map<number, Intl.NumberFormat>()

/** Formats a number with grouping and `digits` decimals; null/NaN shows as a dash. */
export function formatFigure(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  let format = formatters.get(digits)
  if (!format) {
    format = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    formatters.set(digits, format)
  }
  return format.format(value)
}

/** Large money in 万元 shown as 亿元 when it reaches 10 000 万元 (a wall has no room for 9 digits). */
export function formatMoney(wan: number | null | undefined, digits = 2): { text: string; unit: string } {
  if (wan !== null && wan !== undefined && Math.abs(wan) >= 10000) return { text: formatFigure(wan / 10000, digits), unit: '亿元' }
  return { text: formatFigure(wan, digits), unit: '万元' }
}

/** 1.5 MB */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}
