/**
 * 统计报表 (/system/statisticalReport/*) in real Chromium, signed in as admin: every report shows
 * the figures the API gives for the same filters — 区域统计's rows and 合计, and its drill-down from a
 * city to that city's counties and back; 行业统计's divisions for a region picked in the tree;
 * 用地单位列表 searched by a name with Enter; 工业用地列表 filtered to 闲置, whose xlsx export holds
 * exactly the API's parcels; 低效用地's summary and a criterion picked from the per-reason list.
 * Every report is saved as a screenshot.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { Page as ListPage } from '../../src/domain/contracts/envelope'
import type {
  AreaReport,
  EnterpriseReport,
  IndustryReport,
  LowEfficiencyReport,
  ParcelReportRow,
} from '../../src/domain/contracts/statistical-report'
import { downloadXlsx, shot, signIn, stored } from './helpers'

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** How the reports write 亩, 万元 and 亩均 (2 decimals, thousands separators) and counts. */
// a figure without a value (亩均 without rated land) is a dash
const two = (n: number | null) => (n === null ? '—' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
const whole = (n: number) => n.toLocaleString('zh-CN')

/** The data rows of an antd table (not the 合计 row). */
const rowsOf = (table: Locator) => table.locator('tbody tr[data-row-key]')

/** Opens a report page and waits for its root. */
async function open(page: Page, leaf: string, query = ''): Promise<Locator> {
  await page.goto(`/system/statisticalReport/${leaf}${query}`)
  const root = page.getByTestId(`report-${leaf}`)
  await expect(root).toBeVisible()
  return root
}

/** Waits until a report chart has drawn `n` times at least. */
async function chartDrawn(chart: Locator, n = 1) {
  await expect.poll(async () => Number((await chart.getAttribute('data-rendered')) ?? 0)).toBeGreaterThanOrEqual(n)
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
})

test('区域统计 shows the API rows and 合计, drills from a city to its counties and back', async ({ page }) => {
  const province = await api<AreaReport>(page, '/api/cloudChart/report/area')
  expect(province.rows.length).toBeGreaterThan(1)
  const root = await open(page, 'area')
  const table = root.getByTestId('report-area-table')
  await expect(rowsOf(table)).toHaveCount(province.rows.length)
  await expect(rowsOf(table).locator('td:first-child')).toHaveText(province.rows.map((r) => r.name))
  for (const r of province.rows) {
    const row = table.locator(`tr[data-row-key="${r.code}"]`)
    await expect(row.locator('[data-field="areaMu"]')).toHaveText(two(r.areaMu))
    await expect(row.locator('[data-field="taxPerMu"]')).toHaveText(two(r.taxPerMu))
  }
  const total = root.getByTestId('report-area-total')
  await expect(total.locator('[data-field="parcelCount"]')).toHaveText(whole(province.total.parcelCount))
  await expect(total.locator('[data-field="tax"]')).toHaveText(two(province.total.tax))
  await expect(root.getByTestId('report-year')).toContainText(`${province.year}年`)
  const chart = root.getByTestId('report-area-chart')
  await chartDrawn(chart)
  await expect(chart).toHaveAttribute('data-points', String(province.rows.length))

  // drill down: the city's name opens its counties, exactly the API's for that region
  const city = province.rows.find((r) => r.drillable && r.parcelCount > 0)!
  const drawn = Number(await chart.getAttribute('data-rendered'))
  await root.getByTestId(`drill-${city.code}`).click()
  const counties = await api<AreaReport>(page, `/api/cloudChart/report/area?regionCode=${city.code}`)
  expect(counties.region?.code).toBe(city.code)
  expect(counties.rows.length).toBeGreaterThan(0)
  await expect(page).toHaveURL(new RegExp(`regionCode=${city.code}`))
  await expect(rowsOf(table).locator('td:first-child')).toHaveText(counties.rows.map((r) => r.name))
  await expect(root.getByTestId('report-area-here')).toHaveText(city.name)
  await expect(total.locator('[data-field="areaMu"]')).toHaveText(two(counties.total.areaMu))
  // the city's 合计 is its own row one level up
  expect(counties.total.areaMu).toBeCloseTo(city.areaMu, 1)
  await chartDrawn(chart, drawn + 1)
  await page.screenshot({ path: shot('report-area'), fullPage: true })

  // and back up through the path
  await root.getByTestId('crumb-all').click()
  await expect(rowsOf(table).locator('td:first-child')).toHaveText(province.rows.map((r) => r.name))
  await expect(page).not.toHaveURL(/regionCode=/)
})

