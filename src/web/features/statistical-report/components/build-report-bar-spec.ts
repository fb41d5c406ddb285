/**
 * The bar chart of a report as a pure G2 spec (docs/conventions.md "Layers, charts and walls as data"): rows
 * in, one interval mark out, with the figure's unit on the axis, on the labels and in the tooltip.
 * {@link G2Host} draws it.
 */
import type { FigureKey } from '../../../../domain/figures/catalogue'
import type { RatioParts } from '../../../../domain/figures/format'
import { figureTooltip } from '../../../charts/g2-figure-tooltip'
import type { G2Spec } from '../../../charts/g2-spec'
import { BRAND } from '../../../ui/theme'
import { formatAmount } from './report-format'

/** One bar: the row's key (region or industry code), its name and its figure. */
export interface ReportBarPoint {
  key: string
  name: string
  value: number
}

/** What to draw from the rows. */
export interface ReportBarConfig<T> {
  key: (row: T) => string
  name: (row: T) => string
  value: (row: T) => number | null
  /** the figure's name, e.g. 亩均税收 */
  label: string
  /** e.g. 万元/亩 */
  unit: string
  /** the catalogue figure drawn: its 口径 in the tooltip */
  figure: FigureKey
  /** a ratio's numerator and denominator for a row (the tooltip shows the working) */
  parts?: (row: T) => RatioParts | null | undefined
  /** bars from the left axis (long names), largest on top */
  horizontal?: boolean
  /** largest first (otherwise the rows' order) */
  ranked?: boolean
  /** keep only the largest n bars, largest first */
  top?: number
  /** a category label longer than this is cut with … (the tooltip keeps the whole name) */
  maxLabel?: number
}

/** The bars of the rows: rows without a figure are left out; largest first when ranked or cut to `top`. */
export function reportBarPoints<T>(rows: readonly T[], config: ReportBarConfig<T>): ReportBarPoint[] {
  const points = rows.flatMap((r) => {
    const value = config.value(r)
    return value === null || !Number.isFinite(value) ? [] : [{ key: config.key(r), name: config.name(r), value }]
  })
  if (config.top === undefined && !config.ranked) return points
  const ranked = [...points].sort((a, b) => b.value - a.value)
  return config.top === undefined ? ranked : ranked.slice(0, config.top)
}

/** Cuts a category name for the axis. */
export function shortLabel(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name
}

/** The G2 spec of a report's bar chart. */
export function buildReportBarSpec<T>(rows: readonly T[], config: ReportBarConfig<T>): G2Spec {
  const data = reportBarPoints(rows, config)
  const max = config.maxLabel ?? 8
  const partsByName = new Map(rows.map((r) => [config.name(r), config.parts?.(r)]))
  return {
    type: 'interval',
    autoFit: true,
    animate: false,
    // room for the label past the longest bar
    ...(config.horizontal ? { paddingRight: 64 } : { paddingTop: 24 }),
    data,
    encode: { x: 'name', y: 'value' },
    coordinate: config.horizontal ? { transform: [{ type: 'transpose' }] } : { transform: [] },
    scale: { x: { padding: 0.3 }, y: { nice: true } },
    style: { fill: BRAND.primary, maxWidth: 40, cursor: 'pointer' },
    axis: {
      x: {
        title: false,
        labelFormatter: (name: string) => shortLabel(name, max),
        labelAutoRotate: !config.horizontal,
        labelAutoHide: true,
      },
      y: {
        title: `${config.label}（${config.unit}）`,
        titleFontSize: 12,
        labelFormatter: (v: number) => formatAmount(v).replace(/\.00$/, ''),
      },
    },
    // labels sit just past the bar's end, outside it (G2's top/right sit inside)
    labels: [
      {
        text: (d: ReportBarPoint) => formatAmount(d.value),
        position: config.horizontal ? 'right' : 'top',
        ...(config.horizontal ? { textAlign: 'start', dx: 4 } : { textBaseline: 'bottom', dy: -3 }),
        fontSize: 11,
        fill: BRAND.text,
        transform: [{ type: 'overlapHide' }],
      },
    ],
    tooltip: {
      title: 'name',
      items: [{ field: 'value', name: config.label, valueFormatter: (v: number) => `${formatAmount(v)} ${config.unit}` }],
    },
    interaction: { tooltip: { render: figureTooltip(config.figure, (name) => partsByName.get(name)) } },
  }
}
