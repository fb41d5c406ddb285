/**
 * 全生命周期 项目管理 and 一本账 in real Chromium, signed in as the 土地科 user 陈土地: the 项目开工
 * page's 待登记 / 已登记 / 逾期 figures and 逾期 filter against the API; 登记 of 开工 for the first
 * waiting project — a date before 土地供应 refused by the server under the date field, then today
 * accepted with the completion deadline it set, the project leaving 待登记 and its registration
 * in the detail drawer; 一本账's totals and 逾期 filter against the API, its export (rows = the
 * API total) and the drawer from a row. Every screen checked is saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { Onebook, ProjectDetail, ProjectRow, StageProjects } from '../../src/domain/contracts/lifecycle-project'
import { downloadXlsx, shot, signIn, stored } from './helpers'
import { todayInProductZone } from '../../src/domain/today'

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

const totalText = (page: Page) => page.locator('.ant-pagination-total-text')

/**
 * Saves a screenshot once nothing is loading and no motion is under way (a drawer sliding in, a
 * field's error growing, a closing modal): on this software-GL machine they take a while.
 */
async function snap(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  const moving = () =>
    page.evaluate(
      () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
    )
  await expect.poll(moving).toBe(0)
  await page.screenshot({ path: shot(name), fullPage: true })
}

/** The detail drawer, once it has slid fully in. */
async function openedDrawer(page: Page) {
  // the test id sits on the sliding wrapper
  const drawer = page.getByTestId('project-drawer')
  await expect(drawer).toBeInViewport({ ratio: 1 })
  return drawer
}
/** The server's date today (the product's time zone, Asia/Shanghai). */
const today = () => todayInProductZone()
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
const addMonths = (d: string, n: number) => {
  const t = new Date(`${d}T00:00:00Z`)
  t.setUTCMonth(t.getUTCMonth() + n)
  return t.toISOString().slice(0, 10)
}

