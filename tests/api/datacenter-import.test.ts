/**
 * 数据采集 /api/datacenter/sjcj/* (issue 7): upload a batch — xlsx, csv, a zipped GBK shapefile in
 * EPSG:4549, GeoJSON — with a real progress, preview rows and shapes, column mapping suggested and
 * remembered per template, the xlsx template from the standard; who may do what; a stopped job's
 * batch is put back and re-run.
 */
import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchMapping, BatchRows, BatchView } from '../../src/domain/contracts/datacenter-import'
import type { Page } from '../../src/domain/contracts/envelope'
import { DEFAULT_STANDARD } from '../../src/domain/datacenter/standard'
import { encodeGbk } from '../fixtures/make/gbk'
import { enterprises, geojsonOf, parcels, shapefileZipOf, xlsxOf } from '../fixtures/make/datacenter-data'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds } from './admin-helpers'
import { freeSpot, importBatch, uploadBatch, waitForJob } from './import-helpers'

let s: TestServer
let admin: string
let clerk: string
let auditor: string
let ops: string
let countyA: string
let countyB: string
/** a free spot of county 330106 (西湖区) with no demo parcel within 1.5 km */
let spot: [number, number]
const COUNTY = '330106'

const batchCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dc_import_batch')).rows[0].n

beforeAll(async () => {
  s = await startServer({ UPLOAD_MAX_MB: 3 })
  admin = await s.login('admin', 'Admin@2026')
  clerk = await s.login('clerk', 'Clerk@2026')
  auditor = await s.login('auditor', 'Auditor@2026')
  ops = await s.login('ops', 'Ops@2026')
  const role = await s.postJson<{ id: number }>('/api/role/add', { name: '区县采集员', code: 'COUNTY_IMPORT' }, admin)
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: role.body.data.id, menuIds: await menuIds(s, ['/system/data/center/sjcj', '/system/data/center/sjcl']) },
    admin,
  )
  countyA = (await makeUser(s, admin, { username: 'import_330106', regionCode: '330106', roleIds: [role.body.data.id] })).token
  countyB = (await makeUser(s, admin, { username: 'import_330108', regionCode: '330108', roleIds: [role.body.data.id] })).token
  spot = await freeSpot(s, COUNTY)
})
afterAll(() => s?.close())

