/** How the profiles write their values: a dash for nothing, codes with their names, 亩 with 2 decimals. */
import { formatFigure } from '../../../core/format-figure'

/** A value as text; null, undefined and '' show as a dash. */
export const text = (x: unknown): string => (x === null || x === undefined || x === '' ? '—' : String(x))

/** A code with its name (0601 工业用地, C39 计算机、通信…), so a reader needs no code table. */
export const named = (code: unknown, nameOf: (c: string) => string | undefined): string =>
  code ? [String(code), nameOf(String(code))].filter(Boolean).join(' ') : '—'

/** A figure with grouping and `digits` decimals, and its unit when there is a value. */
export const figure = (x: unknown, digits: number, unit = ''): string => {
  const n = x === null || x === undefined || x === '' ? null : Number(x)
  return n === null || !Number.isFinite(n) ? '—' : `${formatFigure(n, digits)}${unit}`
}
