/**
 * A province's data, fast (issue 20), run by `npm run bench` or alone with
 * `npx tsx tests/bench/scale.ts`: the demo size and SCALE_PARCELS (default 100 000) side by side in
 * one run, on the embedded engine and (with BENCH_DATABASE_URL) on PostgreSQL. For each: the first
 * start (migrate + seed), every wall, report, decision, monitor and globe endpoint: its first
 * answer after a write (one request computing it), then under 20 concurrent clients for 5 s —
 * p50/p95 through the answer cache, beside its peer, the same
 * request with the cache made stale before each call (what every refresh cost before the cache) —
 * and the export time per 1 000 rows (median of three downloads). Results as JSON and a markdown table under
 * test-results/bench/scale.*; each engine and size is also written as it ends
 * (test-results/bench/scale.partial.json), so a run cut short keeps what it measured.
 * SCALE_ENGINES (`pglite,postgres`) and SCALE_READS (a comma list of paths out of READS) narrow a run
 * on a busy machine.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { openPgliteMemory, openPostgres, type Db } from '../../src/server/db/engine'
import { migrate } from '../../src/server/db/migrate'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { completeAppraisalHistory } from '../../src/server/db/seed/appraisal'
import { buildApp } from '../../src/server/app'
import { readRuntimeConfig, staticConfigSource } from '../../src/server/runtime-config'
import { passwordDigest } from '../../src/domain/password-digest'
import { COUNTY_OUTLINES } from '../fixtures/boundaries/county-outlines'

const SIZES = [Number(process.env.SCALE_DEMO ?? 6000), Number(process.env.SCALE_PARCELS ?? 100_000)]
const CLIENTS = 20
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5)
const EXPORT_RUNS = 3

/** The endpoints the walls, reports, 决策分析, 运行监测 and the globe refresh. */
const ALL_READS = [
  '/api/bigData/overview',
  '/api/bigData/byRegion?level=city',
  '/api/bigData/byIndustry',
  '/api/bigData/topEnterprises',
  '/api/cloudChart/report/area',
  '/api/decision/byRegion',
  '/api/function/monitor/getHyMonitor',
  '/api/function/monitor/getQyMonitor',
  '/api/globe/lifecycle',
]
const READS = process.env.SCALE_READS ? ALL_READS.filter((u) => process.env.SCALE_READS?.split(',').includes(u.split('?')[0])) : ALL_READS
const EXPORTS = [
  '/api/cloudChart/report/enterprises/export',
  '/api/cloudChart/report/parcels/export',
  '/api/cloudChart/report/lowEfficiency/export',
]

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN

// plain node:http with no client timeout: an uncached series at 100 000 parcels queues answers for
// minutes on one engine thread, past fetch's 300 s header timeout. It asks as a browser does
// (gzip accepted); the body is read whole, not unpacked.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
function get(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

async function load(base: string, token: string, url: string, stale: (() => Promise<void>) | null) {
  const times: number[] = []
  let resets = 0
  const end = Date.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        if (stale) await stale()
        const t0 = performance.now()
        try {
          const status = await get(base + url, token)
          if (status !== 200) throw new Error(`${url}: ${status}`)
          times.push(performance.now() - t0)
        } catch (err) {
          // a kept-alive socket the server closed meanwhile: counted, and the client goes on
          if ((err as { code?: string }).code !== 'ECONNRESET') throw err
          resets++
        }
      }
    }),
  )
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), n: times.length, resets }
}

