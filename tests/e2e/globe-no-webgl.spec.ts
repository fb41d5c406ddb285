/**
 * Issue 5 "Bad input": in a Chromium with WebGL (and every 3D API) switched off, the globe pages say
 * in Chinese that the 3D view needs WebGL and link to a 2D map the account may open — a link that
 * works — or, for an account without one, say whom to ask.
 */
import { expect, test } from '@playwright/test'
import { shot, signIn } from './helpers'

// a browser of its own (launch options force a worker of its own)
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-webgl', '--disable-3d-apis', '--disable-background-networking', '--no-first-run'],
  },
})

test('the 3D map says in Chinese that it needs WebGL and links to the 2D map, which opens', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  expect(
    await page.evaluate(
      () => document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl'),
    ),
  ).toBeNull()
  await page.goto('/system/3DMap')
  const notice = page.getByTestId('globe-no-webgl')
  await expect(notice.getByRole('heading')).toHaveText('当前浏览器无法显示三维地图')
  await expect(notice).toContainText('三维地图需要浏览器支持 WebGL')
  await expect(page.getByTestId('globe-host')).toHaveCount(0)
  await page.screenshot({ path: shot('globe-no-webgl') })
  await page.getByTestId('globe-no-webgl-map-link').click()
  await expect(page).toHaveURL(/\/system\/core$/)
  await expect(page.getByTestId('core-page')).toBeVisible()
  await expect(page.locator('.ant-breadcrumb')).toContainText('资源云图')
  // the 2D map needs WebGL too: it says so instead of staying blank
  await expect(page.getByTestId('map-no-webgl').getByRole('heading')).toHaveText('当前浏览器无法显示地图')
  await expect(page.getByTestId('map-no-webgl')).toContainText('地图需要浏览器支持 WebGL')
  await expect(page.getByTestId('map-host')).toHaveCount(0)
  await page.screenshot({ path: shot('globe-no-webgl-2d') })
})

test('the lifecycle globe says the same; an account without a 2D map gets no dead link', async ({ page }) => {
  // 领导 has the 3D map but neither 2D map page
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/3DMap')
  const notice = page.getByTestId('globe-no-webgl')
  await expect(notice).toContainText('三维地图需要浏览器支持 WebGL')
  await expect(notice).toContainText('您的账号未开通二维地图，如需查看请联系管理员。')
  await expect(page.getByTestId('globe-no-webgl-map-link')).toHaveCount(0)
  await signIn(page, 'land', 'Land@2026')
  await page.goto('/landLifeCycle/allLifeCycle')
  await expect(page.getByTestId('globe-no-webgl')).toContainText('三维地图需要浏览器支持 WebGL')
})
