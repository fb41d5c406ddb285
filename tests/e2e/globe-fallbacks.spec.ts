/**
 * Issue 5 "Bad input" in Chromium: a failing Tianditu layer, a failing internal-network imagery and
 * a failing terrain service each fall back (offline NaturalEarthII, the ellipsoid) with a visible
 * notice. (Without WebGL: globe-no-webgl.spec.ts, which needs a browser of its own.)
 */
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn } from './helpers'

/** Serves /config.json with `patch` applied (the browser reads its runtime config from there). */
async function configWith(page: Page, patch: (c: Record<string, unknown>) => void): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const res = await route.fetch()
    const c = (await res.json()) as Record<string, unknown>
    patch(c)
    await route.fulfill({ response: res, json: c })
  })
}

test('a failing Tianditu layer falls back to the offline imagery with a visible notice', async ({ page }) => {
  test.setTimeout(120_000)
  const tiles: string[] = []
  await configWith(page, (c) => ((c.tileKeys as Record<string, string>).tianditu = 'e2e-test-key'))
  await page.route(/^https:\/\/t\d\.tianditu\.gov\.cn\//, (route) => {
    tiles.push(route.request().url())
    return route.fulfill({ status: 500, body: 'server error' })
  })
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/3DMap')
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await expect(page.getByTestId('globe-notice')).toContainText('天地图影像加载失败，已切换为离线底图（NaturalEarthII）', {
    timeout: 45_000,
  })
  // the Tianditu pair was really asked for, with the key, and is gone: only the offline layer stays
  expect(tiles.length).toBeGreaterThan(0)
  expect(tiles.every((u) => u.includes('tk=e2e-test-key'))).toBe(true)
  expect(new Set(tiles.map((u) => new URL(u).pathname.split('/')[1]))).toEqual(new Set(['img_w', 'cia_w']))
  await expect.poll(() => page.evaluate(() => window.__globe!.viewer.imageryLayers.length)).toBe(1)
  expect(
    await page.evaluate(() => (window.__globe!.viewer.imageryLayers.get(0).imageryProvider as unknown as { url?: string }).url ?? ''),
  ).toContain('NaturalEarthII')
  // the globe redraws its tiles from the offline imagery (slow under SwiftShader) before the picture
  await expect.poll(() => page.evaluate(() => window.__globe!.viewer.scene.globe.tilesLoaded), { timeout: 60_000 }).toBe(true)
  await page.screenshot({ path: shot('globe-tianditu-fallback') })
})

test('internal network: its imagery url is used; failing imagery and terrain fall back with notices', async ({ page }) => {
  test.setTimeout(120_000)
  const internal: string[] = []
  const terrain: string[] = []
  await configWith(page, (c) => {
    c.isInternalNetwork = true
    ;(c.tileKeys as Record<string, string>).tianditu = 'must-not-be-used'
    c.globe = {
      internalImageryUrl: 'http://10.255.0.1/img/{z}/{x}/{y}.png',
      internalImageryScheme: 'webMercator',
      terrainUrl: 'http://10.255.0.1/terrain',
    }
  })
  await page.route('http://10.255.0.1/**', (route) => {
    ;(route.request().url().includes('/terrain') ? terrain : internal).push(route.request().url())
    return route.fulfill({ status: 500, body: 'server error' })
  })
  const publicTiles: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('tianditu.gov.cn')) publicTiles.push(r.url())
  })
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/3DMap')
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  const notices = page.getByTestId('globe-notice')
  await expect(notices.filter({ hasText: '内网影像加载失败，已切换为离线底图（NaturalEarthII）' })).toHaveCount(1, { timeout: 45_000 })
  await expect(notices.filter({ hasText: '地形服务加载失败，已改用无起伏的椭球地形' })).toHaveCount(1, { timeout: 45_000 })
  expect(internal.length).toBeGreaterThan(0)
  expect(internal[0]).toMatch(/^http:\/\/10\.255\.0\.1\/img\/\d+\/\d+\/\d+\.png$/)
  expect(terrain.length).toBeGreaterThan(0)
  // on the internal network the public Tianditu tiles are never asked for, key or not
  expect(publicTiles).toEqual([])
  // still the ellipsoid: it has no tile availability, a Cesium terrain service has
  expect(await page.evaluate(() => window.__globe!.viewer.terrainProvider.availability === undefined)).toBe(true)
  await expect.poll(() => page.evaluate(() => window.__globe!.viewer.imageryLayers.length)).toBe(1)
  await expect.poll(() => page.evaluate(() => window.__globe!.viewer.scene.globe.tilesLoaded), { timeout: 60_000 }).toBe(true)
  await page.screenshot({ path: shot('globe-internal-fallback') })
})
