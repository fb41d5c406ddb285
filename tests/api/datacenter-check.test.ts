/**
 * 数据处理 /api/datacenter/sjcl/* (issue 7): the checks — field rules through checkRecord,
 * geometry validity, overlap with existing parcels above the tolerance, duplicates in the batch
 * and against master data, a submission already waiting, data scope — with a per-row, per-field
 * issue list; enterprises linked to parcels (credit code, name, location); fix in place (re-checked
 * at once), exclude, repair a shape, 退回; the all-or-nothing commit into dc_submission (待审核).
 */
import type { Polygon, Position } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchRowView, BatchView, IssueSummary, StandardFields } from '../../src/domain/contracts/datacenter-import'
import { DEFAULT_STANDARD } from '../../src/domain/datacenter/standard'
import {
  breakCheckChar,
  creditCode,
  enterprises,
  geojsonOf,
  landCode,
  offset,
  parcels,
  rectangle,
  rng,
  xlsxOf,
  type ParcelDraft,
} from '../fixtures/make/datacenter-data'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds } from './admin-helpers'
import { allRows, checkBatch, freeSpot, importBatch, rulesOf } from './import-helpers'
import { readSheet } from './datacenter-helpers'

let s: TestServer
let admin: string
let clerk: string
let clerkId: number
let countyA: string
const COUNTY = '330106'
let spot: Position
let otherSpot: Position
/** an existing parcel and enterprise of the master data */
let master: {
  id: number
  land_code: string
  name: string
  county_code: string
  city_code: string
  geom: Polygon | { type: 'MultiPolygon'; coordinates: Position[][][] }
}
let company: { id: number; credit_code: string; name: string }
/** an enterprise placed by the test inside a grid cell, for the link by location */
let placed: { credit_code: string; name: string }

