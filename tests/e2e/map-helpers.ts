/** What the 2D map specs share: API reads with the page's token, opening 资源云图, pixels of a colour. */
import { expect, type Page } from '@playwright/test'
import { signIn, stored } from './helpers'

/** The signed-in token, as the web client sends it. */
export async function bearer(page: Page): Promise<string> {
  const raw = (await stored(page, 'Authorization')) ?? ''
  const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw
  return `Bearer ${token}`
}

/** A GET of the API with the page's token; the envelope's data. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: { Authorization: await bearer(page) } })
  expect(r.status()).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** A JSON POST of the API with the page's token; the envelope's data. */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const r = await page.request.post(path, { data: body, headers: { Authorization: await bearer(page) } })
  expect(r.status()).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** Signs in as admin and opens /system/core with its clusters drawn. */
export async function openCore(page: Page) {
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/system/core')
  await expect(page.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
  await expect(page.getByTestId('cluster-state')).not.toHaveAttribute('data-points', '0')
}

/**
 * How many screen pixels of the map are within `tolerance` (per channel) of a colour: what the
 * user sees, read from a screenshot of the map host.
 */
export async function pixelsOf(page: Page, hex: string, tolerance = 24): Promise<number> {
  const png = (await page.getByTestId('map-host').screenshot()).toString('base64')
  return page.evaluate(
    async ({ png, hex, tolerance }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${png}`
      await img.decode()
      const c = document.createElement('canvas')
      c.width = img.width
      c.height = img.height
      const ctx = c.getContext('2d')!
      ctx.drawImage(img, 0, 0)
      const d = ctx.getImageData(0, 0, c.width, c.height).data
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
      let n = 0
      for (let i = 0; i < d.length; i += 4)
        if (Math.abs(d[i] - want[0]) <= tolerance && Math.abs(d[i + 1] - want[1]) <= tolerance && Math.abs(d[i + 2] - want[2]) <= tolerance)
          n++
      return n
    },
    { png, hex, tolerance },
  )
}

/** Opens a parcel through the side panel's search (the map flies to it), then closes the drawer. */
export async function openParcel(page: Page, landCode: string) {
  await page.getByTestId('core-search').locator('input').fill(landCode)
  await page.getByTestId('core-search').locator('input').press('Enter')
  await expect(page.getByTestId('core-result')).toHaveCount(1)
  await page.getByTestId('core-result').click()
  await expect(page.getByTestId('parcel-attributes')).toContainText(landCode)
}
