/** Colours and type of the analysis charts, on the light office frame (theme BRAND). */
import { BRAND } from '../../../ui/theme'

/** Chart colours: bars, the reference line, rise and fall, and the series of a line chart. */
export const CHART_COLORS = {
  bar: BRAND.primary,
  /** bars below the reference */
  barLow: '#9db6de',
  reference: BRAND.accent,
  /** 同比 up is good for every figure here (green), down is bad (red) */
  up: '#15803d',
  down: '#c8161d',
  text: BRAND.text,
  muted: BRAND.textMuted,
  series: ['#1d4e9e', '#e8830c', '#0f9b8e', '#7c3aed', '#c8161d', '#5b8c00'],
} as const

/** Axis and label type. */
export const CHART_FONT = { family: BRAND.fontFamily, size: 12 } as const

/** Shortens a category name for an axis (the tooltip keeps the whole name). */
export function shortName(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name
}
