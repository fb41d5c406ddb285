/**
 * One real server on an ephemeral port and a private copy of the template database per test file.
 * Calls go over HTTP with fetch, as a browser's would.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { openPgliteMemory, openPostgres, type Db } from '../../src/server/db/engine'
import { buildApp, type AppDeps } from '../../src/server/app'
import { readRuntimeConfig, staticConfigSource } from '../../src/server/runtime-config'
import { passwordDigest } from '../../src/domain/password-digest'
import type { Envelope } from '../../src/domain/contracts/envelope'
import { withDatabase } from './global-setup'

/** A running server for one test file. */
export interface TestServer {
  engine: 'pglite' | 'postgres'
  db: Db
  app: FastifyInstance
  base: string
  /** Where this server keeps uploads. */
  uploadDir: string
  /** Sign in through the real contract (getSalt → digest → form POST); returns the token. */
  login(username: string, password: string): Promise<string>
  get<T = unknown>(path: string, token?: string): Promise<Answer<T>>
  postForm<T = unknown>(path: string, form: Record<string, string>, token?: string): Promise<Answer<T>>
  postJson<T = unknown>(path: string, body: unknown, token?: string): Promise<Answer<T>>
  /** Any request; the body is parsed as JSON when it is JSON. */
  call<T = unknown>(path: string, init: RequestInit, token?: string): Promise<Answer<T>>
  close(): Promise<void>
}

/** HTTP status plus the parsed envelope. */
export interface Answer<T> {
  status: number
  body: Envelope<T>
}

/** Opens a private database copy and starts the server on an ephemeral port (`testHooks`: test-only instruments). */
export async function startServer(
  env: Partial<AppDeps['env']> = {},
  extra: Pick<AppDeps, 'testHooks' | 'readDb'> = {},
): Promise<TestServer> {
  const engine = inject('engine')
  const template = inject('template')
  let db: Db
  let drop = async () => {}
  if (engine === 'postgres') {
    const name = `ilp_test_${crypto.randomBytes(4).toString('hex')}`
    const admin = await openPostgres(template)
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
    db = await openPostgres(withDatabase(template, name))
    drop = async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.close()
    }
  } else {
    db = await openPgliteMemory(new Blob([fs.readFileSync(template)]))
  }
  const config = staticConfigSource(readRuntimeConfig('config/config.json'))
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-uploads-'))
  const app = await buildApp({
    db,
    env: { TOKEN_TTL_MINUTES: 480, TOKEN_IDLE_MINUTES: 30, LOG_LEVEL: 'silent', ...env },
    config,
    uploadDir,
    testHooks: extra.testHooks,
    readDb: extra.readDb,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  const call = async <T>(path: string, init: RequestInit, token?: string): Promise<Answer<T>> => {
    const headers = new Headers(init.headers)
    headers.set('X-Requested-With', 'XMLHttpRequest')
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const res = await fetch(base + path, { ...init, headers })
    const text = await res.text()
    let body: Envelope<T>
    try {
      body = JSON.parse(text) as Envelope<T>
    } catch {
      body = { code: res.status, message: text.slice(0, 200), data: null as T }
    }
    return { status: res.status, body }
  }
  const server: TestServer = {
    engine,
    db,
    app,
    base,
    uploadDir,
    call,
    async login(username, password) {
      const salt = await server.get<{ salt: string }>(`/api/user/getSalt?username=${encodeURIComponent(username)}`)
      const res = await server.postForm<{ token: string }>('/api/login/do', {
        username,
        password: passwordDigest(salt.body.data.salt, password),
      })
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.message}`)
      return res.body.data.token
    },
    get: (path, token) => call(path, { method: 'GET' }, token),
    postForm: (path, form, token) =>
      call(
        path,
        { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
        token,
      ),
    postJson: (path, body, token) =>
      call(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }, token),
    async close() {
      await app.close()
      await db.close()
      await drop()
      fs.rmSync(uploadDir, { recursive: true, force: true })
    },
  }
  return server
}
