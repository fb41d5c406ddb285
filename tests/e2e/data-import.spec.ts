/**
 * 数据采集 and 数据处理 in real Chromium (issue 7): a clerk imports the sample files of
 * tests/fixtures/datacenter — an enterprise ledger (xlsx), a GBK shapefile in EPSG:4549 and a
 * GeoJSON — previews rows, mapping and shapes, runs the checks, sees the flagged rows, fixes one in
 * place, repairs a shape, excludes what is still wrong and submits; the API then says the
 * submissions are 待审核. One batch is sent back with a reason. Then the whole chain to the master
 * data: the auditor returns one parcel of the shapefile batch and approves the repaired one, and
 * the master list, the history, the vector tiles and the batch's export show the approved values.
 * Every screen is saved.
 */
import path from 'node:path'
import { VectorTile } from '@mapbox/vector-tile'
import type { MultiPolygon } from 'geojson'
import { PbfReader } from 'pbf'
import { expect, test, type Page } from '@playwright/test'
import type { ParcelBrief } from '../../src/domain/contracts/land-scope'
import type { SubmissionDetails } from '../../src/domain/contracts/datacenter'
import type { BatchRows, BatchView } from '../../src/domain/contracts/datacenter-import'
import { m2ToMu } from '../../src/domain/codes/units'
import { FIXTURES, FIXTURE_DIR, fixtureEnterprises } from '../fixtures/make/make-import-fixtures'
import { downloadXlsx, mapsSettled, shot, signIn, signOut, stored, tileOf } from './helpers'

test.describe.configure({ mode: 'serial' })

async function bearer(page: Page): Promise<string> {
  const raw = (await stored(page, 'Authorization')) ?? ''
  return `Bearer ${raw.startsWith('"') ? (JSON.parse(raw) as string) : raw}`
}

async function api<T>(page: Page, p: string): Promise<T> {
  const r = await page.request.get(p, { headers: { Authorization: await bearer(page) } })
  expect(r.status()).toBe(200)
  return ((await r.json()) as { data: T }).data
}

/** The batch chosen in the URL. */
const chosenBatch = (page: Page) => Number(new URL(page.url()).searchParams.get('batch'))

async function upload(page: Page, kind: '地块（工业用地）' | '企业（用地单位）', file: string): Promise<number> {
  await page.getByText(kind, { exact: true }).click()
  await page.locator('.ant-upload-drag input[type=file]').setInputFiles(path.join(FIXTURE_DIR, file))
  const detail = page.getByTestId('batch-detail')
  await expect(detail).toContainText(file, { timeout: 30_000 })
  await expect(detail.getByTestId('batch-status')).toHaveText('已上传', { timeout: 60_000 })
  return chosenBatch(page)
}

async function runCheck(page: Page): Promise<void> {
  const panel = page.getByTestId('check-panel')
  await panel.getByTestId('run-check').click()
  await expect(panel.getByTestId('batch-status')).toHaveText('已检查', { timeout: 60_000 })
  await expect(page.getByTestId('level-counts')).toBeVisible()
}

/** Scrolls a part of the page to the top of the view (the frame scrolls inside, so full-page shots do not reach it). */
async function showTop(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await page.waitForTimeout(300) // antd's colour transitions settle
}

async function confirm(page: Page, button: RegExp) {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: button }).click()
}

let enterpriseBatch = 0
let shapefileBatch = 0
let geojsonBatch = 0

