/**
 * 亩均 due process (issue 28) in real Chromium: the enterprise account `ent` reads its own class in
 * 公示 on 本企业评价 and files an 异议 with a PDF; 经信科长 sees 发布 disabled while the window runs;
 * 经信科 (econ) decides the 异议 on 评价结果, where 发布 is not offered to it; the product's clock is
 * moved past the window (test-only clock); econlead publishes on 评价审定; `ent` reads the decision.
 * The clock is set back at the end. Every screen checked is saved.
 */
import { writeFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { AppraisalBatch, CompanyObjection } from '../../src/domain/contracts/appraisal'
import { APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../src/domain/palettes'
import { chineseDate } from '../../src/domain/work-calendar'
import { shot, signIn, signOut, stored } from './helpers'

async function call<T>(page: Page, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }
  const r = method === 'GET' ? await page.request.get(path, { headers }) : await page.request.put(path, { headers, data: body })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** Moves the product's calendar (admin, TEST_CLOCK=1); null goes back to the real date. */
async function setClock(page: Page, today: string | null): Promise<void> {
  await signIn(page, 'admin', 'Admin@2026')
  expect((await call<{ today: string }>(page, 'PUT', '/api/test/clock', { today })).today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await signOut(page)
}

const opened = (modal: Locator) => expect(modal).not.toHaveClass(/ant-zoom/)

interface Mine {
  batch: AppraisalBatch
  result: { class: AppraisalClass; total: number; rank: number; groupSize: number }
  objections: CompanyObjection[]
}

// a one-page PDF, enough for the upload's content check
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage()
  await setClock(page, null)
  await page.close()
})

test('the enterprise objects during 公示, econ decides, econlead publishes after the window, the enterprise reads the decision', async ({
  page,
}) => {
  test.setTimeout(180_000)

  // 1. ent: its own class in 公示, and the 异议 with a PDF
  await signIn(page, 'ent', 'Ent@2026')
  const mine = await call<Mine[]>(page, 'GET', '/api/company/appraise/mine')
  const m = mine.find((x) => x.batch.state === '公示' || x.batch.state === '异议')!
  expect(m, JSON.stringify(mine.map((x) => x.batch.state))).toBeTruthy()
  const b = m.batch
  await page.goto('/company/appraise')
  const card = page.getByTestId(`my-batch-${b.id}`)
  await expect(card).toBeVisible()
  await expect(card.getByTestId('my-class')).toHaveText(APPRAISAL_CLASS_NAMES[m.result.class])
  await expect(card.getByTestId('my-total')).toHaveText(m.result.total.toFixed(2))
  await expect(card.getByTestId('my-rank')).toContainText(`第${m.result.rank}名 / 同组${m.result.groupSize}家`)
  await expect(card.getByTestId('my-deadline')).toHaveText(chineseDate(b.publicityEnd!))
  await expect(card.getByTestId('my-inputs')).toContainText('税务')
  await page.screenshot({ path: shot('due-company-publicity'), fullPage: true })

  const pdf = test.info().outputPath('完税证明.pdf')
  await writeFile(pdf, PDF)
  await card.getByTestId('company-objection-content').fill('第四季度实缴税金漏报，附完税证明')
  await card.locator('input[type=file]').setInputFiles(pdf)
  await expect(card.getByTestId('company-objection-file')).toHaveText('完税证明.pdf')
  await card.getByTestId('company-objection-submit').click()
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '提交异议' })
  await ask.getByRole('button', { name: /确\s*定/ }).click()
  await expect(card.getByTestId('my-objections')).toContainText('第四季度实缴税金漏报')
  await expect(card.getByTestId('my-objection-state')).toHaveText('审核中')
  await expect(card.getByTestId('my-objections')).toContainText('完税证明.pdf')
  await page.screenshot({ path: shot('due-company-objected'), fullPage: true })
  await signOut(page)

  // 2. econlead during the window: 发布 is there but disabled, saying from which day
  await signIn(page, 'econlead', 'Econlead@2026')
  await page.goto(`/enterprise/appraise/approve?year=${b.year}`)
  const publish = page.getByTestId(`batch-publish-${b.id}`)
  await expect(publish).toBeDisabled()
  await expect(publish).toHaveAttribute('data-block', new RegExp(`${chineseDate(b.publishFrom!)}起才能发布`))
  await page.getByTestId(`batch-steps-${b.id}`).click()
  const steps = page.getByTestId('steps-table')
  await expect(steps).toContainText('企业提出异议')
  await expect(steps).toContainText('公示')
  await page.screenshot({ path: shot('due-approve-window'), fullPage: true })
  await page.locator('.ant-drawer-close').click()
  await signOut(page)

  // 3. econ decides the enterprise's 异议 on 评价结果; 发布 is not offered to it
  await signIn(page, 'econ', 'Econ@2026')
  await page.goto(`/enterprise/appraise/result?year=${b.year}&regionCode=${b.countyCode}`)
  await expect(page.getByTestId(`batch-objections-${b.id}`)).toBeVisible()
  await expect(page.getByTestId(`batch-publish-${b.id}`)).toHaveCount(0)
  await page.getByTestId(`batch-objections-${b.id}`).click()
  const obj = page.locator('.ant-modal').filter({ has: page.getByTestId('objection-table') })
  await opened(obj)
  const row = obj.getByTestId('objection-table').locator('tr').filter({ hasText: '第四季度实缴税金漏报' })
  await expect(row).toContainText('完税证明.pdf')
  await row.locator('[data-testid^="objection-review-"]').click()
  const review = page.locator('.ant-modal').filter({ hasText: '审核异议' })
  await opened(review)
  await review.getByTestId('review-note').fill('经核实，税务部门报送的实缴税金无误，维持原评价结果')
  await review.getByRole('button', { name: '提交审核' }).click()
  await expect(row).toContainText('维持')
  await page.screenshot({ path: shot('due-result-decided'), fullPage: true })
  await obj.locator('.ant-modal-close').first().click()
  await expect(obj).toBeHidden()
  await signOut(page)

  // 4. the window ends: the product's calendar moves to the first day 发布 is allowed
  await setClock(page, b.publishFrom)

  // 5. econlead publishes on 评价审定
  await signIn(page, 'econlead', 'Econlead@2026')
  await page.goto(`/enterprise/appraise/approve?year=${b.year}`)
  await expect(page.getByTestId(`batch-publish-${b.id}`)).toBeEnabled()
  await expect(page.getByTestId('pending-list').or(page.getByTestId('pending-empty'))).toBeVisible()
  await page.screenshot({ path: shot('due-approve-ready'), fullPage: true })
  await page.getByTestId(`batch-publish-${b.id}`).click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '发布' })
  await confirm.getByRole('button', { name: /确\s*定/ }).click()
  await expect(page.getByTestId(`batch-publish-${b.id}`)).toHaveCount(0)
  const after = await call<AppraisalBatch[]>(page, 'GET', `/api/appraiseResult/batches?year=${b.year}&regionCode=${b.countyCode}`)
  const published = after.find((x) => x.id === b.id)!
  expect([published.state, published.publishedBy]).toEqual(['发布', '钱经信科长'])
  await signOut(page)

  // 6. ent reads the decision; no more 异议 on a published batch
  await signIn(page, 'ent', 'Ent@2026')
  await page.goto('/company/appraise')
  const done = page.getByTestId(`my-batch-${b.id}`)
  await expect(done.getByTestId('my-batch-state')).toHaveText('发布')
  await expect(done.getByTestId('my-objection-decision')).toContainText('维持原评价结果：经核实，税务部门报送的实缴税金无误')
  await expect(done.getByTestId('my-closed')).toContainText('已于')
  await expect(done.getByTestId('company-objection-submit')).toHaveCount(0)
  await page.screenshot({ path: shot('due-company-decided'), fullPage: true })
})

