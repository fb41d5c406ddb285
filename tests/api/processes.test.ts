/**
 * Several API processes on one PostgreSQL (issue 20): two server processes on one database and one
 * shared upload directory, called in turns — sign in on one, upload on the other, download from the
 * first; a wall cached on one process changes right after an approval made on the other; an import
 * started on one survives that process's death: the other takes the job over once its heartbeat is
 * older than the stale timeout (JOB_STALE_SECONDS, 3 s here) and continues it to the end, every row
 * exactly once.
 * PostgreSQL only: the embedded engine is one process's database by design (DATA_DIR/pglite.lock
 * refuses a second process), so there is nothing to share on it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BatchProgress, BatchView } from '../../src/domain/contracts/datacenter-import'
import type { OverviewStats } from '../../src/domain/contracts/big-data'
import { passwordDigest } from '../../src/domain/password-digest'
import { todayInProductZone } from '../../src/domain/today'
import { openPostgres, type Db } from '../../src/server/db/engine'
import { withDatabase } from './global-setup'

const onPostgres = inject('engine') === 'postgres'
const ROWS = 12_000
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-procs-'))
const env: Record<string, string> = {
  UPLOAD_DIR: path.join(dir, 'uploads'),
  TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
  JOB_STALE_SECONDS: '3',
}
let db: Db | null = null
let dropDb = async () => {}

interface Proc {
  child: ChildProcess
  base: string
}
const procs: Proc[] = []

async function start(): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/crash-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr?.on('data', (d) => (err += String(d)))
  const base = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (d) => {
      out += String(d)
      const m = /PORT=(\d+)/.exec(out)
      if (m) resolve(`http://127.0.0.1:${m[1]}`)
    })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err.slice(0, 2000)}`)))
  })
  const p = { child, base }
  procs.push(p)
  return p
}

async function call<T>(p: Proc, url: string, init: RequestInit = {}, token = '') {
  const headers = new Headers(init.headers)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const res = await fetch(p.base + url, { ...init, headers })
  const bytes = Buffer.from(await res.arrayBuffer())
  const json = (res.headers.get('content-type') ?? '').includes('json')
  return {
    status: res.status,
    cache: res.headers.get('x-answer-cache'),
    bytes,
    body: (json ? JSON.parse(bytes.toString('utf8')) : { message: '', data: null }) as { message: string; data: T },
  }
}

async function login(p: Proc, username: string, password: string): Promise<string> {
  const salt = await call<{ salt: string }>(p, `/api/user/getSalt?username=${username}`)
  const r = await call<{ token: string }>(p, '/api/login/do', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: passwordDigest(salt.body.data.salt, password) }).toString(),
  })
  expect(r.status, r.body.message).toBe(200)
  return r.body.data.token
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

beforeAll(async () => {
  if (!onPostgres) return
  const name = `ilp_procs_${crypto.randomBytes(4).toString('hex')}`
  const adminDb = await openPostgres(inject('template'))
  await adminDb.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
  env.DB_URL = withDatabase(inject('template'), name)
  db = await openPostgres(env.DB_URL)
  dropDb = async () => {
    await db?.close()
    await adminDb.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await adminDb.close()
  }
}, 120_000)

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGKILL')
  await dropDb()
  fs.rmSync(dir, { recursive: true, force: true })
})

// this year's wall: a status set today counts from this year on (statuses are read as of 31 December)
const OVERVIEW = `/api/bigData/overview?year=${todayInProductZone().slice(0, 4)}`

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it('sign in on one, upload on the other, download from the first; a wall follows an approval made on the other; an import outlives its process', async () => {
    const [a, b] = await Promise.all([start(), start()])
    const admin = await login(a, 'admin', 'Admin@2026')

    // the token of A works on B: sessions live in the database
    const text = `用地单位,面积\n测试企业,${crypto.randomBytes(6).toString('hex')}\n`
    const form = new FormData()
    form.append('file', new Blob([Buffer.from(text)]), '名单.csv')
    const up = await call<{ id: number }>(b, '/api/base/file/upload', { method: 'POST', body: form }, admin)
    expect(up.status, up.body.message).toBe(200)
    const down = await call(a, `/api/base/file/download?id=${up.body.data.id}`, {}, admin)
    expect(down.status).toBe(200)
    expect(down.bytes.toString('utf8')).toBe(text)

    // a wall cached on A; an approval on B; A's next answer is the new one
    const first = await call<OverviewStats>(a, OVERVIEW, {}, admin)
    expect((await call(a, OVERVIEW, {}, admin)).cache).toBe('hit')
    const parcel = (
      await (db as Db).query<{ id: number }>(
        `SELECT id FROM parcel WHERE NOT deleted AND supply_date <= make_date($1, 12, 31) AND status NOT IN ('低效', '闲置', '已收回') ORDER BY id LIMIT 1`,
        [first.body.data.year],
      )
    ).rows[0].id
    const clerk = await login(b, 'clerk', 'Clerk@2026')
    const auditor = await login(b, 'auditor', 'Auditor@2026')
    const proposed = await call<{ id: number }>(
      b,
      '/api/datacenter/input/parcel/update',
      json({ targetId: parcel, payload: { status: '闲置' }, submit: true }),
      clerk,
    )
    expect(proposed.status, proposed.body.message).toBe(200)
    const approved = await call(b, '/api/audit/update/one', json({ id: proposed.body.data.id, decision: 'approve' }), auditor)
    expect(approved.status, approved.body.message).toBe(200)
    const after = await call<OverviewStats>(a, OVERVIEW, {}, admin)
    expect(after.cache).toBe('miss')
    expect(after.body.data.lowEfficiencyCount).toBe(first.body.data.lowEfficiencyCount + 1)

    // an import started on B; B dies mid-way; A takes the job over and continues it to the end
    const file = path.join(dir, 'big.xlsx')
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false })
    const ws = wb.addWorksheet('企业')
    ws.addRow(['企业名称', '从业人数', '注册地址']).commit()
    for (let i = 1; i <= ROWS; i++) ws.addRow([`测试企业${i}`, i % 900, `杭州市西湖区文三路${i}号`]).commit()
    ws.commit()
    await wb.commit()
    const big = new FormData()
    big.append('kind', 'enterprise')
    big.append('file', new Blob([fs.readFileSync(file)]), 'big.xlsx')
    const batch = await call<BatchView>(b, '/api/datacenter/sjcj/upload', { method: 'POST', body: big }, clerk)
    expect(batch.status, batch.body.message).toBe(200)
    const id = batch.body.data.id
    const job = async () =>
      (
        await (db as Db).query<{ claimed_by: string | null; n: number; first: string | null; takeovers: number }>(
          `SELECT b.claimed_by, b.takeovers, (SELECT count(*)::int FROM dc_import_row r WHERE r.batch_id = b.id) AS n,
                  (SELECT r.xmin::text FROM dc_import_row r WHERE r.batch_id = b.id AND r.row_no = 1) AS first
           FROM dc_import_batch b WHERE b.id = $1`,
          [id],
        )
      ).rows[0]
    for (let i = 0; ; i++) {
      const p = await call<BatchProgress>(a, `/api/datacenter/sjcj/progress?id=${id}`, {}, clerk)
      expect(p.body.data.status).toBe('导入中')
      if (p.body.data.progress >= 10) break
      if (i > 2000) throw new Error('import never progressed')
      await new Promise((r) => setTimeout(r, 50))
    }
    b.child.kill('SIGKILL')
    await new Promise((r) => b.child.once('exit', r))
    const left = await job()
    // B held the job and had staged whole chunks of it
    expect(left.claimed_by).toMatch(new RegExp(`:${b.child.pid}:`))
    expect(left.n).toBeGreaterThan(0)
    expect(left.n).toBeLessThan(ROWS)
    expect(left.n % 1000).toBe(0)
    const t0 = Date.now()
    for (;;) {
      const p = await call<BatchProgress>(a, `/api/datacenter/sjcj/progress?id=${id}`, {}, clerk)
      if (p.body.data.status !== '导入中') {
        expect(p.body.data).toMatchObject({ status: '已上传', rowCount: ROWS })
        break
      }
      if (Date.now() - t0 > 60_000) throw new Error(`the import was not taken over: ${JSON.stringify(await job())}`)
      await new Promise((r) => setTimeout(r, 200))
    }
    // taken over once, after B's rows (kept as written: the same row version), every row once and in its place
    const done = await job()
    expect(done).toEqual({ claimed_by: null, takeovers: 1, n: ROWS, first: left.first })
    const placed = await (db as Db).query<{ n: number; distinct: number }>(
      `SELECT count(*) FILTER (WHERE source->>'企业名称' = '测试企业' || row_no)::int AS n, count(DISTINCT source->>'企业名称')::int AS distinct
       FROM dc_import_row WHERE batch_id = $1`,
      [id],
    )
    expect(placed.rows[0]).toEqual({ n: ROWS, distinct: ROWS })
  }, 240_000)
})

describe.skipIf(onPostgres)('on the embedded engine', () => {
  it('is skipped: one process owns the embedded database (DATA_DIR/pglite.lock), so there is no second process to share it', () => {
    expect(onPostgres).toBe(false)
  })
})
