/**
 * Drawing and spider-out on /system/core in Chromium: a polygon drawn by clicking known screen
 * points measures what turf measures for the same ring (docs/product.md §9: area from the geometry, 4
 * decimals), and a cluster of 9 or more points at the max zoom spreads into one marker each
 * (docs/product.md §9: spider-out at 9 or more, on a spiral).
 */
import { area } from '@turf/turf'
import { expect, test, type Page } from '@playwright/test'
import { spiderOffsets } from '../../src/web/map/rules/cluster-rules'
import { clickMap, shot } from './helpers'
import { api, openCore } from './map-helpers'

/** Screen pixel of a coordinate from the view the cluster layer reports (Web Mercator). */
async function pixelOf(page: Page, lng: number, lat: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-host').boundingBox())!
  const [w, s, e, n] = ((await page.getByTestId('cluster-state').getAttribute('data-bounds')) ?? '').split(',').map(Number)
  const merc = (v: number) => Math.log(Math.tan(Math.PI / 4 + (v * Math.PI) / 360))
  return { x: box.x + ((lng - w) / (e - w)) * box.width, y: box.y + ((merc(n) - merc(lat)) / (merc(n) - merc(s))) * box.height }
}

/** The WGS84 point 选点 reports for a screen pixel. */
async function pointAt(page: Page, x: number, y: number): Promise<[number, number]> {
  const label = page.getByTestId('range-point')
  const before = (await label.textContent()) ?? ''
  await page.mouse.click(x, y)
  await expect(label).not.toHaveText(before)
  const [lng, lat] = ((await label.textContent()) ?? '').replace('已选点：', '').split(',').map(Number)
  return [lng, lat]
}

test('a polygon drawn by clicking known screen points measures the turf area of the same ring (within 0.5 %)', async ({ page }) => {
  test.setTimeout(180_000)
  await openCore(page)
  // clusters off: clicks must reach the drawing, not a marker
  await page.getByTestId('layer-management').hover()
  await page.getByTestId('lm-layer-企业聚合').click()
  await page.mouse.move(700, 880)
  const box = (await page.getByTestId('map-host').boundingBox())!
  const at = (fx: number, fy: number) => ({ x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * fy) })
  const corners = [at(0.4, 0.3), at(0.62, 0.34), at(0.6, 0.72), at(0.42, 0.66)]
  // where those pixels are, as the range control's 选点 reads them
  await page.getByTestId('range-选点').click()
  const ring: [number, number][] = []
  for (const c of corners) ring.push(await pointAt(page, c.x, c.y))
  await page.getByTestId('range-选点').click()
  ring.push(ring[0])
  const want = area({ type: 'Polygon', coordinates: [ring] })
  expect(want).toBeGreaterThan(1e8) // a drawing of tens of kilometres at the opening zoom

  await page.getByTestId('draw-toggle').click()
  await page.getByTestId('draw-polygon').click()
  await page.waitForTimeout(500)
  const search = page.waitForRequest((r) => r.url().endsWith('/api/cloudChart/search') && r.method() === 'POST')
  const tool = page.getByTestId('draw-measure')
  // a late report of a repeated click may add the same point twice, which changes no ring
  const placed = async () => Number(await tool.getAttribute('data-nodes'))
  for (const [i, c] of corners.entries()) await clickMap(page, c.x, c.y, async () => (await placed()) > i)
  await expect(page.getByTestId('measure-result')).toHaveText(/^正在绘制：已有 [45] 个节点，双击或再点最后一个节点结束$/)
  // clicking the last node again finishes the polygon
  const result = page.getByTestId('measure-result')
  await clickMap(page, corners[3].x, corners[3].y, async () => /^面积 [\d.]+ 平方米（[\d.]+ 亩）$/.test((await result.textContent()) ?? ''))
  const text = (await page.getByTestId('measure-result').textContent()) ?? ''
  const shown = Number(/面积 ([\d.]+) 平方米/.exec(text)![1])
  expect(text).toMatch(/面积 \d+\.\d{4} 平方米（\d+\.\d{4} 亩）/)
  expect(Math.abs(shown - want) / want).toBeLessThan(0.005)
  // the drawn ring is handed to the side panel's search as the same ring
  const body = (await search).postDataJSON() as { geometry: { type: string; coordinates: [number, number][][] } }
  expect(body.geometry.type).toBe('Polygon')
  const drawn = body.geometry.coordinates[0]
  for (const p of ring.slice(0, 4)) expect(Math.min(...drawn.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])))).toBeLessThan(1e-4)
  await page.waitForTimeout(500)
  await page.screenshot({ path: shot('core-draw-polygon') })
})