test('a clerk uploads the ledger, the shapefile and the GeoJSON; previews rows, mapping and shapes', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto('/system/data/center/sjcj')
  await expect(page.getByTestId('sjcj-page')).toBeVisible()
  await expect(page.getByText('单个文件不超过 50 MB')).toBeVisible()
  await page.screenshot({ path: shot('dc-sjcj-empty'), fullPage: true })

  enterpriseBatch = await upload(page, '企业（用地单位）', FIXTURES.enterprises)
  const names = fixtureEnterprises().map((e) => e.企业名称)
  const preview = page.getByTestId('preview-table')
  await expect(preview).toContainText(String(names[0]))
  await expect(page.getByText('共 12 行')).toBeVisible()
  await expect(page.getByTestId('batch-table').getByTestId('batch-status').first()).toHaveText('已上传')
  await page.screenshot({ path: shot('dc-sjcj-enterprise-uploaded'), fullPage: true })
  await showTop(page, 'batch-detail')
  await page.screenshot({ path: shot('dc-sjcj-enterprise-preview') })

  await page.getByRole('tab', { name: '列映射' }).click()
  const editor = page.getByTestId('mapping-editor')
  await expect(editor.getByTestId('mapping-credit_code')).toContainText('统一社会信用代码')
  await expect(editor.getByTestId('mapping-registered_capital')).toContainText('注册资本（万元）')
  await expect(editor.getByTestId('mapping-__lng')).toContainText('经度')
  await expect(editor).toContainText('自动推荐')
  await showTop(page, 'batch-detail')
  await page.screenshot({ path: shot('dc-sjcj-mapping') })

  shapefileBatch = await upload(page, '地块（工业用地）', FIXTURES.shapefile)
  await expect(page.getByTestId('batch-detail')).toContainText('CGCS2000 3度带 中央经线120°E（EPSG:4549）')
  await expect(page.getByTestId('preview-table')).toContainText('项目地块1')
  await page.getByRole('tab', { name: '地图预览' }).click()
  const map = page.getByTestId('shapes-map')
  await expect(map.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
  await expect(map).toHaveAttribute('data-drawn', '8')
  await expect(page.getByTestId('shapes-legend')).toContainText('未检查 8')
  await showTop(page, 'batch-detail')
  await page.waitForTimeout(1500) // WebGL frames of the fly-to
  await page.screenshot({ path: shot('dc-sjcj-shapefile-map') })

  geojsonBatch = await upload(page, '地块（工业用地）', FIXTURES.geojson)
  await page.getByRole('tab', { name: '列映射' }).click()
  await expect(page.getByTestId('mapping-land_code')).toContainText('ZDDM')
  await expect(page.getByTestId('mapping-plot_ratio')).toContainText('RJL')
  await expect(page.getByTestId('batch-table')).toContainText(FIXTURES.geojson)
  await showTop(page, 'batch-table')
  await page.screenshot({ path: shot('dc-sjcj-batches') })
})

test('checks the ledger, fixes the row without a name in place, excludes the rest and submits', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto(`/system/data/center/sjcl?batch=${enterpriseBatch}`)
  await expect(page.getByTestId('check-panel')).toContainText(FIXTURES.enterprises)
  await runCheck(page)
  await expect(page.getByTestId('level-counts')).toContainText('错误5')
  const issues = page.getByTestId('issue-table')
  await expect(issues.getByTestId('issues-3')).toContainText('统一社会信用代码校验位错误')
  await expect(issues.getByTestId('issues-5')).toContainText('「企业名称」为必填项')
  await expect(issues.getByTestId('issues-7')).toContainText('「联系电话」格式应为11位手机号或带区号的固定电话')
  await expect(issues.getByTestId('issues-9')).toContainText('「企业规模」的值「特大型」不在代码表中')
  await expect(issues.getByTestId('issues-11')).toContainText('与第 1 行重复')
  await expect(page.getByTestId('exclude-errors')).toBeEnabled()
  await showTop(page, 'check-panel')
  await page.screenshot({ path: shot('dc-sjcl-enterprise-issues') })

  await issues.getByTestId('fix-5').click()
  const drawer = page.getByTestId('fix-drawer')
  await expect(drawer.getByTestId('fix-field-name')).toContainText('「企业名称」为必填项')
  await page.waitForTimeout(600) // the drawer's opening animation
  await page.screenshot({ path: shot('dc-sjcl-fix-drawer') })
  await drawer.getByTestId('fix-field-name').locator('input').fill('杭州西湖补录科技有限公司')
  await drawer.getByTestId('fix-save').click()
  await expect(drawer.getByTestId('fix-result')).toContainText('本行没有问题')
  await page.screenshot({ path: shot('dc-sjcl-fixed') })
  await page.getByRole('button', { name: '关闭' }).click()
  await expect(page.getByTestId('level-counts')).toContainText('错误4')

  await page.getByTestId('exclude-errors').click()
  await confirm(page, /确\s*定/)
  await expect(page.getByTestId('level-counts')).toContainText('已排除4')
  await page.getByTestId('submit-batch').click()
  await expect(page.locator('.ant-modal-confirm')).toContainText('提交 8 行进入审核？')
  await confirm(page, /确\s*定/)
  await expect(page.getByTestId('submitted')).toContainText('已提交 8 条，等待审核')
  await expect(page.getByTestId('issue-table')).toContainText('待审核')
  await showTop(page, 'check-panel')
  await page.screenshot({ path: shot('dc-sjcl-enterprise-submitted') })

  const rows = await api<BatchRows>(page, `/api/datacenter/sjcl/issues?id=${enterpriseBatch}&pageSize=100`)
  expect(rows.rows.list.filter((r) => !r.excluded).map((r) => r.submission?.state)).toEqual(Array(8).fill('待审核'))
  expect(rows.rows.list.find((r) => r.rowNo === 5)?.record?.name).toBe('杭州西湖补录科技有限公司')
  expect(new Set(rows.rows.list.map((r) => r.countyCode))).toEqual(new Set(['330106']))
})