const one = async <T>(sql: string, params: unknown[] = []) => (await s.db.query<T>(sql, params)).rows[0]
const row = (rows: BatchRowView[], n: number) => rows.find((r) => r.rowNo === n) as BatchRowView

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  clerk = await s.login('clerk', 'Clerk@2026')
  clerkId = (await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'clerk'`)).id
  const role = await s.postJson<{ id: number }>('/api/role/add', { name: '区县处理员', code: 'COUNTY_CHECK' }, admin)
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: role.body.data.id, menuIds: await menuIds(s, ['/system/data/center/sjcj', '/system/data/center/sjcl']) },
    admin,
  )
  countyA = (await makeUser(s, admin, { username: 'check_330106', regionCode: COUNTY, roleIds: [role.body.data.id] })).token
  spot = await freeSpot(s, COUNTY, { noEnterprises: true })
  otherSpot = await freeSpot(s, '330108', { noEnterprises: true })
  master = await one(
    `SELECT id, land_code, name, county_code, city_code, ST_AsGeoJSON(geom)::json AS geom FROM parcel
     WHERE NOT deleted AND ST_IsValid(geom) AND ST_NumGeometries(geom) = 1 ORDER BY id LIMIT 1`,
  )
  company = await one(
    `SELECT id, credit_code, name FROM enterprise e WHERE NOT deleted AND (SELECT count(*) FROM enterprise x WHERE x.name = e.name) = 1 ORDER BY id LIMIT 1`,
  )
  const r = rng(99)
  placed = { credit_code: creditCode(r, COUNTY), name: '西湖测试位置关联有限公司' }
  const cell9 = offset(spot, 2 * 150 + 40, 1 * 150 + 40)
  await s.db.query(
    `INSERT INTO enterprise(credit_code, name, scale, status, province_code, city_code, county_code, location)
     VALUES ($1, $2, '规下', '在营', '330000', '330100', $3, ST_SetSRID(ST_MakePoint($4, $5), 4326))`,
    [placed.credit_code, placed.name, COUNTY, cell9[0], cell9[1]],
  )
})
afterAll(() => s?.close())

/** The parcel batch of the issue list: 13 rows, most of them wrong in one way. */
function parcelRows(): ParcelDraft[] {
  const d = parcels({ seed: 11, count: 13, county: COUNTY, origin: spot, cols: 4, cellM: 150 })
  const ring = (g: typeof master.geom): Position[] => (g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0][0])
  d[0].properties.信用代码 = company.credit_code
  d[1].properties.宗地代码 = '330106901001GB0001'
  d[2].properties.地块名称 = null
  d[3].properties.地类代码 = '0999'
  // a bowtie: the ring crosses itself
  const [a, b, c, e] = d[4].ring
  d[4].ring = [a, c, b, e, a]
  d[5].properties.宗地代码 = d[0].properties.宗地代码
  d[6].properties.宗地代码 = master.land_code
  d[6].properties.区县 = master.county_code
  d[6].ring = ring(master.geom)
  d[7].properties.宗地代码 = landCode(master.county_code, 2, 1, 1)
  d[7].properties.区县 = master.county_code
  d[7].ring = ring(master.geom)
  d[8].properties.用地单位 = company.name
  d[9].ring = rectangle(offset(spot, 2 * 150, 1 * 150), 100, 100)
  d[10].ring = d[10].ring.slice(0, 4)
  d[11].properties.容积率 = 35
  d[12].properties.供地日期 = '2023-02-30'
  return d
}

describe('checks of a parcel batch', () => {
  let batch: BatchView
  let rows: BatchRowView[]

  beforeAll(async () => {
    batch = await importBatch(s, clerk, { name: '西湖区地块.geojson', bytes: Buffer.from(geojsonOf(parcelRows())) }, 'parcel')
    await checkBatch(s, clerk, batch.id)
    rows = await allRows(s, clerk, batch.id)
  })

  it('finds each deliberate fault on its row and field, with the rule and a Chinese message', () => {
    expect(rows.map((r) => [r.rowNo, r.level, rulesOf(r)])).toEqual([
      [1, '正常', []],
      [2, '错误', ['parcelCode']],
      [3, '错误', ['required']],
      [4, '错误', ['code']],
      [5, '错误', ['geometryValid']],
      [6, '错误', ['duplicate']],
      [7, '警告', ['exists']],
      [8, '错误', ['overlap', 'overlap']],
      [9, '正常', []],
      [10, '正常', []],
      [11, '错误', ['geometry']],
      [12, '错误', ['range']],
      [13, '错误', ['type']],
    ])
    const msg = (n: number) => row(rows, n).issues.map((i) => `${i.field}|${i.level}|${i.message}`)
    expect(msg(2)).toEqual(['land_code|error|「宗地代码」：宗地代码应为19位'])
    expect(msg(3)).toEqual(['name|error|「地块名称」为必填项'])
    expect(msg(4)).toEqual(['land_use_code|error|「现状地类」的值「0999」不在代码表中'])
    expect(msg(5)[0]).toMatch(/^geom\|error\|「地块范围」几何无效：边界自相交（位置 \d+\.\d{6}, \d+\.\d{6}）$/)
    expect(msg(6)).toEqual([`land_code|error|「宗地代码」${row(rows, 1).record?.land_code} 与第 1 行重复`])
    expect(msg(7)).toEqual([`land_code|warning|「宗地代码」${master.land_code} 已存在（地块「${master.name}」），提交后将作为修改`])
    expect(msg(8)[0]).toMatch(
      new RegExp(
        `^geom\\|error\\|「地块范围」与已有地块「${master.name}」（${master.land_code}）重叠 [\\d.]+ 平方米，占较小地块的 100\\.0%（重叠面积同时超过 10 平方米且超过较小地块面积的 1% 时视为重叠）$`,
      ),
    )
    expect(msg(8)[1]).toMatch(/^geom\|error\|「地块范围」与本批第 7 行地块重叠 [\d.]+ 平方米，占较小地块的 100\.0%/)
    expect(msg(11)).toEqual(['geom|error|「地块范围」外环未闭合（首尾点不同）'])
    expect(msg(12)).toEqual(['plot_ratio|error|「容积率」应在 0 至 20 之间，得到 35'])
    expect(msg(13)).toEqual(['supply_date|error|「供地日期」应为日期（如 2024-03-05），得到「2023-02-30」'])
  })

  it('decides create or update against master data and places rows in their divisions', () => {
    expect(row(rows, 7)).toMatchObject({ action: 'update', targetId: master.id, countyCode: master.county_code })
    expect(row(rows, 1)).toMatchObject({ action: 'create', targetId: null, countyCode: COUNTY })
  })

  it('links enterprises to parcels by credit code, by name, by location — and says which', () => {
    expect(row(rows, 1).link).toMatchObject({ rule: 'creditCode', creditCode: company.credit_code, name: company.name })
    expect(row(rows, 9).link).toMatchObject({ rule: 'name', creditCode: company.credit_code, name: company.name })
    expect(row(rows, 9).record?.owner_credit_code).toBe(company.credit_code)
    expect(row(rows, 10).link).toMatchObject({ rule: 'location', creditCode: placed.credit_code, name: placed.name })
    expect(row(rows, 2).link).toBeNull()
  })

  it('sums the issues by level, rule and field', async () => {
    const sum = (await s.get<IssueSummary>(`/api/datacenter/sjcl/summary?id=${batch.id}`, clerk)).body.data
    expect(sum.levels).toEqual({ 正常: 3, 警告: 1, 错误: 9, 未检查: 0, 已排除: 0 })
    expect(sum.byRule.find((r) => r.rule === 'overlap')).toEqual({ rule: 'overlap', level: 'error', label: '与地块重叠', rows: 1 })
    expect(sum.byField.find((f) => f.field === 'geom')).toEqual({ field: 'geom', label: '地块范围', rows: 3 })
    const onlyErrors = await s.get<{ rows: { total: number } }>(`/api/datacenter/sjcl/issues?id=${batch.id}&level=错误&rule=overlap`, clerk)
    expect(onlyErrors.body.data.rows.total).toBe(1)
    const byField = await s.get<{ rows: { list: BatchRowView[] } }>(`/api/datacenter/sjcl/issues?id=${batch.id}&field=land_code`, clerk)
    expect(byField.body.data.rows.list.map((r) => r.rowNo)).toEqual([2, 6, 7])
  })

  it('exports the rows (every field of the standard, the check result) and the issue list as xlsx, with the list’s filters', async () => {
    const labels = DEFAULT_STANDARD.parcel.filter((f) => f.type !== 'geometry').map((f) => (f.unit ? `${f.label}（${f.unit}）` : f.label))
    const x = await readSheet(s, `/api/datacenter/sjcj/export?id=${batch.id}`, clerk)
    expect([x.status, x.type]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`西湖区地块_批次${batch.id}_数据行_`)}`)
    expect(x.rows[0]).toEqual([
      '序号',
      '要素号',
      '检查结果',
      '操作',
      ...labels,
      '地块范围',
      '关联用地单位',
      '错误',
      '警告',
      '提交编号',
      '审核状态',
    ])
    expect(x.rows.slice(1).map((r) => [r[0], r[2]])).toEqual(rows.map((r) => [r.rowNo, r.level]))
    const col = (label: string) => (x.rows[0] as string[]).indexOf(label)
    const line = (n: number) => x.rows[n] as unknown[]
    expect([line(1)[col('宗地代码')], line(1)[col('地块范围')], line(1)[col('操作')], line(1)[col('错误')]]).toEqual([
      row(rows, 1).record?.land_code,
      '有',
      '新增',
      undefined,
    ])
    expect(line(1)[col('关联用地单位')]).toBe(`${company.name}（${company.credit_code}，按统一社会信用代码）`)
    expect([line(3)[col('地块名称')], line(3)[col('错误')]]).toEqual([undefined, '[必填] 「地块名称」为必填项'])
    expect([line(7)[col('操作')], line(7)[col('警告')]]).toEqual([
      '修改已有记录',
      `[已存在（提交后为修改）] 「宗地代码」${master.land_code} 已存在（地块「${master.name}」），提交后将作为修改`,
    ])
    expect(line(8)[col('错误')]).toMatch(/^\[与地块重叠\] 「地块范围」与已有地块.*；\n\[与地块重叠\] 「地块范围」与本批第 7 行地块重叠/)
    // a value the check could not read is exported as the source gave it
    expect([line(12)[col('容积率')], line(13)[col('供地日期')], line(13)[col('错误')]]).toEqual([
      35,
      '2023-02-30',
      '[类型] 「供地日期」应为日期（如 2024-03-05），得到「2023-02-30」',
    ])
    const errorsOnly = await readSheet(s, `/api/datacenter/sjcj/export?id=${batch.id}&level=${encodeURIComponent('错误')}`, clerk)
    expect(errorsOnly.rows.slice(1).map((r) => r[0])).toEqual(rows.filter((r) => r.level === '错误').map((r) => r.rowNo))

    const issues = await readSheet(s, `/api/datacenter/sjcl/issues/export?id=${batch.id}`, clerk)
    expect(issues.status).toBe(200)
    expect(issues.disposition).toContain(encodeURIComponent('_问题清单_'))
    expect(issues.rows[0]).toEqual(['序号', '要素号', '宗地代码', '地块名称', '字段', '规则', '级别', '问题说明', '行状态'])
    expect(issues.rows.length - 1).toBe(rows.reduce((n, r) => n + r.issues.length, 0))
    expect(issues.rows.find((r) => r[0] === 12)).toEqual([
      12,
      row(rows, 12).sourceLine,
      row(rows, 12).record?.land_code,
      row(rows, 12).record?.name,
      '容积率',
      '取值范围',
      '错误',
      '「容积率」应在 0 至 20 之间，得到 35',
      '错误',
    ])
    expect(issues.rows.find((r) => r[0] === 7)?.slice(4, 7)).toEqual(['宗地代码', '已存在（提交后为修改）', '警告'])
    const geom = await readSheet(s, `/api/datacenter/sjcl/issues/export?id=${batch.id}&field=geom`, clerk)
    expect(geom.rows.slice(1).map((r) => [r[0], r[4]])).toEqual([
      [5, '地块范围'],
      [8, '地块范围'],
      [8, '地块范围'],
      [11, '地块范围'],
    ])

    // the read-only entry exports too; bad filters are named; a batch outside the scope is not revealed
    const auditor = await s.login('auditor', 'Auditor@2026')
    expect((await readSheet(s, `/api/datacenter/sjcl/issues/export?id=${batch.id}`, auditor)).rows.length).toBe(issues.rows.length)
    const bad = await s.get(`/api/datacenter/sjcj/export?id=${batch.id}&level=${encodeURIComponent('坏')}`, clerk)
    expect([bad.status, bad.body.message]).toEqual([400, '参数校验失败：level：行状态应为 正常、警告、错误、未检查 或 已排除'])
    const outside = await s.get(`/api/datacenter/sjcl/issues/export?id=${batch.id}`, countyA)
    expect([outside.status, outside.body.message]).toEqual([404, `批次 ${batch.id} 不存在或不在本账号的数据范围内`])
    const logged = await one<{ module: string; action: string; target: string }>(
      `SELECT module, action, target FROM operation_log WHERE path = '/api/datacenter/sjcj/export' AND success ORDER BY id DESC LIMIT 1`,
    )
    expect(logged).toEqual({ module: 'sjcj', action: '导出数据行', target: `批次 #${batch.id}` })
  })

  it('lets the read-only entry read the issues but not run, fix or submit', async () => {
    const auditor = await s.login('auditor', 'Auditor@2026')
    expect((await s.get(`/api/datacenter/sjcl/summary?id=${batch.id}`, auditor)).status).toBe(200)
    for (const [path, body] of [
      ['/api/datacenter/sjcl/check', { id: batch.id }],
      ['/api/datacenter/sjcl/fix', { id: batch.id, rowNo: 3, values: { name: 'x' } }],
      ['/api/datacenter/sjcl/submit', { id: batch.id }],
      ['/api/datacenter/sjcl/back', { id: batch.id, reason: 'x' }],
    ] as const) {
      const r = await s.postJson(path, body, auditor)
      expect([path, r.status, r.body.message]).toEqual([path, 403, '权限不足'])
    }
  })

  it('refuses the commit while rows have errors, naming how many', async () => {
    const r = await s.postJson('/api/datacenter/sjcl/submit', { id: batch.id }, clerk)
    expect([r.status, r.body.message]).toEqual([422, '还有 9 行存在错误：请修正，或排除这些行后再提交'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM dc_submission WHERE batch_id = $1', [batch.id])).n).toBe(0)
  })

  it('re-checks a fixed row at once; fixing the second of two duplicates clears the first', async () => {
    const fixed = await s.postJson<BatchRowView>(
      '/api/datacenter/sjcl/fix',
      { id: batch.id, rowNo: 3, values: { name: '补录名称地块' } },
      clerk,
    )
    expect(fixed.status, fixed.body.message).toBe(200)
    expect([fixed.body.data.level, fixed.body.data.issues, fixed.body.data.record?.name]).toEqual(['正常', [], '补录名称地块'])
    const code = await s.postJson<BatchRowView>(
      '/api/datacenter/sjcl/fix',
      { id: batch.id, rowNo: 2, values: { land_code: landCode(COUNTY, 1, 1, 901) } },
      clerk,
    )
    expect(code.body.data.level).toBe('正常')
    const dup = await s.postJson<BatchRowView>(
      '/api/datacenter/sjcl/fix',
      { id: batch.id, rowNo: 6, values: { land_code: landCode(COUNTY, 1, 1, 902) } },
      clerk,
    )
    expect(dup.body.data.level).toBe('正常')
    const stillBad = await s.postJson<BatchRowView>(
      '/api/datacenter/sjcl/fix',
      { id: batch.id, rowNo: 4, values: { land_use_code: '工业用地' } },
      clerk,
    )
    expect([stillBad.body.data.level, stillBad.body.data.record?.land_use_code]).toEqual(['正常', '0601'])
    const unknown = await s.postJson('/api/datacenter/sjcl/fix', { id: batch.id, rowNo: 4, values: { geom: 'x', colour: 'red' } }, clerk)
    expect([unknown.status, unknown.body.message]).toEqual([400, '不能修改的字段：geom、colour'])
  })

  it('repairs a self-intersecting shape with ST_MakeValid and re-checks it', async () => {
    const r = await s.postJson<BatchRowView>('/api/datacenter/sjcl/repairGeometry', { id: batch.id, rowNo: 5 }, clerk)
    expect(r.status, r.body.message).toBe(200)
    expect(rulesOf(r.body.data)).toEqual([])
    const again = await s.postJson('/api/datacenter/sjcl/repairGeometry', { id: batch.id, rowNo: 5 }, clerk)
    expect([again.status, again.body.message]).toEqual([422, '第 5 行没有需要修复的图形'])
  })

  it('commits all or nothing once the erroneous rows are excluded: one 待审核 submission per row, by the contract', async () => {
    const ex = await s.postJson<BatchView>('/api/datacenter/sjcl/exclude', { id: batch.id, errors: true, excluded: true }, clerk)
    expect(ex.body.data).toMatchObject({ errorRows: 0, warningRows: 1, excludedRows: 4 })
    const r = await s.postJson<{ batch: BatchView; submitted: number }>('/api/datacenter/sjcl/submit', { id: batch.id }, clerk)
    expect(r.status, r.body.message).toBe(200)
    expect(r.body.data.submitted).toBe(9)
    expect(r.body.data.batch).toMatchObject({ status: '已提交', submittedCount: 9 })
    const subs = (
      await s.db.query<{
        batch_row_no: number
        state: string
        action: string
        target_id: number | null
        kind: string
        standard_version: number
        payload: Record<string, unknown>
        before: Record<string, unknown> | null
        province_code: string
        city_code: string
        county_code: string
        created_by: number
        submitted_at: Date | null
      }>('SELECT * FROM dc_submission WHERE batch_id = $1 ORDER BY batch_row_no', [batch.id])
    ).rows
    expect(subs.map((x) => x.batch_row_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10])
    expect(new Set(subs.map((x) => `${x.state}|${x.kind}|${x.standard_version}|${x.created_by}`))).toEqual(
      new Set([`待审核|parcel|1|${clerkId}`]),
    )
    expect(subs.every((x) => x.submitted_at)).toBe(true)
    const at = (n: number) => subs.find((x) => x.batch_row_no === n) as (typeof subs)[number]
    expect(at(1)).toMatchObject({
      action: 'create',
      target_id: null,
      before: null,
      province_code: '330000',
      city_code: '330100',
      county_code: COUNTY,
    })
    expect(at(1).payload).toMatchObject({
      land_code: rows[0].record?.land_code,
      owner_credit_code: company.credit_code,
      geom: { type: 'Polygon' },
      status: rows[0].record?.status,
    })
    expect(at(3).payload.name).toBe('补录名称地块')
    expect(at(5).payload.geom).toMatchObject({ type: 'MultiPolygon' })
    expect(at(7)).toMatchObject({ action: 'update', target_id: master.id, county_code: master.county_code })
    expect(at(7).before).toMatchObject({ land_code: master.land_code, name: master.name, geom: { type: 'MultiPolygon' } })
    // the record as a form proposal would store it (the region codes the audit compares among its fields); the update's
    // payload names only what the file gives — no empty value that would blank the master's
    expect(Object.keys(at(7).before ?? {})).toEqual(
      expect.arrayContaining([...Object.keys(at(7).payload), 'province_code', 'city_code', 'town_code']),
    )
    expect(Object.entries(at(7).payload).filter(([, v]) => v === null || v === '')).toEqual([])
    expect(at(7).before).toEqual(
      (await s.get<{ values: Record<string, unknown> }>(`/api/datacenter/input/record?kind=parcel&id=${master.id}`, clerk)).body.data
        .values,
    )
    expect(at(9).payload.owner_credit_code).toBe(company.credit_code)
    expect(at(10).payload.owner_credit_code).toBe(placed.credit_code)
    // the issue list shows each row's submission and where the audit has got to
    const listed = await allRows(s, clerk, batch.id)
    expect(listed.map((x) => x.submission?.state ?? null)).toEqual([
      '待审核',
      '待审核',
      '待审核',
      '待审核',
      '待审核',
      '待审核',
      '待审核',
      null,
      '待审核',
      '待审核',
      null,
      null,
      null,
    ])
    // the exported rows say which submission each row became and where the audit has got to
    const exported = await readSheet(s, `/api/datacenter/sjcj/export?id=${batch.id}`, clerk)
    const last = exported.rows[0].length - 1
    expect(exported.rows.slice(1).map((r) => [r[0], r[2], r[last - 1] ?? null, r[last] ?? null])).toEqual(
      listed.map((x) => [x.rowNo, x.excluded ? '已排除' : x.level, x.submission?.id ?? null, x.submission?.state ?? null]),
    )
    const logged = await one<{ module: string; action: string; target: string; success: boolean }>(
      `SELECT module, action, target, success FROM operation_log WHERE path = '/api/datacenter/sjcl/submit' ORDER BY id DESC LIMIT 1`,
    )
    expect(logged).toEqual({ module: 'sjcl', action: '提交审核', target: `批次 #${batch.id}：9 条`, success: true })
    const late = await s.postJson('/api/datacenter/sjcl/fix', { id: batch.id, rowNo: 1, values: { name: 'x' } }, clerk)
    expect([late.status, late.body.message]).toEqual([422, '批次状态为「已提交」，只有「已上传」或「已检查」的批次可以修改'])
    const twice = await s.postJson('/api/datacenter/sjcl/submit', { id: batch.id }, clerk)
    expect(twice.status).toBe(422)
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM dc_submission WHERE batch_id = $1', [batch.id])).n).toBe(9)
  })

  it('flags a parcel whose code already waits for audit', async () => {
    const again = parcels({ seed: 12, count: 1, county: COUNTY, origin: offset(spot, 0, 1200), cols: 1, cellM: 150, district: 4 })
    again[0].properties.宗地代码 = rows[0].record?.land_code as string
    const b = await importBatch(s, clerk, { name: '重复提交.geojson', bytes: Buffer.from(geojsonOf(again)) }, 'parcel')
    await checkBatch(s, clerk, b.id)
    const [r] = await allRows(s, clerk, b.id)
    expect(rulesOf(r)).toEqual(['pending'])
    expect(r.issues[0].message).toMatch(
      new RegExp(`^「宗地代码」${rows[0].record?.land_code} 已有待审核的提交（#\\d+），请待审核完成后再导入$`),
    )
  })
})

