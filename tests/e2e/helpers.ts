import ExcelJS from 'exceljs'
import { expect, type Locator, type Page } from '@playwright/test'

/** Where a spec saves what it looked at, for a person to open. */
export const shot = (name: string) => `test-results/screens/${name}.png`

/** Signs in through the real login page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/login$/)
}

/** Reads a product entry of local storage (docs/product.md §3: prefix polar_). */
export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), `polar_${key}`)
}

/** In-app navigation (what a link does), so the router sees where the user came from. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  // the router keeps its own index in history.state; a pop with the next index is a navigation to it
  await page.evaluate((p) => {
    history.pushState({ usr: null, key: 'e2e', idx: ((history.state?.idx as number) ?? 0) + 1 }, '', p)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, path)
}

/** Signs out through the header (back on the login page). */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('header-logout').click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Waits until every map in `scope` has loaded and drawn for a moment. */
export async function mapsSettled(page: Page, scope: Locator = page.locator('body')): Promise<void> {
  const hosts = scope.getByTestId('map-host')
  await expect(hosts.first()).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
  // vector tiles and GeoJSON layers draw on the next frames
  await page.waitForTimeout(1500)
}

/** The XYZ tile holding a point at zoom z. */
export function tileOf(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) }
}

/**
 * Clicks an export button, checks that it shows its working state, and reads the downloaded xlsx
 * back: the file name and the first sheet's rows of cell values.
 */
export async function downloadXlsx(page: Page, button: Locator): Promise<{ name: string; rows: unknown[][] }> {
  const download = page.waitForEvent('download')
  await button.click()
  const file = await download
  await expect(button).toHaveAttribute('data-busy', 'false')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await readAll(await file.createReadStream())) as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { name: file.suggestedFilename(), rows }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(parts)
}

/**
 * Clicks the map at a pixel until `reached` says the click was taken. L7 drops a click that arrives
 * while it is still picking or drawing for the last mousemove (one pick per render); on this
 * software-GL machine that render is slow and follows every pointer move (the drawing tool's hint
 * line tracks the pointer). So the pointer comes to the pixel once and a missed click is repeated in
 * place — press and release, no move — until the map reports it.
 */
export async function clickMap(page: Page, x: number, y: number, reached: () => Promise<boolean>): Promise<void> {
  await page.mouse.move(x, y, { steps: 4 })
  await expect(async () => {
    if (!(await reached())) {
      await page.mouse.down()
      await page.mouse.up()
    }
    await expect.poll(reached, { timeout: 3000 }).toBe(true)
  }).toPass({ timeout: 45_000 })
}