test('行业统计 for a city picked in the region tree shows the API divisions and 合计', async ({ page }) => {
  const regions = await api<{ code: string; name: string }[]>(page, '/api/cloudChart/report/regions')
  const city = regions[0]
  const root = await open(page, 'industry')
  const table = root.getByTestId('report-industry-table')
  await expect(rowsOf(table).first()).toBeVisible()

  await root.getByTestId('report-region').click()
  await page
    .locator('.ant-select-tree-node-content-wrapper')
    .filter({ hasText: new RegExp(`^${city.name}$`) })
    .click()
  await expect(page).toHaveURL(new RegExp(`regionCode=${city.code}`))
  const report = await api<IndustryReport>(page, `/api/cloudChart/report/industry?regionCode=${city.code}`)
  expect(report.region?.code).toBe(city.code)
  await expect(rowsOf(table)).toHaveCount(report.rows.length)
  await expect(rowsOf(table).locator('td:nth-child(2)')).toHaveText(report.rows.map((r) => r.name))
  for (const r of report.rows.slice(0, 5)) {
    const row = table.locator(`tr[data-row-key="${r.code || 'none'}"]`)
    await expect(row.locator('[data-field="areaMu"]')).toHaveText(two(r.areaMu))
    await expect(row.locator('[data-field="enterpriseCount"]')).toHaveText(whole(r.enterpriseCount))
  }
  const total = root.getByTestId('report-industry-total')
  await expect(total.locator('[data-field="enterpriseCount"]')).toHaveText(whole(report.total.enterpriseCount))
  await expect(total.locator('[data-field="revenue"]')).toHaveText(two(report.total.revenue))

  const chart = root.getByTestId('report-industry-chart')
  await chartDrawn(chart)
  await expect(chart).toHaveAttribute('data-points', String(Math.min(15, report.rows.length)))
  const drawn = Number(await chart.getAttribute('data-rendered'))
  await root.getByTestId('report-industry-figure').getByText('亩均税收').click()
  await chartDrawn(chart, drawn + 1)
  await page.screenshot({ path: shot('report-industry'), fullPage: true })
})

