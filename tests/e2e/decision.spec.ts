/**
 * 辅助决策 and 运行监测 in real Chromium, as the leader sees them: sign-in lands on 区域指标, whose
 * 合计 亩均税收 is the API's; 杭州市 opens onto its counties and 返回上级 leads back; 行业指标
 * shows C34 with the API's figure; 企业指标 finds an enterprise by part of its name and gives the
 * API's rank; 指标趋势 has one row a year; 企业监测 counts the API's warned enterprises and a
 * signal card filters the list to the API's count; 行业监测's 合计 counts the API's warned
 * enterprises and a division opens 企业监测 filtered by it. Every page is saved as a screenshot.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import type {
  EnterpriseIndicators,
  EnterpriseMonitor,
  IndicatorTable,
  IndustryMonitor,
  TrendPoint,
} from '../../src/domain/contracts/decision'
import type { EnterpriseReport } from '../../src/domain/contracts/statistical-report'
import { shot, signIn, stored } from './helpers'

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

const two = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 })
/** A figure as the pages write it: 2 decimals with separators, absent = —. */
const fmt = (v: number | null) => (v === null ? '—' : two.format(v))

/** Waits until a chart has drawn at least once. */
async function drawn(chart: Locator) {
  await expect(chart).toHaveAttribute('data-rendered', /^[1-9]\d*$/)
}

/** Waits until no table on the page is loading and its fade has ended (before a screenshot). */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0)
}

/** The first-column names of a table's rows. */
const rowNames = (table: Locator) => table.locator('tbody tr.ant-table-row [data-testid="row-name"]').allInnerTexts()

test('the leader lands on 区域指标: 合计 亩均税收 as the API gives it, 杭州市 opens onto its counties and back', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await expect(page).toHaveURL(/\/system\/decision\/qyzb$/)
  const table = await api<IndicatorTable>(page, '/api/decision/byRegion')
  const shell = page.getByTestId('decision-qyzb-page')

  await expect(shell.getByTestId('kpi-value-taxPerMu')).toHaveText(fmt(table.total.values.taxPerMu))
  await expect(shell.getByTestId('total-row').getByTestId('cell-taxPerMu')).toHaveText(fmt(table.total.values.taxPerMu))
  await expect(shell.getByTestId('total-row').getByTestId('cell-rdRatio')).toHaveText(fmt(table.total.values.rdRatio))
  await expect.poll(() => rowNames(shell.getByTestId('indicator-table'))).toEqual(table.rows.map((r) => r.name))
  const chart = shell.getByTestId('indicator-chart')
  await expect(chart).toHaveAttribute('data-points', String(table.rows.filter((r) => r.values.taxPerMu !== null).length))
  await drawn(chart)
  const best = table.rows.filter((r) => r.values.taxPerMu !== null).sort((a, b) => b.values.taxPerMu! - a.values.taxPerMu!)[0]
  await expect(shell.getByTestId('region-chart-panel-lead')).toContainText(`${best.name}最高（${fmt(best.values.taxPerMu)} 万元/亩）`)
  await settled(page)
  await page.screenshot({ path: shot('decision-qyzb') })

  // keyboard: the 亩均增加值 card is a toggle that picks the chart's indicator
  await shell.getByTestId('kpi-valueAddedPerMu').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/indicator=valueAddedPerMu/)
  await expect(shell.getByTestId('region-chart-panel').locator('h2')).toContainText('亩均增加值')
  await expect(shell.getByTestId('kpi-valueAddedPerMu')).toHaveAttribute('aria-pressed', 'true')

  const hangzhou = table.rows.find((r) => r.name === '杭州市')
  expect(hangzhou, '杭州市 is a row of the province').toBeTruthy()
  const counties = await api<IndicatorTable>(page, `/api/decision/byRegion?regionCode=${hangzhou!.code}`)
  expect(counties.rows.length).toBeGreaterThan(5)
  await shell.getByTestId(`drill-${hangzhou!.code}`).click()
  await expect(page).toHaveURL(new RegExp(`regionCode=${hangzhou!.code}`))
  await expect(shell.getByTestId('region-trail')).toContainText('杭州市')
  await expect.poll(() => rowNames(shell.getByTestId('indicator-table'))).toEqual(counties.rows.map((r) => r.name))
  await expect(shell.getByTestId('kpi-value-valueAddedPerMu')).toHaveText(fmt(counties.total.values.valueAddedPerMu))
  await drawn(chart)
  await settled(page)
  await page.screenshot({ path: shot('decision-qyzb-hangzhou') })

  await shell.getByTestId('region-up').click()
  await expect(page).not.toHaveURL(/regionCode=/)
  await expect.poll(() => rowNames(shell.getByTestId('indicator-table'))).toEqual(table.rows.map((r) => r.name))
})

