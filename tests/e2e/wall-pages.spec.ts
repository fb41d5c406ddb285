/**
 * The wall's sign-in (/visualLogin), the phone view (/h5) and the reform portal (/show): real
 * figures from the API, touch-sized controls, and /show only on the portal host (docs/product.md §5).
 */
import { expect, test } from '@playwright/test'
import type { GroupStat, OverviewStats } from '../../src/domain/contracts/big-data'
import type { Page } from '../../src/domain/contracts/envelope'
import type { ReformNews } from '../../src/domain/contracts/reform-news'
import { formatFigure } from '../../src/web/core/format-figure'
import { shot, signIn } from './helpers'
import { apiData, apiToken } from './wall-helpers'

test('/visualLogin signs in on a wall-styled page and lands on /visual', async ({ page }) => {
  await page.setViewportSize({ width: 3840, height: 2160 })
  await page.goto('/visualLogin')
  await expect(page.getByTestId('visual-login')).toBeVisible()
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('login-error')).toHaveText('请输入用户名')
  await page.getByTestId('login-username').fill('leader')
  await page.getByTestId('login-password').fill('wrong-password')
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误')
  await page.screenshot({ path: shot('visual-login-3840x2160') })
  await page.getByTestId('login-password').fill('Leader@2026')
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/visual$/)
  await expect(page.getByTestId('screen-canvas')).toBeVisible()
})

test("/h5 shows the key figures and opens a city's counties by touch", async ({ browser, request, baseURL }) => {
  const token = await apiToken(request, 'leader', 'Leader@2026')
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/h5')
  const year = Number(await page.getByTestId('h5-year').inputValue())
  const o = await apiData<OverviewStats>(request, token, '/api/bigData/overview', { year })
  await expect(page.getByTestId('h5-parcelCount')).toHaveText(`${formatFigure(o.parcelCount)}宗`)
  await expect(page.getByTestId('h5-taxPerMu')).toHaveText(`${formatFigure(o.taxPerMu, 2)}万元/亩`)
  // another year: the figures follow
  await page.getByTestId('h5-year').selectOption(String(year - 2))
  const older = await apiData<OverviewStats>(request, token, '/api/bigData/overview', { year: year - 2 })
  await expect(page.getByTestId('h5-taxPerMu')).toHaveText(`${formatFigure(older.taxPerMu, 2)}万元/亩`)
  const counties = await apiData<GroupStat[]>(request, token, '/api/bigData/byRegion', {
    level: 'county',
    cityCode: '330200',
    year: year - 2,
  })
  const city = page.getByTestId('h5-city-330200')
  expect((await city.boundingBox())?.height).toBeGreaterThanOrEqual(44)
  await city.tap()
  await expect(page.getByTestId('h5-counties-330200').locator('div')).toHaveCount(counties.length)
  await expect(page.getByTestId('h5-counties-330200')).toContainText(counties[0].name)
  const overflow = await page.evaluate(() => document.querySelector('[data-testid="h5-page"]')!.scrollWidth > innerWidth)
  expect(overflow).toBe(false)
  await page.screenshot({ path: shot('h5-390x844'), fullPage: false })
  await context.close()
})

test('/show: public figures on the portal host, /login from any other host', async ({ page, request, baseURL }) => {
  await page.goto('/show')
  await expect(page).toHaveURL(/\/login$/)
  const port = new URL(baseURL as string).port
  await page.setViewportSize({ width: 1600, height: 1000 })
  await page.goto(`http://portal.zj.internal:${port}/show`)
  await expect(page.getByRole('heading', { name: '改革门户', exact: true })).toBeVisible()
  const token = await apiToken(request, 'leader', 'Leader@2026')
  const o = await apiData<OverviewStats>(request, token, '/api/bigData/overview')
  await expect(page.getByTestId('show-parcelCount')).toHaveText(`${formatFigure(o.parcelCount)}宗`)
  await expect(page.getByTestId('show-taxPerMu')).toHaveText(`${formatFigure(o.taxPerMu, 2)}万元/亩`)
  // 改革动态: the database's news, newest first, paged and searchable (read as the portal reads it)
  const news = (q: string) =>
    page.evaluate((u) => fetch(u).then((r) => r.json()), `/api/show/news?${q}`) as Promise<{ data: Page<ReformNews> }>
  const first = (await news('page=1&pageSize=10')).data
  expect(first.total).toBeGreaterThan(10)
  const items = page.getByTestId('show-news-item')
  await expect(items).toHaveCount(10)
  expect(await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).toEqual(first.list.map((n) => n.id))
  await expect(items.first().locator('h3')).toHaveText(first.list[0].title)
  await expect(items.first().locator('[data-field="publishDate"]')).toHaveText(first.list[0].publishDate)
  await expect(items.first().locator('[data-field="source"]')).toHaveText(`来源：${first.list[0].source}`)
  await page.screenshot({ path: shot('show-portal-1600x1000') })
  await page.getByTestId('show-news').scrollIntoViewIfNeeded()
  await page.screenshot({ path: shot('show-portal-news-1600x1000') })
  await page.locator('.ant-pagination-item-2').click()
  const second = (await news('page=2&pageSize=10')).data
  await expect(items).toHaveCount(second.list.length)
  await expect(items.first().locator('h3')).toHaveText(second.list[0].title)
  await page.getByTestId('show-news-search').locator('input').fill('标准地')
  await page.getByTestId('show-news-search').locator('input').press('Enter')
  const found = (await news(`page=1&pageSize=10&keyword=${encodeURIComponent('标准地')}`)).data
  await expect(items).toHaveCount(found.total)
  await expect(items.first().locator('h3')).toHaveText(found.list[0].title)
  await page.getByTestId('show-news-search').locator('input').fill('无此关键字')
  await page.getByTestId('show-news-search').locator('input').press('Enter')
  await expect(page.getByTestId('show-news-empty')).toHaveText('没有标题或摘要包含“无此关键字”的改革动态，请换个关键字。')
  // the public read answers only on the portal host
  const direct = await request.get('/api/show/overview')
  expect(direct.status()).toBe(403)
})
