/**
 * 亩均效益评价 at province scale (issue 15): one 试算 batch over BENCH_APPRAISAL_ENTERPRISES
 * (default 100 000) enterprises of one county, through the real API (`POST /api/appraiseResult/run`,
 * what 评价结果 sends), on the embedded engine and on PostgreSQL (BENCH_DATABASE_URL) side by side
 * in one run. Measured per engine: the run's wall time (median of BENCH_APPRAISAL_RUNS, default 3;
 * each run replaces the batch's results, as a repeated 试算 does), the API process's peak RSS and
 * peak V8 heap above the level before the run (for PGlite the database lives in that process; the
 * PostgreSQL server's own memory is not in it), and the results written.
 *
 *     npx tsx tests/bench/appraisal-batch.ts      # also part of `npm run bench`
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { passwordDigest } from '../../src/domain/password-digest'
import { buildApp } from '../../src/server/app'
import { openPgliteMemory, openPostgres, type Db } from '../../src/server/db/engine'
import { migrate } from '../../src/server/db/migrate'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { readRuntimeConfig, staticConfigSource } from '../../src/server/runtime-config'

const ENTERPRISES = Number(process.env.BENCH_APPRAISAL_ENTERPRISES ?? 100_000)
const RUNS = Number(process.env.BENCH_APPRAISAL_RUNS ?? 3)
const COUNTY = '330106' // 西湖区
const YEAR = 2025
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * The enterprises of the county with their inputs of YEAR, made in SQL: 规上 one in three, 规下
 * with 1–37 亩 (some below the 3 亩 floor, so the scope rule has work), a spread of 税收, 增加值,
 * 营业收入, 能耗, 排放, 人数 and R&D over twelve manufacturing divisions.
 */
async function enterprisesOf(db: Db) {
  await db.exec(`
    INSERT INTO enterprise (credit_code, name, industry_code, scale, province_code, city_code, county_code)
    SELECT '91330106' || lpad(i::text, 9, '0') || 'X', '测评企业' || i,
           'C' || (13 + i % 12)::text, CASE WHEN i % 3 = 0 THEN '规上' ELSE '规下' END, '330000', '330100', '${COUNTY}'
    FROM generate_series(1, ${ENTERPRISES}) i;
    INSERT INTO enterprise_yearly (enterprise_id, year, tax, value_added, revenue, energy, emissions, employees, rd_expense, land_area_m2)
    SELECT e.id, ${YEAR}, 5 + (e.id * 37) % 400, 50 + (e.id * 53) % 3000, 500 + (e.id * 71) % 40000,
           10 + (e.id * 13) % 900, 0.5 + (e.id * 17) % 40, 10 + (e.id * 7) % 500, (e.id * 29) % 800,
           (1 + (e.id * 11) % 37) * 666.6667
    FROM enterprise e WHERE e.credit_code LIKE '91330106%X';
    ANALYZE enterprise; ANALYZE enterprise_yearly;`)
}

async function one(engine: 'pglite' | 'postgres') {
  let db: Db
  let drop = async () => {}
  if (engine === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL as string
    const name = `ilp_appraisal_${process.pid}`
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
  await bootstrap(db, { demo: true, parcels: 0 })
  await enterprisesOf(db)
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-appraisal-'))
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

  const seconds: number[] = []
  let rssPeak = 0
  let heapPeak = 0
  let classes: Record<string, number> = {}
  for (let i = 0; i < RUNS; i++) {
    global.gc?.()
    const rss0 = process.memoryUsage().rss
    const heap0 = process.memoryUsage().heapUsed
    const sample = setInterval(() => {
      const m = process.memoryUsage()
      rssPeak = Math.max(rssPeak, m.rss - rss0)
      heapPeak = Math.max(heapPeak, m.heapUsed - heap0)
    }, 20)
    const t0 = performance.now()
    const res = await fetch(`${base}/api/appraiseResult/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ countyCode: COUNTY, year: YEAR }),
    })
    const body = (await res.json()) as { code: number; message: string; data: { counts: Record<string, number> } }
    seconds.push((performance.now() - t0) / 1000)
    clearInterval(sample)
    if (res.status !== 200) throw new Error(`run: ${res.status} ${body.message}`)
    classes = body.data.counts
  }
  const results = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_result')).rows[0].n
  await app.close()
  await db.close()
  await drop()
  fs.rmSync(uploadDir, { recursive: true, force: true })
  const out = {
    engine,
    enterprises: ENTERPRISES,
    runs: seconds,
    seconds: median(seconds),
    rssPeakMb: rssPeak / 2 ** 20,
    heapPeakMb: heapPeak / 2 ** 20,
    results,
    classes,
  }
  console.error(`appraisal bench: ${engine} ${JSON.stringify(out)}`)
  return out
}

/** Both engines; returns the markdown table (also under test-results/bench/appraisal.*). */
export async function appraisalBench(): Promise<string> {
  const rows = [await one('pglite')]
  if (process.env.BENCH_DATABASE_URL) rows.push(await one('postgres'))
  const md = [
    `| 试算, one county, ${ENTERPRISES.toLocaleString('en-US')} enterprises | PGlite | ${rows[1] ? 'PostgreSQL' : '—'} |`,
    '|---|---|---|',
    `| run, median of ${RUNS} (s) | ${rows.map((r) => r.seconds.toFixed(1)).join(' | ')}${rows[1] ? '' : ' | —'} |`,
    `| results written (last run) | ${rows.map((r) => r.results.toLocaleString('en-US')).join(' | ')}${rows[1] ? '' : ' | —'} |`,
    `| A / B / C / D | ${rows.map((r) => ['A', 'B', 'C', 'D'].map((k) => r.classes[k] ?? 0).join(' / ')).join(' | ')}${rows[1] ? '' : ' | —'} |`,
    `| peak RSS above the start of a run, API process (MB) | ${rows.map((r) => r.rssPeakMb.toFixed(0)).join(' | ')}${rows[1] ? '' : ' | —'} |`,
    `| peak V8 heap above the start of a run (MB) | ${rows.map((r) => r.heapPeakMb.toFixed(0)).join(' | ')}${rows[1] ? '' : ' | —'} |`,
  ].join('\n')
  fs.mkdirSync('test-results/bench', { recursive: true })
  fs.writeFileSync('test-results/bench/appraisal.json', JSON.stringify(rows, null, 2))
  fs.writeFileSync('test-results/bench/appraisal.md', md + '\n')
  return md
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write((await appraisalBench()) + '\n')
