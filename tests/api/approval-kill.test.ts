/**
 * Nothing lost (issue 7): an approval is all or nothing. The product is killed (SIGKILL) inside an
 * approval — after the master row, the history row, the submission state and the event are
 * written, just before COMMIT — then started again on the same data: the master record, its
 * history and the submission are exactly as before the approval, and the approval can be retried
 * and then holds in full. On the embedded engine this is the engine's own crash recovery of its
 * data directory; on PostgreSQL the dropped connection's transaction.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Envelope } from '../../src/domain/contracts/envelope'
import type { HistoryRow, RecordView, SubmissionDetails } from '../../src/domain/contracts/datacenter'
import { passwordDigest } from '../../src/domain/password-digest'
import { openPglite, openPostgres, type Db } from '../../src/server/db/engine'
import { withDatabase } from './global-setup'

/** What the instrumented server (fixtures/paused-approval-server.ts, never imported: it starts a server) prints. */
const PAUSED_MARK = 'TEST-ONLY APPROVAL PAUSED BEFORE COMMIT'

interface Proc {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

const children: ChildProcess[] = []
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')))

function start(entry: string, env: Record<string, string>): Proc {
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

async function until(what: string, p: Proc, test: () => Promise<boolean> | boolean, limitMs: number): Promise<void> {
  const t0 = Date.now()
  while (Date.now() - t0 < limitMs) {
    if (await test()) return
    if (p.child.exitCode !== null) throw new Error(`${what}: the server exited early\n${p.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what}: not within ${limitMs} ms\n${p.output()}`)
}

const healthy = (port: number) => async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200
  } catch {
    return false
  }
}

/** A client of one running server. */
function client(port: number) {
  const base = `http://127.0.0.1:${port}`
  const call = async <T>(p: string, init: RequestInit = {}, token?: string): Promise<{ status: number; body: Envelope<T> }> => {
    const headers = new Headers(init.headers)
    headers.set('X-Requested-With', 'XMLHttpRequest')
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const res = await fetch(base + p, { ...init, headers })
    return { status: res.status, body: (await res.json()) as Envelope<T> }
  }
  const post = <T>(p: string, body: unknown, token: string) =>
    call<T>(p, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }, token)
  return {
    get: <T>(p: string, token: string) => call<T>(p, {}, token),
    post,
    async login(username: string, password: string) {
      const salt = await call<{ salt: string }>(`/api/user/getSalt?username=${username}`)
      const r = await call<{ token: string }>('/api/login/do', {
        method: 'POST',
        body: new URLSearchParams({ username, password: passwordDigest(salt.body.data.salt, password) }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      if (r.status !== 200) throw new Error(`login ${username}: ${r.body.message}`)
      return r.body.data.token
    },
  }
}

const port = () => 20000 + crypto.randomInt(20000)

/** The rows the approval writes, read straight from the database. */
async function snapshot(db: Db, parcelId: number, submissionId: number) {
  const q = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows
  return {
    parcel: (await q<{ name: string; location_desc: string }>('SELECT name, location_desc FROM parcel WHERE id = $1', [parcelId]))[0],
    history: await q<{ version: number; submission_id: number }>(
      `SELECT version, submission_id FROM record_history WHERE kind = 'parcel' AND record_id = $1 ORDER BY version`,
      [parcelId],
    ),
    submission: (
      await q<{ state: string; audited_by: number | null }>('SELECT state, audited_by FROM dc_submission WHERE id = $1', [submissionId])
    )[0],
    events: (
      await q<{ action: string }>('SELECT action FROM dc_submission_event WHERE submission_id = $1 ORDER BY id', [submissionId])
    ).map((e) => e.action),
  }
}

/** One engine's run: env of the servers, how to open the database afterwards, cleanup. */
interface Target {
  env: Record<string, string>
  open(): Promise<Db>
  cleanup(): Promise<void>
}

async function embeddedTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-kill-'))
  // the API template (already seeded) becomes the data directory the product opens
  const { PGlite } = await import('@electric-sql/pglite')
  const { postgis } = await import('@electric-sql/pglite-postgis')
  const pg = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { postgis },
    loadDataDir: new Blob([fs.readFileSync(inject('template'))]),
  })
  await pg.close()
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPglite(dataDir),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function postgresTarget(): Promise<Target> {
  const name = `ilp_kill_${crypto.randomBytes(4).toString('hex')}`
  const admin = await openPostgres(inject('template'))
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
  const url = withDatabase(inject('template'), name)
  return {
    env: { DATABASE_URL: url, TOKEN_SECRET: crypto.randomBytes(24).toString('hex') },
    open: () => openPostgres(url),
    cleanup: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.close()
    },
  }
}

