/**
 * The import parse in a worker thread (issue 18): the same rows as the in-process readers, the
 * header checks before any body is read, and the bounds that keep a hostile file from the server —
 * a time budget (past it the worker is ended and the answer is 422) and a heap cap (past it the
 * worker dies of it, the server does not: 413).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openShapefile } from '../../../../src/server/modules/datacenter-import/source/shapefile'
import { SourceError, type SourceReader, type SourceRow } from '../../../../src/server/modules/datacenter-import/source/types'
import { openSourceInWorker, ParsePool } from '../../../../src/server/modules/datacenter-import/source/worker-reader'
import { declaredRecordsZip, pointLayerZip } from '../../../fixtures/make/hostile-shapefile'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-parse-worker-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
let n = 0
const tmp = (bytes: Uint8Array | string) => {
  const f = path.join(dir, `f${n++}`)
  fs.writeFileSync(f, bytes)
  return f
}
async function all(r: SourceReader): Promise<SourceRow[]> {
  const out: SourceRow[] = []
  for await (const row of r.rows()) out.push(row)
  await r.close()
  return out
}
const BUDGET = { openMs: 60_000, chunkMs: 60_000, heapMb: 1024 }

describe('openSourceInWorker', () => {
  it('gives the rows the in-process reader gives, in chunks, with the progress reaching 1', async () => {
    const file = tmp(pointLayerZip(1_234))
    const here = await all(await openShapefile(file, 'auto'))
    const reader = await openSourceInWorker(file, 'zip', 'auto', BUDGET)
    expect([reader.format, reader.crs, reader.headers]).toEqual(['shapefile', '4490', ['NAME', 'CODE', 'AREA']])
    const there = await all(reader)
    expect(there).toHaveLength(1_234)
    expect(there).toEqual(here)
    expect(there[1233]).toMatchObject({ line: 1234, values: { NAME: '地块1233', CODE: 'C1233', AREA: 236.5 } })
    expect(reader.fraction()).toBe(1)
  }, 60_000)

  it('refuses a header declaring 99 000 000 records with 413, having read only the header', async () => {
    const err = await openSourceInWorker(tmp(declaredRecordsZip(99_000_000)), 'zip', 'auto', BUDGET).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SourceError)
    expect([(err as SourceError).status, (err as SourceError).message]).toEqual([
      413,
      '属性表 huge.dbf 声明的记录有 99000000 条，超过单批上限 200000 条，请拆分后分批导入',
    ])
  }, 60_000)

  it('counts a CSV before the first row is staged: 200 001 data rows are 413, 200 000 open', async () => {
    const csv = (rows: number) => `企业名称,从业人数\n${Array.from({ length: rows }, (_, i) => `企业${i},${i % 100}`).join('\n')}\n`
    const err = await openSourceInWorker(tmp(csv(200_001)), 'text', 'auto', BUDGET).catch((e: unknown) => e)
    expect([(err as SourceError).status, (err as SourceError).message]).toEqual([
      413,
      'CSV 的数据行超过单批上限 200000 条，请拆分后分批导入',
    ])
    const reader = await openSourceInWorker(tmp(csv(200_000)), 'text', 'auto', BUDGET)
    expect(reader.headers).toEqual(['企业名称', '从业人数'])
    await reader.close()
  }, 120_000)

  it('ends a parse past its time budget: 422 naming the limit', async () => {
    const err = await openSourceInWorker(tmp(pointLayerZip(10)), 'zip', 'auto', { ...BUDGET, openMs: 1 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SourceError)
    expect((err as SourceError).status).toBe(422)
    expect((err as SourceError).message).toBe('读取文件超过时限 0 秒（文件过大或结构异常），已停止，请拆分后分批导入')
  }, 60_000)

  it('a parse that outgrows its heap ends the worker, not the process: 413', async () => {
    // 190 000 honest records: far more than a 16 MB heap holds once parsed
    const err = await openSourceInWorker(tmp(pointLayerZip(190_000)), 'zip', 'auto', { ...BUDGET, heapMb: 16 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SourceError)
    expect([(err as SourceError).status, (err as SourceError).message]).toEqual([
      413,
      '文件解析所需内存超过上限（数据量过大或文件结构异常），请拆分后分批导入',
    ])
  }, 300_000)
})

describe('ParsePool', () => {
  it('keeps one worker over many parses without piling listeners on it (no MaxListenersExceededWarning)', async () => {
    const pool = new ParsePool(BUDGET.heapMb)
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.name)
    process.on('warning', onWarning)
    try {
      await pool.ready()
      const worker = pool.spareWorker
      const counts = () => [worker?.listenerCount('exit'), worker?.listenerCount('message'), worker?.listenerCount('error')]
      const before = counts()
      const file = tmp(pointLayerZip(3))
      for (let i = 0; i < 15; i++) expect(await all(await openSourceInWorker(file, 'zip', 'auto', BUDGET, pool))).toHaveLength(3)
      // the same warm worker came back every time, with the listeners it had as a fresh spare
      expect(pool.spareWorker).toBe(worker)
      expect(counts()).toEqual(before)
      await new Promise((r) => setImmediate(r))
      expect(warnings).not.toContain('MaxListenersExceededWarning')
    } finally {
      process.off('warning', onWarning)
      pool.close()
    }
  }, 60_000)
})
