/**
 * The video walls (issue 6): every screen at 1920×1080, 3840×2160 and 7680×2160 — inside the
 * canvas, no overlaps, no scrollbars — and every widget's figure equal to what the API returns.
 * Screenshots of each screen at each size go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test'
import { CITY_SCREEN } from '../../screens/city'
import { CLASSIFY_SCREEN } from '../../screens/classify'
import { DISTRICT_SCREEN } from '../../screens/district'
import { PARK_SCREEN } from '../../screens/park'
import { PLATFORM_SCREEN } from '../../screens/platform'
import { VISUAL_SCREEN } from '../../screens/visual'
import { num, prepareRows, type ChartRow } from '../../src/web/charts/chart-config'
import type { WallScreen, WallWidget } from '../../src/web/features/big-data/wall-widget-types'
import { formatFigure, formatMoney } from '../../src/web/core/format-figure'
import { defaultMonth, resolveParams } from '../../src/web/screen/bindings'
import type { ScreenParams } from '../../src/web/screen/screen-types'
import { shot, signIn } from './helpers'
import { apiData, apiToken, expectClean, wallBoxes, wallDefaultYear, wallYearOptions } from './wall-helpers'

const SCREENS: WallScreen[] = [CLASSIFY_SCREEN, DISTRICT_SCREEN, PLATFORM_SCREEN, CITY_SCREEN, PARK_SCREEN, VISUAL_SCREEN]
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
  { width: 7680, height: 2160 },
]

/** The figure a widget must show, computed from the API's answer as the widget's config says. */
function expectedFirst(w: WallWidget, data: unknown): { label: string; value: number } | null {
  const rows = (Array.isArray(data) ? data : [data]) as ChartRow[]
  switch (w.type) {
    case 'bar':
    case 'line':
    case 'radar':
    case 'ranking': {
      const config = w.type === 'ranking' ? { ...w.view, horizontal: true, sortDesc: true } : w.view
      const top = prepareRows(rows, config)[0]
      return top ? { label: String(top[config.category]), value: num(top, config.series[0].field) } : null
    }
    case 'pie': {
      const top = [...rows].sort((a, b) => num(b, w.view.value.field) - num(a, w.view.value.field))[0]
      return top ? { label: String(top[w.view.name]), value: num(top, w.view.value.field) } : null
    }
    case 'map':
    case 'l7map':
    case 'bar3dmap': {
      const top = [...rows].sort((a, b) => num(b, w.view.value.field) - num(a, w.view.value.field))[0]
      return top ? { label: String(top.name), value: num(top, w.view.value.field) } : null
    }
    case 'gauge':
      return { label: w.view.value.name, value: num(rows[0], w.view.value.field) }
    default:
      return null
  }
}

/** The screen's parameters as the page chose them (from its URL). */
async function pageParams(page: Page): Promise<ScreenParams> {
  const u = new URL(page.url())
  const p: ScreenParams = {}
  if (u.searchParams.get('year')) p.year = Number(u.searchParams.get('year'))
  if (u.searchParams.get('month')) p.month = Number(u.searchParams.get('month'))
  if (u.searchParams.get('cityCode')) p.cityCode = u.searchParams.get('cityCode') as string
  if (u.searchParams.get('parkId')) p.parkId = Number(u.searchParams.get('parkId'))
  return p
}

let token = ''
let latestYear = 0
let monthList: number[] = []
test.beforeAll(async ({ request }) => {
  token = await apiToken(request, 'leader', 'Leader@2026')
  // the page's default year: the current year — land and 低效 as of today (issue 29) — the newest on offer
  const config = (await (await request.get('/config.json')).json()) as { yearList: number[]; monthList: number[] }
  latestYear = wallDefaultYear(config.yearList)
  monthList = config.monthList
})

