/**
 * How the analysis pages write their figures: money in 万元 and the six indicators with thousands
 * separators and 2 decimals, a missing figure as '—', and 同比 as a signed percentage.
 */
import { INDICATORS, type IndicatorKey, type IndicatorValues } from '../../../../domain/contracts/decision'
import { formatFigure } from '../../../core/format-figure'

/** The six indicators in the order of 亩均效益评价 (docs/domain.md). */
export const INDICATOR_KEYS = Object.keys(INDICATORS) as IndicatorKey[]

/** 万元 amounts and indicator values: 12,345.60; null → '—'. */
export const formatValue = (v: number | null | undefined): string => formatFigure(v, 2)

/** A column or axis title with the unit: 亩均税收（万元/亩）. */
export const indicatorTitle = (key: IndicatorKey): string => `${INDICATORS[key].name}（${INDICATORS[key].unit}）`

/** Change against the year before, % with 1 decimal; null when either year is missing or the last is 0. */
export function yoyChange(current: number | null | undefined, last: number | null | undefined): number | null {
  if (current === null || current === undefined || last === null || last === undefined || last === 0) return null
  return Math.round(((current - last) / Math.abs(last)) * 1000) / 10
}

/** The change of one indicator of a row (lastYear null: no figures the year before). */
export const indicatorChange = (values: IndicatorValues, lastYear: IndicatorValues | null, key: IndicatorKey): number | null =>
  lastYear ? yoyChange(values[key], lastYear[key]) : null

/** +8.0% / -3.2% / 0.0%; null → '—'. */
export function formatChange(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return '—'
  const text = `${formatFigure(Math.abs(pct), 1)}%`
  return pct > 0 ? `+${text}` : pct < 0 ? `-${text}` : text
}

/** A share in % with 1 decimal: 151.8%; null → '—'. */
export const formatPercent = (v: number | null | undefined): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${formatFigure(v, 1)}%`