test('工作日历: a holiday added then deleted moves the working-day count; the 公示期 is read back', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026')
  const cal = await call<{ year: number; days: { day: string }[]; workingDays: number; publicityDays: number }>(
    page,
    'GET',
    `/api/workCalendar/list?year=${new Date().getFullYear()}`,
  )
  // a Wednesday of June the calendar does not mark yet
  const marked = new Set(cal.days.map((d) => d.day))
  let day = `${cal.year}-06-01`
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3 || marked.has(day))
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

  await page.goto('/admin/setting/calendar')
  const count = page.getByTestId('calendar-working-days').locator('.ant-statistic-content-value')
  await expect(count).toHaveText(String(cal.workingDays))
  await expect(page.getByTestId('calendar-publicity-days').locator('xpath=descendant-or-self::input')).toHaveValue(
    String(cal.publicityDays),
  )

  await page.getByTestId('calendar-add').click()
  const form = page.getByTestId('calendar-day-form')
  await form.getByTestId('calendar-day').click()
  await page.keyboard.type(day)
  await page.keyboard.press('Enter')
  await form.getByTestId('calendar-name').fill('测试假日')
  await form.getByTestId('calendar-name').press('Enter')
  await expect(form).toBeHidden()
  await expect(page.getByTestId('calendar-table')).toContainText(day)
  await expect(count).toHaveText(String(cal.workingDays - 1))
  await page.screenshot({ path: shot('due-calendar'), fullPage: true })

  await page.getByTestId(`calendar-delete-${day}`).click()
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(page.getByTestId('calendar-table')).not.toContainText(day)
  await expect(count).toHaveText(String(cal.workingDays))
})

