/**
 * The product's server in a child process for the crash test (import-crash.test.ts): the same
 * buildApp on a database the test prepared — PGlite files in DATA_DIR, or PostgreSQL at DB_URL —
 * printing `PORT=<n>` once it listens. The test kills it with SIGKILL in the middle of an import.
 * JOB_STALE_SECONDS, when set, shortens the silence after which another process takes a job over.
 */
import { buildApp } from '../../../src/server/app'
import { openPglite, openPostgres } from '../../../src/server/db/engine'
import { readRuntimeConfig, staticConfigSource } from '../../../src/server/runtime-config'

const db = process.env.DB_URL ? await openPostgres(process.env.DB_URL) : await openPglite(process.env.DATA_DIR as string)
const app = await buildApp({
  db,
  env: {
    TOKEN_TTL_MINUTES: 480,
    TOKEN_IDLE_MINUTES: 30,
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: process.env.TOKEN_SECRET,
    JOB_STALE_SECONDS: process.env.JOB_STALE_SECONDS ? Number(process.env.JOB_STALE_SECONDS) : undefined,
  },
  config: staticConfigSource(readRuntimeConfig('config/config.json')),
  uploadDir: process.env.UPLOAD_DIR,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`PORT=${typeof address === 'object' && address ? address.port : 0}\n`)
