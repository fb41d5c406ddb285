/**
 * The API and web server on one origin (docs/architecture.md "How a request flows"): validation with zod,
 * the auth hook, the operation log, the docs/api.md envelope for every answer, and the built web app.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { STATUS_CODES } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import { z } from 'zod'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Db } from './db/engine'
import type { ServerEnv } from './env'
import type { RuntimeConfigSource } from './runtime-config'
import { AppError } from './http/errors'
import type { FieldError } from '../domain/contracts/envelope'
import { registerAuthHook } from './auth/hook'
import { portalSite } from './auth/portal-host'
import { registerInputGuard } from './http/input-guard'
import { registerSecurityHeaders, SECURITY_HEADERS } from './http/security-headers'
import { registerOperationLog } from './modules/log/hook'
import { MODULES, type ModuleDeps } from './modules'
import { putSettingIfAbsent } from './db/settings'
import type { SecurityPolicy } from './auth/session'
import { startLogRetention } from './modules/log/retention'
import { registerAnswerCache } from './http/answer-cache'
import { registerReadReplica } from './http/read-replica'
import { registerTestClock } from './http/test-clock'
import './http/context'

// Chinese default messages for every schema (docs/api.md: failures carry a Chinese message)
z.config(z.locales.zhCN())

/** Settings a caller may leave out (tests): the defaults of src/server/env.ts apply. */
type OptionalEnv =
  | 'TOKEN_SECRET'
  | 'PASSWORD_MAX_AGE_DAYS'
  | 'LOGIN_IP_MAX_FAILURES'
  | 'TRUST_PROXY'
  | 'LOG_RETENTION_DAYS'
  | 'APP_UPLOAD_MAX_MB'
  | 'UPLOAD_MAX_MB'
  | 'PORTAL_ORIGIN'
  | 'PORTAL_PEERS'
  | 'JOB_STALE_SECONDS'
  | 'TEST_CLOCK'

/** What the app needs from its surroundings; tests build it with their own database. */
export interface AppDeps {
  db: Db
  env: Pick<ServerEnv, 'TOKEN_TTL_MINUTES' | 'TOKEN_IDLE_MINUTES' | 'LOG_LEVEL'> & Partial<Pick<ServerEnv, OptionalEnv>>
  config: RuntimeConfigSource
  /** Directory of the built web app; omitted or missing means API only. */
  webRoot?: string
  /** Where uploaded files live (DATA_DIR/uploads); default a directory under the system temp. */
  uploadDir?: string
  /** Test-only instrumentation of the modules (see ModuleDeps); never set by the product's start. */
  testHooks?: ModuleDeps['testHooks']
  /** A read-only replica of `db` (DATABASE_READ_URL) for the aggregate and list reads (http/read-replica.ts). */
  readDb?: Db
}

