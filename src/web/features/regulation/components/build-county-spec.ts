/**
 * The per-county chart of 整治概况 as a pure G2 spec (docs/conventions.md "Layers, charts and
 * walls as data"): for the counties with the most C and D enterprises, a column of C类 and D类 stacked,
 * and beside it a column of the plans made — how far each county has got. While no plan exists
 * the plans column is left out, so the enterprises' columns keep their full width.
 * {@link G2Host} draws it.
 */
import type { RegulationAbstractRow } from '../../../../domain/contracts/regulation'
import type { G2Spec } from '../../../charts/g2-spec'
import { BRAND } from '../../../ui/theme'

/** The series of the chart, in legend order. */
export const COUNTY_SERIES = ['C类', 'D类', '已制定方案'] as const
export type CountySeries = (typeof COUNTY_SERIES)[number]

/** One column part: the county's code (`key`), name, series, the column it stacks in, and count. */
export interface CountyPoint {
  key: string
  name: string
  series: CountySeries
  /** 企业 (C and D stacked) or 方案 */
  column: '企业' | '方案'
  value: number
}

/** C orange, D red (as their tags), plans in the brand blue. */
const COLORS = ['#f59e0b', BRAND.accent, BRAND.primary]

/** The counties with the most C and D enterprises (ties by code), at most `top`. */
export function topCounties(rows: readonly RegulationAbstractRow[], top: number): RegulationAbstractRow[] {
  return rows
    .filter((r) => r.classC + r.classD > 0)
    .sort((a, b) => b.classC + b.classD - (a.classC + a.classD) || a.code.localeCompare(b.code))
    .slice(0, top)
}

/** The column parts of the chosen counties; the plans only when some county has one. */
export function countyPoints(rows: readonly RegulationAbstractRow[], top: number): CountyPoint[] {
  const chosen = topCounties(rows, top)
  const withPlans = chosen.some((r) => r.planned > 0)
  return chosen.flatMap((r) => [
    { key: r.code, name: r.name, series: 'C类' as const, column: '企业' as const, value: r.classC },
    { key: r.code, name: r.name, series: 'D类' as const, column: '企业' as const, value: r.classD },
    ...(withPlans ? [{ key: r.code, name: r.name, series: '已制定方案' as const, column: '方案' as const, value: r.planned }] : []),
  ])
}

/** The G2 spec of the per-county chart. */
export function buildCountySpec(rows: readonly RegulationAbstractRow[], top = 15): G2Spec {
  const data = countyPoints(rows, top)
  return {
    type: 'interval',
    autoFit: true,
    animate: false,
    paddingTop: 40,
    data,
    encode: { x: 'name', y: 'value', color: 'series', series: 'column' },
    // C and D stack within the 企业 column; the 方案 column stands beside it
    transform: [{ type: 'stackY', groupBy: ['x', 'series'] }, { type: 'dodgeX' }],
    scale: {
      x: { padding: 0.3 },
      y: { nice: true, domainMin: 0 },
      color: { domain: [...COUNTY_SERIES], range: COLORS },
    },
    style: { maxWidth: 36 },
    axis: {
      x: { title: false, labelAutoRotate: true, labelAutoHide: true },
      // counts are whole: no 0.5 ticks on a small axis
      y: { title: '企业数（家）', titleFontSize: 12, tickFilter: (v: number) => Number.isInteger(v) },
    },
    legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
    tooltip: { title: 'name', items: [(d: CountyPoint) => ({ name: d.series, value: `${d.value} 家` })] },
  }
}
