/** Foundation points 3–7 in real Chromium against the built app and a real server. */
import { expect, test } from '@playwright/test'
import { navigateInApp, shot, signIn, stored } from './helpers'

test('login page: Chinese, wrong password and unknown user give the docs/api.md message', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('产业用地一张图').first()).toBeVisible()
  await expect(page.getByTestId('login-username')).toBeFocused()
  await page.screenshot({ path: shot('login'), fullPage: true })
  for (const [u, p] of [
    ['admin', 'wrong-password'],
    ['no_such_user', 'Admin@2026'],
  ]) {
    await page.getByTestId('login-username').fill(u)
    await page.getByTestId('login-password').fill(p)
    await page.getByTestId('login-password').press('Enter')
    await expect(page.getByTestId('login-error')).toHaveText(/用户名或密码错误/)
  }
  await page.screenshot({ path: shot('login-error'), fullPage: true })
  // docs/product.md §3 keeps a `password` entry; it must never hold a password or its digest
  const everything = await page.evaluate(() => JSON.stringify({ ...localStorage }))
  expect(everything).not.toContain('wrong-password')
  expect(everything).not.toMatch(/[0-9a-f]{64}/)
})

test('five failures lock the account: 423 message on the login page; the administrator unlocks it', async ({ page, browser }) => {
  await page.goto('/login')
  await page.getByTestId('login-username').fill('auditor')
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('login-password').fill(`Wrong-${i}`)
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login/do'))
    await page.getByTestId('login-submit').click()
    expect((await answer).status()).toBe(i < 4 ? 401 : 423)
    await expect(page.getByTestId('login-error')).toHaveText(i < 4 ? /用户名或密码错误/ : /账号已锁定，请30分钟后再试/)
  }
  await page.getByTestId('login-password').fill('Auditor@2026')
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('login-error')).toHaveText(/账号已锁定，请30分钟后再试/)
  await expect(page).toHaveURL(/\/login$/)

  // 用户管理 shows the lock and ends it (later specs sign in as this auditor)
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, 'admin', 'Admin@2026')
  await admin.goto('/admin/setting/user')
  const row = admin.getByTestId('user-table').locator('tr', { has: admin.getByTestId('user-more-auditor') })
  await expect(row).toContainText('已锁定')
  await admin.getByTestId('user-more-auditor').click()
  await admin.getByRole('menuitem', { name: '解除锁定' }).click()
  await expect(admin.getByText('已解除锁定')).toBeVisible()
  await expect(row).not.toContainText('已锁定')
  await adminContext.close()
  await signIn(page, 'auditor', 'Auditor@2026')
  await expect(page).not.toHaveURL(/\/login$/)
})

test('admin lands on the first route of the first group, with menu and breadcrumbs', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  await expect(page).toHaveURL(/\/system\/core$/)
  await expect(page.getByTestId('breadcrumbs')).toContainText('系统平台')
  await expect(page.getByTestId('breadcrumbs')).toContainText('资源云图')
  // 资源云图 is built (issue 4): its map screen, not the placeholder
  await expect(page.getByTestId('core-page')).toBeVisible()
  await expect(page.getByTestId('side-menu')).toContainText('产业地图')
  await expect(page).toHaveTitle('资源云图 - 产业用地一张图')
  const user = JSON.parse((await stored(page, 'user')) ?? '{}')
  expect(user.username).toBe('admin')
  expect(Object.keys(user.menus)).toHaveLength(6)
  expect(Number(await stored(page, 'expirate_time'))).toBeGreaterThan(Date.now())
  await page.screenshot({ path: shot('landing-admin'), fullPage: true })
})

test('default-child redirects follow the spec', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  for (const [from, to] of [
    ['/system', '/system/core'],
    ['/systems', '/system/IndustryMap/Dkxx'],
    ['/warehouse', '/warehouse/data/center/input'],
    ['/system/data/center', '/system/data/center/input'],
    ['/landLifeCycle', '/landLifeCycle/allLifeCycle'],
    ['/landLifeCycle/projectManager', '/landLifeCycle/projectManager/xmqy'],
    ['/enterprise', '/enterprise/appraise/monitoring'],
    ['/land/revitalize', '/land/revitalize/revitalizeAbstract'],
  ]) {
    await page.goto(from)
    await expect(page).toHaveURL(new RegExp(`${to}$`))
  }
})