test('checks the shapefile: a self-crossing shape repaired, bad codes excluded, the owner linked; submits', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto(`/system/data/center/sjcl?batch=${shapefileBatch}`)
  await runCheck(page)
  const issues = page.getByTestId('issue-table')
  await expect(issues.getByTestId('issues-3')).toContainText('几何无效：边界自相交')
  await expect(issues.getByTestId('issues-5')).toContainText('宗地代码应为19位')
  await expect(issues.getByTestId('issues-7')).toContainText('「现状地类」的值「0999」不在代码表中')
  await expect(issues).toContainText('按统一社会信用代码（企业待审核）')
  await expect(page.getByTestId('exclude-errors')).toBeEnabled()
  await showTop(page, 'issue-table')
  await page.screenshot({ path: shot('dc-sjcl-parcel-issues') })
  await issues.getByTestId('repair-3').click()
  await expect(issues.getByTestId('issues-3')).toHaveCount(0)
  await expect(page.getByTestId('level-counts')).toContainText('错误2')
  await page.getByTestId('exclude-errors').click()
  await confirm(page, /确\s*定/)
  await page.getByTestId('submit-batch').click()
  await confirm(page, /确\s*定/)
  await expect(page.getByTestId('submitted')).toContainText('已提交 6 条，等待审核')
  await showTop(page, 'check-panel')
  await page.screenshot({ path: shot('dc-sjcl-parcel-submitted') })
  const rows = await api<BatchRows>(page, `/api/datacenter/sjcl/issues?id=${shapefileBatch}&pageSize=100`)
  const submitted = rows.rows.list.filter((r) => r.submission)
  expect(submitted.map((r) => r.submission?.state)).toEqual(Array(6).fill('待审核'))
  expect(rows.rows.list[0].link?.rule).toBe('pendingCreditCode')
})

test('sends the GeoJSON batch back with a reason', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto(`/system/data/center/sjcl?batch=${geojsonBatch}`)
  await runCheck(page)
  await expect(page.getByTestId('issue-table').getByTestId('issues-2')).toContainText('「容积率」应在 0 至 20 之间，得到 35')
  await expect(page.getByTestId('issue-table').getByTestId('issues-4')).toContainText(
    '「供地日期」应为日期（如 2024-03-05），得到「2023-02-30」',
  )
  await page.getByTestId('back-batch').click()
  await page.getByRole('button', { name: '确认退回' }).click()
  await expect(page.getByText('请填写退回原因')).toBeVisible()
  await page.getByTestId('back-reason').fill('容积率与供地日期有误，请核对原始台账后重新上传')
  await page.screenshot({ path: shot('dc-sjcl-back') })
  await page.getByRole('button', { name: '确认退回' }).click()
  await expect(page.getByTestId('check-panel').getByTestId('batch-status')).toHaveText('已退回')
  const b = await api<BatchView>(page, `/api/datacenter/sjcj/detail?id=${geojsonBatch}`)
  expect([b.status, b.message]).toEqual(['已退回', '容积率与供地日期有误，请核对原始台账后重新上传'])
  await showTop(page, 'check-panel')
  await page.screenshot({ path: shot('dc-sjcl-returned') })
})