test('行业指标 shows C34 通用设备制造业 with the API’s 亩均税收', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/decision/zbhy')
  const table = await api<IndicatorTable>(page, '/api/decision/byIndustry')
  const c34 = table.rows.find((r) => r.code === 'C34')
  expect(c34, 'C34 has enterprises in the demo data').toBeTruthy()
  const row = page.getByTestId('indicator-table').locator('tr[data-row-key="C34"]')
  await expect(row).toContainText('通用设备制造业')
  await expect(row.getByTestId('cell-taxPerMu')).toHaveText(fmt(c34!.values.taxPerMu))
  await expect(row.getByTestId('cell-valueAddedPerMu')).toHaveText(fmt(c34!.values.valueAddedPerMu))
  await expect(page.getByTestId('total-row').getByTestId('cell-taxPerMu')).toHaveText(fmt(table.total.values.taxPerMu))
  const chart = page.getByTestId('indicator-chart')
  await expect(chart).toHaveAttribute(
    'data-points',
    String(Math.min(15, table.rows.filter((r) => r.code && r.values.taxPerMu !== null).length)),
  )
  await drawn(chart)
  await settled(page)
  await page.screenshot({ path: shot('decision-zbhy') })
})

test('企业指标: an enterprise found by part of its name, with the API’s rank among its peers', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/decision/zbqy')
  await expect(page.getByTestId('enterprise-empty')).toContainText('请输入企业名称或统一社会信用代码选择企业')

  // an enterprise with figures this year, so that it has a rank
  const list = await api<EnterpriseReport>(page, '/api/cloudChart/report/enterprises?pageSize=30&sortField=taxPerMu&sortOrder=descend')
  let chosen: EnterpriseIndicators | undefined
  for (const e of list.page.list) {
    const found = await api<EnterpriseIndicators>(page, `/api/decision/enterprise?id=${e.id}`)
    if (found.rank !== null && found.peers.count > 1) {
      chosen = found
      break
    }
  }
  expect(chosen, 'an enterprise with a rank').toBeTruthy()
  const { enterprise, peers, rank } = chosen!
  const part = enterprise.name.slice(2, 6)
  await page.getByTestId('enterprise-picker').locator('input').fill(part)
  await page.locator('.ant-select-item-option').filter({ hasText: enterprise.name }).first().click()
  await expect(page).toHaveURL(new RegExp(`id=${enterprise.id}`))
  await expect(page.getByTestId('enterprise-rank')).toHaveText(`在 ${peers.label} ${peers.count} 家中排第 ${rank}`)
  await expect(page.getByTestId('enterprise-facts')).toContainText(enterprise.creditCode)
  await expect(page.getByTestId('enterprise-facts')).toContainText(enterprise.status)
  await drawn(page.getByTestId('benchmark-chart'))
  await drawn(page.getByTestId('history-chart'))
  await settled(page)
  await page.screenshot({ path: shot('decision-zbqy') })

  // the link opens the same enterprise
  await page.goto(`/system/decision/zbqy?id=${enterprise.id}`)
  await expect(page.getByTestId('enterprise-rank')).toHaveText(`在 ${peers.label} ${peers.count} 家中排第 ${rank}`)
})