test('a page without a grant gives 403, an unknown address 404', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await expect(page).toHaveURL(/\/system\/data\/center\/sjcj$/)
  await page.goto('/system/core')
  await expect(page).toHaveURL(/\/403$/)
  await expect(page.getByTestId('result-403')).toBeVisible()
  await page.screenshot({ path: shot('403'), fullPage: true })
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByTestId('result-404')).toBeVisible()
  await page.screenshot({ path: shot('404'), fullPage: true })
})

test('no token or an expired token sends the user to /login', async ({ page }) => {
  await page.goto('/system/core')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, 'land', 'Land@2026')
  // 土地科 holds 盘活处置 of the system platform, the first menu group (docs/product.md §6)
  await expect(page).toHaveURL(/\/system\/stock$/)
  await page.evaluate(() => localStorage.setItem('polar_expirate_time', String(Date.now() - 1000)))
  await page.goto('/land/result/resultMap')
  await expect(page).toHaveURL(/\/login$/)
  expect(await stored(page, 'Authorization')).toBeNull()
})

test('leaving a /system page for another top-level section sends the user to /login', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  await expect(page).toHaveURL(/\/system\/core$/)
  await expect(page.getByTestId('core-page')).toBeVisible()
  await navigateInApp(page, '/land/evaluation/evaluationMap')
  await expect(page).toHaveURL(/\/login$/)
})

test('/show opens only from the portal host, without a token', async ({ page, baseURL }) => {
  await page.goto('/show')
  await expect(page).toHaveURL(/\/login$/)
  const port = new URL(baseURL as string).port
  await page.goto(`http://portal.zj.internal:${port}/show`)
  await expect(page).toHaveURL(/portal\.zj\.internal:\d+\/show$/)
  await expect(page.getByRole('heading', { name: '改革门户', exact: true })).toBeVisible()
})

test('screen lock survives reload and unlocks only with the password', async ({ page }) => {
  await signIn(page, 'ops', 'Ops@2026')
  await expect(page).toHaveURL(/\/admin\/setting\/dict$/)
  await page.goto('/admin/setting/rz')
  await page.getByTestId('header-lock').click()
  await expect(page).toHaveURL(/\/lock$/)
  expect(await stored(page, 'locking')).toBe('1')
  await page.reload()
  await expect(page.getByTestId('lock-screen')).toBeVisible()
  await page.goto('/admin/setting/user')
  await expect(page).toHaveURL(/\/lock$/)
  await expect(page.getByTestId('lock-password')).toBeVisible()
  await page.screenshot({ path: shot('lock'), fullPage: true })
  await page.getByTestId('lock-password').fill('Wrong@2026')
  await page.getByTestId('lock-submit').click()
  await expect(page.getByText('密码错误')).toBeVisible()
  expect(await stored(page, 'locking')).toBe('1')
  await page.getByTestId('lock-password').fill('Ops@2026')
  await page.getByTestId('lock-submit').click()
  await expect(page).toHaveURL(/\/admin\/setting\/rz$/)
  expect(await stored(page, 'locking')).toBe('0')
})

test('the last page with its params is restored after sign-in', async ({ page, context }) => {
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/system/statisticalReport/industry?year=2020&region=330100')
  await expect(page.getByRole('heading', { name: '行业统计' })).toBeVisible()
  const last = JSON.parse((await stored(page, 'last_page')) ?? '{}')
  expect(last).toEqual({ path: '/system/statisticalReport/industry', params: { year: '2020', region: '330100' } })
  await context.clearCookies()
  await page.evaluate(() => localStorage.removeItem('polar_Authorization'))
  await signIn(page, 'admin', 'Admin@2026')
  await expect(page).toHaveURL(/\/system\/statisticalReport\/industry\?year=2020&region=330100$/)
})