test('用地单位列表 pages the API list and finds an enterprise by name with Enter', async ({ page }) => {
  const all = await api<EnterpriseReport>(page, '/api/cloudChart/report/enterprises?pageSize=20')
  expect(all.page.total).toBeGreaterThan(20)
  const root = await open(page, 'yddw')
  const table = root.getByTestId('report-yddw-table')
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${all.page.total} 条`)
  await expect(rowsOf(table)).toHaveCount(all.page.list.length)
  const first = all.page.list.find((e) => e.taxPerMu !== null)!
  const row = table.locator(`tr[data-row-key="${first.id}"]`)
  await expect(row).toContainText(first.name)
  await expect(row).toContainText(first.creditCode)
  await expect(row).toContainText(two(first.landAreaMu))
  await expect(row).toContainText(two(first.taxPerMu!))

  // the server sorts: 亩均税收 descending gives the API's first enterprise first
  await page.goto('/system/statisticalReport/yddw?sortField=taxPerMu&sortOrder=descend')
  const top = await api<EnterpriseReport>(page, '/api/cloudChart/report/enterprises?pageSize=20&sortField=taxPerMu&sortOrder=descend')
  await expect(rowsOf(table).first()).toHaveAttribute('data-row-key', String(top.page.list[0].id))

  const keyword = first.name.slice(0, 4)
  const found = await api<EnterpriseReport>(page, `/api/cloudChart/report/enterprises?keyword=${encodeURIComponent(keyword)}`)
  const input = root.getByLabel('关键字')
  await input.fill(keyword)
  await input.press('Enter')
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`))
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${found.page.total} 条`)
  await expect(rowsOf(table).first()).toContainText(keyword)
  await page.screenshot({ path: shot('report-yddw'), fullPage: true })
})

test('工业用地列表 filtered to 闲置 matches the API total, and its export holds exactly those parcels', async ({ page }) => {
  const idle = await api<ListPage<ParcelReportRow>>(
    page,
    `/api/cloudChart/report/parcels?status=${encodeURIComponent('闲置')}&pageSize=100`,
  )
  const all = await api<ListPage<ParcelReportRow>>(page, '/api/cloudChart/report/parcels?pageSize=1')
  expect(idle.total).toBeGreaterThan(0)
  expect(idle.list.length).toBe(idle.total)
  expect(idle.total).toBeLessThan(all.total)
  const root = await open(page, 'gyyd')
  const table = root.getByTestId('report-gyyd-table')
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${all.total} 条`)

  await root.getByTestId('report-gyyd-status').click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^闲置$/ })
    .click()
  await root.getByTestId('report-gyyd-form-submit').click()
  await expect(page).toHaveURL(new RegExp(`status=${encodeURIComponent('闲置')}`))
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${idle.total} 条`)
  await expect(rowsOf(table)).toHaveCount(Math.min(20, idle.total))
  const first = idle.list[0]
  await expect(rowsOf(table).first()).toHaveAttribute('data-row-key', String(first.id))
  await expect(rowsOf(table).first()).toContainText(first.landCode)
  await expect(rowsOf(table).first()).toContainText(two(first.areaMu))
  for (const status of await rowsOf(table).locator('td:nth-child(4)').allTextContents()) expect(status).toBe('闲置')
  await page.screenshot({ path: shot('report-gyyd'), fullPage: true })

  const file = await downloadXlsx(page, root.getByTestId('report-export'))
  expect(file.name).toMatch(/\.xlsx$/)
  expect(file.rows[0][0]).toBe('宗地代码')
  expect(file.rows.length - 1).toBe(idle.total)
  expect(
    file.rows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(idle.list.map((p) => p.landCode).sort())
})

test('低效用地 summary equals the API, and a criterion from the per-reason list filters the list', async ({ page }) => {
  const report = await api<LowEfficiencyReport>(page, '/api/cloudChart/report/lowEfficiency')
  expect(report.count).toBeGreaterThan(0)
  const root = await open(page, 'dxyd')
  await expect(root.getByTestId('dxyd-count')).toContainText(whole(report.count))
  await expect(root.getByTestId('dxyd-area')).toContainText(two(report.areaMu))
  await expect(root.getByTestId('dxyd-idle')).toContainText(whole(report.idleCount))
  await expect(root.getByTestId('dxyd-low')).toContainText(whole(report.lowCount))
  expect(report.idleCount + report.lowCount).toBe(report.count)
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${report.page.total} 条`)
  for (const s of report.byReason) await expect(root.getByTestId(`dxyd-reason-count-${s.reason}`)).toHaveText(whole(s.count))

  // a criterion met by some but not all parcels
  const pick = report.byReason.find((s) => s.count > 0 && s.count < report.count) ?? report.byReason.find((s) => s.count > 0)!
  const narrowed = await api<LowEfficiencyReport>(page, `/api/cloudChart/report/lowEfficiency?reason=${pick.reason}`)
  expect(narrowed.count).toBe(pick.count)
  await root.getByTestId(`dxyd-reason-${pick.reason}`).click()
  await expect(page).toHaveURL(new RegExp(`reason=${pick.reason}`))
  await expect(root.getByTestId(`dxyd-reason-${pick.reason}`)).toHaveAttribute('aria-pressed', 'true')
  await expect(root.getByTestId('dxyd-count')).toContainText(whole(narrowed.count))
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${narrowed.page.total} 条`)
  const row = root.getByTestId('report-dxyd-table').locator(`tr[data-row-key="${narrowed.page.list[0].id}"]`)
  await expect(row).toContainText(pick.name)
  await expect(root.getByTestId('report-dxyd-form')).toContainText(pick.name)
  await page.screenshot({ path: shot('report-dxyd'), fullPage: true })
})