test('the auditor returns one parcel of the shapefile batch and approves the repaired one; master list, history, map and export show it', async ({
  page,
}) => {
  test.setTimeout(240_000)
  // the clerk's batch: row 3 is the self-crossing shape the clerk repaired, row 4 a plain parcel
  await signIn(page, 'clerk', 'Clerk@2026')
  const rows = (await api<BatchRows>(page, `/api/datacenter/sjcl/issues?id=${shapefileBatch}&pageSize=100`)).rows.list
  const repaired = rows.find((r) => r.rowNo === 3)
  const returned = rows.find((r) => r.rowNo === 4)
  expect([repaired?.submission?.state, returned?.submission?.state]).toEqual(['待审核', '待审核'])
  const approveId = repaired?.submission?.id as number
  const returnId = returned?.submission?.id as number
  const landCode = repaired?.record?.land_code as string
  const name = repaired?.record?.name as string
  // the repaired shape went to audit: the bowtie made valid is two triangles
  const proposal = await api<SubmissionDetails>(page, `/api/audit/query/details?id=${approveId}`)
  const shape = proposal.after?.geom as MultiPolygon
  expect([shape.type, shape.coordinates.length]).toEqual(['MultiPolygon', 2])
  await signOut(page)

  // the auditor (審核 lives under /system/audit; the data centre is read-only for this role)
  await signIn(page, 'auditor', 'Auditor@2026')
  await page.goto('/system/audit/gyyd')
  await expect(page.getByTestId(`audit-open-${approveId}`)).toBeVisible()
  await expect(page.getByTestId(`audit-open-${returnId}`)).toBeVisible()
  await page.getByTestId(`audit-open-${returnId}`).click()
  const drawer = page.getByTestId('submission-drawer')
  await expect(drawer.locator('[data-changed="true"]').filter({ hasText: '宗地代码' })).toContainText(returned?.record?.land_code as string)
  await page.getByTestId('audit-reject').click()
  await page.getByTestId('reject-reason-input').fill('坐落与现场不符，请核实后重新导入')
  await expect(page.getByTestId('reject-reason-input')).toHaveValue('坐落与现场不符，请核实后重新导入')
  // the decision's own answer first (on a loaded machine it may take a while), then what the auditor reads
  const decided = page.waitForResponse((r) => r.url().endsWith('/api/audit/update/one'), { timeout: 60_000 })
  await page.getByTestId('reject-confirm').click()
  const answer = (await (await decided).json()) as { code: number; message: string; data: { id: number; state: string } }
  expect([answer.code, answer.message, answer.data?.id, answer.data?.state]).toEqual([200, '已退回', returnId, '已退回'])
  await expect(page.getByText('已退回，提交人将看到退回原因')).toBeVisible()

  await page.getByTestId(`audit-open-${approveId}`).click()
  await expect(drawer.locator('[data-changed="true"]').filter({ hasText: '地块名称' })).toContainText(name)
  await expect(drawer.locator('[data-changed="true"]').filter({ hasText: '地块范围' })).toHaveCount(1)
  await mapsSettled(page, drawer)
  await page.screenshot({ path: shot('chain-audit-import-details'), fullPage: true })
  await page.getByTestId('audit-approve').click()
  await page
    .getByRole('dialog')
    .filter({ hasText: `通过提交 #${approveId}？` })
    .getByRole('button', { name: /通\s*过/ })
    .click()
  await expect(page.getByText('已审核通过并写入主数据（版本 1）')).toBeVisible()

  // the master data: the list shows the approved values, its shape is the approved one
  const [parcel] = (await api<{ list: ParcelBrief[] }>(page, `/api/industryMap/landList?keyword=${landCode}`)).list
  expect([parcel.landCode, parcel.name, parcel.countyName, parcel.status]).toEqual([landCode, name, '西湖区', repaired?.record?.status])
  const record = await api<{ values: { geom: MultiPolygon }; version: number }>(
    page,
    `/api/datacenter/input/record?kind=parcel&id=${parcel.id}`,
  )
  expect(record.version).toBe(1)
  expect(record.values.geom.coordinates.length).toBe(2)
  record.values.geom.coordinates.flat(3).forEach((v, i) => expect(v).toBeCloseTo(shape.coordinates.flat(3)[i] as number, 8))
  await page.goto('/warehouse/data/center/input')
  await page.getByTestId('master-search').locator('input').fill(landCode)
  await page.getByTestId('master-search').locator('input').press('Enter')
  const listed = page.getByTestId('master-list-parcel').locator('.ant-table-row')
  await expect(listed).toHaveCount(1)
  await expect(listed.locator('td')).toHaveText([
    landCode,
    name,
    '西湖区',
    repaired?.record?.status as string,
    m2ToMu(parcel.areaM2 as number).toFixed(2),
    '—',
    /历史/,
  ])

  // the history: version 1, the new record from submission #approveId, its shape on the map
  await page.getByTestId(`history-${parcel.id}`).click()
  const history = page.getByTestId('history-drawer')
  await expect(history.getByTestId('history-version-1')).toContainText(`提交 #${approveId}`)
  await expect(history.getByTestId('history-version-1')).toContainText('地块名称')
  await expect(history.getByTestId('history-shown')).toHaveText('版本 1（新增的记录）')
  await expect(history.getByTestId('history-version-0')).toHaveCount(0)
  await expect(history.getByTestId('history-version-1')).not.toContainText('province_code')
  await expect(history.getByTestId('diff-table')).toContainText(name)
  await mapsSettled(page, history)
  await page.screenshot({ path: shot('chain-history-version-1'), fullPage: true })
  await page.keyboard.press('Escape')

  // the map's vector tile draws the approved shape: this parcel, in two parts
  const [lng, lat] = shape.coordinates[0][0][0]
  const { x, y } = tileOf(lng, lat, 15)
  const tile = await page.request.get(`/api/tiles/parcels/15/${x}/${y}.pbf`, { headers: { Authorization: await bearer(page) } })
  expect(tile.status()).toBe(200)
  const layer = new VectorTile(new PbfReader(new Uint8Array(await tile.body()))).layers.parcels
  const drawn = Array.from({ length: layer.length }, (_, i) => layer.feature(i)).find((f) => Number(f.id) === parcel.id)
  expect(drawn?.properties.name).toBe(name)
  expect(drawn?.loadGeometry().length).toBe(2)
  await signOut(page)

  // the clerk: the batch shows where the audit got to, the export says the same, the reason is read
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto(`/system/data/center/sjcl?batch=${shapefileBatch}`)
  const issues = page.getByTestId('issue-table')
  await expect(issues.locator('.ant-table-row').nth(2)).toContainText('已通过')
  await expect(issues.locator('.ant-table-row').nth(3)).toContainText('已退回')
  const exported = await downloadXlsx(page, page.getByTestId('export-rows'))
  expect(exported.name).toMatch(
    new RegExp(`^${FIXTURES.shapefile.replace(/\.zip$/, '')}_批次${shapefileBatch}_数据行_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  )
  const head = exported.rows[0] as string[]
  const at = (n: number, label: string) => (exported.rows.find((r) => r[0] === n) as unknown[])[head.indexOf(label)]
  expect([at(3, '宗地代码'), at(3, '地块名称'), at(3, '地块范围'), at(3, '提交编号'), at(3, '审核状态')]).toEqual([
    landCode,
    name,
    '有',
    approveId,
    '已通过',
  ])
  expect([at(4, '提交编号'), at(4, '审核状态')]).toEqual([returnId, '已退回'])
  expect([at(5, '检查结果'), at(5, '错误')]).toEqual(['已排除', '[宗地代码格式] 「宗地代码」：宗地代码应为19位'])
  const issueList = await downloadXlsx(page, page.getByTestId('export-issues'))
  expect(issueList.rows[0]).toEqual(['序号', '要素号', '宗地代码', '地块名称', '字段', '规则', '级别', '问题说明', '行状态'])
  expect(issueList.rows.filter((r) => r[6] === '错误').map((r) => [r[0], r[4]])).toEqual([
    [5, '宗地代码'],
    [7, '现状地类'],
  ])
  // the batch list's export: one line per batch the list shows, this batch submitted with its counts
  const batchList = await downloadXlsx(page, page.getByTestId('sjcl-batch-table-export'))
  expect(batchList.name).toMatch(/^导入批次_\d{4}-\d{2}-\d{2}\.xlsx$/)
  const batches = await page.request.get('/api/datacenter/sjcj/list?pageSize=100', { headers: { Authorization: await bearer(page) } })
  const shown = ((await batches.json()) as { data: { list: { id: number }[] } }).data.list.map((b) => b.id)
  expect(batchList.rows.slice(1).map((r) => r[0])).toEqual(shown)
  const line = batchList.rows.find((r) => r[0] === shapefileBatch) as unknown[]
  expect([line[1], line[2], line[6], line[13]]).toEqual([FIXTURES.shapefile, '地块', '已提交', 'clerk'])
  await showTop(page, 'issue-table')
  await page.screenshot({ path: shot('chain-sjcl-audited') })
  await page.goto('/system/data/center/input?tab=mine')
  await expect(page.getByTestId(`reason-${returnId}`)).toHaveText('坐落与现场不符，请核实后重新导入')
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0)
  await page.waitForTimeout(300) // antd's colour transitions settle
  await page.screenshot({ path: shot('chain-my-submissions-returned'), fullPage: true })
})
