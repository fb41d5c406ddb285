/** /system/core 资源云图 in real Chromium (WebGL through SwiftShader): the map, its eight controls, data from the API. */
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn } from './helpers'

async function openCore(page: Page) {
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/system/core')
  await expect(page.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
}

test('资源云图 loads offline with the eight controls', async ({ page }) => {
  const external: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.hostname !== '127.0.0.1' && u.protocol.startsWith('http')) external.push(r.url())
  })
  await openCore(page)
  for (const id of ['layer-management', 'layer-control', 'legend', 'base-switcher', 'district-picker', 'range-control', 'zone-toggle', 'selection-control']) {
    await expect(page.getByTestId(id)).toBeVisible()
  }
  await expect(page.getByTestId('cluster-state')).not.toHaveAttribute('data-points', '0')
  await page.waitForTimeout(1500)
  await page.screenshot({ path: shot('core-map') })
  expect(external).toEqual([])
})
