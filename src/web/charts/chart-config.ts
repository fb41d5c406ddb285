/**
 * Chart configuration as plain data (what a screen file declares): which field of the rows is
 * the category and which fields are series, with their Chinese names and units.
 */

import type { FigureKey } from '../../domain/figures/catalogue'

/** A row as the API returns it. */
export type ChartRow = Readonly<Record<string, unknown>>

/** One plotted field. */
export interface SeriesField {
  field: string
  name: string
  unit?: string
  /** decimals in labels and tooltips */
  digits?: number
  /**
   * the catalogue figure plotted: its 口径 under the tooltip's line, and for a ratio the working
   * from the row's `parts[figure]` (issue 14)
   */
  figure?: FigureKey
}

/** Category charts: bar, ranking, line, radar. */
export interface CategoryChartConfig {
  /** field holding the category label */
  category: string
  series: readonly SeriesField[]
  /** horizontal bars (rankings) */
  horizontal?: boolean
  /** sort by the first series, largest first, and keep the first `limit` rows */
  sortDesc?: boolean
  limit?: number
  /** line charts: fill under the line */
  area?: boolean
}

/** Pie / ring. */
export interface PieChartConfig {
  name: string
  value: SeriesField
  /** inner radius as a share of the outer one; 0 = pie */
  ring?: number
}

/** Gauge of one figure. */
export interface GaugeChartConfig {
  value: SeriesField
  /** the gauge's full scale; a field name of the row or a number */
  max: number | string
}

/** Region map coloured by one field. */
export interface MapChartConfig {
  /** the row field matching the outline's `name` */
  name: string
  value: SeriesField
}

/** A row's field as a number (missing → 0). */
export function num(row: ChartRow, field: string): number {
  const v = row[field]
  return typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0
}

/** Rows sorted and cut as the config asks. */
export function prepareRows(rows: readonly ChartRow[], config: Pick<CategoryChartConfig, 'series' | 'sortDesc' | 'limit'>): ChartRow[] {
  const first = config.series[0]?.field
  const sorted = config.sortDesc && first ? [...rows].sort((a, b) => num(b, first) - num(a, first)) : [...rows]
  return config.limit ? sorted.slice(0, config.limit) : sorted
}