async function one(engine: 'pglite' | 'postgres', parcels: number) {
  let db: Db
  let drop = async () => {}
  const t0 = performance.now()
  if (engine === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL as string
    const name = `ilp_scale_${process.pid}_${parcels}`
    const admin = await openPostgres(url)
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.exec(`CREATE DATABASE ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    db = await openPostgres(u.toString())
    drop = async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.close()
    }
  } else db = await openPgliteMemory()
  await migrate(db)
  await bootstrap(db, { demo: true, parcels, boundaries: COUNTY_OUTLINES })
  const firstStart = (performance.now() - t0) / 1000
  // the past years' 亩均 batches a large first start publishes behind: all there before anything is measured
  const t1 = performance.now()
  await completeAppraisalHistory(db)
  const history = (performance.now() - t1) / 1000
  console.error(`scale bench: ${engine} ${parcels} first start ${firstStart.toFixed(1)} s, 亩均 history after it ${history.toFixed(1)} s`)
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-scale-'))
  const app = await buildApp({
    db,
    env: { TOKEN_TTL_MINUTES: 480, TOKEN_IDLE_MINUTES: 30, LOG_LEVEL: 'silent' },
    config: staticConfigSource(readRuntimeConfig('config/config.json')),
    uploadDir,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const salt = (await (await fetch(`${base}/api/user/getSalt?username=admin`)).json()) as { data: { salt: string } }
  const signIn = await fetch(`${base}/api/login/do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: passwordDigest(salt.data.salt, 'Admin@2026') }).toString(),
  })
  const token = ((await signIn.json()) as { data: { token: string } }).data.token
  const stale = async () => {
    await db.query('UPDATE data_version SET version = version + 1')
  }
  const reads: Record<string, { firstMs: number; cached: Awaited<ReturnType<typeof load>>; uncached: Awaited<ReturnType<typeof load>> }> =
    {}
  for (const url of READS) {
    // the first answer after a write (one request computing it), then twenty walls on the kept answer
    await stale()
    const t0 = performance.now()
    if ((await get(base + url, token)) !== 200) throw new Error(`${url}: first answer refused`)
    const firstMs = performance.now() - t0
    reads[url] = { firstMs, cached: await load(base, token, url, null), uncached: await load(base, token, url, stale) }
  }
  const exports: Record<string, { seconds: number; rows: number; msPer1000: number; runs: number[] }> = {}
  for (const url of EXPORTS) {
    // the median of three downloads: a single one moves by ± 30 % between runs on a busy machine
    const runs: number[] = []
    let rows = 0
    for (let k = 0; k < EXPORT_RUNS; k++) {
      const t = performance.now()
      const res = await fetch(base + url, { headers: { Authorization: `Bearer ${token}` } })
      const bytes = Buffer.from(await res.arrayBuffer())
      runs.push((performance.now() - t) / 1000)
      const ExcelJS = (await import('exceljs')).default
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(bytes as unknown as ArrayBuffer)
      rows = book.worksheets[0].rowCount - 1
    }
    const seconds = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]
    exports[url] = { seconds, rows, msPer1000: rows ? (seconds * 1000 * 1000) / rows : NaN, runs }
  }
  await app.close()
  await db.close()
  await drop()
  fs.rmSync(uploadDir, { recursive: true, force: true })
  return { engine, parcels, firstStart, history, reads, exports }
}

/** Runs every engine and size; returns the markdown table. */
export async function scaleBench(): Promise<string> {
  const wanted = (process.env.SCALE_ENGINES ?? 'pglite,postgres').split(',')
  const engines = (['pglite', 'postgres'] as const).filter(
    (e) => wanted.includes(e) && (e === 'pglite' || !!process.env.BENCH_DATABASE_URL),
  )
  const results = []
  fs.mkdirSync('test-results/bench', { recursive: true })
  for (const engine of engines)
    for (const parcels of SIZES) {
      results.push(await one(engine, parcels))
      fs.writeFileSync('test-results/bench/scale.partial.json', JSON.stringify(results, null, 2))
      console.error(`scale bench: ${engine} ${parcels} done at ${new Date().toISOString()}`)
    }
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—')
  const lines = [
    `| engine | request | ${SIZES.map((n) => `${n}: first answer ms | cached p50/p95 ms | uncached p50/p95 ms`).join(' | ')} | p95 ratio (cached) |`,
  ]
  lines.push(`|${'---|'.repeat(2 + SIZES.length * 3 + 1)}`)
  for (const engine of engines) {
    const rs = results.filter((r) => r.engine === engine)
    lines.push(
      `| ${engine} | first start: ready (+ 亩均 history behind) s | ${rs.map((r) => `${r.firstStart.toFixed(1)}${r.history >= 0.05 ? ` (+ ${r.history.toFixed(1)})` : ''} | | `).join(' | ')} | |`,
    )
    for (const url of READS) {
      const cells = rs.map(
        (r) =>
          `${ms(r.reads[url].firstMs)} | ${ms(r.reads[url].cached.p50)} / ${ms(r.reads[url].cached.p95)} | ${ms(r.reads[url].uncached.p50)} / ${ms(r.reads[url].uncached.p95)}`,
      )
      const ratio = rs.length > 1 ? (rs[1].reads[url].cached.p95 / rs[0].reads[url].cached.p95).toFixed(2) : ''
      lines.push(`| ${engine} | ${url} | ${cells.join(' | ')} | ${ratio} |`)
    }
    for (const url of EXPORTS) {
      const cells = rs.map((r) => `${ms(r.exports[url].msPer1000)} ms/1000 rows (${r.exports[url].rows} rows) | | `)
      const ratio = rs.length > 1 ? (rs[1].exports[url].msPer1000 / rs[0].exports[url].msPer1000).toFixed(2) : ''
      lines.push(`| ${engine} | ${url} | ${cells.join(' | ')} | ${ratio} (per row) |`)
    }
  }
  const table = lines.join('\n')
  fs.writeFileSync('test-results/bench/scale.json', JSON.stringify(results, null, 2))
  fs.writeFileSync('test-results/bench/scale.md', `${table}\n`)
  return table
}

if (process.argv[1]?.endsWith('scale.ts')) {
  scaleBench().then(
    (t) => {
      console.log(t)
      process.exit(0)
    },
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}
