/** Issue 5 in Chromium (SwiftShader): the offline globe, its parcels, themes, districts and the lifecycle replay. */
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn } from './helpers'

/** Waits until the engine exists and the parcel batch is on the GPU. */
async function globeReady(page: Page): Promise<void> {
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await page.waitForFunction(() => window.__globe !== undefined && window.__globe.parcels.ids().length > 0, null, { timeout: 45_000 })
  await page.evaluate(() => window.__globe!.parcels.ready())
}


test('3D map: offline globe, parcels, click → 宗地代码 from the API', async ({ page }) => {
  const external: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.hostname !== '127.0.0.1' && u.protocol !== 'data:' && u.protocol !== 'blob:') external.push(r.url())
  })
  page.on('console', (m) => m.type() === 'error' && console.error('PAGE', m.text()))
  page.on('pageerror', (e) => console.error('PAGEERR', e.message, e.stack))
  page.on('response', (r) => r.status() >= 400 && console.error('HTTP', r.status(), r.url()))
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/3DMap')
  await globeReady(page)
  await page.screenshot({ path: shot('globe-province') })
  expect(external).toEqual([])
})