describe('upload → staged rows with progress', () => {
  it('stages an enterprise xlsx: progress to 100, rows as read, the mapping suggested from the column names', async () => {
    const rows = enterprises({ seed: 1, count: 25, county: COUNTY, center: spot, spreadM: 800 })
    const up = await uploadBatch(s, clerk, { name: '西湖区企业台账.xlsx', bytes: await xlsxOf(rows) }, 'enterprise')
    expect(up.status, up.body.message).toBe(200)
    expect(up.body.data).toMatchObject({
      kind: 'enterprise',
      format: 'xlsx',
      status: '导入中',
      name: '西湖区企业台账.xlsx',
      createdBy: 'clerk',
    })
    const { last, seen } = await waitForJob(s, clerk, up.body.data.id)
    expect(last).toMatchObject({ status: '已上传', progress: 100, rowCount: 25 })
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1])).toBe(true)

    const preview = await s.get<BatchRows>(`/api/datacenter/sjcj/preview?id=${up.body.data.id}&pageSize=10`, clerk)
    expect(preview.body.data.rows.total).toBe(25)
    expect(preview.body.data.headers).toEqual(Object.keys(rows[0]))
    expect(preview.body.data.rows.list[0]).toMatchObject({
      rowNo: 1,
      sourceLine: 2,
      level: '',
      hasGeometry: true,
      source: { 企业名称: rows[0].企业名称, 从业人数: rows[0].从业人数 },
    })

    const m = await s.get<BatchMapping>(`/api/datacenter/sjcj/mapping?id=${up.body.data.id}`, clerk)
    expect(m.body.data.source).toBe('auto')
    expect(m.body.data.mapping).toEqual({
      credit_code: '统一社会信用代码',
      name: '企业名称',
      industry_code: '行业代码',
      scale: '企业规模',
      status: '经营状态',
      legal_person: '法定代表人',
      established_date: '成立日期',
      registered_capital: '注册资本（万元）',
      employees: '从业人数',
      contact_person: '联系人',
      contact_phone: '联系电话',
      address: '注册地址',
      county_code: '区县代码',
      __lng: '经度',
      __lat: '纬度',
    })
    expect(m.body.data.samples).toHaveLength(5)

    const shapes = await s.get<{
      features: { geometry: { type: string; coordinates: number[] }; properties: { rowNo: number } }[]
      bbox: number[]
      total: number
    }>(`/api/datacenter/sjcj/shapes?id=${up.body.data.id}`, clerk)
    expect(shapes.body.data.total).toBe(25)
    expect(shapes.body.data.features[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [rows[0].经度, rows[0].纬度] },
      properties: { rowNo: 1 },
    })
    expect(shapes.body.data.bbox[0]).toBeLessThanOrEqual(spot[0])
  })

  it('remembers a saved mapping for files with the same columns (template = kind + header signature)', async () => {
    const rows = enterprises({ seed: 2, count: 3, county: COUNTY, center: spot, spreadM: 500 }).map((r) => ({
      信用代码: r.统一社会信用代码,
      单位: r.企业名称,
      规模: r.企业规模,
      状态: r.经营状态,
      备用: 'x',
    }))
    const first = await importBatch(s, clerk, { name: 'a.xlsx', bytes: await xlsxOf(rows) }, 'enterprise')
    const suggested = (await s.get<BatchMapping>(`/api/datacenter/sjcj/mapping?id=${first.id}`, clerk)).body.data
    expect(suggested.mapping).toEqual({ credit_code: '信用代码', scale: '规模', status: '状态' })
    const bad = await s.postJson(
      '/api/datacenter/sjcj/model/save',
      { id: first.id, mapping: { name: '不存在的列', colour: '单位' } },
      clerk,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('「企业名称」映射的列「不存在的列」不在源文件中；「colour」不是可映射的字段')
    const saved = await s.postJson<BatchView>(
      '/api/datacenter/sjcj/model/save',
      { id: first.id, mapping: { ...suggested.mapping, name: '单位' } },
      clerk,
    )
    expect(saved.status, saved.body.message).toBe(200)
    const second = await importBatch(s, clerk, { name: 'b.xlsx', bytes: await xlsxOf(rows.slice(0, 1)) }, 'enterprise')
    const m = (await s.get<BatchMapping>(`/api/datacenter/sjcj/mapping?id=${second.id}`, clerk)).body.data
    expect([m.source, m.mapping]).toEqual(['template', { credit_code: '信用代码', scale: '规模', status: '状态', name: '单位' }])
  })

  it('stages a zipped GBK shapefile in EPSG:4549: Chinese attributes decoded, shapes in lon/lat', async () => {
    const drafts = parcels({ seed: 3, count: 12, county: COUNTY, origin: spot, cols: 4, cellM: 120 })
    const b = await importBatch(s, clerk, { name: '地块.zip', bytes: shapefileZipOf(drafts) }, 'parcel')
    expect(b).toMatchObject({ format: 'shapefile', sourceCrs: '4549', rowCount: 12 })
    const rows = (await s.get<BatchRows>(`/api/datacenter/sjcj/preview?id=${b.id}&pageSize=50`, clerk)).body.data
    expect(rows.rows.list.map((r) => r.source.地块名称)).toEqual(drafts.map((d) => d.properties.地块名称))
    expect(rows.rows.list[0].source.宗地代码).toBe(drafts[0].properties.宗地代码)
    const shapes = (
      await s.get<{ features: { geometry: { coordinates: number[][][] } }[] }>(`/api/datacenter/sjcj/shapes?id=${b.id}`, clerk)
    ).body.data
    const ring = shapes.features[0].geometry.coordinates[0]
    for (const corner of drafts[0].ring)
      expect(ring.some((p) => Math.abs(p[0] - corner[0]) < 1e-7 && Math.abs(p[1] - corner[1]) < 1e-7)).toBe(true)
    const m = (await s.get<BatchMapping>(`/api/datacenter/sjcj/mapping?id=${b.id}`, clerk)).body.data.mapping
    expect(m).toMatchObject({
      land_code: '宗地代码',
      name: '地块名称',
      land_use_code: '地类代码',
      planning_use_code: '规划用途',
      location_desc: '坐落',
      status: '地块状态',
      plot_ratio: '容积率',
      owner_credit_code: '信用代码',
      __owner_name: '用地单位',
      county_code: '区县',
    })
  })

  it('stages GeoJSON and a GBK CSV', async () => {
    const drafts = parcels({ seed: 4, count: 5, county: COUNTY, origin: spot, cols: 5, cellM: 100 })
    const g = await importBatch(s, clerk, { name: 'parcels.geojson', bytes: Buffer.from(geojsonOf(drafts)) }, 'parcel')
    expect(g).toMatchObject({ format: 'geojson', sourceCrs: '4326', rowCount: 5 })
    const csv = '企业名称,统一社会信用代码,经度,纬度\r\n杭州西湖示范机械有限公司,91330106MA2B0K8Q1X,120.1,30.25\r\n'
    const c = await importBatch(s, clerk, { name: '企业.csv', bytes: encodeGbk(csv) }, 'enterprise')
    expect(c).toMatchObject({ format: 'csv', rowCount: 1 })
    const rows = (await s.get<BatchRows>(`/api/datacenter/sjcj/preview?id=${c.id}`, clerk)).body.data.rows.list
    expect(rows[0].source).toEqual({
      企业名称: '杭州西湖示范机械有限公司',
      统一社会信用代码: '91330106MA2B0K8Q1X',
      经度: '120.1',
      纬度: '30.25',
    })
  })

  it('collects a batch from a file uploaded through /api/base/file/upload', async () => {
    const form = new FormData()
    form.append(
      'file',
      new Blob([new Uint8Array(await xlsxOf(enterprises({ seed: 5, count: 2, county: COUNTY, center: spot, spreadM: 100 })))]),
      '收集.xlsx',
    )
    const f = await s.call<{ id: number }>('/api/base/file/upload', { method: 'POST', body: form }, clerk)
    const r = await s.postJson<BatchView>('/api/datacenter/sjcj/collect', { fileId: f.body.data.id, kind: 'enterprise' }, clerk)
    expect(r.status, r.body.message).toBe(200)
    expect((await waitForJob(s, clerk, r.body.data.id)).last).toMatchObject({ status: '已上传', rowCount: 2 })
    const foreign = await s.postJson('/api/datacenter/sjcj/collect', { fileId: f.body.data.id, kind: 'enterprise' }, countyA)
    expect(foreign.status).toBe(404)
    const fileDelete = await s.postJson('/api/base/file/delete', { id: f.body.data.id }, clerk)
    expect([fileDelete.status, fileDelete.body.message]).toEqual([422, `该文件是导入批次 #${r.body.data.id} 的源文件，不能删除`])
  })
})

