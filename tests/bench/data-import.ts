/**
 * Data-centre import speed (issue 7): a 20 000-row enterprise xlsx and a 5 000-polygon GBK
 * shapefile in EPSG:4549, each uploaded, staged and checked through the real API on a seeded
 * database — the embedded engine, and PostgreSQL when BENCH_DATABASE_URL is set — then one
 * batch of each committed. Medians of BENCH_IMPORT_RUNS (default 3) runs; the time per 1 000 rows.
 * Target: import + check under 60 s each on the embedded engine.
 *
 *     npx tsx tests/bench/data-import.ts            # results under test-results/bench/
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BatchProgress, BatchView } from '../../src/domain/contracts/datacenter-import'
import { passwordDigest } from '../../src/domain/password-digest'
import { buildApp } from '../../src/server/app'
import { openPgliteMemory, openPostgres, type Db } from '../../src/server/db/engine'
import { migrate } from '../../src/server/db/migrate'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { readRuntimeConfig, staticConfigSource } from '../../src/server/runtime-config'
import { enterprises, parcels, shapefileZipOf, xlsxOf } from '../fixtures/make/datacenter-data'
import { COUNTY_OUTLINES } from '../fixtures/boundaries/county-outlines'

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3)
const PARCELS = Number(process.env.BENCH_PARCELS ?? 6000)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

interface Measure {
  dataset: string
  rows: number
  engine: 'pglite' | 'postgres'
  importS: number
  checkS: number
  totalS: number
  perThousandS: number
  runs: { importS: number; checkS: number }[]
  commitS: number
  committed: number
}

async function datasets() {
  const xlsx = await xlsxOf(enterprises({ seed: 501, count: 20_000, county: '330106', center: [120.1, 30.26], spreadM: 4000 }))
  const shp = shapefileZipOf(
    parcels({ seed: 502, count: 5_000, county: '330106', origin: [120.03, 30.2], cols: 100, cellM: 120 }),
    '工业用地',
  )
  return [
    { name: '企业 xlsx', kind: 'enterprise' as const, file: '企业20000行.xlsx', bytes: xlsx, rows: 20_000 },
    { name: '地块 Shapefile（GBK, EPSG:4549）', kind: 'parcel' as const, file: '地块5000个.zip', bytes: shp, rows: 5_000 },
  ]
}

async function measure(db: Db, engine: Measure['engine']): Promise<Measure[]> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-bench-import-'))
  const app = await buildApp({
    db,
    env: { TOKEN_TTL_MINUTES: 480, TOKEN_IDLE_MINUTES: 30, LOG_LEVEL: 'silent', UPLOAD_MAX_MB: 100 },
    config: staticConfigSource(readRuntimeConfig('config/config.json')),
    uploadDir,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const addr = app.server.address()
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  const call = async <T>(p: string, init: RequestInit = {}, token = ''): Promise<T> => {
    const headers = new Headers(init.headers)
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const res = await fetch(base + p, { ...init, headers })
    const body = (await res.json()) as { message: string; data: T }
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.message}`)
    return body.data
  }
  const salt = await call<{ salt: string }>('/api/user/getSalt?username=clerk')
  const { token } = await call<{ token: string }>('/api/login/do', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'clerk', password: passwordDigest(salt.salt, 'Clerk@2026') }).toString(),
  })
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const wait = async (id: number) => {
    for (;;) {
      const p = await call<BatchProgress>(`/api/datacenter/sjcj/progress?id=${id}`, {}, token)
      if (p.status !== '导入中' && p.status !== '检查中') return p
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const out: Measure[] = []
  try {
    for (const d of await datasets()) {
      const runs: { importS: number; checkS: number }[] = []
      let last = 0
      for (let i = 0; i < RUNS; i++) {
        const form = new FormData()
        form.append('kind', d.kind)
        form.append('file', new Blob([new Uint8Array(d.bytes)]), d.file)
        const t0 = performance.now()
        const b = await call<BatchView>('/api/datacenter/sjcj/upload', { method: 'POST', body: form }, token)
        const staged = await wait(b.id)
        if (staged.status !== '已上传' || staged.rowCount !== d.rows)
          throw new Error(`staging ${d.name}: ${staged.status} ${staged.message} ${staged.rowCount}`)
        const t1 = performance.now()
        await call('/api/datacenter/sjcl/check', json({ id: b.id }), token)
        const checked = await wait(b.id)
        if (checked.status !== '已检查') throw new Error(`check ${d.name}: ${checked.status} ${checked.message}`)
        const t2 = performance.now()
        runs.push({ importS: (t1 - t0) / 1000, checkS: (t2 - t1) / 1000 })
        console.log(`${engine} ${d.name} run ${i + 1}: import ${((t1 - t0) / 1000).toFixed(1)} s, check ${((t2 - t1) / 1000).toFixed(1)} s`)
        last = b.id
      }
      await call('/api/datacenter/sjcl/exclude', json({ id: last, errors: true, excluded: true }), token)
      const t3 = performance.now()
      const committed = await call<{ submitted: number }>('/api/datacenter/sjcl/submit', json({ id: last }), token)
      const commitS = (performance.now() - t3) / 1000
      const importS = median(runs.map((r) => r.importS))
      const checkS = median(runs.map((r) => r.checkS))
      const totalS = median(runs.map((r) => r.importS + r.checkS))
      out.push({
        dataset: d.name,
        rows: d.rows,
        engine,
        importS,
        checkS,
        totalS,
        perThousandS: totalS / (d.rows / 1000),
        runs,
        commitS,
        committed: committed.submitted,
      })
    }
  } finally {
    await app.close()
    fs.rmSync(uploadDir, { recursive: true, force: true })
  }
  return out
}

async function main() {
  const results: Measure[] = []
  console.log(`seeding the embedded engine with ${PARCELS} demo parcels …`)
  const lite = await openPgliteMemory()
  await migrate(lite)
  await bootstrap(lite, { demo: true, parcels: PARCELS, boundaries: COUNTY_OUTLINES })
  results.push(...(await measure(lite, 'pglite')))
  await lite.close()
  const url = process.env.BENCH_DATABASE_URL
  if (url) {
    const name = `ilp_bench_import_${crypto.randomBytes(3).toString('hex')}`
    const admin = await openPostgres(url)
    await admin.exec(`CREATE DATABASE ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    const pg = await openPostgres(u.toString())
    try {
      await migrate(pg)
      await bootstrap(pg, { demo: true, parcels: PARCELS, boundaries: COUNTY_OUTLINES })
      results.push(...(await measure(pg, 'postgres')))
    } finally {
      await pg.close()
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.close()
    }
  }
  const rows = results.map(
    (r) =>
      `| ${r.dataset} | ${r.rows.toLocaleString('en')} | ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.importS.toFixed(1)} | ${r.checkS.toFixed(1)} | ${r.totalS.toFixed(1)} | ${r.perThousandS.toFixed(2)} | ${r.commitS.toFixed(1)} (${r.committed}) |`,
  )
  const md = [
    `Medians of ${RUNS} runs, ${PARCELS} demo parcels in the database, os.loadavg ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} at the end:`,
    '',
    '| data | rows | engine | import (s) | check (s) | import + check (s) | per 1 000 rows (s) | commit (s, submissions) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
  fs.mkdirSync('test-results/bench', { recursive: true })
  fs.writeFileSync('test-results/bench/data-import.json', JSON.stringify(results, null, 2))
  fs.writeFileSync('test-results/bench/data-import.md', `${md}\n`)
  console.log(`\n${md}`)
}

await main()
