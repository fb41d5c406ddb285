/**
 * A video-wall screen as plain data (issue 6, docs/architecture.md `screens/`): design size, scaling
 * mode, background, title bar, widgets placed in design pixels, each with its data binding and
 * refresh interval. The runtime turns it into a live, scaled page; screens hold no React.
 */
import { yearsWithCurrent } from '../../domain/figures/catalogue'
import { todayInProductZone } from '../../domain/today'

/** How the design canvas meets the wall (issue 6). */
export type ScaleMode = 'fit' | 'fill-width' | 'fill-height' | 'stretch'

/** Design size in pixels. */
export interface DesignSize {
  width: number
  height: number
}

/** The screen's own parameters, kept in the URL (`?year=2025&month=6&cityCode=330100&parkId=3`). */
export interface ScreenParams {
  year?: number
  /** 1–12, from the runtime monthList; only screens with monthly figures pick one */
  month?: number
  cityCode?: string
  parkId?: number
}

/** A binding value: a literal, or `$year` / `$month` / `$cityCode` / `$parkId` taken from the screen's parameters. */
export type BindingValue = string | number | `$${keyof ScreenParams}`

/** Where a widget's data comes from: a GET under /api with query params. */
export interface DataBinding {
  url: string
  params?: Readonly<Record<string, BindingValue>>
  /** ms between refreshes; at least {@link MIN_REFRESH_MS}; absent = the screen's default */
  refreshMs?: number
}

/** Refreshes are throttled to at most one per 5 s per binding. */
export const MIN_REFRESH_MS = 5000

/** One widget: where it stands in design pixels, what it draws and from which data. */
export interface WidgetDef<T extends string = string, V = unknown> {
  id: string
  type: T
  /** panel title; `{year}` and `{month}` are replaced by the screen's parameters, `{figuresYear}` by the yearly figures' year */
  title?: string
  x: number
  y: number
  w: number
  h: number
  source?: DataBinding
  view: V
}

/** A picker in the title bar (年度 and 月份 offer the runtime yearList / monthList; 年度 also the current year). */
export type ScreenPicker = 'year' | 'month' | 'city' | 'park'

/**
 * The years a wall offers (issue 29): the runtime yearList and the current year, ascending. The
 * current year is the default: the land and 低效 figures of it are today's, the enterprises' of the
 * latest year with figures (the server says which: overview year / figuresYear).
 */
export function wallYears(yearList: readonly number[]): number[] {
  return yearsWithCurrent(yearList, todayInProductZone())
}

/** A whole screen. */
export interface ScreenDef<W extends WidgetDef = WidgetDef> {
  /** route key, e.g. '/bigData/classify' */
  key: string
  title: string
  subtitle?: string
  design: DesignSize
  mode: ScaleMode
  /** CSS background of the canvas */
  background: string
  /** height of the title bar in design pixels */
  titleHeight: number
  pickers: readonly ScreenPicker[]
  /** default refresh of the widgets, ms */
  refreshMs: number
  widgets: readonly W[]
}
