/**
 * The video-wall look of every chart: dark background, bright data colours, text sizes in design
 * pixels multiplied by the wall's scale so that charts re-render crisp at any size (issue 6:
 * no bitmap scaling).
 */

/** What an option builder needs to know about the look. */
export interface ChartTheme {
  /** design pixel → screen pixel */
  scale: number
  palette: readonly string[]
  text: string
  textMuted: string
  axisLine: string
  splitLine: string
  tooltipBg: string
  /** canvas text needs a real family list (a CSS keyword such as inherit is ignored by canvas) */
  fontFamily: string
  /** a size in design pixels at this scale */
  px(designPx: number): number
}

/** Data colours, readable on #050d1f from across a room. */
export const WALL_PALETTE = [
  '#2f9bff',
  '#22e3c3',
  '#ffc53d',
  '#ff7a45',
  '#b37feb',
  '#5cdbd3',
  '#ff85c0',
  '#95de64',
  '#69b1ff',
  '#ffd666',
] as const

/** Chinese UI fonts first (Noto Sans CJK is what Debian's Chromium has). */
export const WALL_FONT = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif"

/** The wall theme at a scale. */
export function wallTheme(scale = 1): ChartTheme {
  return {
    scale,
    palette: WALL_PALETTE,
    text: '#d6e4ff',
    textMuted: '#8fa8d6',
    axisLine: 'rgba(120, 160, 230, 0.55)',
    splitLine: 'rgba(120, 160, 230, 0.15)',
    tooltipBg: 'rgba(6, 22, 52, 0.92)',
    fontFamily: WALL_FONT,
    px: (n) => Math.round(n * scale * 10) / 10,
  }
}

/** The light theme of ordinary pages (phone view, reports). */
export function lightTheme(scale = 1): ChartTheme {
  return {
    ...wallTheme(scale),
    text: '#1f2937',
    textMuted: '#6b7280',
    axisLine: '#c4cede',
    splitLine: '#eef1f6',
    tooltipBg: 'rgba(255,255,255,0.96)',
  }
}