/** Builds the whole server without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.env.LOG_LEVEL === 'silent' ? false : { level: deps.env.LOG_LEVEL },
    // the client address decides the sign-in throttle and goes into the audit log: X-Forwarded-For
    // is believed only from the proxies named by TRUST_PROXY
    trustProxy: deps.env.TRUST_PROXY ?? 'loopback',
    bodyLimit: 10 * 1024 * 1024,
    genReqId: () => Math.random().toString(36).slice(2, 10),
    // what Node's HTTP parser refuses (a URL or headers past 16 KB, malformed HTTP) answers in the envelope too
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
      const message = status === 431 ? '请求头或网址过长' : status === 408 ? '请求超时' : '请求格式错误'
      const body = JSON.stringify({ code: status, message, data: null })
      if (!socket.writable) return socket.destroy()
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    },
    // the router's own refusals (a path parameter past its length, a URL it cannot decode) in the envelope too
    frameworkErrors: (err, _request, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400
      const body = JSON.stringify({ code: status, message: status === 414 ? '网址参数过长' : '请求网址格式错误', data: null })
      reply.raw.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...SECURITY_HEADERS }).end(body)
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await app.register(formbody)
  await app.register(multipart)
  await app.register(swagger, {
    openapi: { info: { title: '产业用地一张图 API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  })
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, message, details } = toFailure(err, request.id)
    if (status >= 500) request.log.error({ err }, 'unexpected failure')
    request.failureMessage = message
    reply.status(status).send({ code: status, message, data: null, ...(details ? { details } : {}) })
  })

  const policy: SecurityPolicy = {
    ttlMinutes: deps.env.TOKEN_TTL_MINUTES,
    idleMinutes: deps.env.TOKEN_IDLE_MINUTES,
    passwordMaxAgeDays: deps.env.PASSWORD_MAX_AGE_DAYS ?? 90,
    ipMaxFailures: deps.env.LOGIN_IP_MAX_FAILURES ?? 20,
    // production refuses to start without TOKEN_SECRET (env.ts); the embedded engine keeps one
    tokenSecret: deps.env.TOKEN_SECRET ?? (await putSettingIfAbsent(deps.db, 'token_secret', crypto.randomBytes(32).toString('hex'))),
  }
  app.decorate('portal', portalSite(deps.env.PORTAL_ORIGIN ?? 'http://portal.zj.internal', deps.env.PORTAL_PEERS ?? 'loopback'))
  registerAuthHook(app, deps.db, policy, () => deps.config.get().tokenKey)
  registerInputGuard(app)
  registerSecurityHeaders(app)
  registerOperationLog(app, deps.db)
  registerAnswerCache(app, deps.db)
  registerReadReplica(app, deps.db, deps.readDb)
  const retention = startLogRetention(deps.db, deps.env.LOG_RETENTION_DAYS ?? 365, (err) => app.log.error({ err }, 'log retention failed'))
  app.addHook('onClose', async () => retention.stop())

  const uploadDir = deps.uploadDir ?? path.join(os.tmpdir(), 'ilp-uploads')
  const uploads = {
    dir: uploadDir,
    appMaxBytes: (deps.env.APP_UPLOAD_MAX_MB ?? 200) * 1024 * 1024,
    maxBytes: (deps.env.UPLOAD_MAX_MB ?? 50) * 1024 * 1024,
  }
  const jobs = { staleSeconds: deps.env.JOB_STALE_SECONDS }
  for (const mod of MODULES) await app.register(mod({ db: deps.db, config: deps.config, policy, uploads, jobs, testHooks: deps.testHooks }))
  if (deps.env.TEST_CLOCK) registerTestClock(app)
  app.get('/api/docs/json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger())

  const indexHtml = deps.webRoot && path.join(deps.webRoot, 'index.html')
  const hasWeb = !!indexHtml && fs.existsSync(indexHtml)
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: deps.webRoot as string,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // hashed bundles never change; index.html must always be fresh
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]
    if (hasWeb && request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      // every page of the route table is drawn by the web app (docs/product.md §2); it shows /404 itself
      reply.header('Cache-Control', 'no-cache')
      return reply.type('text/html').send(fs.createReadStream(indexHtml as string))
    }
    reply.status(404).send({ code: 404, message: `接口不存在：${request.method} ${url}`, data: null })
  })
  return app
}

/**
 * PostgreSQL errors that only a value from the request can cause (a number past its column, text the
 * column cannot hold, an impossible date): the client's fault, a 400 — the last line behind the shared
 * schemas and the input guard (issue 18 finding 3). Other database errors stay 500.
 */
const DB_INPUT_REFUSALS: Record<string, string> = {
  '22003': '参数值超出允许范围',
  '22021': '参数含有无法保存的字符',
  '22P05': '参数含有无法保存的字符',
  '22007': '日期或时间格式不正确',
  '22008': '日期或时间超出范围',
  '22001': '参数内容过长',
}

function toFailure(err: FastifyError, requestId: string): { status: number; message: string; details?: FieldError[] } {
  if (err instanceof AppError) return { status: err.status, message: err.message, details: err.details }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body'),
      message: v.message ?? '格式不正确',
    }))
    return { status: 400, message: `参数校验失败：${details.map((d) => `${d.field}：${d.message}`).join('；')}`, details }
  }
  const dbRefusal = DB_INPUT_REFUSALS[(err as { code?: string }).code ?? '']
  if (dbRefusal) return { status: 400, message: dbRefusal }
  if (err.statusCode === 415) return { status: 415, message: '不支持的请求内容类型' }
  if (err.statusCode === 413) return { status: 413, message: '请求内容过大' }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // body parser and similar client errors: say what is wrong without internals
    return {
      status: err.statusCode,
      message: err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? '请求体不是合法的JSON' : '请求格式错误',
    }
  }
  return { status: 500, message: `服务器内部错误（请求编号 ${requestId}）` }
}
