/** Resolves a data binding against the screen's parameters (pure; unit-tested). */
import { MIN_REFRESH_MS, type DataBinding, type ScreenParams } from './screen-types'

/** Query params with `$name` references replaced; references to absent parameters are dropped. */
export function resolveParams(binding: DataBinding, params: ScreenParams): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(binding.params ?? {})) {
    if (typeof v === 'string' && v.startsWith('$')) {
      const value = params[v.slice(1) as keyof ScreenParams]
      if (value !== undefined && value !== '') out[k] = value
    } else out[k] = v
  }
  return out
}

/** The refresh interval actually used: the binding's, else the screen's, never below the throttle. */
export function refreshInterval(binding: DataBinding, screenDefault: number): number {
  return Math.max(MIN_REFRESH_MS, binding.refreshMs ?? screenDefault)
}

/** Screen parameters from the URL's search string. */
export function paramsFromSearch(search: URLSearchParams): ScreenParams {
  const year = Number(search.get('year'))
  const month = Number(search.get('month'))
  const parkId = Number(search.get('parkId'))
  const cityCode = search.get('cityCode') ?? ''
  return {
    ...(Number.isInteger(year) && year > 1900 ? { year } : {}),
    ...(Number.isInteger(month) && month >= 1 && month <= 12 ? { month } : {}),
    ...(/^33\d{4}$/.test(cityCode) ? { cityCode } : {}),
    ...(Number.isInteger(parkId) && parkId > 0 ? { parkId } : {}),
  }
}

/**
 * A panel title with `{year}` / `{month}` filled in from the screen's parameters (absent ones left
 * out), and `{figuresYear}` with the year of the yearly figures (issue 29): the year itself, or the
 * latest year with figures (`latestFigures`) when it has none yet — the current year shows 2025's 亩均.
 */
export function panelTitle(title: string, params: ScreenParams, latestFigures?: number): string {
  const figuresYear =
    params.year === undefined ? latestFigures : latestFigures !== undefined && params.year > latestFigures ? latestFigures : params.year
  return title
    .replace(/\{(year|month)\}/g, (_m, k: 'year' | 'month') => (params[k] === undefined ? '' : String(params[k])))
    .replace(/\{figuresYear\}/g, () => (figuresYear === undefined ? '' : String(figuresYear)))
}

/**
 * The month a monthly figure opens on when the URL names none: this month when the year is the
 * current one and the monthList offers it, else the last month of the list (a past year's close).
 */
export function defaultMonth(year: number, monthList: readonly number[], now = new Date()): number {
  const months = [...monthList].sort((a, b) => a - b)
  if (months.length === 0) return 12
  if (year === now.getFullYear() && months.includes(now.getMonth() + 1)) return now.getMonth() + 1
  return months[months.length - 1]
}

/** Boxes of a screen that overlap or leave the design canvas (a screen file's own check). */
export function layoutProblems(def: {
  design: { width: number; height: number }
  titleHeight: number
  widgets: readonly { id: string; x: number; y: number; w: number; h: number }[]
}): string[] {
  const problems: string[] = []
  const boxes = def.widgets
  for (const b of boxes) {
    if (b.x < 0 || b.y < def.titleHeight || b.x + b.w > def.design.width || b.y + b.h > def.design.height) problems.push(`${b.id} 超出画布`)
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]
      const b = boxes[j]
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) problems.push(`${a.id} 与 ${b.id} 重叠`)
    }
  return problems
}

/**
 * The screen with every binding refreshed every `seconds` (the wall operator's `?refresh=` in the
 * URL); still throttled to ≥ 5 s. Invalid values leave the screen as it is.
 */
export function withRefresh<S extends { refreshMs: number; widgets: readonly { source?: DataBinding }[] }>(def: S, seconds: number): S {
  if (!Number.isFinite(seconds) || seconds <= 0) return def
  const refreshMs = Math.max(MIN_REFRESH_MS, Math.round(seconds * 1000))
  return { ...def, refreshMs, widgets: def.widgets.map((w) => (w.source ? { ...w, source: { ...w.source, refreshMs } } : w)) }
}
