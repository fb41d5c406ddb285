/**
 * 盘活利用 (/land/revitalize/*) in real Chromium as the 土地科 user: 盘活概况's figures are the API's;
 * on 盘活方案 a result of a fresh evaluation run is confirmed into the 台账, a 协商收购 plan is made for
 * it with its method's fields and sent for review, approved, reported twice (a lower percentage is
 * refused under its field) and completed; the auditor approves the data-centre submission; the 台账
 * entry is 已完成（销号）with today's date, 盘活监管 lists the API's risk order, and the parcel is 已收回
 * on 资源云图 and in 统计报表's 工业用地列表. Every screen checked is saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { StatYears } from '../../src/domain/contracts/big-data'
import type { EvaluationModel } from '../../src/domain/contracts/land-evaluation'
import type { ReviewList, RevitalizeOverview, SuperviseList } from '../../src/domain/contracts/revitalize'
import { todayInProductZone } from '../../src/domain/today'
import { mapsSettled, shot, signIn, stored } from './helpers'

const TODAY = todayInProductZone()
/** The header of a 1×1 PNG: enough for the store to know it as a picture. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
])

const headers = async (page: Page) => ({
  Authorization: `Bearer ${(await stored(page, 'Authorization')) ?? ''}`,
  'X-Requested-With': 'XMLHttpRequest',
})
async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: await headers(page) })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}
async function post<T>(page: Page, path: string, body: unknown): Promise<{ data: T; message: string }> {
  const r = await page.request.post(path, { headers: await headers(page), data: body })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return (await r.json()) as { data: T; message: string }
}

const said = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first()

/** Picks an option of the antd select labelled `label` inside `scope`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click()
}

test('a result is confirmed, a 协商收购 plan made, approved, reported twice and completed; the parcel is 已收回 and the entry 销号', async ({
  page,
  browser,
}) => {
  test.setTimeout(400_000)
  await signIn(page, 'land', 'Land@2026')

  // 盘活概况: the headline figures are the API's
  await page.goto('/land/revitalize/revitalizeAbstract')
  const overview = await api<RevitalizeOverview>(page, '/api/revitalize/getOverView')
  await expect(page.getByTestId('kpi-ledgerCount-value')).toHaveText(String(overview.kpis.ledgerCount), { timeout: 60_000 })
  await expect(page.getByTestId('kpi-planCount-value')).toHaveText(String(overview.kpis.planCount))
  await expect(page.getByTestId('kpi-overdueCount-value')).toHaveText(String(overview.kpis.overdueCount))
  await expect(page.getByTestId('revitalize-county-chart')).toHaveAttribute('data-rendered', /[1-9]/)
  await expect(page.getByTestId('revitalize-method-chart')).toHaveAttribute('data-rendered', /[1-9]/)
  for (const s of overview.states) await expect(page.getByTestId(`plan-state-${s.state}`)).toHaveAttribute('data-count', String(s.count))
  await page.screenshot({ path: shot('revitalize-abstract'), fullPage: true })

  // a fresh evaluation run gives results to review
  const years = await api<StatYears>(page, '/api/bigData/years')
  // one indicator, so that land in production is flagged too (the seed's 低效 land is in the 台账 already,
  // and its 销号 parcels are not flagged again in the year of their 盘活)
  const items = [{ indicator: 'taxPerMu', operator: '<', threshold: 5, weight: 100 }]
  await post(page, '/api/modes/SaveMode', { name: '亩均税收单项（端到端）', passScore: 100, items })
  const model = (await api<EvaluationModel[]>(page, '/api/modes/GetModeList')).find((m) => m.name === '亩均税收单项（端到端）')!
  await post(page, '/api/inefficient/run', { modelId: model.id, year: years.latest })
  const review = await api<ReviewList>(page, `/api/landInefficient/getRevitalizeList?review=${encodeURIComponent('待认定')}&pageSize=10`)
  expect(review.page.list.length, 'a flagged result without a 台账 entry').toBeGreaterThan(0)
  const hit = review.page.list[0]

  // 评价结果认定: the row is chosen and confirmed
  await page.goto('/land/revitalize/revitalizePlan?tab=review')
  const reviewList = page.getByTestId('review-list')
  await expect(reviewList.getByTestId('review-run')).toContainText(model.name)
  await reviewList.locator(`tr[data-row-key="${hit.parcelId}"] .ant-checkbox-input`).check()
  await reviewList.getByTestId('review-confirm').click()
  await expect(page.getByTestId('ledger-action-parcels')).toContainText(hit.landCode)
  await page.getByTestId('ledger-action-form-ok').click()
  await expect(said(page, '已认定 1 宗低效用地')).toBeVisible()
  await expect(reviewList.locator(`tr[data-row-key="${hit.parcelId}"]`)).toHaveCount(0)

  // 未纳入方案 → 制定方案: a 协商收购 plan with its 收储 fields, sent for review
  await page.getByRole('tab', { name: '未纳入方案' }).click()
  const unplanned = page.getByTestId('unplanned-list')
  await unplanned.getByTestId('unplanned-search').locator('input').fill(hit.landCode)
  await unplanned.getByTestId('unplanned-search').locator('input').press('Enter')
  await unplanned.getByTestId(`plan-add-${hit.parcelId}`).click()
  const drawer = page.getByTestId('plan-form-drawer')
  await expect(drawer.getByTestId('plan-form-parcels')).toContainText(hit.landCode)
  await expect(drawer.getByTestId('plan-parcel-map')).toHaveAttribute('data-shapes', '1')
  await choose(page, '盘活方式', '收回收储')
  await choose(page, '细分方式', '协商收购')
  await drawer.getByLabel('收储机构').fill('区土地储备中心')
  await drawer.getByLabel('补偿金额（万元）').fill('860')
  const deadline = todayInProductZone(new Date(Date.now() + 180 * 86_400_000))
  await drawer.getByLabel('完成期限').fill(deadline)
  await drawer.getByLabel('完成期限').press('Enter')
  await drawer.getByLabel('责任单位').fill('区土地储备中心')
  await drawer.getByLabel('责任人').fill('王储备')
  await mapsSettled(page, drawer)
  await page.screenshot({ path: shot('revitalize-plan-form'), fullPage: true })
  await drawer.getByTestId('plan-form-submit').click()
  await expect(said(page, '已新增盘活方案并提交审核')).toBeVisible()

  // the plan's detail opens in 待审核: its author is not offered 审核 (issue 28, 四眼)
  const detail = page.getByTestId('plan-drawer')
  await expect(detail.locator('[data-state="待审核"]').first()).toBeVisible()
  await expect(detail.getByTestId('plan-await-approval')).toBeVisible()
  await expect(detail.getByTestId('plan-approve')).toHaveCount(0)
  const planId = Number(
    (await detail.locator('[data-testid^="plan-detail-"]').first().getAttribute('data-testid'))!.replace('plan-detail-', ''),
  )
  // 土地科长 approves it on 处置审定
  const leadContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const lead = await leadContext.newPage()
  await signIn(lead, 'landlead', 'Landlead@2026')
  await lead.goto('/land/approve')
  await lead.getByTestId(`plan-${planId}-approve`).click()
  await lead.locator('#approve-confirm').click()
  await expect(said(lead, '已审核通过，方案状态：实施中')).toBeVisible()
  await expect(lead.getByTestId(`plan-${planId}-approve`)).toHaveCount(0)
  await leadContext.close()
  // back with the author: the plan is 实施中; report twice (a lower percentage refused), complete
  // (a page reads another account's change on its next load: the lists keep their answers 30 s)
  await page.reload()
  await page.getByTestId(`plan-view-${planId}`).click()
  await expect(detail.locator('[data-state="实施中"]').first()).toBeVisible()
  await detail.getByTestId('plan-report').click()
  let form = page.getByTestId('report-form')
  await form.getByLabel('完成进度（%）').fill('40')
  await form.getByLabel('完成事项').fill('与企业达成收购意向，完成评估')
  // a site photo goes with the report
  await form.locator('input[type=file]').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: Buffer.from(PNG) })
  await expect(form.getByTestId('report-photos')).toContainText('现场照片.png')
  await page.getByTestId('report-form-ok').click()
  await expect(said(page, '已报告进度：40%')).toBeVisible()
  await expect(detail.getByTestId('timeline-photos')).toContainText('现场照片.png')
  await detail.getByTestId('plan-report').click()
  form = page.getByTestId('report-form')
  await form.getByLabel('完成进度（%）').fill('30')
  await form.getByLabel('完成事项').fill('签订收购协议')
  await page.getByTestId('report-form-ok').click()
  await expect(form).toContainText('进度 progress 不能低于上次报告的 40%')
  await form.getByLabel('完成进度（%）').fill('100')
  await page.getByTestId('report-form-ok').click()
  await expect(said(page, '已报告进度：100%')).toBeVisible()
  await expect(detail.getByTestId('timeline-report')).toHaveCount(2)
  await detail.getByTestId('plan-complete').click()
  await page.getByTestId('complete-form-ok').click()
  const done = said(page, '已办结，台账已销号')
  await expect(done).toBeVisible()
  const subs = [...((await done.innerText()).matchAll(/#(\d+)/g) ?? [])].map((m) => Number(m[1]))
  expect(subs.length, 'the 已收回 submission').toBeGreaterThan(0)
  await expect(detail.locator('[data-state="已完成"]').first()).toBeVisible()
  await page.screenshot({ path: shot('revitalize-plan-detail'), fullPage: true })

  // the auditor approves the data-centre submission
  const auditorContext = await browser.newContext()
  const auditor = await auditorContext.newPage()
  await signIn(auditor, 'auditor', 'Auditor@2026')
  for (const id of subs) await post(auditor, '/api/audit/update/one', { id, decision: 'approve' })
  await auditorContext.close()

  // the 台账 entry: 已完成（销号） with today's date
  await page.goto('/land/revitalize/revitalizePlan?tab=ledger')
  const ledger = page.getByTestId('ledger-list')
  await ledger.getByTestId('ledger-search').locator('input').fill(hit.landCode)
  await ledger.getByTestId('ledger-search').locator('input').press('Enter')
  // the entry closed today (the parcel may hold an earlier, already closed one)
  const row = ledger.locator('tbody tr.ant-table-row', { hasText: hit.landCode }).filter({ hasText: TODAY }).first()
  await expect(row.locator('[data-field="state"]')).toHaveText('已完成（销号）')
  await expect(row.locator('[data-field="closedDate"]')).toHaveText(TODAY)
  await expect(row).toContainText('已收回')
  await page.screenshot({ path: shot('revitalize-plan'), fullPage: true })

  // 盘活监管: the API's risk order
  await page.goto('/land/revitalize/revitalizeRegulatory')
  const risk = await api<SuperviseList>(page, '/api/phczReport/getList?page=1&pageSize=20')
  const names = page.getByTestId('supervise-table').getByTestId('supervise-name')
  await expect(names).toHaveText(risk.page.list.map((p) => p.name))
  for (const c of risk.counts) await expect(page.getByTestId(`risk-count-${c.level}`)).toContainText(String(c.count))
  await page.screenshot({ path: shot('revitalize-regulatory'), fullPage: true })

  // 资源云图 and 统计报表 (the 规划科 user holds them): the parcel is 已收回
  const planner = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const p2 = await planner.newPage()
  await signIn(p2, 'plan', 'Plan@2026')
  await p2.goto('/system/core')
  await p2.getByTestId('core-search').locator('input').fill(hit.landCode)
  await p2.getByTestId('core-search').locator('input').press('Enter')
  await p2.getByTestId('core-result').first().click()
  await expect(p2.getByTestId('parcel-attributes')).toContainText(hit.landCode, { timeout: 60_000 })
  await expect(p2.getByTestId('parcel-attributes')).toContainText('已收回')
  await p2.screenshot({ path: shot('revitalize-core-recovered') })
  await p2.goto(`/system/statisticalReport/gyyd?keyword=${encodeURIComponent(hit.landCode)}&status=${encodeURIComponent('已收回')}`)
  const table = p2.getByTestId('report-gyyd-table')
  const reportRow = table.locator(`tbody tr[data-row-key="${hit.parcelId}"]`)
  await expect(reportRow).toContainText(hit.landCode)
  await expect(reportRow.locator('td:nth-child(4)')).toHaveText('已收回')
  await p2.screenshot({ path: shot('revitalize-report-recovered'), fullPage: true })
  await planner.close()
})
