/**
 * 全生命周期 from signing, in real Chromium as 土地科 陈土地: 新建签约项目 with its 标准地 commitments
 * through the form, 土地供应 / 开工 / 施工, then 竣工验收 through the form with a 容积率 below the
 * commitment → 未达标 in the detail drawer; 投产, and after the auditor approves the data-centre
 * submission the parcel is 已投产 with its new 容积率 on 一本账; 逾期 on 一本账 equals the globe's
 * count of projects overdue today. Every screen checked is saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { Onebook, ProjectDetail, StageProjects } from '../../src/domain/contracts/lifecycle-project'
import type { GlobeLifecycleProject } from '../../src/domain/contracts/globe'
import { shot, signIn, stored } from './helpers'
import { todayInProductZone } from '../../src/domain/today'
import { addMonths } from '../../src/domain/lifecycle'

const headers = async (page: Page) => ({
  Authorization: `Bearer ${(await stored(page, 'Authorization')) ?? ''}`,
  'X-Requested-With': 'XMLHttpRequest',
})
async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: await headers(page) })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const r = await page.request.post(path, { headers: await headers(page), data: body })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

const NAME = `端到端签约项目${Date.now() % 100000}`
const TODAY = todayInProductZone()

test('sign with commitments, supply, start, complete below the 容积率 → 未达标; after audit 已投产 with the new 容积率; one 逾期', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signIn(page, 'land', 'Land@2026')
  // an enterprise of the master data, through a project that has one
  const holder = (await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmtc&state=done&pageSize=1')).page.list[0]
  expect(holder.creditCode).toMatch(/^[0-9A-Z]{18}$/)

  await page.goto('/landLifeCycle/projectManager/xmqy')
  await page.getByTestId('sign-new').click()
  const modal = page.getByTestId('sign-modal')
  await modal.getByTestId('sign-name').fill(NAME)
  // a wrong check character is refused in the form
  await modal.getByTestId('sign-credit').fill(holder.creditCode!.slice(0, 17) + (holder.creditCode!.endsWith('0') ? '1' : '0'))
  await modal.getByTestId('sign-name').click()
  await expect(modal.getByText('统一社会信用代码校验位错误')).toBeVisible()
  await modal.getByTestId('sign-credit').fill(holder.creditCode!)
  await modal.getByTestId('sign-parcel').click()
  await page.locator('.ant-select-dropdown .ant-select-item-option').first().click()
  await modal.getByTestId('sign-date').fill(addMonths(TODAY, -30))
  await modal.getByTestId('sign-date').press('Enter')
  await modal.getByTestId('sign-plannedInvestment').fill('50000')
  await modal.getByTestId('sign-investIntensity').fill('300')
  await modal.getByTestId('sign-committedPlotRatio').fill('3')
  await modal.getByTestId('sign-committedTaxPerMu').fill('20')
  await modal.getByTestId('sign-committedEnergyVa').fill('2')
  await modal.getByTestId('sign-committedEmissionVa').fill('20')
  await page.screenshot({ path: shot('lifecycle-sign-form'), fullPage: true })
  await page.getByTestId('sign-submit').click()
  await expect(page.getByText(`已签约项目「${NAME}」`)).toBeVisible()

  const found = await api<StageProjects>(page, `/api/landLifeCycle/projects?stage=xmqy&keyword=${encodeURIComponent(NAME)}`)
  expect(found.page.total).toBe(1)
  const project = found.page.list[0]
  expect(project).toMatchObject({ committedPlotRatio: 3, investIntensity: 300, enterpriseName: holder.enterpriseName })

  // 土地供应, 开工 (late: 18 months after supply), 施工
  await post(page, '/api/landLifeCycle/registerStage', { id: project.id, stage: 'tdgy', date: addMonths(TODAY, -28) })
  await post(page, '/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmkg', date: addMonths(TODAY, -10) })
  await post(page, '/api/landLifeCycle/registerStage', { id: project.id, stage: 'sgjs', date: addMonths(TODAY, -9) })

  // 竣工验收 through the form, 容积率 1.8 against the promised 3
  await page.goto(`/landLifeCycle/projectManager/jgys?keyword=${encodeURIComponent(NAME)}`)
  await page.getByTestId(`register-${project.id}`).click()
  const reg = page.getByTestId('register-modal')
  await reg.getByTestId('register-date').fill(addMonths(TODAY, -1))
  await reg.getByTestId('register-date').press('Enter')
  await reg.getByTestId('actual-investment').fill(String(Math.round(project.areaMu * 320)))
  await reg.getByTestId('actual-buildingArea').fill(String(Math.round(project.areaMu * 666.67 * 1.8)))
  await reg.getByTestId('actual-plotRatio').fill('1.8')
  await page.screenshot({ path: shot('lifecycle-register-jgys'), fullPage: true })
  await page.getByTestId('register-submit').click()
  await expect(page.getByText(/未达标：容积率低于承诺 1\.2/).first()).toBeVisible()
  await page.getByTestId(`detail-${project.id}`).click()
  const acceptance = page.getByTestId('project-acceptance')
  await expect(acceptance).toContainText('未达标')
  await expect(acceptance).toContainText('-1.20')
  await page.waitForTimeout(600)
  await page.screenshot({ path: shot('lifecycle-acceptance-failed'), fullPage: true })

  // 投产, then the auditor approves the parcel's submission
  await post(page, '/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmtc', date: TODAY })
  const detail = await api<ProjectDetail>(page, `/api/landLifeCycle/project?id=${project.id}`)
  const sub = detail.events.find((e) => e.stage === 'xmtc')!.submission!
  expect(sub.state).toBe('待审核')
  const ctx = await browser.newContext()
  const auditor = await ctx.newPage()
  // approved by the super user: the foundation spec locks 审核员 on this server (five wrong passwords)
  await signIn(auditor, 'admin', 'Admin@2026')
  await post(auditor, '/api/audit/update/one', { id: sub.id, decision: 'approve' })
  await ctx.close()

  // the parcel is 已投产 with the new 容积率: on 一本账 (容积率现状) and the globe's parcel info
  const book = await api<Onebook>(page, `/api/landLifeCycle/onebook?keyword=${encodeURIComponent(NAME)}`)
  expect(book.page.list[0].actualPlotRatio).toBe(1.8)
  await page.goto(`/landLifeCycle/onebook?keyword=${encodeURIComponent(NAME)}`)
  await expect(page.getByTestId('onebook-table').locator('.ant-table-row')).toHaveCount(1)
  await expect(page.getByTestId('onebook-table')).toContainText('验收未达标')
  await page.screenshot({ path: shot('lifecycle-onebook-new-project'), fullPage: true })

  // 逾期: the one figure on 一本账 and at the end of the globe's timeline (today)
  const all = await api<Onebook>(page, '/api/landLifeCycle/onebook?pageSize=1')
  await page.goto('/landLifeCycle/onebook')
  await expect(page.getByTestId('onebook-figures').getByTestId('figure-overdue-value')).toHaveText(String(all.overdue))
  await expect(page.getByTestId('onebook-figures').getByTestId('figure-failedEvaluation-value')).toHaveText(String(all.failedEvaluation))
  await page.screenshot({ path: shot('lifecycle-onebook-figures'), fullPage: true })
  // the globe counts its projects overdue today by the same rule (its timeline ends today)
  const globe = await api<GlobeLifecycleProject[]>(page, '/api/globe/lifecycle')
  expect(globe.filter((p) => p.overdue).length).toBe(all.overdue)
})
