/**
 * 盘活成效 (/land/result/*) in real Chromium as the 土地科 user: 成效概况 shows the 腾出面积 the API
 * answers for the same filters; after a seeded 实施中 收回收储 plan is reported, 办结 and its 已收回
 * approved by the auditor (through the API), the page's 腾出面积 has grown by that plan's area;
 * 成效地图 draws as many done plans as the API answers and a click on one in its list opens the plan's
 * before/after. The 闲置土地认定书 and 土地闲置费 record on /system/stock are in stock.spec.ts.
 * Every screen checked is saved.
 */
import { expect, test, type Page } from '@playwright/test'
import type { EffectMap, EffectSummary, PlanDetail, PlanList } from '../../src/domain/contracts/revitalize'
import { formatFigureValue } from '../../src/domain/figures/format'
import { todayInProductZone } from '../../src/domain/today'
import { mapsSettled, shot, signIn, stored } from './helpers'

const TODAY = todayInProductZone()
const YEAR = Number(TODAY.slice(0, 4))

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

/** The 腾出面积 card: its raw value and its text. */
async function freedOnPage(page: Page) {
  const card = page.getByTestId('kpi-freedAreaMu')
  return { value: Number(await card.getAttribute('data-value')), text: (await card.innerText()).trim() }
}

test('成效概况 shows the API’s 腾出面积 and grows by a completed 收回收储 plan; 成效地图 draws the done plans', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signIn(page, 'land', 'Land@2026')

  // 成效概况 of this year, all counties and methods: the page's figures are the API's
  await page.goto('/land/result/resultAbstract')
  await expect(page.getByTestId('effect-loaded')).toHaveAttribute('data-year', String(YEAR), { timeout: 60_000 })
  const before = await api<EffectSummary>(page, `/api/landInefficient/getEffect?year=${YEAR}`)
  const shown = await freedOnPage(page)
  expect(shown.value).toBeCloseTo(before.total.freedAreaMu ?? 0, 6)
  expect(shown.text).toBe(`${formatFigureValue('freedAreaMu', before.total.freedAreaMu, { unit: false })} 亩`)
  await expect(page.getByTestId('kpi-newInvestment')).toContainText(
    formatFigureValue('newInvestment', before.total.newInvestment, { unit: false }),
  )
  await expect(page.getByTestId('result-plan-count')).toHaveText(`共 ${before.plans.length} 个`)
  await expect(page.getByTestId('chart-methods')).toHaveAttribute('data-rendered', /\d+/)
  await page.screenshot({ path: shot('result-abstract'), fullPage: true })

  // the same with the method filter: the URL carries it and the figure follows
  await page.goto(`/land/result/resultAbstract?method=${encodeURIComponent('收回收储')}`)
  const recovered = await api<EffectSummary>(page, `/api/landInefficient/getEffect?year=${YEAR}&method=${encodeURIComponent('收回收储')}`)
  await expect(page.getByTestId('result-plan-count')).toHaveText(`共 ${recovered.plans.length} 个`)
  await expect(page.getByTestId('kpi-freedAreaMu')).toHaveAttribute('data-value', String(recovered.total.freedAreaMu ?? ''))

  // a seeded running 收回收储 plan: a report, 办结, and the auditor approves its 已收回
  const running = (
    await api<PlanList>(page, `/api/landInefficient/getNrList?state=实施中&method=${encodeURIComponent('收回收储')}&pageSize=50`)
  ).page.list
  expect(running.length, 'a seeded 实施中 收回收储 plan').toBeGreaterThan(0)
  const plan = await api<PlanDetail>(page, `/api/landInefficient/getPhPage?id=${running[0].id}`)
  await post(page, '/api/phczReport/save', { planId: plan.id, reportDate: TODAY, progress: 100, doneItems: '完成收购协议与土地交储' })
  const done = await post<PlanDetail>(page, '/api/phczReport/updatePhcz', { action: '办结', planId: plan.id, completedDate: TODAY })
  expect(done.data.state).toBe('已完成')
  const subs = [...done.message.matchAll(/#(\d+)/g)].map((m) => Number(m[1]))
  expect(subs.length).toBeGreaterThan(0)
  const auditorContext = await browser.newContext()
  const auditor = await auditorContext.newPage()
  await signIn(auditor, 'auditor', 'Auditor@2026')
  for (const id of subs) await post(auditor, '/api/audit/update/one', { id, decision: 'approve' })
  await auditorContext.close()

  // the page, reloaded: 腾出面积 grew by the plan's area, as the API says
  await page.goto('/land/result/resultAbstract')
  await expect(page.getByTestId('effect-loaded')).toBeVisible({ timeout: 60_000 })
  const after = await api<EffectSummary>(page, `/api/landInefficient/getEffect?year=${YEAR}`)
  await expect(page.getByTestId('kpi-freedAreaMu')).toHaveAttribute('data-value', String(after.total.freedAreaMu))
  const grown = await freedOnPage(page)
  expect(grown.value - shown.value).toBeCloseTo(plan.plannedAreaMu, 2)
  expect(grown.text).toBe(`${formatFigureValue('freedAreaMu', after.total.freedAreaMu, { unit: false })} 亩`)
  await expect(page.getByTestId('result-list')).toContainText(plan.name)
  await expect(page.getByTestId('result-plan-count')).toHaveText(`共 ${before.plans.length + 1} 个`)

  // 成效地图 of this year: as many plans and parcels as the API answers; a plan opens its before/after
  await page.goto(`/land/result/resultMap?year=${YEAR}`)
  const drawn = page.getByTestId('result-map-drawn')
  await expect(drawn).toBeVisible({ timeout: 60_000 })
  const map = await api<EffectMap>(page, `/api/revitalize/getPhMap?year=${YEAR}`)
  const drawnShapes = map.features.filter((f) => f.geometry)
  await expect(drawn).toHaveAttribute('data-plans', String(new Set(drawnShapes.map((f) => f.planId)).size))
  await expect(drawn).toHaveAttribute('data-parcels', String(drawnShapes.length))
  expect(new Set(map.features.map((f) => f.planId)).size).toBe(after.plans.length)
  await expect(page.getByTestId('legend')).toContainText('盘活方式')
  await mapsSettled(page)
  await page.screenshot({ path: shot('result-map'), fullPage: true })
  await page.getByTestId('result-map-plans').getByText(plan.name).click()
  const drawer = page.getByTestId('result-drawer')
  await expect(drawer).toContainText(plan.name)
  const mine = map.features.find((f) => f.planId === plan.id)!
  await expect(drawer.getByTestId('fact-freedAreaMu')).toHaveText(formatFigureValue('freedAreaMu', mine.effects.freedAreaMu))
  // the drawer has slid in: its content lies inside the window (a loaded machine animates slowly)
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox()
      return box !== null && box.x >= 0 && box.x + box.width <= 1440
    })
    .toBe(true)
  await page.waitForTimeout(300) // the mask's fade
  await page.screenshot({ path: shot('result-map-drawer'), fullPage: true })
})
