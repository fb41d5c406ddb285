/**
 * 盘活处置 (/system/stock) in real Chromium as the 土地科 user: the map draws the 低效 and 闲置 land in
 * the four disposal states as the API counts them, with the legend and the side panel's totals; a
 * seeded idle case with only its 调查通知书 gets its 闲置土地认定书 from the parcel's drawer, and a case
 * under a 处置决定书 gets a 土地闲置费 record. Every screen checked is saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { StockList, StockMap, StockStats } from '../../src/domain/contracts/stock'
import { mapsSettled, shot, signIn, stored } from './helpers'

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

const said = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text })

/** Opens the page filtered by a parcel's code and opens that parcel's drawer from the list. */
async function openParcel(page: Page, landCode: string) {
  await page.goto(`/system/stock?keyword=${landCode}`)
  const row = page.getByTestId('stock-list').locator('tr', { hasText: landCode })
  await row.click()
  const drawer = page.getByTestId('stock-drawer')
  await expect(drawer).toContainText(landCode)
  return drawer
}

test('the map shows the disposal states; an idle parcel gets its 认定书 and a fee record', async ({ page }) => {
  await signIn(page, 'land', 'Land@2026')
  await page.goto('/system/stock')
  const drawn = page.getByTestId('map-drawn')
  // the first map answer reads every shape of the region; on a loaded machine it takes a while
  await expect(drawn).toBeVisible({ timeout: 90_000 })
  const map = await api<StockMap>(page, '/api/stock/map')
  const stats = await api<StockStats>(page, '/api/stock/stats')
  const byState: Record<string, number> = { 未处置: 0, 方案中: 0, 实施中: 0, 已完成: 0 }
  for (const f of map.features) if (f.geometry) byState[f.properties.state]++
  expect(JSON.parse((await drawn.getAttribute('data-states')) ?? '{}')).toEqual(byState)
  expect(Object.values(byState).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3)
  await expect(page.getByTestId('stock-total')).toContainText(String(stats.total.count))
  for (const s of ['未处置', '方案中', '实施中', '已完成'])
    await expect(page.getByTestId(`state-card-${s}`)).toHaveAttribute('data-count', String(stats.total.byState[s as '未处置'].count))
  await expect(page.getByTestId('legend')).toContainText('处置状态')
  await mapsSettled(page)
  await page.screenshot({ path: shot('stock-map'), fullPage: true })

  // a case with only its 调查通知书 gets the 认定书
  const noticed = (await api<StockList>(page, '/api/stock/list?kind=闲置&state=未处置&pageSize=500')).list.find(
    (r) => r.lastDocument === '调查通知书',
  )
  expect(noticed, 'a seeded case at 调查通知书').toBeTruthy()
  const drawer = await openParcel(page, noticed!.landCode)
  const caseBox = drawer.locator(`[data-testid="idle-case-${noticed!.caseId}"]`)
  await expect(caseBox.getByTestId(`doc-${noticed!.caseId}-闲置土地认定书`)).toHaveAttribute('data-issued', 'false')
  await caseBox.getByTestId(`next-doc-${noticed!.caseId}`).click()
  const form = page.getByTestId('document-form')
  await expect(form).toBeVisible()
  await form.getByLabel('文号').fill(`E2E闲认〔2026〕${noticed!.caseId}号`)
  await page.locator('.ant-modal').filter({ hasText: '下达闲置土地认定书' }).locator('.ant-btn-primary').click()
  await expect(said(page, '已下达闲置土地认定书')).toBeVisible()
  await expect(caseBox.getByTestId(`doc-${noticed!.caseId}-闲置土地认定书`)).toHaveAttribute('data-issued', 'true')
  await expect(caseBox).toContainText(`E2E闲认〔2026〕${noticed!.caseId}号`)
  await page.screenshot({ path: shot('stock-finding'), fullPage: true })

  // a case under its 处置决定书 gets a fee record
  const deciding = (await api<StockList>(page, '/api/stock/list?kind=闲置&state=实施中&pageSize=500')).list.find(
    (r) => r.method === '征缴土地闲置费',
  )
  expect(deciding, 'a seeded case collecting its fee').toBeTruthy()
  const d2 = await openParcel(page, deciding!.landCode)
  const box = d2.locator(`[data-testid="idle-case-${deciding!.caseId}"]`)
  const before = await box.getByTestId(`fees-${deciding!.caseId}`).locator('tbody tr.ant-table-row').count()
  await box.getByTestId(`fee-${deciding!.caseId}`).click()
  const fee = page.getByTestId('fee-form')
  await expect(fee).toBeVisible()
  // money in 元 to the 分 (issue 28)
  await fee.getByLabel('缴纳金额（元）').fill('100.05')
  await fee.getByLabel('票据号').fill('E2E-FS-0001')
  await page.locator('.ant-modal').filter({ hasText: '登记土地闲置费' }).locator('.ant-btn-primary').click()
  await expect(said(page, '已登记土地闲置费 100.05 元')).toBeVisible()
  await expect(box.getByTestId(`fees-${deciding!.caseId}`).locator('tbody tr.ant-table-row')).toHaveCount(before + 1)
  await expect(box.getByTestId(`fees-${deciding!.caseId}`)).toContainText('E2E-FS-0001')
  await page.screenshot({ path: shot('stock-fee'), fullPage: true })
})
