/**
 * A wall stays live (issue 6 "Live"): a refresh updates a chart in place (same SVG, setOption
 * merge), a failed refresh keeps the last figures and shows the stale marker, and the marker
 * goes when the API answers again. `?refresh=5` shortens the interval to the 5 s throttle.
 */
import { expect, test } from '@playwright/test'
import { shot, signIn } from './helpers'
import { apiData, apiToken } from './wall-helpers'
import { COUNTIES_URL } from './servers'

test('/visual refreshes in place, marks stale data and recovers', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'leader', 'Leader@2026')
  await page.setViewportSize({ width: 1920, height: 1080 })
  let bump = 0
  await page.route(
    (url) => url.pathname === '/api/bigData/byRegion',
    async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      // a later refresh brings different figures, as a real day's edits would
      if (bump > 0 && Array.isArray(body.data)) body.data[0].areaMu += bump
      await route.fulfill({ response: res, json: body })
    },
  )
  await page.goto('/visual?refresh=5')
  const fig = page.getByTestId('chart-cityArea')
  await expect(fig).toHaveAttribute('data-first-label', /市$/)
  const before = Number(await fig.getAttribute('data-first-value'))
  const host = page.getByTestId('echarts-cityArea')
  const renders = Number(await host.getAttribute('data-rendered'))
  // the wall's charts are SVG (ADR 0013): the drawing surface is the chart's <svg>
  await host
    .locator('svg')
    .first()
    .evaluate((c) => ((window as unknown as { __wallCanvas: Element }).__wallCanvas = c))

  bump = 1000
  await expect(fig).toHaveAttribute('data-first-value', String(before + 1000), { timeout: 15_000 })
  expect(Number(await host.getAttribute('data-rendered'))).toBeGreaterThan(renders)
  // the chart was updated, not re-created: the very same drawing element is still in place
  expect(
    await host
      .locator('svg')
      .first()
      .evaluate((c) => c === (window as unknown as { __wallCanvas: Element }).__wallCanvas),
  ).toBe(true)

  const kpi = page.getByTestId('kpi-kpi-parcelCount')
  const shown = await kpi.getAttribute('data-value')
  const overview = (url: URL) => url.pathname === '/api/bigData/overview'
  await page.route(overview, (route) => route.fulfill({ status: 500, json: { code: 500, message: '服务器内部错误', data: null } }))
  const stale = page.getByTestId('widget-kpi').getByTestId('stale-mark')
  await expect(stale).toBeVisible({ timeout: 15_000 })
  await expect(stale).toHaveText('数据未更新')
  await expect(kpi).toHaveAttribute('data-value', String(shown))
  await page.screenshot({ path: shot('wall-visual-stale-1920x1080') })

  await page.unroute(overview)
  await expect(stale).toBeHidden({ timeout: 15_000 })
  await expect(kpi).toHaveAttribute('data-value', String(shown))
  // the wall keeps refreshing every 5 s: a refresh in flight when the page closes is not a failure
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test.describe('with county outlines imported', () => {
  // written for county outlines: the state after `npm run import:boundaries` (tests/e2e/servers.ts)
  test.use({ baseURL: COUNTIES_URL })

  test("/visual drills from the province map to a city's counties and back", async ({ page, request }) => {
    test.setTimeout(90_000)
    await signIn(page, 'leader', 'Leader@2026')
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto('/visual')
    const map = page.getByTestId('map-map')
    await expect(map).toHaveAttribute('data-level', 'city')
    await expect(page.getByTestId('chart-map')).toHaveAttribute('data-first-label', /市$/)
    const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number }
    // Zhejiang fills the middle of the box: the centre lies inside a city
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(map).toHaveAttribute('data-level', 'county')
    const back = page.getByTestId('map-back')
    const city = ((await back.textContent()) ?? '').replace(/^.*当前：/, '')
    const token = await apiToken(request, 'leader', 'Leader@2026')
    const cities = await apiData<{ key: string; name: string }[]>(request, token, '/api/bigData/byRegion', { level: 'city' })
    const code = cities.find((c) => c.name === city)?.key as string
    const counties = await apiData<{ name: string; taxPerMu: number }[]>(request, token, '/api/bigData/byRegion', {
      level: 'county',
      cityCode: code,
    })
    const top = [...counties].sort((a, b) => b.taxPerMu - a.taxPerMu)[0]
    await expect(page.getByTestId('chart-map')).toHaveAttribute('data-first-label', top.name)
    await expect(map).toHaveAttribute('data-map', new RegExp(`^zj-county-${code}\\b`))
    await page.screenshot({ path: shot('wall-visual-drilled-1920x1080') })
    await back.click()
    await expect(map).toHaveAttribute('data-level', 'city')
  })
})
