/**
 * 全生命周期 from signing, in real Chromium as 土地科 陈土地: 新建签约项目 with its 标准地 commitments
 * through the form, 土地供应 / 开工 / 施工, then 竣工验收 through the form with a 容积率 below the
 * commitment → 未达标 in the detail drawer; 投产, and after the auditor approves the data-centre
 * submission the parcel is 已投产 with its new 容积率 on 一本账, and — as 规划科 吴规划 sees it — on
 * 统计报表 (工业用地列表) and 资源云图 (the parcel's detail), the same values on both; 逾期 is one number
 * on 一本账, the lifecycle globe page and the /visual wall. Then planned land drawn in the form: a shape
 * outside 浙江 refused under the map, a shape drawn corner by corner accepted as a draft parcel.
 * Every screen checked is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { Onebook, ProjectDetail, StageProjects } from '../../src/domain/contracts/lifecycle-project'
import { timelineRows, type GlobeLifecycleTimeline } from '../../src/domain/contracts/globe'
import { clickMap, shot, signIn, stored } from './helpers'
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

/** A date `days` later (YYYY-MM-DD). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Types a date into an antd DatePicker of the sign form. */
async function pickDate(modal: Locator, testId: string, date: string) {
  await modal.getByTestId(testId).fill(date)
  await modal.getByTestId(testId).press('Enter')
}

/**
 * The 标准地 双合同 of the sign form: both numbers (unique by `tag`), the 出让合同 a week after `signed`,
 * 出让价款 and 履约保证金 in 元, the agreed start and completion dates.
 */
async function fillContract(modal: Locator, tag: string, signed: string, start: string, completion: string) {
  await modal.getByTestId('sign-investAgreementNo').fill(`投资协议〔端到端〕${tag}号`)
  await modal.getByTestId('sign-landContractNo').fill(`330000-端到端-${tag}`)
  await pickDate(modal, 'sign-landContractDate', addDays(signed, 7))
  await modal.getByTestId('sign-supplyPriceYuan').fill('12345678.91')
  await modal.getByTestId('sign-performanceBondYuan').fill('1234567.89')
  await pickDate(modal, 'sign-startDeadline', start)
  await pickDate(modal, 'sign-completionDeadline', completion)
}

/** The 乡镇 of the land: shown when its location gives it, else the first town of its county chosen. */
async function chooseTown(page: Page, modal: Locator, answer: Promise<unknown>) {
  await answer
  if (await modal.getByTestId('sign-town-located').isVisible()) return
  await modal.getByTestId('sign-town').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
}