test('项目开工: figures and 逾期 filter equal the API; 登记 refuses an early date, accepts today and records 陈土地', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'land', 'Land@2026')
  const before = await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmkg&pageSize=1')
  expect(before.pending).toBeGreaterThan(0)

  await page.goto('/landLifeCycle/projectManager/xmkg')
  const root = page.getByTestId('lifecycle-stage-xmkg')
  await expect(root.getByTestId('figure-pending-value')).toHaveText(String(before.pending))
  await expect(root.getByTestId('figure-done-value')).toHaveText(String(before.done))
  await expect(root.getByTestId('figure-overdue-value')).toHaveText(String(before.overdue))
  await expect(totalText(page)).toHaveText(`共 ${before.pending + before.done} 条`)
  // the stepper marks 项目开工 as the page's stage
  await expect(root.getByTestId('stage-stepper').locator('.ant-steps-item-process')).toHaveText(/项目开工/)
  await snap(page, 'lifecycle-stage-xmkg')

  // 逾期: the table holds exactly the API's overdue projects, each tagged
  await root.getByTestId('figure-overdue').click()
  await expect(page).toHaveURL(/overdue=true/)
  // the router renders a filter change as a transition: act once the page shows it
  await expect(root.getByTestId('figure-overdue')).toHaveAttribute('aria-pressed', 'true')
  const overdue = await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmkg&overdue=true&pageSize=1')
  expect(overdue.page.total).toBe(before.overdue)
  await expect(totalText(page)).toHaveText(`共 ${overdue.page.total} 条`)
  const rows = root.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows.first()).toBeVisible()
  await expect(rows.getByTestId('overdue-tag')).toHaveCount(await rows.count())
  await snap(page, 'lifecycle-stage-xmkg-overdue')

  // 待登记, first row: the API's first waiting project (overdue ones first)
  await root.getByTestId('figure-pending').click()
  await expect(page).toHaveURL(/state=pending/)
  await expect(root.getByTestId('figure-pending')).toHaveAttribute('aria-pressed', 'true')
  const waiting = await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmkg&state=pending&pageSize=1')
  const target: ProjectRow = waiting.page.list[0]
  const supplied = target.dates.tdgy as string
  await expect(totalText(page)).toHaveText(`共 ${before.pending} 条`)
  await expect(rows.first()).toContainText(target.name)
  await root.getByTestId(`register-${target.id}`).click()
  const modal = page.getByTestId('register-modal')
  await expect(modal).toContainText(target.landCode!)
  const dateInput = modal.getByLabel('项目开工日期')
  await dateInput.fill(today())
  // Tab, not Enter: Enter in the form submits it at once
  await dateInput.press('Tab')
  await modal.getByLabel('备注').fill('开工许可证 施字2026-018')

  // the picker offers no date before 土地供应; a stale page could still send one: the request is
  // altered on its way, and the server's refusal must land under the date field
  const early = dayBefore(supplied)
  await page.route('**/api/landLifeCycle/registerStage', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
    await route.continue({ postData: JSON.stringify({ ...body, date: early }) })
  })
  const refusedAnswer = page.waitForResponse('**/api/landLifeCycle/registerStage')
  await modal.getByTestId('register-submit').click()
  const refused = await refusedAnswer
  expect(refused.status()).toBe(400)
  const refusal = (await refused.json()) as { details: { field: string; message: string }[] }
  const fieldMessage = refusal.details.find((d) => d.field === 'date')?.message
  expect(fieldMessage).toBe(`项目开工日期不能早于土地供应日期 ${supplied}`)
  const dateItem = modal.locator('.ant-form-item').filter({ has: page.getByLabel('项目开工日期') })
  await expect(dateItem.locator('.ant-form-item-explain-error')).toHaveText(fieldMessage!)
  await snap(page, 'lifecycle-register-refused')
  await page.unroute('**/api/landLifeCycle/registerStage')

  // today: accepted; the message carries the completion deadline the API answered
  const answer = page.waitForResponse('**/api/landLifeCycle/registerStage')
  await modal.getByTestId('register-submit').click()
  const accepted = await answer
  expect(accepted.status()).toBe(200)
  const registered = (await accepted.json()) as { message: string; data: ProjectRow }
  expect(registered.data.dates.xmkg).toBe(today())
  expect(registered.data.completionDeadline).toBe(addMonths(today(), 24))
  // the message goes on with the lateness and the parcel's submission to the data centre
  expect(registered.message.startsWith(`已登记项目开工，约定竣工期限为 ${registered.data.completionDeadline}`)).toBe(true)
  await expect(page.locator('.ant-message-notice').filter({ hasText: registered.message })).toBeVisible()
  await expect(modal.locator('.ant-modal')).toHaveCount(0)

  // it leaves 待登记: the figure and the API count drop by one, its row is gone
  await expect(root.getByTestId('figure-pending-value')).toHaveText(String(before.pending - 1))
  await expect(root.getByTestId('figure-done-value')).toHaveText(String(before.done + 1))
  await expect(root.getByTestId(`register-${target.id}`)).toHaveCount(0)
  const after = await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmkg&pageSize=1')
  expect(after.pending).toBe(before.pending - 1)
  expect(after.done).toBe(before.done + 1)
  await snap(page, 'lifecycle-stage-xmkg-registered')

  // 详情: found by its 宗地代码 among 已登记, the registration by 陈土地 with its deadline
  await root.getByTestId('figure-done').click()
  await expect(page).toHaveURL(/state=done/)
  await expect(root.getByTestId('figure-done')).toHaveAttribute('aria-pressed', 'true')
  await root.getByTestId('stage-search').locator('input').fill(target.landCode!)
  await root.getByTestId('stage-search').locator('input').press('Enter')
  await expect(totalText(page)).toHaveText('共 1 条')
  await root.getByTestId(`detail-${target.id}`).click()
  const drawer = await openedDrawer(page)
  const detail = await api<ProjectDetail>(page, `/api/landLifeCycle/project?id=${target.id}`)
  const event = detail.events.find((e) => e.stage === 'xmkg')
  expect(event?.actor).toBe('陈土地')
  const line = drawer.getByTestId('project-events').locator('tbody tr').filter({ hasText: '项目开工' })
  await expect(line).toContainText('陈土地')
  await expect(line).toContainText(today())
  await expect(line).toContainText(registered.data.completionDeadline!)
  await expect(line).toContainText('开工许可证 施字2026-018')
  await expect(drawer.getByTestId('project-timeline')).toContainText(today())
  await expect(drawer.getByTestId('project-deadlines')).toContainText(registered.data.completionDeadline!)
  await snap(page, 'lifecycle-project-drawer')
  await drawer.locator('.ant-drawer-body').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(line).toBeInViewport()
  await snap(page, 'lifecycle-project-drawer-history')

  // the stepper opens another stage's page
  await drawer.locator('.ant-drawer-close').click()
  await root.getByTestId('stage-stepper').getByText('施工建设', { exact: true }).click()
  await expect(page).toHaveURL(/\/landLifeCycle\/projectManager\/sgjs$/)
  const sgjs = await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=sgjs&pageSize=1')
  await expect(page.getByTestId('lifecycle-stage-sgjs').getByTestId('figure-pending-value')).toHaveText(String(sgjs.pending))
  await snap(page, 'lifecycle-stage-sgjs')
})

