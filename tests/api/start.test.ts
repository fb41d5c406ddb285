/**
 * The start command's promises (foundation point 1): data created once and reused, ready quickly
 * on a second start, one owner per data directory, and a real deployment on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openPostgres } from '../../src/server/db/engine'
import { openDatabase } from '../../src/server/db/open'
import { appraisalHistoryState, seedAppraisal } from '../../src/server/db/seed/appraisal'
import { withDatabase } from './global-setup'

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function startProduct(env: Record<string, string>): Started {
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

async function waitReady(port: number, p: Started, limitMs: number): Promise<number> {
  const t0 = Date.now()
  while (Date.now() - t0 < limitMs) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (r.status === 200) return Date.now() - t0
    } catch {
      /* not listening yet */
    }
    if (p.child.exitCode !== null) throw new Error(`exited early:\n${p.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not ready in ${limitMs} ms:\n${p.output()}`)
}

const children: ChildProcess[] = []
afterAll(() => children.forEach((c) => c.kill('SIGKILL')))
const port = () => 20000 + crypto.randomInt(20000)

describe.runIf(inject('engine') === 'pglite')('embedded start', () => {
  it('creates, seeds, refuses a second owner, and restarts without reseeding in under 10 s, publishing pending 亩均 history behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-start-'))
    const p1Port = port()
    const first = startProduct({ PORT: String(p1Port), DATA_DIR: dataDir, SEED_PARCELS: '50' })
    children.push(first.child)
    await waitReady(p1Port, first, 180_000)
    expect(first.output()).toContain(`产业用地一张图 已启动：http://127.0.0.1:${p1Port}`)
    expect(first.output()).toContain('已初始化演示数据：50 个地块')
    expect(first.output()).toMatch(/admin\s+Admin@2026\s+超级管理员/)
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true)

    const second = startProduct({ PORT: String(port()), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('数据目录已被另一个进程')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const p3Port = port()
    const third = startProduct({ PORT: String(p3Port), DATA_DIR: dataDir })
    children.push(third.child)
    const readyMs = await waitReady(p3Port, third, 30_000)
    expect(readyMs).toBeLessThan(10_000)
    expect(third.output()).not.toContain('已初始化演示数据')
    const parcels = await fetch(`http://127.0.0.1:${p3Port}/api/health`)
    expect(parcels.status).toBe(200)
    third.child.kill('SIGTERM')
    await third.exited

    // a first start at a province's size leaves the past years' 亩均 batches pending (here marked
    // on the same data): the next start answers at once and publishes them behind, then clears the mark
    const marked = await openDatabase({ dataDir })
    // the published batches (the demo's open 公示 of one county is not history)
    const published = (await marked.query<{ n: number }>(`SELECT count(*)::int AS n FROM appraisal_batch WHERE state IN ('发布', '归档')`))
      .rows[0].n
    expect(published).toBeGreaterThan(0)
    await marked.exec('TRUNCATE appraisal_input_source, appraisal_event, appraisal_batch CASCADE')
    await seedAppraisal(marked, { history: 'after-start' })
    await marked.close()
    const p4Port = port()
    const fourth = startProduct({ PORT: String(p4Port), DATA_DIR: dataDir })
    children.push(fourth.child)
    await waitReady(p4Port, fourth, 30_000)
    expect(fourth.output()).toMatch(/正在生成演示数据的历史亩均评价（\d{4}–\d{4} 年），已完成 0 年/)
    for (let i = 0; i < 600 && !fourth.output().includes('历史亩均评价已生成'); i++) await new Promise((r) => setTimeout(r, 100))
    expect(fourth.output()).toMatch(/历史亩均评价已生成（\d{4}–\d{4} 年），用时 \d+ 秒/)
    fourth.child.kill('SIGTERM')
    expect(await fourth.exited).toBe(0)
    const after = await openDatabase({ dataDir })
    expect(
      (await after.query<{ n: number }>(`SELECT count(*)::int AS n FROM appraisal_batch WHERE state IN ('发布', '归档')`)).rows[0].n,
    ).toBe(published)
    expect(await appraisalHistoryState(after)).toBeNull()
    await after.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 300_000)

  it('stops with a message naming a bad environment variable', async () => {
    const p = startProduct({ PORT: 'eighty' })
    expect(await p.exited).toBe(1)
    expect(p.output()).toContain('PORT 应为 1–65535 之间的整数，实际为 "eighty"')
  })
})

describe.runIf(inject('engine') === 'postgres')('start on PostgreSQL (DATABASE_URL)', () => {
  it('refuses to start without a token secret, then creates only admin with a one-time password that must be changed', async () => {
    const name = `ilp_start_${crypto.randomBytes(4).toString('hex')}`
    const admin = await openPostgres(inject('template'))
    await admin.exec(`CREATE DATABASE ${name}`)
    const url = withDatabase(inject('template'), name)
    const refused = startProduct({ PORT: String(port()), DATABASE_URL: url, SEED_PARCELS: '0', TOKEN_SECRET: '' })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain('TOKEN_SECRET 使用 DATABASE_URL（生产）时必须设置')
    const p = startProduct({
      PORT: String(port()),
      DATABASE_URL: url,
      SEED_PARCELS: '0',
      TOKEN_SECRET: crypto.randomBytes(24).toString('hex'),
    })
    children.push(p.child)
    for (let i = 0; i < 600 && !p.output().includes('已启动'); i++) await new Promise((r) => setTimeout(r, 100))
    expect(p.output()).toMatch(/已创建管理员 admin，一次性密码：\S+（仅显示这一次，首次登录须修改）/)
    expect(p.output()).not.toContain('Admin@2026')
    p.child.kill('SIGTERM')
    await p.exited
    const db = await openPostgres(url)
    const users = await db.query<{ username: string; must_change_password: boolean }>('SELECT username, must_change_password FROM app_user')
    expect(users.rows).toEqual([{ username: 'admin', must_change_password: true }])
    await db.close()
    await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`)
    await admin.close()
  }, 120_000)
})