describe('bad input: a Chinese message at once, no batch, no file', () => {
  const stored = () =>
    fs.existsSync(path.join(s.uploadDir, 'files'))
      ? (fs.readdirSync(path.join(s.uploadDir, 'files'), { recursive: true }) as string[]).filter((f) =>
          fs.statSync(path.join(s.uploadDir, 'files', f)).isFile(),
        ).length
      : 0

  it.each([
    [
      'a .shp without .dbf',
      () => ({
        name: 'x.zip',
        bytes: shapefileZipOf(parcels({ seed: 6, count: 2, county: COUNTY, origin: [120.1, 30.2], cols: 2, cellM: 100 }), 'x', {
          omit: ['.dbf'],
        }),
      }),
      400,
      '缺少属性表 x.dbf',
    ],
    [
      'a shapefile without .prj',
      () => ({
        name: 'x.zip',
        bytes: shapefileZipOf(parcels({ seed: 6, count: 2, county: COUNTY, origin: [120.1, 30.2], cols: 2, cellM: 100 }), 'x', {
          omit: ['.prj'],
        }),
      }),
      400,
      '缺少坐标系文件 x.prj',
    ],
    ['HTML named .xlsx', () => ({ name: 'x.xlsx', bytes: Buffer.from('<html><body onload=alert(1)>') }), 415, 'HTML/SVG/XML'],
    [
      'an old .xls',
      () => ({ name: 'x.xls', bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]) }),
      415,
      '不支持的文件类型「.xls」',
    ],
    ['a PDF', () => ({ name: 'x.pdf', bytes: Buffer.from('%PDF-1.4') }), 415, '不支持的文件类型「.pdf」'],
    ['a CSV with only blank lines', () => ({ name: 'x.csv', bytes: Buffer.from('\r\n\r\n') }), 400, 'CSV 文件是空的'],
    [
      'GeoJSON that is not a collection',
      () => ({ name: 'x.geojson', bytes: Buffer.from('{"type":"Point","coordinates":[1,2]}') }),
      400,
      'GeoJSON 应为 FeatureCollection',
    ],
  ])('%s', async (_what, file, status, words) => {
    const before = [await batchCount(), stored()]
    const t0 = Date.now()
    const r = await uploadBatch(s, clerk, file(), 'parcel')
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(r.status).toBe(status)
    expect(r.body.message).toContain(words)
    expect([await batchCount(), stored()]).toEqual(before)
  })

  it('refuses a file over UPLOAD_MAX_MB and a wrong kind, naming the field', async () => {
    const big = await uploadBatch(s, clerk, { name: 'big.csv', bytes: Buffer.alloc(3 * 1024 * 1024 + 1, 0x61) }, 'enterprise')
    expect([big.status, big.body.message]).toEqual([413, '文件超过大小上限 3 MB'])
    const kind = await uploadBatch(s, clerk, { name: 'a.csv', bytes: Buffer.from('a\n1\n') }, 'building' as never)
    expect(kind.status).toBe(400)
    expect(kind.body.details?.[0]).toEqual({ field: 'kind', message: '数据类型应为 parcel（地块）或 enterprise（企业）' })
  })
})