test('sign with commitments, supply, start, complete below the 容积率 → 未达标; after audit 已投产 with the new 容积率; one 逾期', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000)
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
  const towns = page.waitForResponse('**/api/landLifeCycle/signTowns**')
  await page.locator('.ant-select-dropdown .ant-select-item-option').first().click()
  await chooseTown(page, modal, towns)
  const signed = addMonths(TODAY, -30)
  await pickDate(modal, 'sign-date', signed)
  // the 出让合同 agrees the start 12 months after the supply (28 months ago) and the completion 14 months from now
  await fillContract(modal, NAME, signed, addMonths(TODAY, -16), addMonths(TODAY, 14))
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
  // the two contracts, the money to the 分, and the late start's 违约 (6 months past the agreed date)
  await expect(page.getByTestId('project-contract')).toContainText(`投资协议〔端到端〕${NAME}号`)
  await expect(page.getByTestId('project-contract')).toContainText('12 345 678.91 元（1234.567891 万元）')
  await expect(page.getByTestId('project-breaches')).toContainText('逾期开工')
  const late = Math.round((Date.parse(addMonths(TODAY, -10)) - Date.parse(addMonths(TODAY, -16))) / 86_400_000)
  const fen = (1_234_567_891n * 100n * BigInt(late) + 50_000n) / 100_000n
  await expect(page.getByTestId('project-breaches')).toContainText(`逾期 ${late} 天`)
  await expect(page.getByTestId('project-breaches')).toContainText(
    `${(fen / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${(fen % 100n).toString().padStart(2, '0')} 元`,
  )
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
  const globe = timelineRows(await api<GlobeLifecycleTimeline>(page, '/api/globe/lifecycle'))
  expect(globe.filter((p) => p.overdue).length).toBe(all.overdue)
  // … and shows that number on its page, at the end of the timeline: today
  await page.goto('/landLifeCycle/allLifeCycle')
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await expect(page.getByTestId('lifecycle-date')).toHaveText(TODAY, { timeout: 45_000 })
  await expect(page.getByTestId('lifecycle-overdue-count')).toHaveText(String(all.overdue))
  await page.screenshot({ path: shot('lifecycle-globe-overdue-today') })
  // … and the province wall's 逾期项目
  await page.goto('/visual')
  const wallOverdue = page.getByTestId('kpi-lifecycleToday-overdueCount')
  await expect(wallOverdue).toHaveAttribute('data-value', String(all.overdue))
  await expect(wallOverdue).toHaveText(new RegExp(`^${all.overdue}`))
  await page.screenshot({ path: shot('lifecycle-visual-overdue') })

  // the parcel as 规划科 吴规划 sees it: 已投产 with the new 容积率 on 统计报表 and on 资源云图, the same on both
  const planCtx = await browser.newContext()
  const planner = await planCtx.newPage()
  await signIn(planner, 'plan', 'Plan@2026')
  await planner.goto(`/system/statisticalReport/gyyd?keyword=${encodeURIComponent(project.landCode!)}`)
  const report = planner.getByTestId('report-gyyd-table')
  const reportRow = report.locator('.ant-table-tbody tr.ant-table-row')
  await expect(reportRow).toHaveCount(1)
  await expect(reportRow).toContainText(project.landCode!)
  const heads = (await report.locator('thead th').allInnerTexts()).map((t) => t.trim())
  const cells = (await reportRow.locator('td').allInnerTexts()).map((t) => t.trim())
  const inReport = { status: cells[heads.indexOf('状态')], plotRatio: Number(cells[heads.indexOf('容积率')]) }
  await planner.screenshot({ path: shot('lifecycle-report-produced'), fullPage: true })
  await planner.goto('/system/core')
  await expect(planner.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
  await planner.getByTestId('core-search').locator('input').fill(project.landCode!)
  await planner.getByTestId('core-search').locator('input').press('Enter')
  await expect(planner.getByTestId('core-result')).toHaveCount(1)
  await planner.getByTestId('core-result').click()
  const attributes = planner.getByTestId('parcel-attributes')
  await expect(attributes).toContainText(project.landCode!)
  // the bordered descriptions: each label cell is followed by its value cell
  const fields = await attributes.evaluate((el) =>
    Object.fromEntries(
      [...el.querySelectorAll('th.ant-descriptions-item-label')].map((th) => [
        th.textContent?.trim() ?? '',
        th.nextElementSibling?.textContent?.trim() ?? '',
      ]),
    ),
  )
  const onMap = { status: fields['状态'], plotRatio: Number(fields['容积率']) }
  await planner.screenshot({ path: shot('lifecycle-core-produced') })
  await planCtx.close()
  expect([inReport, onMap]).toEqual([
    { status: '已投产', plotRatio: 1.8 },
    { status: '已投产', plotRatio: 1.8 },
  ])
})

/** A square of `half` degrees around a point, as a closed GeoJSON polygon. */
const square = (x: number, y: number, half = 0.002) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x - half, y - half],
      [x + half, y - half],
      [x + half, y + half],
      [x - half, y + half],
      [x - half, y - half],
    ],
  ],
})