for (const screen of SCREENS) {
  test(`${screen.key} ${screen.title}: live figures, any wall size`, async ({ page, request }) => {
    test.setTimeout(180_000)
    await signIn(page, 'leader', 'Leader@2026')
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.goto(screen.key)
      const canvas = page.getByTestId('screen-canvas')
      await expect(canvas).toBeVisible()
      // every widget drew its content (no loading / error notes)
      for (const w of screen.widgets) {
        const inner =
          w.type === 'kpi'
            ? `[data-testid^="kpi-${w.id}-"]`
            : w.type === 'table'
              ? `[data-testid="table-${w.id}"]`
              : `[data-testid="chart-${w.id}"]`
        await expect(page.locator(`[data-widget="${w.id}"] ${inner}`).first(), `${screen.key} ${w.id}`).toBeVisible()
      }
      // the page's defaults: the newest year, and for monthly screens that year's opening month
      const fromUrl = await pageParams(page)
      const year = fromUrl.year ?? latestYear
      const params: ScreenParams = {
        year,
        ...(screen.pickers.includes('month') ? { month: defaultMonth(year, monthList) } : {}),
        ...fromUrl,
      }
      // figures: at least one per widget equals the API's answer
      for (const w of screen.widgets) {
        if (!w.source) continue
        const q = resolveParams(w.source, params)
        const data = await apiData<unknown>(request, token, w.source.url, q)
        if (w.type === 'kpi') {
          for (const item of w.view.items) {
            const value = (data as Record<string, number>)[item.field]
            const figure = page.getByTestId(`kpi-${w.id}-${item.field}`)
            await expect(figure).toHaveAttribute('data-value', String(value))
            // the count-up ends on the API's figure, as shown text
            const text = item.money ? formatMoney(value).text : formatFigure(value, item.digits ?? 0)
            await expect(figure).toHaveText(new RegExp(`^${text.replace(/[.]/g, '\\.')}`))
          }
        } else if (w.type === 'table') {
          // the table scrolls: read a shown row and its index in one go, then compare with the API's row
          const field = w.view.columns[0].field
          const shown = await page
            .locator(`[data-widget="${w.id}"] [data-testid="table-row"]`)
            .first()
            .evaluate(
              (row, f) => ({
                index: Number(row.getAttribute('data-index')),
                text: row.querySelector(`[data-field="${f}"]`)?.textContent ?? '',
              }),
              field,
            )
          expect(shown.text, `${screen.key} ${w.id}`).toBe(String((data as Record<string, unknown>[])[shown.index][field]))
        } else {
          const want = expectedFirst(w, data)
          const fig = page.getByTestId(`chart-${w.id}`)
          await expect(fig, `${screen.key} ${w.id}`).toHaveAttribute('data-first-label', want?.label ?? '')
          await expect(fig, `${screen.key} ${w.id}`).toHaveAttribute('data-first-value', String(want?.value))
        }
      }
      const scale = Number(await canvas.getAttribute('data-scale'))
      expect(scale).toBeCloseTo(Math.min(size.width / 1920, size.height / 1080), 3)
      expectClean(await wallBoxes(page))
      await page.screenshot({ path: shot(`wall${screen.key.replace(/\//g, '-')}-${size.width}x${size.height}`) })
    }
  })
}

test('a tooltip hovered at a known bar shows that city under 4K scaling', async ({ page, request }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.setViewportSize({ width: 3840, height: 2160 })
  await page.goto('/visual')
  const chart = page.getByTestId('echarts-cityArea')
  await expect(page.getByTestId('chart-cityArea')).toHaveAttribute('data-first-label', /市$/)
  const cities = await apiData<{ name: string }[]>(request, token, '/api/bigData/byRegion', { level: 'city', year: latestYear })
  const scale = Number(await page.getByTestId('screen-canvas').getAttribute('data-scale'))
  expect(scale).toBe(2)
  const box = (await chart.boundingBox()) as { x: number; y: number; width: number; height: number }
  // the bar builder's fixed grid (BAR_GRID, design px × scale): category i is the i-th equal band
  const [left, right, top, bottom] = [64 * scale, 24 * scale, 36 * scale, 56 * scale]
  const band = (box.width - left - right) / cities.length
  for (const i of [2, 7]) {
    await page.mouse.move(box.x + left + band * (i + 0.5), box.y + top + (box.height - top - bottom) / 2)
    await expect(chart.locator('div').filter({ hasText: cities[i].name }).last()).toBeVisible()
  }
  await page.screenshot({ path: shot('wall-visual-tooltip-3840x2160') })
})