test('a model change is a draft until another account decides it: econ submits, econlead sees the diff and 退回 with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, 'econ', 'Econ@2026')
  await page.goto('/enterprise/appraise/standard?regionCode=330102')
  const form = page.getByTestId('model-form-规上')
  const weight = (i: number) => page.getByTestId(`weight-规上-${i}`).locator('xpath=descendant-or-self::input')
  await expect(page.getByTestId('weight-total-规上')).toHaveText('权重合计：100')
  const first = Number(await weight(0).inputValue())
  const second = Number(await weight(1).inputValue())
  await weight(0).fill(String(first - 5))
  await weight(1).fill(String(second + 5))
  await expect(page.getByTestId('weight-total-规上')).toHaveText('权重合计：100')
  await form.getByTestId('model-save-规上').click()
  await expect(page.locator('.ant-message')).toContainText('待评价审定后生效')
  const versions = page.getByTestId('model-versions-规上')
  await expect(versions.getByTestId('model-version-status').first()).toHaveText('待审定')
  await versions.scrollIntoViewIfNeeded()
  await page.screenshot({ path: shot('due-standard-draft') })
  await signOut(page)

  await signIn(page, 'econlead', 'Econlead@2026')
  await page.goto('/enterprise/appraise/approve')
  const card = page.locator('[data-testid^="pending-model-"]').filter({ hasText: '上城区' }).last()
  const diff = card.getByTestId('pending-diff').locator('tr').filter({ hasText: '亩均税收权重' })
  await expect(diff).toContainText(String(first))
  await expect(diff).toContainText(String(first - 5))
  await expect(card.getByTestId('pending-own')).toHaveCount(0)
  await page.screenshot({ path: shot('due-approve-pending'), fullPage: true })
  await card.locator('[data-testid^="pending-return-"]').click()
  const back = page.getByTestId('return-form')
  await back.getByTestId('return-note').fill('权重调整缺少依据，请附经信局会议纪要')
  await page
    .locator('.ant-modal')
    .filter({ has: back })
    .getByRole('button', { name: /退\s*回/ })
    .click()
  await expect(card).toBeHidden()
  await signOut(page)

  await signIn(page, 'econ', 'Econ@2026')
  await page.goto('/enterprise/appraise/standard?regionCode=330102')
  const row = page.getByTestId('model-versions-规上').locator('tbody tr').first()
  await expect(row.getByTestId('model-version-status')).toHaveText('退回')
  await expect(row).toContainText('权重调整缺少依据')
  await expect(row).toContainText('钱经信科长')
})