describe('an approval killed before COMMIT', () => {
  it(`leaves master data, history and the submission untouched on ${inject('engine')}, and can be retried`, async () => {
    const target = inject('engine') === 'postgres' ? await postgresTarget() : await embeddedTarget()
    try {
      // 1. the instrumented server: a clerk proposes, the auditor approves, the approval stops before COMMIT
      const p1 = port()
      const paused = start('tests/api/fixtures/paused-approval-server.ts', { ...target.env, PORT: String(p1) })
      await until('instrumented server ready', paused, healthy(p1), 120_000)
      const api1 = client(p1)
      const clerk = await api1.login('clerk', 'Clerk@2026')
      const auditor = await api1.login('auditor', 'Auditor@2026')
      const list = await api1.get<{ list: { id: number; name: string }[] }>('/api/industryMap/landList?pageSize=1', clerk)
      const parcel = list.body.data.list[0]
      const proposal = await api1.post<{ id: number }>(
        '/api/datacenter/input/parcel/update',
        { targetId: parcel.id, payload: { name: `${parcel.name}（核实）`, location_desc: '核实后的坐落' }, submit: true },
        clerk,
      )
      expect(proposal.status).toBe(200)
      const sid = proposal.body.data.id
      const approving = api1.post('/api/audit/update/one', { id: sid, decision: 'approve' }, auditor).catch((err: Error) => err)
      await until('approval paused before COMMIT', paused, () => paused.output().includes(`${PAUSED_MARK} ${sid}`), 30_000)

      // 2. kill -9 at that moment: the client never hears back
      paused.child.kill('SIGKILL')
      expect(await paused.exited).toBe(null)
      expect(await approving).toBeInstanceOf(Error)

      // 3. the product again, on the same data: nothing of the approval is there
      const p2 = port()
      const product = start('src/server/main.ts', { ...target.env, PORT: String(p2) })
      await until('product restarted', product, healthy(p2), 120_000)
      const api2 = client(p2)
      const clerk2 = await api2.login('clerk', 'Clerk@2026')
      const auditor2 = await api2.login('auditor', 'Auditor@2026')
      const record = await api2.get<RecordView>(`/api/datacenter/input/record?kind=parcel&id=${parcel.id}`, clerk2)
      expect([record.body.data.values.name, record.body.data.version]).toEqual([parcel.name, 0])
      expect((await api2.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=parcel&id=${parcel.id}`, clerk2)).body.data).toEqual([])
      const details = await api2.get<SubmissionDetails>(`/api/audit/query/details?id=${sid}`, auditor2)
      expect([
        details.body.data.submission.state,
        details.body.data.submission.auditedByName,
        details.body.data.events.map((e) => e.action),
      ]).toEqual(['待审核', null, ['create', 'submit']])

      // 4. the approval is retried and holds in full
      const retried = await api2.post<{ version: number; recordId: number }>(
        '/api/audit/update/one',
        { id: sid, decision: 'approve' },
        auditor2,
      )
      expect([retried.status, retried.body.data.version, retried.body.data.recordId]).toEqual([200, 1, parcel.id])
      const after = await api2.get<RecordView>(`/api/datacenter/input/record?kind=parcel&id=${parcel.id}`, clerk2)
      expect([after.body.data.values.name, after.body.data.values.location_desc, after.body.data.version]).toEqual([
        `${parcel.name}（核实）`,
        '核实后的坐落',
        1,
      ])
      product.child.kill('SIGTERM')
      expect(await product.exited).toBe(0)

      // 5. the tables themselves agree: one history row for one approved submission with its events
      const db = await target.open()
      try {
        expect(await snapshot(db, parcel.id, sid)).toEqual({
          parcel: { name: `${parcel.name}（核实）`, location_desc: '核实后的坐落' },
          history: [{ version: 1, submission_id: sid }],
          submission: { state: '已通过', audited_by: expect.any(Number) },
          events: ['create', 'submit', 'approve'],
        })
      } finally {
        await db.close()
      }
    } finally {
      await target.cleanup()
    }
  }, 400_000)
})