test('year and month pickers offer the runtime yearList and the current year / monthList (with every seeded year) and drive the monthly figures', async ({
  page,
  request,
}) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.setViewportSize({ width: 1920, height: 1080 })
  const config = (await (await request.get('/config.json')).json()) as { yearList: number[]; monthList: number[] }
  const seeded = await apiData<{ years: number[] }>(request, token, '/api/bigData/years')
  // the seeded figure years are all on offer
  expect(seeded.years.filter((y) => !config.yearList.includes(y))).toEqual([])
  await page.goto('/visual')
  const year = page.getByTestId('picker-year')
  const month = page.getByTestId('picker-month')
  await expect(year.locator('option')).toHaveCount(wallYearOptions(config.yearList).length)
  await expect(month.locator('option')).toHaveCount(config.monthList.length)
  expect(await year.locator('option').evaluateAll((o) => o.map((x) => Number((x as HTMLOptionElement).value)))).toEqual(
    wallYearOptions(config.yearList),
  )
  // the current year is the default, and says it means today
  await expect(year).toHaveValue(String(latestYear))
  await expect(year.locator('option').first()).toHaveText(`${latestYear}年（截至今日）`)
  await year.selectOption(String(latestYear - 1))
  expect(await month.locator('option').evaluateAll((o) => o.map((x) => Number((x as HTMLOptionElement).value)))).toEqual(
    [...config.monthList].sort((a, b) => a - b),
  )
  // a past year opens on its last month
  await expect(month).toHaveValue(String(Math.max(...config.monthList)))
  // the busiest signing month of that year, so the figure is not zero
  let best = { m: 1, n: -1 }
  for (const m of config.monthList) {
    const rows = await apiData<{ key: string; count: number }[]>(request, token, '/api/bigData/lifecycleByMonth', {
      year: latestYear - 1,
      month: m,
    })
    if (rows[0].count > best.n) best = { m, n: rows[0].count }
  }
  await month.selectOption(String(best.m))
  await expect(page).toHaveURL(new RegExp(`month=${best.m}`))
  const fig = page.getByTestId('chart-lifecycleMonth')
  await expect(fig).toHaveAttribute('data-first-label', '项目签约')
  await expect(fig).toHaveAttribute('data-first-value', String(best.n))
  await expect(page.getByTestId('widget-lifecycleMonth').locator('h2')).toHaveText(`${latestYear - 1}年${best.m}月 项目全生命周期进展`)
  // 供地 by month follows the year
  await year.selectOption(String(latestYear - 2))
  const supply = await apiData<{ name: string; areaMu: number }[]>(request, token, '/api/bigData/supplyByMonth', { year: latestYear - 2 })
  await expect(page.getByTestId('chart-supplyMonth')).toHaveAttribute('data-first-value', String(supply[0].areaMu))
  await expect(page.getByTestId('widget-supplyMonth').locator('h2')).toHaveText(`${latestYear - 2}年月度供地面积（亩）`)
  await page.screenshot({ path: shot('wall-visual-month-1920x1080') })
})

test('a county account sees its own county on /visual: the figures of its region, not the province', async ({ page, request }) => {
  const countyToken = await apiToken(request, 'county', 'County@2026')
  await signIn(page, 'county', 'County@2026')
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto('/visual')
  const mine = await apiData<Record<string, number>>(request, countyToken, '/api/bigData/overview', { year: latestYear })
  const province = await apiData<Record<string, number>>(request, token, '/api/bigData/overview', { year: latestYear })
  // the county (上城区) holds some parcels, fewer than the province
  expect(mine.parcelCount).toBeGreaterThan(0)
  expect(mine.parcelCount).toBeLessThan(province.parcelCount)
  for (const field of ['parcelCount', 'parcelAreaMu', 'enterpriseCount', 'taxPerMu']) {
    await expect(page.getByTestId(`kpi-kpi-${field}`), field).toHaveAttribute('data-value', String(mine[field]))
  }
  // the city bars hold only the county's city (杭州市), at the county's area
  const cities = await apiData<{ name: string; areaMu: number }[]>(request, countyToken, '/api/bigData/byRegion', {
    level: 'city',
    year: latestYear,
  })
  expect(cities.filter((c) => c.areaMu > 0).map((c) => c.name)).toEqual(['杭州市'])
  const hangzhou = cities.find((c) => c.name === '杭州市')!
  expect(hangzhou.areaMu).toBeCloseTo(mine.parcelAreaMu, 0)
  await expect(page.getByTestId('chart-cityArea')).toHaveAttribute('data-first-label', '杭州市')
  await expect(page.getByTestId('chart-cityArea')).toHaveAttribute('data-first-value', String(hangzhou.areaMu))
  // the lifecycle strip counts the county's projects
  const today = await apiData<Record<string, number>>(request, countyToken, '/api/bigData/lifecycleToday')
  const provinceToday = await apiData<Record<string, number>>(request, token, '/api/bigData/lifecycleToday')
  expect(today.overdueCount).toBeLessThanOrEqual(provinceToday.overdueCount)
  await expect(page.getByTestId('kpi-lifecycleToday-overdueCount')).toHaveAttribute('data-value', String(today.overdueCount))
  await page.screenshot({ path: shot('wall-visual-county-1920x1080') })
})
