/**
 * The land's books (issue 29) in real Chromium: 土地科 finishes the seed's running 企业自主再开发 plan on
 * 盘活方案 with the new 容积率 and 建筑面积 (the form asks for what the method writes), the auditor approves
 * the data-centre submission, and within the minute the parcel is no longer 低效 — on the 3D globe's
 * 低效用地 theme (its colour) and one less in the 低效用地 figure of the leader's wall and of the 盘活
 * pages. Screens saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { GlobeParcelInfo } from '../../src/domain/contracts/globe'
import type { PlanDetail, PlanList } from '../../src/domain/contracts/revitalize'
import type { LowLandFigures } from '../../src/domain/figures/low-land'
import { shot, signIn, stored } from './helpers'

const headers = async (page: Page) => ({
  Authorization: `Bearer ${(await stored(page, 'Authorization')) ?? ''}`,
  'X-Requested-With': 'XMLHttpRequest',
})
async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: await headers(page) })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

const said = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first()

async function globeReady(page: Page): Promise<void> {
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await page.waitForFunction(() => window.__globe !== undefined && window.__globe.parcels.ids().length > 0, null, { timeout: 45_000 })
  await page.evaluate(() => window.__globe!.parcels.ready())
}

/** The globe flown to the parcel on the 低效用地 theme: the colour it paints the parcel. */
async function lowColourOnGlobe(page: Page, parcelId: number, landCode: string): Promise<string> {
  await page.goto(`/system/3DMap?landId=${parcelId}`)
  await globeReady(page)
  await expect(page.getByTestId('globe-info-land-code')).toHaveText(landCode, { timeout: 45_000 })
  await page.getByTestId('globe-theme').getByText('低效用地', { exact: true }).click()
  await expect(page.getByTestId('globe-legend-title')).toContainText('低效用地')
  await page.evaluate(() => window.__globe!.parcels.ready())
  return (await page.evaluate((id) => window.__globe!.parcels.colorOf(id), parcelId))!
}

test('a finished 企业自主再开发 plan takes its parcel out of 低效: the globe and the count drop by one', async ({ page, browser }) => {
  test.setTimeout(400_000)
  await signIn(page, 'land', 'Land@2026')
  const running = await api<PlanList>(page, `/api/landInefficient/getNrList?method=${encodeURIComponent('企业自主再开发')}&pageSize=50`)
  const plan = running.page.list.find((p) => p.state === '实施中' || p.state === '已逾期')
  expect(plan, 'the seed’s running 企业自主再开发 plan').toBeDefined()
  const detail = await api<PlanDetail>(page, `/api/landInefficient/getPhPage?id=${plan!.id}`)
  const { parcelId, landCode } = detail.parcels[0]

  // the leader's globe before: the parcel is 低效
  const leaderContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const leader = await leaderContext.newPage()
  await signIn(leader, 'leader', 'Leader@2026')
  const before = await lowColourOnGlobe(leader, parcelId, landCode)
  // the 低效用地 figure (today) on the leader's wall and on 土地科's 盘活 pages
  const wallLow = async () => (await api<{ lowEfficiencyCount: number }>(leader, '/api/bigData/overview')).lowEfficiencyCount
  const pagesLow = async () => (await api<LowLandFigures>(page, '/api/stock/lowLand')).lowEfficiencyCount
  const [wallBefore, pagesBefore] = [await wallLow(), await pagesLow()]
  expect(wallBefore).toBe(pagesBefore)
  expect((await api<GlobeParcelInfo>(leader, `/api/globe/parcels/${parcelId}`)).lowEfficiency).toBe(true)
  await leader.screenshot({ path: shot('books-globe-before') })

  // 土地科 finishes the plan: the form asks for the new 容积率 and 建筑面积, not for a holder
  await page.goto(`/land/revitalize/revitalizePlan?tab=plans&keyword=${encodeURIComponent(plan!.name)}`)
  await page.getByTestId(`plan-view-${plan!.id}`).click()
  const drawer = page.getByTestId('plan-drawer')
  await drawer.getByTestId('plan-complete').click()
  const form = page.getByTestId('complete-form')
  await expect(page.locator('.ant-modal').filter({ has: form })).toContainText('企业自主再开发办结后：新的容积率和建筑面积，地块不再低效')
  await expect(form.getByLabel('新用地单位统一社会信用代码')).toHaveCount(0)
  await page.getByTestId('complete-form-ok').click()
  await expect(form).toContainText('请填写盘活后容积率')
  await form.getByLabel('盘活后容积率').fill('1.72')
  await form.getByLabel('盘活后建筑面积（平方米）').fill('30000')
  await expect(form.getByLabel('盘活后建筑面积（平方米）')).toHaveValue('30000')
  await page.screenshot({ path: shot('books-complete-form') })
  await page.getByTestId('complete-form-ok').click()
  const done = said(page, '已办结，台账已销号')
  await expect(done).toBeVisible()
  const subs = [...(await done.innerText()).matchAll(/#(\d+)/g)].map((m) => Number(m[1]))
  expect(subs.length, 'the submission to audit').toBeGreaterThan(0)
  await expect(form).toBeHidden()
  await expect(drawer.getByTestId('plan-outcome')).toContainText('已投产')
  await expect(drawer.getByTestId('plan-outcome')).toContainText('1.72')
  await page.screenshot({ path: shot('books-plan-outcome'), fullPage: true })

  // the auditor approves it
  const auditorContext = await browser.newContext()
  const auditor = await auditorContext.newPage()
  await signIn(auditor, 'auditor', 'Auditor@2026')
  for (const id of subs) {
    const r = await auditor.request.post('/api/audit/update/one', { headers: await headers(auditor), data: { id, decision: 'approve' } })
    expect(r.status(), await r.text()).toBe(200)
  }
  await auditorContext.close()

  // the same minute: the globe's 低效用地 theme paints it in another colour, and the figures are one less
  const after = await lowColourOnGlobe(leader, parcelId, landCode)
  expect((await api<GlobeParcelInfo>(leader, `/api/globe/parcels/${parcelId}`)).lowEfficiency).toBe(false)
  expect(after).not.toBe(before)
  expect([await wallLow(), await pagesLow()]).toEqual([wallBefore - 1, pagesBefore - 1])
  await leader.screenshot({ path: shot('books-globe-after') })
  await leaderContext.close()
})
