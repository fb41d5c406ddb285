/** The wall runtime's pure parts: scaling modes, bindings, and every screen file's layout. */
import { describe, expect, it } from 'vitest'
import { CITY_SCREEN } from '../../../../screens/city'
import { CLASSIFY_SCREEN } from '../../../../screens/classify'
import { DISTRICT_SCREEN } from '../../../../screens/district'
import { PARK_SCREEN } from '../../../../screens/park'
import { PLATFORM_SCREEN } from '../../../../screens/platform'
import { VISUAL_SCREEN } from '../../../../screens/visual'
import {
  defaultMonth,
  layoutProblems,
  panelTitle,
  paramsFromSearch,
  refreshInterval,
  resolveParams,
  withRefresh,
} from '../../../../src/web/screen/bindings'
import { computeLayout, placeBox } from '../../../../src/web/screen/scaler'

const D = { width: 1920, height: 1080 }

describe('computeLayout', () => {
  it.each([
    // mode, viewport, scaleX, scaleY, left, top
    ['fit', { width: 1920, height: 1080 }, 1, 1, 0, 0],
    ['fit', { width: 3840, height: 2160 }, 2, 2, 0, 0],
    ['fit', { width: 7680, height: 2160 }, 2, 2, 1920, 0],
    ['fit', { width: 1440, height: 900 }, 0.75, 0.75, 0, 45],
    ['stretch', { width: 7680, height: 2160 }, 4, 2, 0, 0],
    ['fill-width', { width: 3840, height: 1000 }, 2, 2, 0, 0],
    ['fill-height', { width: 1000, height: 2160 }, 2, 2, 0, 0],
  ] as const)('%s at %o', (mode, viewport, sx, sy, left, top) => {
    const l = computeLayout(mode, D, viewport)
    expect([l.scaleX, l.scaleY, l.left, l.top]).toEqual([sx, sy, left, top])
    expect(l.scale).toBe(Math.min(sx, sy))
  })

  it('places neighbouring boxes edge to edge in whole pixels', () => {
    const l = computeLayout('fit', D, { width: 1366, height: 768 })
    const a = placeBox({ x: 20, y: 100, w: 450, h: 300 }, l)
    const b = placeBox({ x: 470, y: 100, w: 450, h: 300 }, l)
    expect(a.left + a.width).toBe(b.left)
    expect(Number.isInteger(a.width)).toBe(true)
  })
})

describe('bindings', () => {
  it('replaces $references and drops absent ones', () => {
    expect(
      resolveParams(
        { url: '/x', params: { year: '$year', cityCode: '$cityCode', parkId: '$parkId', level: 'county' } },
        { year: 2024, cityCode: '330100' },
      ),
    ).toEqual({
      year: 2024,
      cityCode: '330100',
      level: 'county',
    })
  })
  it('throttles refreshes to at least 5 s', () => {
    expect(refreshInterval({ url: '/x', refreshMs: 1000 }, 60000)).toBe(5000)
    expect(refreshInterval({ url: '/x' }, 30000)).toBe(30000)
  })
  it('overrides every refresh from the URL, still throttled', () => {
    const s = withRefresh(VISUAL_SCREEN, 2)
    expect(s.refreshMs).toBe(5000)
    expect(s.widgets.map((w) => w.source?.refreshMs)).toEqual(VISUAL_SCREEN.widgets.map(() => 5000))
    expect(withRefresh(VISUAL_SCREEN, Number('abc'))).toBe(VISUAL_SCREEN)
    expect(withRefresh(VISUAL_SCREEN, 120).widgets[0].source?.refreshMs).toBe(120000)
  })
  it('reads only valid parameters from the URL', () => {
    expect(paramsFromSearch(new URLSearchParams('year=2023&cityCode=330200&parkId=7'))).toEqual({
      year: 2023,
      cityCode: '330200',
      parkId: 7,
    })
    expect(paramsFromSearch(new URLSearchParams('year=abc&cityCode=110000&parkId=-1'))).toEqual({})
    expect(paramsFromSearch(new URLSearchParams('year=2025&month=6'))).toEqual({ year: 2025, month: 6 })
    expect(paramsFromSearch(new URLSearchParams('month=13'))).toEqual({})
    expect(paramsFromSearch(new URLSearchParams('month=0'))).toEqual({})
  })
  it('fills {year} and {month} in panel titles', () => {
    expect(panelTitle('{year}年{month}月 项目进展', { year: 2025, month: 6 })).toBe('2025年6月 项目进展')
    expect(panelTitle('{year}年月度供地', {})).toBe('年月度供地')
    expect(panelTitle('设区市亩均税收', { year: 2025 })).toBe('设区市亩均税收')
    // the yearly figures of the current year are the latest year's that has them (issue 29)
    expect(panelTitle('评价分类（{figuresYear}年度）', { year: 2026 }, 2025)).toBe('评价分类（2025年度）')
    expect(panelTitle('评价分类（{figuresYear}年度）', { year: 2023 }, 2025)).toBe('评价分类（2023年度）')
  })
  it('opens monthly figures on this month of this year, else on the last month of the monthList', () => {
    const now = new Date(2026, 10, 21)
    expect(defaultMonth(2026, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], now)).toBe(11)
    expect(defaultMonth(2025, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], now)).toBe(12)
    expect(defaultMonth(2026, [3, 6, 9], now)).toBe(9)
    expect(defaultMonth(2025, [], now)).toBe(12)
  })
})

describe('screen files', () => {
  it.each([CLASSIFY_SCREEN, DISTRICT_SCREEN, PLATFORM_SCREEN, CITY_SCREEN, PARK_SCREEN, VISUAL_SCREEN].map((s) => [s.key, s] as const))(
    '%s: inside the canvas, no overlaps, unique ids, bindings under /api/bigData',
    (_key, s) => {
      expect(layoutProblems(s)).toEqual([])
      expect(new Set(s.widgets.map((w) => w.id)).size).toBe(s.widgets.length)
      expect(s.widgets.every((w) => w.source?.url.startsWith('/api/bigData/'))).toBe(true)
    },
  )
  it('finds an overlap and a box outside the canvas', () => {
    const bad = {
      design: D,
      titleHeight: 90,
      widgets: [
        { id: 'a', x: 0, y: 100, w: 500, h: 500 },
        { id: 'b', x: 400, y: 500, w: 1600, h: 100 },
      ],
    }
    expect(layoutProblems(bad)).toEqual(['b 超出画布', 'a 与 b 重叠'])
  })
})
