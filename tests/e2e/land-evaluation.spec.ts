/**
 * 低效用地评价 (/land/evaluation/*) in real Chromium, signed in as the 土地科 user 陈土地 on a fresh
 * database: sign-in lands on 评价概况 with no run yet; a run of the default model for the latest
 * year started from the page gives the headline figures the API gives for that run, the results
 * table's total equals the API's flagged total, and narrowing to one indicator equals the API's
 * total for it, as does its export. 评价模型: weights summing to 90 are refused with the 权重之和 message and nothing is
 * saved; summing to 100 the model is saved and listed; a second model of the same name is refused
 * on its name by the server; the model is deleted after confirming. 评价地图: the map draws, and the
 * drawn count is the API's number of shapes; a parcel picked from the list shows its result.
 * Every screen checked is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { StatYears } from '../../src/domain/contracts/big-data'
import type {
  EvaluationAbstract,
  EvaluationModel,
  EvaluationRun,
  FlaggedShapes,
  ResultList,
} from '../../src/domain/contracts/land-evaluation'
import { EVALUATION_INDICATORS } from '../../src/domain/contracts/land-evaluation'
import { downloadXlsx, mapsSettled, shot, signIn, stored } from './helpers'

test.describe.configure({ mode: 'serial' })

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await stored(page, 'Authorization')) ?? ''
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** How the pages write counts and 亩 (thousands separators; 2 decimals). */
const whole = (n: number) => n.toLocaleString('zh-CN')
const two = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Picks an option of an antd select by its text (from the dropdown just opened: an earlier one may still be fading out). */
async function choose(page: Page, select: Locator, text: string) {
  await select.click()
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  await open.locator('.ant-select-item-option').filter({ hasText: text }).first().click()
}

/** Saves a screenshot once nothing is loading and the charts have drawn. */
async function snap(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  await page.screenshot({ path: shot(`land-evaluation-${name}`), fullPage: true })
}

const MODEL_NAME = '开发区低效用地模型（验收）'