test('一本账: totals and 逾期 filter equal the API, the export holds the filtered rows, a row opens its detail', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'land', 'Land@2026')
  const book = await api<Onebook>(page, '/api/landLifeCycle/onebook?pageSize=1')
  expect(book.total).toBeGreaterThan(0)
  expect(book.belowCommitment).toBeGreaterThan(0)

  await page.goto('/landLifeCycle/onebook')
  const root = page.getByTestId('lifecycle-onebook')
  await expect(root.getByTestId('figure-total-value')).toHaveText(String(book.total))
  await expect(root.getByTestId('figure-below-value')).toHaveText(String(book.belowCommitment))
  await expect(root.getByTestId('figure-overdue-value')).toHaveText(String(book.overdue))
  for (const s of book.byStage) await expect(root.getByTestId(`stage-count-${s.stage}`)).toContainText(String(s.count))
  await expect(totalText(page)).toHaveText(`共 ${book.total} 条`)
  // the actual figures are the 项目评价's year, else the latest year with figures
  await expect(root.locator('thead')).toContainText(`实际（评价年度或${book.year}年）`)
  await snap(page, 'lifecycle-onebook')

  // 逾期 through the filter select
  await root.getByTestId('onebook-overdue').click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^逾期$/ })
    .click()
  await expect(page).toHaveURL(/overdue=true/)
  const overdue = await api<Onebook>(page, '/api/landLifeCycle/onebook?overdue=true&pageSize=1')
  expect(overdue.total).toBeGreaterThan(0)
  await expect(totalText(page)).toHaveText(`共 ${overdue.total} 条`)
  await expect(root.getByTestId('figure-total-value')).toHaveText(String(overdue.total))
  await snap(page, 'lifecycle-onebook-overdue')
  // the commitment columns, scrolled into view
  await root.locator('.ant-table-content').evaluate((el) => (el.scrollLeft = el.scrollWidth))
  await expect(root.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').last()).toBeInViewport()
  await snap(page, 'lifecycle-onebook-commitments')

  // the export carries the filter: one data row per overdue project
  const file = await downloadXlsx(page, root.getByTestId('onebook-export'))
  expect(file.name).toMatch(/^项目一本账_\d{4}-\d{2}-\d{2}\.xlsx$/)
  expect(file.rows[0]).toContain('项目名称')
  expect(file.rows.length - 1).toBe(overdue.total)
  const overdueColumn = file.rows[0].indexOf('是否逾期')
  expect(file.rows.slice(1).every((r) => /^逾期 \d+ 天$/.test(String(r[overdueColumn])))).toBe(true)

  // a row opens the project's detail
  const first = overdue.page.list[0]
  await root.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').nth(1).click()
  const drawer = await openedDrawer(page)
  await expect(drawer).toContainText(first.landCode!)
  await expect(drawer.getByTestId('project-timeline')).toContainText('项目签约')
  await snap(page, 'lifecycle-onebook-drawer')
})