describe('data scope of a county clerk', () => {
  it("flags rows outside the county, refuses to commit them, and commits the county's rows", async () => {
    const d = [
      ...parcels({ seed: 21, count: 1, county: COUNTY, origin: offset(spot, 0, 2400), cols: 1, cellM: 150, district: 5 }),
      ...parcels({ seed: 22, count: 1, county: '330108', origin: otherSpot, cols: 1, cellM: 150, startSeq: 50 }),
    ]
    d[1].properties.区县 = null
    d[1].properties.宗地代码 = landCode('330108', 1, 1, 50)
    const b = await importBatch(s, countyA, { name: '越界.geojson', bytes: Buffer.from(geojsonOf(d)) }, 'parcel')
    await checkBatch(s, countyA, b.id)
    const rows = await allRows(s, countyA, b.id)
    expect(rows.map((r) => [r.level, rulesOf(r), r.countyCode])).toEqual([
      ['正常', [], COUNTY],
      ['错误', ['scope'], '330108'],
    ])
    expect(rows[1].issues[0].message).toBe('不在本账号的数据范围（西湖区）内：所在区划为 滨江区')
    // even with the flag removed behind the check's back, the commit proves the scope again
    await s.db.query(`UPDATE dc_import_row SET issues = '[]', level = '正常' WHERE batch_id = $1 AND row_no = 2`, [b.id])
    await s.db.query(`UPDATE dc_import_batch SET error_rows = 0 WHERE id = $1`, [b.id])
    const refused = await s.postJson('/api/datacenter/sjcl/submit', { id: b.id }, countyA)
    expect([refused.status, refused.body.message]).toEqual([403, '有 1 行不在本账号的数据范围内，不能提交'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM dc_submission WHERE batch_id = $1', [b.id])).n).toBe(0)
    await s.postJson('/api/datacenter/sjcl/exclude', { id: b.id, rowNos: [2], excluded: true }, countyA)
    const ok = await s.postJson<{ submitted: number }>('/api/datacenter/sjcl/submit', { id: b.id }, countyA)
    expect([ok.status, ok.body.data.submitted]).toEqual([200, 1])
    expect((await one<{ county_code: string }>('SELECT county_code FROM dc_submission WHERE batch_id = $1', [b.id])).county_code).toBe(
      COUNTY,
    )
  })
})

describe('导出批次列表', () => {
  it("exports the batches the list shows, with its filters, inside the user's scope", async () => {
    const list = async (token: string, q: string) =>
      (
        await s.get<{ list: { id: number; name: string; status: string; rowCount: number; createdBy: string }[]; total: number }>(
          `/api/datacenter/sjcj/list?pageSize=100&${q}`,
          token,
        )
      ).body.data
    const sheet = async (token: string, q: string) => readSheet(s, `/api/datacenter/sjcj/list/export?${q}`, token)
    const all = await list(clerk, '')
    const x = await sheet(clerk, '')
    expect([x.status, x.type]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('导入批次_')}`)
    expect(x.rows[0]).toEqual([
      '批次号',
      '文件名',
      '数据类型',
      '格式',
      '坐标系',
      '行数',
      '状态',
      '错误行',
      '警告行',
      '已排除行',
      '检查时间',
      '已提交行',
      '提交时间',
      '上传人',
      '上传时间',
      '说明',
    ])
    expect(all.total).toBeGreaterThan(2)
    expect(x.rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[13]])).toEqual(
      all.list.map((b) => [b.id, b.name, b.rowCount, b.status, b.createdBy]),
    )
    // the county clerk's batch as a line: a checked, submitted GeoJSON of parcels
    const county = await sheet(countyA, `keyword=${encodeURIComponent('越界')}`)
    expect(county.rows.length).toBe(2)
    const [id, name, kind, format, crs, n, status, errors, warnings, excluded, checkedAt, submitted] = county.rows[1]
    expect([name, kind, format, crs, n, status, errors, warnings, excluded, submitted]).toEqual([
      '越界.geojson',
      '地块',
      'GeoJSON（.geojson / .json）',
      'WGS84 经纬度（EPSG:4326）',
      2,
      '已提交',
      0,
      0,
      1,
      1,
    ])
    expect(checkedAt).toBeInstanceOf(Date)
    // the county clerk exports only what their list shows: no province-wide batch of the clerk
    const countyAll = await list(countyA, '')
    expect((await sheet(countyA, '')).rows.slice(1).map((r) => r[0])).toEqual(countyAll.list.map((b) => b.id))
    expect(countyAll.list.map((b) => b.id)).toContain(id)
    expect(countyAll.total).toBeLessThan(all.total)
    // filters: mine, kind, status
    const mine = await list(clerk, 'mine=1&kind=enterprise')
    expect((await sheet(clerk, 'mine=1&kind=enterprise')).rows.slice(1).map((r) => r[0])).toEqual(mine.list.map((b) => b.id))
    expect((await sheet(clerk, `status=${encodeURIComponent('导入失败')}`)).rows.length - 1).toBe(
      (await list(clerk, `status=${encodeURIComponent('导入失败')}`)).total,
    )
    const bad = await sheet(clerk, 'status=x')
    expect(bad.status).toBe(400)
    expect(String(bad.rows[0][0])).toContain('状态不正确')
    const log = await one<{ action: string; username: string }>(
      "SELECT action, username FROM operation_log WHERE path = '/api/datacenter/sjcj/list/export' AND success ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ action: '导出批次列表', username: 'clerk' })
  })
})

describe('enterprise batch', () => {
  it('checks credit codes, phones, codes, duplicates and existing enterprises; commits the location as GeoJSON', async () => {
    const e = enterprises({ seed: 31, count: 6, county: COUNTY, center: offset(spot, 500, 3000), spreadM: 300 })
    e[1].统一社会信用代码 = breakCheckChar(e[1].统一社会信用代码 as string)
    e[2].联系电话 = '12345'
    e[3].企业规模 = '特大型'
    e[4].统一社会信用代码 = e[0].统一社会信用代码
    e[5].统一社会信用代码 = company.credit_code
    const b = await importBatch(s, clerk, { name: '企业.xlsx', bytes: await xlsxOf(e) }, 'enterprise')
    await checkBatch(s, clerk, b.id)
    const rows = await allRows(s, clerk, b.id)
    expect(rows.map((r) => [r.level, rulesOf(r)])).toEqual([
      ['正常', []],
      ['错误', ['creditCode']],
      ['错误', ['pattern']],
      ['错误', ['code']],
      ['错误', ['duplicate']],
      ['警告', ['exists']],
    ])
    expect(rows[1].issues[0].message).toBe('「统一社会信用代码」：统一社会信用代码校验位错误')
    expect(rows[2].issues[0].message).toBe('「联系电话」格式应为11位手机号或带区号的固定电话')
    await s.postJson('/api/datacenter/sjcl/exclude', { id: b.id, errors: true, excluded: true }, clerk)
    const r = await s.postJson<{ submitted: number }>('/api/datacenter/sjcl/submit', { id: b.id }, clerk)
    expect([r.status, r.body.data.submitted]).toEqual([200, 2])
    const subs = (
      await s.db.query<{ action: string; target_id: number | null; payload: Record<string, unknown> }>(
        'SELECT action, target_id, payload FROM dc_submission WHERE batch_id = $1 ORDER BY batch_row_no',
        [b.id],
      )
    ).rows
    expect(subs[0].payload).toMatchObject({
      credit_code: e[0].统一社会信用代码,
      name: e[0].企业名称,
      employees: e[0].从业人数,
      location: { type: 'Point', coordinates: [e[0].经度, e[0].纬度] },
    })
    expect(subs[1]).toMatchObject({ action: 'update', target_id: company.id })
  })
})

describe('the fix form', () => {
  it('gets the standard in force and the code lists its fields use', async () => {
    const r = await s.get<StandardFields>('/api/datacenter/sjcl/fields?kind=parcel', clerk)
    expect(r.body.data).toMatchObject({ kind: 'parcel', version: 1, fields: DEFAULT_STANDARD.parcel })
    expect(r.body.data.codeLists.parcel_status.map((i) => i.value)).toEqual(['已供未建', '在建', '已投产', '闲置', '低效', '已收回'])
    expect(r.body.data.codeLists.land_use[0]).toEqual({ value: '0601', label: '工业用地' })
    expect(Object.keys(r.body.data.codeLists).sort()).toEqual(['land_use', 'parcel_status', 'planning_use', 'supply_method'])
  })
})

describe('退回', () => {
  it('needs a reason, ends the batch and keeps the reason for its creator', async () => {
    const b = await importBatch(s, clerk, { name: '退回.csv', bytes: Buffer.from('企业名称\n甲公司\n') }, 'enterprise')
    const none = await s.postJson('/api/datacenter/sjcl/back', { id: b.id, reason: '  ' }, clerk)
    expect([none.status, none.body.details]).toEqual([400, [{ field: 'reason', message: '退回原因不能为空' }]])
    const r = await s.postJson<BatchView>(
      '/api/datacenter/sjcl/back',
      { id: b.id, reason: '缺少统一社会信用代码列，请补充后重新上传' },
      clerk,
    )
    expect(r.body.data).toMatchObject({ status: '已退回', message: '缺少统一社会信用代码列，请补充后重新上传' })
    const check = await s.postJson('/api/datacenter/sjcl/check', { id: b.id }, clerk)
    expect([check.status, check.body.message]).toEqual([422, '批次状态为「已退回」，只有「已上传」或「已检查」的批次可以修改'])
  })
})
