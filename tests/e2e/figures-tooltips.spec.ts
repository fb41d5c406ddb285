/**
 * 口径 on hover (issue 14): a report, a decision page and a wall each show a figure's 口径 from the
 * catalogue when the pointer rests on it, a ratio with its numerator ÷ denominator and their
 * values; the header's 口径说明 opens the catalogue. Screenshots go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test'
import { FIGURES } from '../../src/domain/figures/catalogue'
import { shot, signIn } from './helpers'

/** Hovers a target and waits for the figure's tooltip. */
async function tipOf(page: Page, target: ReturnType<Page['locator']>, figure: keyof typeof FIGURES) {
  await target.hover()
  const tip = page.getByTestId(`figure-tip-${figure}`).last()
  await expect(tip).toBeVisible()
  await expect(tip).toContainText(FIGURES[figure].caliber)
  // the tooltip fades in: wait until it is fully shown before a screenshot
  await expect.poll(() => tip.evaluate((el) => Number(getComputedStyle(el.closest('.ant-tooltip') ?? el).opacity))).toBe(1)
  return tip
}

test('a report: 亩均税收 of 合计 shows its 口径 and 实缴税金 ÷ 参评用地面积', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/system/statisticalReport/area')
  const total = page.getByTestId('report-area-total')
  await expect(total.locator('[data-field="taxPerMu"]')).not.toHaveText('')
  const tip = await tipOf(page, total.locator('[data-field="taxPerMu"] span').first(), 'taxPerMu')
  await expect(tip).toContainText('实缴税金')
  await expect(tip).toContainText('÷ 参评用地面积')
  await page.screenshot({ path: shot('figure-tip-report') })
  // the header names the population: 用地企业数, with its own 口径
  await tipOf(page, page.locator('th [data-figure="landEnterpriseCount"]'), 'landEnterpriseCount')
})

test('a decision page: the 亩均税收 card shows its working, the count is 参评企业数', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/decision/qyzb')
  const card = page.getByTestId('kpi-taxPerMu')
  await expect(page.getByTestId('kpi-value-taxPerMu')).not.toHaveText('—')
  const tip = await tipOf(page, card, 'taxPerMu')
  await expect(tip).toContainText('= ')
  await expect(page.locator('th [data-figure="ratedEnterpriseCount"]').first()).toHaveText('参评企业数')
  await page.screenshot({ path: shot('figure-tip-decision') })
})

test('a wall: the 亩均税收 KPI shows its 口径 and its working', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/visual')
  const kpi = page.locator('[data-figure="taxPerMu"]').first()
  await expect(kpi).toBeVisible({ timeout: 30_000 })
  const tip = await tipOf(page, kpi, 'taxPerMu')
  await expect(tip).toContainText('÷ 参评用地面积')
  await page.screenshot({ path: shot('figure-tip-wall') })
})

test('the header opens 口径说明: every figure of the catalogue with its 口径', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/system/statisticalReport/area')
  await page.getByTestId('header-figures').click()
  const drawer = page.getByTestId('figure-catalogue')
  await expect(drawer.getByTestId('catalogue-ratedEnterpriseCount')).toHaveText('参评企业数')
  await expect(drawer).toContainText(FIGURES.overdueCount.caliber)
  // the drawer slides in: wait until it rests inside the window before the screenshot
  const rightEdge = async () => {
    const box = (await drawer.boundingBox())!
    return Math.round(box.x + box.width)
  }
  await expect.poll(rightEdge).toBeLessThanOrEqual(page.viewportSize()!.width)
  await page.screenshot({ path: shot('figure-catalogue') })
})

test("inside charts: a wall ranking's bar shows the figure's 口径 and the bar's working", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/visual')
  // 设区市亩均税收排行: the pointer on the third bar's band, below the legend's room
  const ranking = page.getByTestId('chart-cityTax')
  await expect(ranking).toHaveAttribute('data-first-value', /\d/, { timeout: 30_000 })
  const box = (await ranking.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.3)
  const wallTip = page.getByTestId('chart-figure-tip-taxPerMu')
  await expect(wallTip).toBeVisible()
  await expect(wallTip).toContainText(FIGURES.taxPerMu.caliber)
  await expect(wallTip).toContainText(/实缴税金 [\d,.]+ 万元 ÷ 参评用地面积 [\d,.]+ 亩 = [\d,.]+ 万元\/亩/)
  await page.screenshot({ path: shot('figure-tip-wall-chart') })
})

test("inside charts: a report's bar shows the figure's 口径 and the bar's working", async ({ page }) => {
  // 规划科 holds 统计报表
  await signIn(page, 'plan', 'Plan@2026')
  await page.goto('/system/statisticalReport/area')
  const chart = page.getByTestId('report-area-chart')
  await expect(chart.locator('canvas').first()).toBeVisible()
  const c = (await chart.boundingBox())!
  // the first (largest) bar stands at the left; the pointer near its foot
  await page.mouse.move(c.x + c.width * 0.12, c.y + c.height * 0.8)
  const reportTip = page.getByTestId('chart-figure-tip-taxPerMu')
  await expect(reportTip).toBeVisible()
  await expect(reportTip).toContainText(/÷ 参评用地面积 [\d,.]+ 亩 = [\d,.]+ 万元\/亩/)
  await page.screenshot({ path: shot('figure-tip-report-chart') })
})