describe('template', () => {
  it('is an xlsx from the standard: labels as the header row, a sheet of rules, the code tables', async () => {
    const res = await fetch(`${s.base}/api/datacenter/sjcj/template?kind=parcel`, { headers: { Authorization: `Bearer ${clerk}` } })
    expect(res.status).toBe(200)
    expect(decodeURIComponent(res.headers.get('content-disposition')?.split("UTF-8''")[1] ?? '')).toBe('地块导入模板（标准第1版）.xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    expect(wb.worksheets.map((w) => w.name)).toEqual(['地块数据', '填写说明', '代码表'])
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1)
    const labels = DEFAULT_STANDARD.parcel.filter((f) => f.type !== 'geometry').map((f) => f.label)
    expect(header).toEqual([...labels, '用地单位名称（用于关联企业）', '图形（WKT 或 GeoJSON 文本）'])
    const help = wb.worksheets[1]
    const landCodeRow = help.getRows(1, 40)?.find((r) => r.getCell(1).value === '宗地代码')
    expect(landCodeRow?.getCell(4).value).toBe('是')
    expect(String(landCodeRow?.getCell(6).value)).toContain('19位')
    const codes = wb.worksheets[2]
    expect(codes.getRow(1).values).toContain('现状地类（land_use）')

    // a filled template maps every column by itself
    wb.worksheets[0].addRow(['330106901001GB00001', '模板测试地块', '0601', null, COUNTY, null, '已投产'])
    const filled = await importBatch(s, clerk, { name: '模板.xlsx', bytes: Buffer.from(await wb.xlsx.writeBuffer()) }, 'parcel')
    const m = (await s.get<BatchMapping>(`/api/datacenter/sjcj/mapping?id=${filled.id}`, clerk)).body.data.mapping
    expect(Object.keys(m).sort()).toEqual(
      [...DEFAULT_STANDARD.parcel.filter((f) => f.type !== 'geometry').map((f) => f.name), '__owner_name', '__wkt'].sort(),
    )
  })
})