test('评价概况: /land opens here with no run; a run of the default model gives the API figures; results and an indicator filter equal the API totals', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'land', 'Land@2026')
  // 土地科 lands on 盘活处置 (its first menu group is the system platform); the 土地 group opens on 评价概况
  await page.goto('/land')
  await expect(page).toHaveURL(/\/land\/evaluation\/evaluationAbstract$/)
  const root = page.getByTestId('evaluation-abstract-page')
  await expect(root.getByTestId('evaluation-empty')).toContainText('还没有评价结果，选择模型和年度开始评价')
  expect((await api<EvaluationAbstract>(page, '/api/inefficient/abstract')).run).toBeNull()
  await snap(page, 'empty')

  // 开始评价: the default model and the latest year are chosen; the run is held a moment so its progress shows
  const years = await api<StatYears>(page, '/api/bigData/years')
  const models = await api<EvaluationModel[]>(page, '/api/modes/GetModeList')
  const model = models.find((m) => m.name === '低效用地认定模型（默认）')!
  expect(model).toBeDefined()
  await root.getByTestId('run-open').click()
  const form = page.getByTestId('run-form')
  await expect(form.getByTestId('run-model')).toContainText(model.name)
  await expect(form.getByTestId('run-year')).toContainText(`${years.latest}年`)
  await expect(page.getByTestId('run-model-items')).toContainText('容积率 < 1.0（25分）')
  await page.route('**/api/inefficient/run', async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.getByTestId('run-start').click()
  await expect(page.getByTestId('run-progress')).toBeVisible()
  await page.screenshot({ path: shot('land-evaluation-running') })
  await expect(root.getByTestId('evaluation-run')).toBeVisible({ timeout: 60_000 })
  await expect(form).toBeHidden()
  await page.unroute('**/api/inefficient/run')

  const [run] = await api<EvaluationRun[]>(page, '/api/inefficient/runs')
  expect(run.modelId).toBe(model.id)
  expect(run.year).toBe(years.latest)
  expect(run.parcelCount).toBeGreaterThan(0)
  expect(run.flaggedCount).toBeGreaterThan(0)
  await expect(page).toHaveURL(new RegExp(`runId=${run.id}`))
  const abstract = await api<EvaluationAbstract>(page, `/api/inefficient/abstract?runId=${run.id}`)
  await expect(root.getByTestId('kpi-parcels')).toContainText(whole(run.parcelCount))
  await expect(root.getByTestId('kpi-flagged')).toContainText(whole(run.flaggedCount))
  await expect(root.getByTestId('kpi-flagged-area')).toContainText(two(run.flaggedAreaMu))
  await expect(root.getByTestId('kpi-listed')).toContainText(whole(abstract.flaggedListed))
  await expect(root.getByTestId('kpi-new')).toContainText(whole(abstract.flaggedNew))
  expect(abstract.flaggedListed + abstract.flaggedNew).toBe(run.flaggedCount)
  await expect(root.getByTestId('run-select')).toContainText(`${run.year}年 · ${model.name}`)

  // the charts drew the run's bands, items and counties
  for (const id of ['chart-score-bands', 'chart-item-hits', 'chart-counties']) {
    await expect.poll(async () => Number((await root.getByTestId(id).getAttribute('data-rendered')) ?? 0)).toBeGreaterThanOrEqual(1)
  }
  await expect(root.getByTestId('chart-item-hits')).toHaveAttribute('data-points', String(abstract.items.length))

  // the results: flagged only by default, the API's total
  const flagged = await api<ResultList>(page, `/api/inefficient/results?runId=${run.id}&flagged=true&pageSize=1`)
  expect(flagged.page.total).toBe(run.flaggedCount)
  await expect(root.getByTestId('results-total')).toHaveAttribute('data-total', String(flagged.page.total))
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${flagged.page.total} 条`)
  const firstRow = root.getByTestId('results-table').locator('tbody tr[data-row-key]').first()
  await expect(firstRow).toBeVisible()
  await snap(page, 'abstract')

  // one indicator that some flagged parcels meet and some do not: the parcels meeting it, as the API counts them
  let indicator = abstract.items[0].indicator
  let narrowed: ResultList | null = null
  for (const item of abstract.items) {
    const r = await api<ResultList>(page, `/api/inefficient/results?runId=${run.id}&flagged=true&indicator=${item.indicator}&pageSize=1`)
    if (r.page.total > 0 && r.page.total < flagged.page.total) {
      indicator = item.indicator
      narrowed = r
      break
    }
  }
  expect(narrowed, 'an indicator that narrows the flagged parcels').not.toBeNull()
  await choose(page, root.getByTestId('results-indicator'), EVALUATION_INDICATORS[indicator].name)
  await expect(page).toHaveURL(new RegExp(`indicator=${indicator}`))
  await expect(root.getByTestId('results-total')).toHaveAttribute('data-total', String(narrowed!.page.total))
  await expect(root.locator('.ant-pagination-total-text')).toHaveText(`共 ${narrowed!.page.total} 条`)
  // every row shown meets it
  const rows = root.getByTestId('results-table').locator('tbody tr[data-row-key]')
  await expect(rows.first()).toBeVisible()
  const hits = await rows.locator('[data-hits]').evaluateAll((spans) => spans.map((s) => s.getAttribute('data-hits')?.split(',') ?? []))
  expect(hits.length).toBe(await rows.count())
  expect(hits.every((h) => h.includes(indicator))).toBe(true)
  // the export holds the same parcels (a header row, then one per parcel)
  const file = await downloadXlsx(page, root.getByTestId('results-export'))
  expect(file.name).toMatch(/\.xlsx$/)
  expect(file.rows.length - 1).toBe(narrowed!.page.total)
  await root.getByTestId('results').scrollIntoViewIfNeeded()
  await snap(page, 'abstract-filtered')
})

test('评价模型: weights summing to 90 are refused and nothing is saved; 100 is saved and listed; a taken name is refused; delete after confirming', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, 'land', 'Land@2026')
  await page.goto('/land/evaluation/evaluationModal')
  const root = page.getByTestId('evaluation-model-page')
  const before = await api<EvaluationModel[]>(page, '/api/modes/GetModeList')
  await expect(root.locator('[data-testid^="model-card-"]')).toHaveCount(before.length)
  await snap(page, 'models')

  await root.getByTestId('model-new').click()
  const editor = page.getByTestId('model-editor')
  await editor.getByLabel('模型名称').fill(MODEL_NAME)
  await editor.getByLabel('说明').fill('容积率与建筑密度两项')
  await choose(page, editor.getByLabel('第1项指标'), '容积率')
  await editor.getByLabel('第1项阈值').fill('1.2')
  await editor.getByLabel('第1项权重').fill('50')
  await editor.getByTestId('model-item-add').click()
  await choose(page, editor.getByLabel('第2项指标'), '建筑密度')
  await editor.getByLabel('第2项阈值').fill('35')
  await editor.getByLabel('第2项权重').fill('40')
  await editor.getByLabel('第2项权重').press('Tab')
  await expect(editor.getByTestId('weight-total')).toHaveAttribute('data-total', '90')
  await expect(editor.getByTestId('weight-total')).toContainText('权重合计 90 / 100')
  // the threshold carries the indicator's unit
  await expect(editor.getByTestId('model-item-1')).toContainText('%')
  await editor.getByTestId('model-save').click()
  await expect(editor.getByTestId('items-error')).toContainText('各项指标的权重之和应为100')
  await snap(page, 'model-invalid')
  expect((await api<EvaluationModel[]>(page, '/api/modes/GetModeList')).map((m) => m.id)).toEqual(before.map((m) => m.id))

  // 100: saved and listed
  await editor.getByLabel('第2项权重').fill('50')
  await expect(editor.getByTestId('weight-total')).toHaveAttribute('data-total', '100')
  await editor.getByTestId('model-save').click()
  await expect(editor).toBeHidden()
  const after = await api<EvaluationModel[]>(page, '/api/modes/GetModeList')
  const saved = after.find((m) => m.name === MODEL_NAME)!
  expect(saved).toBeDefined()
  expect(saved.items).toEqual([
    { indicator: 'plotRatio', operator: '<', threshold: 1.2, weight: 50 },
    { indicator: 'density', operator: '<', threshold: 35, weight: 50 },
  ])
  const card = root.getByTestId(`model-card-${saved.id}`)
  await expect(card).toContainText(MODEL_NAME)
  await expect(card.getByTestId('model-items')).toContainText('容积率 < 1.2')
  await expect(card.getByTestId('model-items')).toContainText('建筑密度 < 35%')
  await expect(card.getByTestId('model-meta')).toContainText('评价 0 次 · 陈土地')
  await snap(page, 'models-saved')

  // the same name again: the server's refusal lands on the name
  await root.getByTestId('model-new').click()
  await editor.getByLabel('模型名称').fill(MODEL_NAME)
  await choose(page, editor.getByLabel('第1项指标'), '建筑密度')
  await editor.getByLabel('第1项阈值').fill('30')
  await editor.getByLabel('第1项权重').fill('100')
  // Enter moves on in a form of many fields; Ctrl+Enter sends it
  await editor.getByLabel('第1项权重').press('Control+Enter')
  await expect(editor.locator('.ant-form-item-explain-error')).toContainText(`已有名为“${MODEL_NAME}”的评价模型`)
  await page.getByTestId('model-cancel').click()
  await expect(editor).toBeHidden()
  expect((await api<EvaluationModel[]>(page, '/api/modes/GetModeList')).length).toBe(before.length + 1)

  // delete, naming it in the confirmation
  await card.getByTestId('model-delete').click()
  await expect(page.locator('.ant-popconfirm-title')).toHaveText(`删除模型“${MODEL_NAME}”？`)
  await page.locator('.ant-popconfirm-buttons .ant-btn-dangerous').click()
  await expect(card).toHaveCount(0)
  expect((await api<EvaluationModel[]>(page, '/api/modes/GetModeList')).some((m) => m.name === MODEL_NAME)).toBe(false)
})

test('评价地图: the map draws the run and says how many shapes of the API it drew; a parcel shows its result', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'land', 'Land@2026')
  const [run] = await api<EvaluationRun[]>(page, '/api/inefficient/runs')
  expect(run).toBeDefined()
  const shapes = await api<FlaggedShapes>(page, `/api/inefficient/shapes?runId=${run.id}`)
  expect(shapes.features.length).toBeGreaterThan(0)

  await page.goto('/land/evaluation/evaluationMap')
  const root = page.getByTestId('evaluation-map-page')
  const map = root.getByTestId('evaluation-map')
  await mapsSettled(page, map)
  await expect(map.locator('canvas').first()).toBeVisible()
  await expect(root.getByTestId('map-drawn-count')).toHaveText(whole(shapes.features.length))
  await expect(root.getByTestId('map-drawn')).toHaveAttribute('data-total', String(shapes.total))
  await expect(root.getByTestId('legend')).toContainText(`${run.passScore}`)
  await snap(page, 'map')

  // the highest score, picked from the list beside the map
  const top = [...shapes.features].sort((a, b) => b.properties.score - a.properties.score)[0].properties
  await root.getByTestId(`top-parcel-${top.landCode}`).click()
  const panel = root.getByTestId('parcel-result')
  await expect(panel).toHaveAttribute('data-land-code', top.landCode)
  const result = (
    await api<ResultList>(page, `/api/inefficient/results?runId=${run.id}&keyword=${encodeURIComponent(top.landCode)}`)
  ).page.list.find((r) => r.landCode === top.landCode)!
  await expect(panel.locator('[data-field="score"]')).toHaveText(two(result.score))
  await expect(panel).toContainText(result.name)
  await mapsSettled(page, map)
  await snap(page, 'map-parcel')
})
