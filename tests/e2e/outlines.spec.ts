/**
 * Honest without outlines (issue 19). The default start has the shipped city and province outlines
 * and no county outlines: every wall renders without a page error, county figures stand as
 * proportional symbols at the county seats inside the city outlines, 资源云图's offline base draws
 * the city outlines with the seats, and only administrators read the import command (a leader's
 * wall says 县级以驻地符号显示). On the start with county outlines imported, counties are drawn as
 * outlines and nobody gets the hint. With no outline at all (responses rewritten), nothing breaks.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { CITY_SCREEN } from '../../screens/city'
import { CLASSIFY_SCREEN } from '../../screens/classify'
import { DISTRICT_SCREEN } from '../../screens/district'
import { PARK_SCREEN } from '../../screens/park'
import { PLATFORM_SCREEN } from '../../screens/platform'
import { VISUAL_SCREEN } from '../../screens/visual'
import type { OutlineCollection } from '../../src/domain/contracts/outlines'
import type { WallScreen } from '../../src/web/features/big-data/wall-widget-types'
import { mapsSettled, shot, signIn, signOut } from './helpers'
import { COUNTIES_URL } from './servers'
import { apiData, apiToken, wallDefaultYear } from './wall-helpers'

const SCREENS: WallScreen[] = [VISUAL_SCREEN, CLASSIFY_SCREEN, DISTRICT_SCREEN, PLATFORM_SCREEN, CITY_SCREEN, PARK_SCREEN]
const HINT = '未导入县级边界：县级数据以驻地符号显示。管理员可用 npm run import:boundaries 导入审图号边界'

interface RegionRow {
  key: string
  name: string
}

/** The page's uncaught errors from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/** Opens a wall and waits until every widget drew its content (no loading or error note). */
async function openWall(page: Page, screen: WallScreen, query = '') {
  await page.goto(`${screen.key}${query}`)
  await expect(page.getByTestId('screen-canvas')).toBeVisible()
  for (const w of screen.widgets) {
    const inner =
      w.type === 'kpi'
        ? `[data-testid^="kpi-${w.id}-"]`
        : w.type === 'table'
          ? `[data-testid="table-${w.id}"]`
          : `[data-testid="chart-${w.id}"]`
    await expect(page.locator(`[data-widget="${w.id}"] ${inner}`).first(), `${screen.key} ${w.id}`).toBeVisible({ timeout: 60_000 })
  }
}

/** Drills /visual's map into a city by clicking its name on the map. */
async function drillInto(page: Page, city: string) {
  await page.getByTestId('echarts-map').locator('svg text', { hasText: city }).first().click()
  await expect(page.getByTestId('map-back')).toContainText(city)
}

let year = 0
let leader = ''
let admin = ''
test.beforeAll(async ({ request }) => {
  // the walls' default year: the current year (issue 29)
  year = wallDefaultYear(((await (await request.get('/config.json')).json()) as { yearList: number[] }).yearList)
  leader = await apiToken(request, 'leader', 'Leader@2026')
  admin = await apiToken(request, 'admin', 'Admin@2026')
})