test('planned land drawn in the form: outside 浙江 refused under the map; drawn corner by corner, counted, accepted as a draft parcel', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signIn(page, 'land', 'Land@2026')
  const holder = (await api<StageProjects>(page, '/api/landLifeCycle/projects?stage=xmtc&state=done&pageSize=1')).page.list[0]
  const name = `端到端绘制规划用地${Date.now() % 100000}`
  await page.goto('/landLifeCycle/projectManager/xmqy')
  await page.getByTestId('sign-new').click()
  const modal = page.getByTestId('sign-modal')
  await modal.getByTestId('sign-name').fill(name)
  await modal.getByTestId('sign-credit').fill(holder.creditCode!)
  await modal.getByTestId('sign-land-mode').getByText('尚无地块').click()
  await modal.getByTestId('sign-plannedInvestment').fill('30000')
  await pickDate(modal, 'sign-date', addMonths(TODAY, -1))
  await fillContract(modal, name, addMonths(TODAY, -1), addMonths(TODAY, 6), addMonths(TODAY, 30))
  for (const [k, v] of Object.entries({
    investIntensity: 300,
    committedPlotRatio: 2,
    committedTaxPerMu: 20,
    committedEnergyVa: 2,
    committedEmissionVa: 20,
  }))
    await modal.getByTestId(`sign-${k}`).fill(String(v))
  const map = modal.getByTestId('map-host')
  await expect(map).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })

  // coordinates pasted for a square in 北京: the server's refusal lands under the map
  await modal.getByTestId('sign-shape-text').fill(JSON.stringify(square(116.4, 39.9)))
  await modal.getByTestId('sign-name').click()
  await expect(modal.getByTestId('sign-shape-summary')).toHaveText(/^已绘制多边形，[\d.]+ 亩$/)
  const refusedAnswer = page.waitForResponse('**/api/landLifeCycle/createProject')
  await page.getByTestId('sign-submit').click()
  expect((await refusedAnswer).status()).toBe(422)
  // the one field in error: the shape's, right under the map and the drawn area
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveText('规划用地图形 plannedShape 不在浙江省任何区县范围内')
  await page.screenshot({ path: shot('lifecycle-draw-refused'), fullPage: true })

  // cleared, zoomed in at the map's centre, drawn: each corner counted, 完成 takes the outline
  await modal.getByTestId('shape-clear').click()
  await expect(modal.getByTestId('sign-shape-summary')).toHaveText('尚未绘制')
  // the form is long (双合同, 承诺): the map is brought back into view before its corners are measured
  await map.scrollIntoViewIfNeeded()
  const box = (await map.boundingBox())!
  const at = (fx: number, fy: number) => ({ x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * fy) })
  await page.mouse.move(at(0.5, 0.5).x, at(0.5, 0.5).y)
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, -400)
    await page.waitForTimeout(300)
  }
  await page.waitForTimeout(1500)
  await modal.getByTestId('shape-draw').click()
  const editor = modal.getByTestId('shape-editor')
  const corners = [at(0.45, 0.35), at(0.55, 0.35), at(0.55, 0.5), at(0.45, 0.5)]
  for (const [i, c] of corners.entries()) await clickMap(page, c.x, c.y, async () => Number(await editor.getAttribute('data-nodes')) > i)
  await expect(editor).toContainText('已点 4 个拐点，双击结束')
  await page.screenshot({ path: shot('lifecycle-draw-drawing'), fullPage: true })
  await modal.getByTestId('shape-finish').click()
  const summary = modal.getByTestId('sign-shape-summary')
  await expect(summary).toHaveText(/^已绘制多边形，[\d.]+ 亩$/)
  const drawnMu = Number(/，([\d.]+) 亩/.exec((await summary.textContent()) ?? '')![1])
  expect(JSON.parse(await modal.getByTestId('sign-shape-text').inputValue()).coordinates[0]).toHaveLength(5)
  // the shape's error of the cleared field leaves once it is drawn (its fade-out is waited for)
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveCount(0)
  await page.screenshot({ path: shot('lifecycle-draw-drawn'), fullPage: true })
  await chooseTown(page, modal, Promise.resolve())
  await page.getByTestId('sign-submit').click()
  await expect(page.getByText(`已签约项目「${name}」`)).toBeVisible()
  const found = await api<StageProjects>(page, `/api/landLifeCycle/projects?stage=xmqy&keyword=${encodeURIComponent(name)}`)
  expect(found.page.total).toBe(1)
  expect(found.page.list[0]).toMatchObject({ parcelId: null, landSubmission: { state: '草稿' } })
  expect(Math.abs(found.page.list[0].areaMu - drawnMu)).toBeLessThan(0.02)
})
