/**
 * Uploads that cannot take the server down (issue 18 finding 1): a small archive whose .dbf header
 * declares 99 000 000 records is refused from its header — 413 in Chinese, quickly, without the
 * server's heap growing, and with nothing kept (no file, no batch); and while a large honest layer
 * is parsed (in a worker thread), other requests are answered as if nothing were running.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declaredRecordsZip, pointLayerZip } from '../fixtures/make/hostile-shapefile'
import { startServer, type TestServer } from './harness'
import { parserWarm, uploadBatch } from './import-helpers'

let s: TestServer
let clerk: string
const storeFiles = () => {
  const root = path.join(s.uploadDir, 'files')
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : []
}
const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n
const kept = async () => ({ batches: await count('dc_import_batch'), files: await count('upload_file'), stored: storeFiles().length })

beforeAll(async () => {
  s = await startServer({ UPLOAD_MAX_MB: 50 })
  clerk = await s.login('clerk', 'Clerk@2026')
  await parserWarm(s)
})
afterAll(() => s?.close())

describe('a shapefile whose header declares 99 000 000 records', () => {
  it('is refused from the header with 413 in Chinese, quickly, the heap unchanged, nothing kept', async () => {
    const zip = declaredRecordsZip(99_000_000)
    expect(zip.length).toBeLessThan(4096)
    const before = await kept()
    global.gc?.()
    const heap0 = process.memoryUsage().heapUsed
    const t0 = performance.now()
    const r = await uploadBatch(s, clerk, { name: 'huge.zip', bytes: zip }, 'parcel')
    const ms = performance.now() - t0
    expect(r.status).toBe(413)
    expect(r.body.message).toBe('属性表 huge.dbf 声明的记录有 99000000 条，超过单批上限 200000 条，请拆分后分批导入')
    expect(r.body.details).toEqual([{ field: 'file', message: r.body.message }])
    // the old reader built every declared record before the limit: 99 million objects are gigabytes
    expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(64 * 1024 * 1024)
    expect(ms).toBeLessThan(10_000)
    console.info(`[import-bounds] ${s.engine}: 99 000 000 declared records refused in ${Math.round(ms)} ms`)
    expect(await kept()).toEqual(before)
    expect((await s.get('/api/health')).status).toBe(200)
  })

  it('a header that declares more than the table holds is 422 (under the limit, but a lie)', async () => {
    const before = await kept()
    const r = await uploadBatch(s, clerk, { name: 'liar.zip', bytes: declaredRecordsZip(150_000) }, 'parcel')
    expect(r.status).toBe(422)
    expect(r.body.message).toMatch(/^属性表 huge\.dbf 声明有 150000 条记录（每条 49 字节），而文件只有 \d+ 字节：文件已损坏或被篡改$/)
    expect(await kept()).toEqual(before)
  })
})

describe('a long parse', () => {
  it('runs beside other requests: a GET is answered promptly while a large layer is parsed', async () => {
    const zip = pointLayerZip(190_000)
    const list = () => s.get('/api/datacenter/sjcj/list?pageSize=5', clerk)
    // the GET's own time with nothing else running
    const idle: number[] = []
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      expect((await list()).status).toBe(200)
      idle.push(performance.now() - t)
    }
    let uploading = true
    const t0 = performance.now()
    const upload = uploadBatch(s, clerk, { name: '大图层.zip', bytes: zip }, 'parcel').finally(() => (uploading = false))
    const during: number[] = []
    while (uploading) {
      const t = performance.now()
      expect((await list()).status).toBe(200)
      if (uploading) during.push(performance.now() - t)
      await new Promise((res) => setTimeout(res, 20))
    }
    const r = await upload
    const uploadMs = performance.now() - t0
    expect(r.status, r.body.message).toBe(200)
    const slowest = Math.max(...during)
    console.info(
      `[import-bounds] ${s.engine}: upload+parse ${Math.round(uploadMs)} ms; ${during.length} GETs meanwhile, slowest ${Math.round(slowest)} ms (idle ${Math.round(Math.max(...idle))} ms)`,
    )
    // answered all along: several GETs completed during the parse, none waited for a large part of it
    expect(during.length).toBeGreaterThanOrEqual(5)
    expect(slowest).toBeLessThan(uploadMs / 4)
  })
})