test.describe('the default start: city outlines, no county outlines', () => {
  test('every wall renders with no page error', async ({ page }) => {
    test.setTimeout(240_000)
    const errors = pageErrors(page)
    await signIn(page, 'leader', 'Leader@2026')
    await page.setViewportSize({ width: 1920, height: 1080 })
    for (const screen of SCREENS) {
      await openWall(page, screen)
      await expect(page.getByText('页面加载出错')).toHaveCount(0)
      expect(errors, screen.key).toEqual([])
      await page.screenshot({ path: shot(`outlines-default${screen.key.replace(/\//g, '-')}`) })
    }
  })

  test('the walls draw the city outlines and every county with figures as a symbol at its seat; a leader reads the legend line, not the command', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000)
    const errors = pageErrors(page)
    const cities = await apiData<OutlineCollection>(request, leader, '/api/bigData/regionGeo', { level: 'city' })
    const counties = await apiData<OutlineCollection>(request, leader, '/api/cloudChart/boundaries', { level: 'county', zoom: 8 })
    expect(cities.features).toHaveLength(11)
    expect(counties.features).toEqual([])
    expect(counties.levels).toEqual({ province: true, city: true, county: false })
    expect(counties.seats).toHaveLength(90)
    await signIn(page, 'leader', 'Leader@2026')
    await page.setViewportSize({ width: 1920, height: 1080 })

    // /visual: the cities filled; drilled into 杭州市, its counties as symbols inside its outline
    await openWall(page, VISUAL_SCREEN)
    const visual = page.getByTestId('map-map')
    await expect(visual).toHaveAttribute('data-mode', 'choropleth')
    await expect(visual).toHaveAttribute('data-outlines', String(cities.features.length))
    await expect(visual).toHaveAttribute('data-symbols', '0')
    await expect(page.getByTestId('seat-legend')).toHaveCount(0)
    await drillInto(page, '杭州市')
    const hzRows = await apiData<RegionRow[]>(request, leader, '/api/bigData/byRegion', { level: 'county', cityCode: '330100', year })
    const hzSeats = counties.seats.filter((s) => s.parentCode === '330100')
    expect(hzRows.length).toBeGreaterThan(0)
    expect(hzRows.every((r) => hzSeats.some((s) => s.code === r.key))).toBe(true)
    await expect(visual).toHaveAttribute('data-level', 'county')
    await expect(visual).toHaveAttribute('data-mode', 'symbols')
    await expect(visual).toHaveAttribute('data-outlines', '1')
    await expect(visual).toHaveAttribute('data-symbols', String(hzRows.length))
    await expect(page.getByTestId('seat-legend')).toHaveText('县级以驻地符号显示')
    await expect(page.getByTestId('outline-hint')).toHaveCount(0)
    await expect(page.getByText('npm run')).toHaveCount(0)
    await page.screenshot({ path: shot('outlines-default-visual-hangzhou-seats') })

    // /bigData/district: the L7 map with the 11 city outlines and a symbol per county with figures
    const allRows = await apiData<RegionRow[]>(request, leader, '/api/bigData/byRegion', { level: 'county', year })
    expect(allRows.length).toBeGreaterThan(50)
    await openWall(page, DISTRICT_SCREEN)
    const district = page.getByTestId('chart-map')
    await expect(district).toHaveAttribute('data-mode', 'symbols')
    await expect(district).toHaveAttribute('data-outlines', '11')
    await expect(district).toHaveAttribute('data-symbols', String(allRows.length))
    await expect(district).toHaveAttribute('data-layers', 'symbols,heat')
    await expect(page.getByTestId('seat-legend')).toHaveText('县级以驻地符号显示')
    await expect(page.getByTestId('outline-hint')).toHaveCount(0)
    await mapsSettled(page)
    await page.screenshot({ path: shot('outlines-default-district-seats') })

    // /bigData/city: a bar per county with figures at its seat, standing on 杭州市's outline
    await openWall(page, CITY_SCREEN, '?cityCode=330100')
    const city = page.getByTestId('chart-map')
    await expect(page.getByTestId('bar3d-bar')).toHaveCount(hzRows.length, { timeout: 60_000 })
    await expect(city).toHaveAttribute('data-mode', 'symbols')
    await expect(city).toHaveAttribute('data-outlines', '1')
    await expect(city).toHaveAttribute('data-symbols', String(hzRows.length))
    await expect(page.getByTestId('seat-legend')).toHaveText('县级以驻地符号显示')
    await expect(page.getByTestId('outline-hint')).toHaveCount(0)
    await page.waitForTimeout(1500)
    await page.screenshot({ path: shot('outlines-default-city-bars-at-seats') })
    expect(errors).toEqual([])
  })

  test('an administrator reads the import command on the wall and can dismiss it', async ({ page }) => {
    const errors = pageErrors(page)
    await signIn(page, 'admin', 'Admin@2026')
    await page.setViewportSize({ width: 1920, height: 1080 })
    await openWall(page, DISTRICT_SCREEN)
    const hint = page.getByTestId('outline-hint')
    await expect(page.getByTestId('outline-hint-text')).toHaveText(HINT)
    await expect(hint).toHaveAttribute('data-missing', 'county')
    await expect(page.getByTestId('seat-legend')).toHaveText('县级以驻地符号显示')
    await mapsSettled(page)
    await page.screenshot({ path: shot('outlines-default-district-admin-hint') })
    await page.getByTestId('outline-hint-close').click()
    await expect(hint).toHaveCount(0)
    await expect(page.getByTestId('seat-legend')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the globe opens on the city outlines with no page error', async ({ page }) => {
    test.setTimeout(120_000)
    const errors = pageErrors(page)
    await signIn(page, 'leader', 'Leader@2026')
    await page.goto('/system/3DMap')
    await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    await page.waitForTimeout(1500)
    await page.screenshot({ path: shot('outlines-default-globe') })
    expect(errors).toEqual([])
  })

  test('资源云图 draws the city outlines and the county seats; the administrator gets the hint, a planner does not', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const errors = pageErrors(page)
    const cities = await apiData<OutlineCollection>(request, admin, '/api/cloudChart/boundaries', { level: 'city', zoom: 7 })
    await signIn(page, 'admin', 'Admin@2026')
    await page.goto('/system/core')
    const base = page.getByTestId('offline-base')
    await expect(base).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
    await expect(base).toHaveAttribute('data-city-outlines', String(cities.features.length))
    await expect(base).toHaveAttribute('data-city-outlines', '11')
    await expect(base).toHaveAttribute('data-county-outlines', '0')
    await expect(base).toHaveAttribute('data-county-seats', '90')
    await expect(page.getByTestId('outline-hint-text')).toHaveText(HINT)
    await mapsSettled(page)
    await page.screenshot({ path: shot('outlines-default-core-admin') })
    expect(errors).toEqual([])

    await signOut(page)
    await signIn(page, 'plan', 'Plan@2026')
    await page.goto('/system/core')
    await expect(page.getByTestId('offline-base')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
    await expect(page.getByTestId('offline-base')).toHaveAttribute('data-city-outlines', '11')
    await expect(page.getByTestId('outline-hint')).toHaveCount(0)
    await expect(page.getByText('npm run')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})

/**
 * No outline at all (a database whose outlines were never loaded): every boundaries answer is
 * rewritten to hold no outline, each region at its label point as a seat.
 */
async function withoutOutlines(route: Route) {
  const res = await route.fetch()
  const body = (await res.json()) as { code: number; message: string; data: OutlineCollection }
  const d = body.data
  const seats = [
    ...d.seats,
    ...d.features.map((f) => ({
      code: f.properties.code,
      name: f.properties.name,
      parentCode: null,
      lng: f.properties.labelLng,
      lat: f.properties.labelLat,
    })),
  ]
  await route.fulfill({
    response: res,
    json: { ...body, data: { ...d, features: [], seats, levels: { province: false, city: false, county: false } } },
  })
}

test('with no outline at all, the map walls and 资源云图 still draw every region as a symbol, with no page error', async ({ page }) => {
  test.setTimeout(180_000)
  const errors = pageErrors(page)
  await page.route(/\/api\/(bigData\/regionGeo|cloudChart\/boundaries)\?/, withoutOutlines)
  await signIn(page, 'admin', 'Admin@2026')
  await page.setViewportSize({ width: 1920, height: 1080 })
  await openWall(page, VISUAL_SCREEN)
  const visual = page.getByTestId('map-map')
  await expect(visual).toHaveAttribute('data-mode', 'symbols')
  await expect(visual).toHaveAttribute('data-outlines', '0')
  await expect(visual).toHaveAttribute('data-symbols', '11')
  await expect(page.getByTestId('outline-hint')).toHaveAttribute('data-missing', 'city')
  await page.screenshot({ path: shot('outlines-none-visual') })
  await openWall(page, DISTRICT_SCREEN)
  await expect(page.getByTestId('chart-map')).toHaveAttribute('data-outlines', '0')
  await expect(page.getByTestId('chart-map')).toHaveAttribute('data-mode', 'symbols')
  await openWall(page, CITY_SCREEN, '?cityCode=330100')
  await expect(page.getByTestId('chart-map')).toHaveAttribute('data-outlines', '0')
  await page.goto('/system/core')
  await expect(page.getByTestId('offline-base')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
  await expect(page.getByTestId('offline-base')).toHaveAttribute('data-city-seats', '11')
  await mapsSettled(page)
  await page.screenshot({ path: shot('outlines-none-core') })
  expect(errors).toEqual([])
})

test.describe('the start with county outlines imported', () => {
  test.use({ baseURL: COUNTIES_URL })

  test('counties are drawn as outlines on the walls and on 资源云图, and nobody gets the hint', async ({ page, request }) => {
    test.setTimeout(240_000)
    const errors = pageErrors(page)
    const token = await apiToken(request, 'admin', 'Admin@2026')
    const counties = await apiData<OutlineCollection>(request, token, '/api/cloudChart/boundaries', { level: 'county', zoom: 8 })
    expect(counties.levels).toEqual({ province: true, city: true, county: true })
    expect(counties.seats).toEqual([])
    const hzOutlines = counties.features.filter((f) => f.properties.code.startsWith('3301')).length
    expect(hzOutlines).toBeGreaterThan(5)
    await signIn(page, 'admin', 'Admin@2026')
    await page.setViewportSize({ width: 1920, height: 1080 })

    await openWall(page, VISUAL_SCREEN)
    await drillInto(page, '杭州市')
    const visual = page.getByTestId('map-map')
    await expect(visual).toHaveAttribute('data-mode', 'choropleth')
    await expect(visual).toHaveAttribute('data-outlines', String(hzOutlines))
    await expect(visual).toHaveAttribute('data-symbols', '0')
    await page.screenshot({ path: shot('outlines-counties-visual-hangzhou') })

    await openWall(page, DISTRICT_SCREEN)
    const district = page.getByTestId('chart-map')
    await expect(district).toHaveAttribute('data-mode', 'choropleth')
    await expect(district).toHaveAttribute('data-outlines', String(counties.features.length + 11))
    await expect(district).toHaveAttribute('data-symbols', '0')
    await expect(district).toHaveAttribute('data-layers', 'choropleth,heat')
    await mapsSettled(page)
    await page.screenshot({ path: shot('outlines-counties-district') })

    const hzRows = await apiData<RegionRow[]>(request, token, '/api/bigData/byRegion', { level: 'county', cityCode: '330100', year })
    await openWall(page, CITY_SCREEN, '?cityCode=330100')
    const city = page.getByTestId('chart-map')
    await expect(page.getByTestId('bar3d-bar')).toHaveCount(hzRows.length, { timeout: 60_000 })
    await expect(city).toHaveAttribute('data-mode', 'choropleth')
    await expect(city).toHaveAttribute('data-symbols', '0')
    // the bars stand on their counties' own outlines
    await expect(city).toHaveAttribute('data-outlines', String(hzRows.length))
    await page.waitForTimeout(1500)
    await page.screenshot({ path: shot('outlines-counties-city-bars') })

    await page.goto('/system/core')
    const base = page.getByTestId('offline-base')
    await expect(base).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
    await expect(base).toHaveAttribute('data-county-outlines', String(counties.features.length))
    await expect(base).toHaveAttribute('data-county-seats', '0')
    await mapsSettled(page)
    await page.screenshot({ path: shot('outlines-counties-core') })
    await expect(page.getByTestId('outline-hint')).toHaveCount(0)
    await expect(page.getByTestId('seat-legend')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