describe('who may do what', () => {
  it('follows the page grants of each demo role (read: any data-centre entry; write: /system sjcj or sjcl)', async () => {
    const tokens: Record<string, string> = {
      admin,
      clerk,
      auditor,
      ops,
      leader: await s.login('leader', 'Leader@2026'),
      land: await s.login('land', 'Land@2026'),
    }
    const csv = { name: 'm.csv', bytes: Buffer.from('企业名称\n矩阵测试公司\n') }
    // [who, list, upload (sjcj write), check (sjcl write)]
    const matrix = [
      ['admin', 200, 200, 200],
      ['clerk', 200, 200, 200],
      ['auditor', 200, 403, 403],
      ['leader', 403, 403, 403],
      ['land', 403, 403, 403],
      ['ops', 403, 403, 403],
    ] as const
    const own = await importBatch(s, admin, csv, 'enterprise')
    for (const [who, list, up, check] of matrix) {
      const t = tokens[who]
      const l = (await s.get('/api/datacenter/sjcj/list', t)).status
      const u = await uploadBatch(s, t, csv, 'enterprise')
      if (u.status === 200) await waitForJob(s, t, u.body.data.id)
      const c = (await s.postJson('/api/datacenter/sjcl/check', { id: own.id }, t)).status
      if (c === 200) await waitForJob(s, t, own.id)
      expect([who, l, u.status, c]).toEqual([who, list, up, check])
    }
  })

  it('the read-only warehouse entry (auditor) reads but cannot upload; ops cannot even list', async () => {
    expect((await s.get<Page<BatchView>>('/api/datacenter/sjcj/list', auditor)).status).toBe(200)
    const up = await uploadBatch(s, auditor, { name: 'a.csv', bytes: Buffer.from('a\n1\n') }, 'enterprise')
    expect([up.status, up.body.message]).toEqual([403, '权限不足'])
    expect((await s.get('/api/datacenter/sjcj/list', ops)).status).toBe(403)
    expect((await s.get('/api/datacenter/sjcj/list', '')).status).toBe(401)
  })

  it('a county sees its own batches and the province above sees them; a neighbouring county gets 404', async () => {
    const mine = await importBatch(s, countyA, { name: '西湖.csv', bytes: Buffer.from('企业名称\n甲\n') }, 'enterprise')
    const listA = (await s.get<Page<BatchView>>('/api/datacenter/sjcj/list?pageSize=100', countyA)).body.data
    expect(listA.list.map((b) => b.id)).toEqual([mine.id])
    const listB = (await s.get<Page<BatchView>>('/api/datacenter/sjcj/list?pageSize=100', countyB)).body.data
    expect(listB.total).toBe(0)
    expect((await s.get(`/api/datacenter/sjcj/preview?id=${mine.id}`, countyB)).status).toBe(404)
    const province = (await s.get<Page<BatchView>>('/api/datacenter/sjcj/list?pageSize=100&kind=enterprise', clerk)).body.data
    expect(province.list.some((b) => b.id === mine.id)).toBe(true)
    const onlyMine = (await s.get<Page<BatchView>>('/api/datacenter/sjcj/list?pageSize=100&mine=1', clerk)).body.data
    expect(onlyMine.list.every((b) => b.createdBy === 'clerk')).toBe(true)
    const filtered = (await s.get<Page<BatchView>>(`/api/datacenter/sjcj/list?keyword=${encodeURIComponent('西湖')}&status=已上传`, clerk))
      .body.data
    expect(filtered.list.map((b) => b.name)).toEqual(expect.arrayContaining(['西湖.csv', '西湖区企业台账.xlsx']))
  })

  it('deletes a batch that was not submitted, and with it the file uploaded for it (row and bytes)', async () => {
    const b = await importBatch(s, clerk, { name: '删.csv', bytes: Buffer.from('企业名称\n乙删除测试\n') }, 'enterprise')
    const sha = (await s.db.query<{ sha256: string }>('SELECT sha256 FROM upload_file WHERE id = $1', [b.fileId])).rows[0].sha256
    const stored = path.join(s.uploadDir, 'files', sha.slice(0, 2), sha)
    expect(fs.existsSync(stored)).toBe(true)
    expect((await s.postJson('/api/datacenter/sjcj/delete', { id: b.id }, countyA)).status).toBe(404)
    expect((await s.postJson('/api/datacenter/sjcj/delete', { id: b.id }, clerk)).status).toBe(200)
    expect((await s.db.query('SELECT 1 FROM dc_import_row WHERE batch_id = $1', [b.id])).rows).toHaveLength(0)
    expect((await s.db.query('SELECT 1 FROM upload_file WHERE id = $1', [b.fileId])).rows).toHaveLength(0)
    expect(fs.existsSync(stored)).toBe(false)
    expect((await s.postJson('/api/base/file/delete', { id: b.fileId }, clerk)).status).toBe(404)
  })

  it('keeps the uploaded file while another batch still reads it, and removes it with the last one', async () => {
    const bytes = Buffer.from('企业名称\n丙共用文件\n')
    const first = await importBatch(s, clerk, { name: '共用.csv', bytes }, 'enterprise')
    const again = await s.postJson<BatchView>(
      '/api/datacenter/sjcj/collect',
      { fileId: first.fileId, kind: 'enterprise', crs: 'auto' },
      clerk,
    )
    expect(again.status, again.body.message).toBe(200)
    await waitForJob(s, clerk, again.body.data.id)
    expect((await s.postJson('/api/datacenter/sjcj/delete', { id: first.id }, clerk)).status).toBe(200)
    expect((await s.db.query('SELECT 1 FROM upload_file WHERE id = $1', [first.fileId])).rows).toHaveLength(1)
    expect((await s.postJson('/api/datacenter/sjcj/delete', { id: again.body.data.id }, clerk)).status).toBe(200)
    expect((await s.db.query('SELECT 1 FROM upload_file WHERE id = $1', [first.fileId])).rows).toHaveLength(0)
  })
})

