/**
 * Issue 19: the sign-in route loads at most 250 KiB of JS and CSS — a bundle test, not a timed one.
 * Chromium opens the page, every JS and CSS response is recorded until the form is ready and the
 * network is idle, and each body is measured as gzip at level 9 (node:zlib). The body is the
 * decoded one, so the figure does not depend on whether the server compresses: one rule for every
 * file. The heavy rooms (antd's Table and Menu, ECharts, L7, Cesium) must not be among the files;
 * after sign-in the rest of the app arrives and the user lands as before.
 */
import fs from 'node:fs'
import zlib from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { shot } from './helpers'

/** The budget of issue 19. */
const BUDGET_BYTES = 250 * 1024
/**
 * More files than this means the split has come apart again (before issue 19: 51; after, about 30,
 * the shared chunks shifting a little as other routes change).
 */
const MAX_FILES = 40

/** Strings only the code of one heavy room carries (each is checked to exist in the build). */
const HEAVY_ROOMS: Record<string, string> = {
  'antd Table': 'rc-table',
  'antd Menu': 'rc-menu',
  ECharts: 'zrender',
  L7: 'l7-scene',
  Cesium: 'CesiumWidget',
}

interface Asset {
  url: string
  gzipBytes: number
  body: string
}

/** Records every JS and CSS response of the page from now on; `settled()` waits for their bodies. */
function recordAssets(page: Page): { settled(): Promise<Asset[]> } {
  const pending: Promise<Asset | null>[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    const path = new URL(response.url()).pathname
    if (type !== 'script' && type !== 'stylesheet' && !/\.(m?js|css)$/.test(path)) return
    pending.push(
      response.body().then(
        (body) => ({ url: path, gzipBytes: zlib.gzipSync(body, { level: 9 }).length, body: body.toString('utf8') }),
        () => null,
      ),
    )
  })
  return {
    settled: async () => (await Promise.all(pending)).filter((a): a is Asset => a !== null),
  }
}

/** Opens `path` and returns what it loaded until the sign-in form is ready and the network idle. */
async function loadSignIn(page: Page, path: string): Promise<Asset[]> {
  const recorder = recordAssets(page)
  await page.goto(path)
  await expect(page.getByTestId('login-username')).toBeFocused()
  await expect(page.getByTestId('login-submit')).toBeEnabled()
  await page.waitForLoadState('networkidle')
  return recorder.settled()
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

test('the markers of the heavy rooms are in the build, so their absence below means something', () => {
  const chunks = fs.readdirSync('dist/assets').filter((f) => f.endsWith('.js'))
  for (const [room, marker] of Object.entries(HEAVY_ROOMS)) {
    const holders = chunks.filter((f) => fs.readFileSync(`dist/assets/${f}`, 'utf8').includes(marker))
    expect(holders.length, `${room} (${marker})`).toBeGreaterThan(0)
  }
})

for (const path of ['/login', '/']) {
  test(`${path} loads at most 250 KiB of JS and CSS (gzip), without the heavy rooms`, async ({ page }) => {
    const assets = await loadSignIn(page, path)
    const total = assets.reduce((sum, a) => sum + a.gzipBytes, 0)
    const rows = [...assets].sort((a, b) => b.gzipBytes - a.gzipBytes).map((a) => `${kib(a.gzipBytes).padStart(7)} KiB  ${a.url}`)
    console.log(`${path}: ${assets.length} files, ${kib(total)} KiB gzip (level 9)\n${rows.join('\n')}`)
    fs.mkdirSync('test-results', { recursive: true })
    fs.writeFileSync(
      `test-results/login-bundle${path === '/' ? '-root' : ''}.json`,
      JSON.stringify(
        { path, files: assets.length, gzipBytes: total, assets: assets.map(({ url, gzipBytes }) => ({ url, gzipBytes })) },
        null,
        2,
      ),
    )

    // the page is the sign-in page, in Chinese, with the product's name
    await expect(page.getByText('用户登录')).toBeVisible()
    await expect(page).toHaveTitle('登录 - 产业用地一张图')
    expect(assets.some((a) => a.url.endsWith('.js'))).toBe(true)
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
    expect(assets.length).toBeLessThanOrEqual(MAX_FILES)
    const heavy = Object.entries(HEAVY_ROOMS)
      .filter(([, marker]) => assets.some((a) => a.body.includes(marker)))
      .map(([room]) => room)
    expect(heavy).toEqual([])
    if (path === '/login') await page.screenshot({ path: shot('login-bundle'), fullPage: true })
  })
}

test('the light form checks its fields as antd’s Form did, and sends nothing until they pass', async ({ page }) => {
  await loadSignIn(page, '/login')
  const calls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname)
  })
  await page.getByTestId('login-submit').click()
  await expect(page.locator('#username_help')).toHaveText('请输入用户名')
  await expect(page.locator('#password_help')).toHaveText('请输入密码')
  await expect(page.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: shot('login-bundle-field-checks'), fullPage: true })
  // a field is checked again as it changes
  await page.getByTestId('login-username').fill('x'.repeat(51))
  await expect(page.locator('#username_help')).toHaveText('用户名最多50个字符')
  await page.getByTestId('login-username').fill('   ')
  await expect(page.locator('#username_help')).toHaveText('请输入用户名')
  await page.getByTestId('login-username').fill('admin')
  await expect(page.locator('#username_help')).toHaveCount(0)
  await expect(page.locator('#password_help')).toHaveText('请输入密码')
  await page.getByTestId('login-password').press('Enter')
  expect(calls).toEqual([])
})

test('after sign-in the rest of the app arrives: admin lands on 资源云图 with the side menu', async ({ page }) => {
  const before = await loadSignIn(page, '/login')
  const recorder = recordAssets(page)
  await page.getByTestId('login-username').fill('admin')
  await page.getByTestId('login-password').fill('Admin@2026')
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/system\/core$/)
  await expect(page.getByTestId('side-menu')).toContainText('产业地图')
  await expect(page).toHaveTitle('资源云图 - 产业用地一张图')
  const after = await recorder.settled()
  // the menu was left out of the sign-in files and comes now
  expect(before.some((a) => a.body.includes(HEAVY_ROOMS['antd Menu']))).toBe(false)
  expect(after.some((a) => a.body.includes(HEAVY_ROOMS['antd Menu']))).toBe(true)
})
