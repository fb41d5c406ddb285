/**
 * Bad input to 数据采集 (issue 7, each a test): a zip bomb, an entry path escaping the folder, a
 * symlink, a .shp without .dbf, a file over the configured limit, a disguised HTML/SVG, garbage
 * bytes — each refused with a clear Chinese message within 2 s; an xlsx with 100 000 rows is
 * accepted and streamed. Nothing is written outside the upload folder, and the server stays up.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchRows } from '../../src/domain/contracts/datacenter-import'
import { buildZip } from '../fixtures/make/zip-writer'
import { parcels, shapefileZipOf } from '../fixtures/make/datacenter-data'
import { startServer, type TestServer } from './harness'
import { parserWarm, uploadBatch, waitForJob } from './import-helpers'

let s: TestServer
let clerk: string
/** the system temp folder of this test process, private and empty: whatever lands here was written outside the upload folder */
const privateTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-tmpdir-'))
const savedTmp = process.env.TMPDIR
const files = (root: string) =>
  fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : []
const batches = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dc_import_batch')).rows[0].n

beforeAll(async () => {
  s = await startServer({ UPLOAD_MAX_MB: 8 })
  clerk = await s.login('clerk', 'Clerk@2026')
  await parserWarm(s)
  process.env.TMPDIR = privateTmp
})
afterAll(async () => {
  process.env.TMPDIR = savedTmp
  await s?.close()
  fs.rmSync(privateTmp, { recursive: true, force: true })
})

const shp = () => shapefileZipOf(parcels({ seed: 1, count: 3, county: '330106', origin: [120.05, 30.25], cols: 3, cellM: 100 }), 'layer')

describe('refused at once, nothing kept', () => {
  it.each([
    ['a zip bomb', 'bomb.zip', () => buildZip([{ name: 'layer.shp', data: new Uint8Array(100 * 1024 * 1024) }]), 400, '疑似压缩炸弹'],
    [
      'a zip bomb that lies about its size',
      'liar.xlsx',
      () =>
        buildZip([
          { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships/>') },
          { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
          { name: 'xl/sharedStrings.xml', data: new Uint8Array(100 * 1024 * 1024), declaredSize: 100 },
        ]),
      400,
      '疑似压缩炸弹',
    ],
    [
      'an entry path escaping the folder',
      'escape.zip',
      () => buildZip([{ name: '../../../tmp/evil.shp', data: Buffer.from('x') }]),
      400,
      '试图跳出所在文件夹（..），已拒绝',
    ],
    [
      'an absolute entry path',
      'abs.zip',
      () => buildZip([{ name: '/etc/cron.d/evil.shp', data: Buffer.from('x') }]),
      400,
      '是绝对路径，已拒绝',
    ],
    [
      'a symlink entry',
      'link.zip',
      () => buildZip([{ name: 'layer.shp', data: Buffer.from('/etc/passwd'), method: 0, unixMode: 0o120777 }]),
      400,
      '是符号链接，已拒绝',
    ],
    [
      'a .shp without .dbf',
      'nodbf.zip',
      () =>
        buildZip([
          { name: 'layer.shp', data: shapefilePart('.shp') },
          { name: 'layer.shx', data: shapefilePart('.shx') },
          { name: 'layer.prj', data: shapefilePart('.prj') },
        ]),
      400,
      '缺少属性表 layer.dbf',
    ],
    ['a file over the configured limit', 'big.csv', () => Buffer.alloc(8 * 1024 * 1024 + 1, 0x61), 413, '文件超过大小上限 8 MB'],
    [
      'HTML disguised as .xlsx',
      'sheet.xlsx',
      () => Buffer.from('<!DOCTYPE html><html><script>fetch("/api")</script></html>'),
      415,
      'HTML/SVG/XML 标记',
    ],
    [
      'SVG disguised as .csv',
      'data.csv',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      'HTML/SVG/XML 标记',
    ],
    [
      'garbage bytes named .zip',
      'junk.zip',
      () => Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 251)),
      415,
      '无法识别的文件内容',
    ],
    [
      'garbage after a ZIP signature',
      'broken.zip',
      () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(3000, 7)]),
      400,
      '压缩包已损坏或不是 ZIP 格式',
    ],
  ])('%s', async (_what, name, make, status, words) => {
    const bytes = make()
    const before = { batches: await batches(), files: files(path.join(s.uploadDir, 'files')).length }
    const t0 = Date.now()
    const r = await uploadBatch(s, clerk, { name, bytes }, 'parcel')
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(r.status).toBe(status)
    expect(r.body.message).toContain(words)
    expect({ batches: await batches(), files: files(path.join(s.uploadDir, 'files')).length }).toEqual(before)
    expect((await s.get('/api/health')).status).toBe(200)
  })
})

/** One part of a valid layer, for the archive that lacks its .dbf. */
function shapefilePart(ext: string): Buffer {
  const zip = shp()
  // the writer's archive lists its parts in order shp, shx, dbf, prj, cpg
  const order = ['.shp', '.shx', '.dbf', '.prj', '.cpg']
  return readStoredEntries(zip)[order.indexOf(ext)]
}

/** The entries of an archive made by the fixture writer, inflated. */
function readStoredEntries(zip: Buffer): Buffer[] {
  const out: Buffer[] = []
  let p = 0
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const method = zip.readUInt16LE(p + 8)
    const size = zip.readUInt32LE(p + 18)
    const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28)
    const body = zip.subarray(start, start + size)
    out.push(method === 8 ? zlib.inflateRawSync(body) : body)
    p = start + size
  }
  return out
}

describe('a 100 000-row xlsx', () => {
  it('is accepted at once and streamed into the batch, row by row', async () => {
    const file = path.join(s.uploadDir, '..', `big-${process.pid}.xlsx`)
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true })
    const ws = wb.addWorksheet('企业')
    ws.addRow(['企业名称', '统一社会信用代码', '从业人数']).commit()
    for (let i = 1; i <= 100_000; i++) ws.addRow([`企业${i}`, null, i % 1000]).commit()
    ws.commit()
    await wb.commit()
    const bytes = fs.readFileSync(file)
    fs.rmSync(file)
    const t0 = Date.now()
    const up = await uploadBatch(s, clerk, { name: '十万行.xlsx', bytes }, 'enterprise')
    expect(Date.now() - t0).toBeLessThan(2000)
    expect([up.status, up.body.data.status]).toEqual([200, '导入中'])
    const { last, seen } = await waitForJob(s, clerk, up.body.data.id, 280_000)
    expect(last).toMatchObject({ status: '已上传', rowCount: 100_000 })
    expect(new Set(seen).size).toBeGreaterThan(3)
    const page = await s.get<BatchRows>(`/api/datacenter/sjcj/preview?id=${up.body.data.id}&page=200&pageSize=500`, clerk)
    expect(page.body.data.rows.list.at(-1)).toMatchObject({
      rowNo: 100_000,
      sourceLine: 100_001,
      source: { 企业名称: '企业100000', 统一社会信用代码: null, 从业人数: 0 },
    })
  }, 300_000)
})

describe('afterwards', () => {
  it('nothing was written outside the upload folder, and only content-named files inside it', () => {
    // (tsx's compile cache of the parse worker's own modules is code, not upload content)
    expect(files(privateTmp).filter((f) => !f.startsWith('tsx-'))).toEqual([])
    for (const f of files(path.join(s.uploadDir, 'files'))) expect(f).toMatch(/^[0-9a-f]{2}[\\/][0-9a-f]{64}$/)
  })
})