test('指标趋势 has one row a year and one chart per unit', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/decision/zbqs')
  const trend = await api<TrendPoint[]>(page, '/api/decision/trend')
  expect(trend.length).toBeGreaterThan(3)
  const rows = page.getByTestId('trend-table').locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(trend.length)
  await expect(rows.first()).toContainText(`${trend[0].year}年`)
  await expect(rows.last()).toContainText(fmt(trend.at(-1)!.values.taxPerMu))
  // 亩均税收 and 亩均增加值 share 万元/亩: one chart
  await expect(page.getByTestId('trend-chart')).toHaveCount(1)
  await drawn(page.getByTestId('trend-chart'))
  await page.getByTestId('trend-indicators').getByText('全员劳动生产率').click()
  await expect(page.getByTestId('trend-chart')).toHaveCount(2)
  for (const chart of await page.getByTestId('trend-chart').all()) await drawn(chart)
  await settled(page)
  await page.screenshot({ path: shot('decision-zbqs') })
})

test('企业监测: 预警企业 as the API counts them; the 停产或半停产 card filters the list to its count', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/function/monitor/Qymonitor')
  const monitor = await api<EnterpriseMonitor>(page, '/api/function/monitor/getQyMonitor')
  await expect(page.getByTestId('monitor-warned-count')).toHaveText(whole.format(monitor.warned))
  await expect(page.getByTestId('monitor-watched-count')).toHaveText(whole.format(monitor.watched))
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`共 ${monitor.page.total} 条`)
  await settled(page)
  await page.screenshot({ path: shot('decision-qymonitor') })

  const stopped = monitor.bySignal.find((s) => s.signal === 'stopped')!
  expect(stopped.count).toBeGreaterThan(0)
  await expect(page.getByTestId('signal-count-stopped')).toHaveText(whole.format(stopped.count))
  await page.getByTestId('signal-stopped').click()
  await expect(page).toHaveURL(/signal=stopped/)
  const filtered = await api<EnterpriseMonitor>(page, '/api/function/monitor/getQyMonitor?signal=stopped')
  expect(filtered.page.total).toBe(stopped.count)
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`共 ${stopped.count} 条`)
  await expect(page.getByTestId('signal-stopped')).toHaveAttribute('aria-pressed', 'true')
  const firstRow = page.getByTestId('monitor-table').locator('tbody tr.ant-table-row').first()
  await expect(firstRow).toContainText('停产或半停产')
  await settled(page)
  await page.screenshot({ path: shot('decision-qymonitor-stopped') })
})

test('行业监测: 合计 预警企业 as the API counts them; a division opens 企业监测 filtered by it', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/function/monitor/Hymonitor')
  const monitor = await api<IndustryMonitor>(page, '/api/function/monitor/getHyMonitor')
  await expect(page.getByTestId('total-warned')).toHaveText(whole.format(monitor.total.warned))
  const chart = page.getByTestId('change-chart')
  await drawn(chart)
  await settled(page)
  await page.screenshot({ path: shot('decision-hymonitor') })

  const division = monitor.rows.filter((r) => r.code && r.warned > 0).sort((a, b) => b.warned - a.warned)[0]
  expect(division, 'a division with warned enterprises').toBeTruthy()
  await page.getByTestId(`industry-link-${division.code}`).click()
  await expect(page).toHaveURL(new RegExp(`/system/function/monitor/Qymonitor\\?.*industry=${division.code}`))
  const filtered = await api<EnterpriseMonitor>(page, `/api/function/monitor/getQyMonitor?industry=${division.code}`)
  expect(filtered.warned).toBe(division.warned)
  await expect(page.getByTestId('monitor-warned-count')).toHaveText(whole.format(division.warned))
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`共 ${division.warned} 条`)
  await expect(page.getByTestId('filter-industry')).toContainText(division.code)
})