describe('a stopped job', () => {
  it('an import found in 导入中 with no job is taken over and continued after the rows already in, each row once', async () => {
    const b = await importBatch(
      s,
      clerk,
      { name: '中断.xlsx', bytes: await xlsxOf(enterprises({ seed: 7, count: 40, county: COUNTY, center: spot, spreadM: 500 })) },
      'enterprise',
    )
    const whole = await s.db.query<{ row_no: number; source: unknown }>(
      'SELECT row_no, source FROM dc_import_row WHERE batch_id = $1 ORDER BY row_no',
      [b.id],
    )
    // what a process killed mid-import leaves behind: the batch in 导入中, held by a silent process, with part of its rows
    await s.db.query(
      `UPDATE dc_import_batch SET status = '导入中', progress = 40, claimed_by = 'gone:1:dead', heartbeat_at = now() - interval '10 minutes' WHERE id = $1`,
      [b.id],
    )
    await s.db.query('DELETE FROM dc_import_row WHERE batch_id = $1 AND row_no > 17', [b.id])
    const kept = (await s.db.query<{ x: string }>('SELECT xmin::text AS x FROM dc_import_row WHERE batch_id = $1 AND row_no = 17', [b.id]))
      .rows[0].x
    expect((await waitForJob(s, clerk, b.id)).last).toMatchObject({ status: '已上传', rowCount: 40 })
    const after = await s.db.query<{ row_no: number; source: unknown }>(
      'SELECT row_no, source FROM dc_import_row WHERE batch_id = $1 ORDER BY row_no',
      [b.id],
    )
    expect(after.rows).toEqual(whole.rows)
    const batch = await s.db.query<{ claimed_by: string | null; takeovers: number; x: string }>(
      `SELECT b.claimed_by, b.takeovers, (SELECT xmin::text FROM dc_import_row WHERE batch_id = b.id AND row_no = 17) AS x FROM dc_import_batch b WHERE b.id = $1`,
      [b.id],
    )
    expect(batch.rows[0]).toEqual({ claimed_by: null, takeovers: 1, x: kept })
    const twice = await s.postJson('/api/datacenter/sjcj/reimport', { id: b.id }, clerk)
    expect([twice.status, twice.body.message]).toEqual([422, '批次状态为「已上传」，只有「导入失败」或「已中断」的批次可以重新导入'])
  })

  it('a check found in 检查中 with no job goes back to 已上传 with its partial results cleared', async () => {
    const b = await importBatch(s, clerk, { name: '检查中断.csv', bytes: Buffer.from('企业名称\n丙\n丁\n') }, 'enterprise')
    await s.db.query(`UPDATE dc_import_batch SET status = '检查中', heartbeat_at = now() - interval '10 minutes' WHERE id = $1`, [b.id])
    await s.db.query(`UPDATE dc_import_row SET level = '错误', issues = '[{"rule":"x"}]' WHERE batch_id = $1 AND row_no = 1`, [b.id])
    const p = await s.get<{ status: string }>(`/api/datacenter/sjcj/progress?id=${b.id}`, clerk)
    expect(p.body.data.status).toBe('已上传')
    expect(
      (await s.db.query(`SELECT 1 FROM dc_import_row WHERE batch_id = $1 AND (level <> '' OR issues <> '[]')`, [b.id])).rows,
    ).toHaveLength(0)
  })
})