test('a cluster of 12 points at the max zoom spreads into 12 markers on a spiral; each opens its record', async ({ page }) => {
  // eleven more enterprises registered at the same address as a real one (a 小微企业园 building):
  // the demo data has no such stack, so this test adds them to the API's answer
  let anchor: { id: number; name: string; lng: number; lat: number } | undefined
  await page.route('**/api/cloudChart/points*', async (route) => {
    const r = await route.fetch()
    const body = (await r.json()) as { data: { id: number; name: string; lng: number; lat: number; muTax: number | null }[] }
    anchor = body.data[0]
    const extra = Array.from({ length: 11 }, (_, i) => ({
      id: 900001 + i,
      name: `园区企业${i + 1}`,
      lng: anchor!.lng + (i % 3) * 1e-7,
      lat: anchor!.lat + Math.floor(i / 3) * 1e-7,
      muTax: null,
    }))
    await route.fulfill({ response: r, json: { ...body, data: [...body.data, ...extra] } })
  })
  await openCore(page)
  expect(anchor).toBeDefined()
  const state = page.getByTestId('cluster-state')
  const points = await api<{ id: number }[]>(page, '/api/cloudChart/points')
  await expect(state).toHaveAttribute('data-total', String(points.length + 11))
  // to the anchor enterprise through the search
  await page.getByTestId('core-search').locator('input').fill(anchor!.name)
  await page.getByTestId('core-search').locator('input').press('Enter')
  await page.getByTestId('core-result').filter({ hasText: anchor!.name }).first().click()
  await page.locator('.ant-drawer-close').click()
  await expect(page.getByTestId('detail-drawer')).toBeHidden()
  await expect(state).toHaveAttribute('data-zoom', '15')
  // wheel in over the anchor up to the max zoom (the wheel keeps the point under the cursor)
  for (let i = 0; i < 12 && (await state.getAttribute('data-zoom')) !== '18'; i++) {
    const p = await pixelOf(page, anchor!.lng, anchor!.lat)
    const bounds = await state.getAttribute('data-bounds')
    await page.mouse.move(p.x, p.y)
    await page.mouse.wheel(0, -600)
    await expect(state).not.toHaveAttribute('data-bounds', bounds!)
  }
  await expect(state).toHaveAttribute('data-zoom', '18')
  expect(await state.getAttribute('data-spider-legs')).toBe('0')
  // at the max zoom the stack is still one cluster; a click spreads it out
  const c = await pixelOf(page, anchor!.lng, anchor!.lat)
  await clickMap(page, c.x, c.y, async () => (await state.getAttribute('data-spider-legs')) === '12')
  await expect(state).toHaveAttribute('data-spider-layout', 'spiral')
  await page.waitForTimeout(600)
  await page.screenshot({ path: shot('core-spider') })
  // the outermost marker is where the spiral puts it, and opens its record
  const leg = spiderOffsets(12).offsets[11]
  await clickMap(page, c.x + leg[0], c.y + leg[1], () => page.getByTestId('detail-drawer').isVisible())
  await expect(page.getByTestId('detail-drawer')).toContainText(/企业详情/)
})
