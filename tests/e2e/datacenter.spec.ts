/**
 * Issue 7 (record workflow) in real Chromium: a clerk edits a parcel — fields and shape — and
 * submits it; a second submission is made; the auditor returns one with a reason (the clerk reads
 * it, fixes it, submits again) and approves the other; the master data (API), the map's tiles and
 * the record's history show the approved change. Every screen of the workflow is saved.
 */
import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn, stored } from './helpers'

/** The bearer token of the signed-in page, for API checks. */
async function auth(page: Page): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await stored(page, 'Authorization')) ?? ''}`, 'X-Requested-With': 'XMLHttpRequest' }
}

async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: await auth(page) })
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200)
  return ((await r.json()) as { data: T }).data
}

async function signOut(page: Page) {
  await page.getByTestId('header-logout').click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Waits until every map on the page has loaded and drawn for a moment. */
async function mapsSettled(page: Page, scope = page.locator('body')) {
  const hosts = scope.getByTestId('map-host')
  await expect(hosts.first()).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
  // vector tiles and GeoJSON layers draw on the next frames
  await page.waitForTimeout(1500)
}

const tileOf = (lng: number, lat: number, z: number) => {
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) }
}

type Ring = number[][]
interface Parcel {
  id: number
  landCode: string
  name: string
}

/** Opens a parcel of the master list in the editor (searching by its code). */
async function openEditor(page: Page, p: Parcel) {
  await page.getByTestId('master-search').locator('input').fill(p.landCode)
  await page.getByTestId('master-search').locator('input').press('Enter')
  await page.getByTestId(`edit-${p.id}`).click()
  const editor = page.getByTestId('record-editor-parcel')
  await expect(editor.getByLabel('宗地代码', { exact: true })).toHaveValue(p.landCode)
  return editor
}

/** Submits the editor; returns the id of the new submission once the editor has closed. */
async function submit(page: Page): Promise<number> {
  await page.getByTestId('submit-audit').click()
  await expect(page.getByTestId('editor-drawer')).toBeHidden()
  const mine = await api<{ list: { id: number; state: string }[] }>(page, '/api/datacenter/input/mine?pageSize=1')
  expect(mine.list[0].state).toBe('待审核')
  await expect(page.locator('.ant-message-notice').filter({ hasText: `已提交审核（提交编号 ${mine.list[0].id}）` })).toBeVisible()
  return mine.list[0].id
}

test('clerk submits two parcel changes; the auditor returns one and approves the other; master data, map and history show it', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page, 'clerk', 'Clerk@2026')
  const list = await api<{ list: Parcel[] }>(page, '/api/industryMap/landList?pageSize=2&sortField=id&sortOrder=ascend')
  const [p1, p2] = list.list
  const before = await api<{ values: { geom: { coordinates: Ring[][] }; name: string; location_desc: string } }>(page, `/api/datacenter/input/record?kind=parcel&id=${p1.id}`)

  // 1. the clerk edits parcel 1: name, 容积率, and the shape moved ~50 m east
  await page.goto('/system/data/center/input')
  const editor = await openEditor(page, p1)
  await mapsSettled(page, editor)
  await page.screenshot({ path: shot('dc-input-editor'), fullPage: true })
  const newName = `${p1.name}（核实）`
  await editor.getByLabel('地块名称', { exact: true }).fill(newName)
  await editor.getByLabel('容积率', { exact: true }).fill('25')
  await editor.getByLabel('容积率', { exact: true }).press('Tab')
  await expect(editor.getByText('「容积率」应在 0 至 20 之间，得到 25')).toBeVisible()
  await page.screenshot({ path: shot('dc-input-editor-invalid'), fullPage: true })
  await editor.getByLabel('容积率', { exact: true }).fill('2.2')
  const moved = { type: 'MultiPolygon', coordinates: before.values.geom.coordinates.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x + 0.0005, y]))) }
  await editor.getByTestId('geometry-text').fill(JSON.stringify(moved))
  await editor.getByTestId('geometry-text').press('Tab')
  await editor.getByLabel('提交说明（审核员可见）').fill('依据现场核实更新名称、容积率与边界')
  const s1 = await submit(page)
  expect(s1).toBeGreaterThan(0)

  // 2. a second submission: parcel 2's 坐落
  const editor2 = await openEditor(page, p2)
  await editor2.getByLabel('坐落', { exact: true }).fill('某镇')
  const s2 = await submit(page)
  expect(s2).toBe(s1 + 1)
  // nothing reaches the master data before audit
  expect((await api<{ values: { name: string } }>(page, `/api/datacenter/input/record?kind=parcel&id=${p1.id}`)).values.name).toBe(p1.name)
  await page.getByRole('tab', { name: '我的提交' }).click()
  await expect(page.getByTestId('my-submissions-parcel').getByTestId('state-tag').filter({ hasText: '待审核' })).toHaveCount(2)
  await page.screenshot({ path: shot('dc-input-my-submissions'), fullPage: true })
  await signOut(page)

  // 3. the auditor returns submission 2 with a reason
  await signIn(page, 'auditor', 'Auditor@2026')
  await page.goto('/system/audit/gyyd')
  await expect(page.getByTestId(`audit-open-${s1}`)).toBeVisible()
  await page.screenshot({ path: shot('audit-gyyd-pending'), fullPage: true })
  await page.getByTestId(`audit-open-${s2}`).click()
  const drawer = page.getByTestId('submission-drawer')
  await expect(drawer.locator('[data-changed="true"]')).toHaveCount(1)
  await page.getByTestId('audit-reject').click()
  await page.getByTestId('reject-confirm').click()
  await expect(page.getByText('退回必须填写退回原因')).toBeVisible()
  await page.getByTestId('reject-reason-input').fill('坐落描述不完整，请写明道路和门牌号')
  await page.screenshot({ path: shot('audit-gyyd-reject'), fullPage: true })
  await page.getByTestId('reject-confirm').click()
  await expect(page.getByText('已退回，提交人将看到退回原因')).toBeVisible()

  // 4. … and approves submission 1 after reading the side-by-side diff and both shapes
  await page.getByTestId(`audit-open-${s1}`).click()
  const changed = drawer.locator('[data-changed="true"]')
  await expect(changed.filter({ hasText: '地块名称' })).toContainText(newName)
  await expect(changed.filter({ hasText: '容积率' })).toContainText('2.2')
  await expect(changed.filter({ hasText: '地块范围' })).toHaveCount(1)
  await mapsSettled(page, drawer)
  await page.screenshot({ path: shot('audit-gyyd-details'), fullPage: true })
  await page.getByTestId('audit-approve').click()
  await page.getByRole('dialog').filter({ hasText: `通过提交 #${s1}？` }).getByRole('button', { name: /通\s*过/ }).click()
  await expect(page.getByText('已审核通过并写入主数据（版本 1）')).toBeVisible()

  // 5. the master data (API) holds the change, the map's tiles draw it, the history has version 1
  const after = await api<{ values: { name: string; plot_ratio: number; geom: { coordinates: Ring[][] } }; version: number }>(page, `/api/datacenter/input/record?kind=parcel&id=${p1.id}`)
  expect([after.values.name, after.values.plot_ratio, after.version]).toEqual([newName, 2.2, 1])
  expect(after.values.geom.coordinates[0][0][0][0]).toBeCloseTo(before.values.geom.coordinates[0][0][0][0] + 0.0005, 7)
  const [lng, lat] = after.values.geom.coordinates[0][0][0]
  const { x, y } = tileOf(lng, lat, 15)
  const tile = await page.request.get(`/api/tiles/parcels/15/${x}/${y}.pbf`, { headers: await auth(page) })
  const layer = new VectorTile(new PbfReader(new Uint8Array(await tile.body()))).layers.parcels
  const drawn = Array.from({ length: layer.length }, (_, i) => layer.feature(i)).find((f) => Number(f.id) === p1.id)
  expect(drawn?.properties.name).toBe(newName)

  await page.goto('/warehouse/data/center/input')
  await page.getByTestId('master-search').locator('input').fill(p1.landCode)
  await page.getByTestId('master-search').locator('input').press('Enter')
  await expect(page.getByTestId('master-list-parcel')).toContainText(newName)
  await page.getByTestId(`history-${p1.id}`).click()
  const history = page.getByTestId('history-drawer')
  await expect(history.getByTestId('history-version-1')).toContainText('地块名称')
  await expect(history.getByTestId('history-shown')).toContainText('版本 1（与初始数据对照）')
  await expect(history.locator('[data-changed="true"]').filter({ hasText: '地块名称' })).toContainText(p1.name)
  await mapsSettled(page, history)
  await page.screenshot({ path: shot('dc-history-version-1'), fullPage: true })
  await history.getByTestId('history-version-0').click()
  await expect(history.getByTestId('history-shown')).toHaveText('初始数据')
  await expect(history.getByTestId('diff-table')).toContainText(p1.name)
  await page.keyboard.press('Escape')
  await expect(history).toBeHidden()
  await signOut(page)

  // 6. the clerk reads the reason, fixes the returned submission and submits it again
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto('/system/data/center/input?tab=mine')
  await expect(page.getByTestId(`reason-${s2}`)).toHaveText('坐落描述不完整，请写明道路和门牌号')
  await expect(page.getByTestId('my-submissions-parcel').getByTestId('state-tag').filter({ hasText: '已通过' })).toHaveCount(1)
  await page.screenshot({ path: shot('dc-input-returned'), fullPage: true })
  await page.getByTestId(`mine-edit-${s2}`).click()
  await expect(page.getByText('退回原因：坐落描述不完整，请写明道路和门牌号')).toBeVisible()
  const fix = page.getByTestId('record-editor-parcel')
  await fix.getByLabel('坐落', { exact: true }).fill('某镇工业大道88号')
  await page.screenshot({ path: shot('dc-input-fix-returned'), fullPage: true })
  await page.getByTestId('submit-audit').click()
  await expect(page.locator('.ant-message-notice').filter({ hasText: `已提交审核（提交编号 ${s2}）` })).toBeVisible()
})
