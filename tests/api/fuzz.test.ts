/**
 * No 5xx from any input (issue 18 finding 3): every operation of /api/docs/json, signed in as admin, gets
 * generated bad inputs — fields left out, wrong types, huge values, NUL characters, ids past int4, arrays
 * for objects, impossible dates, a body that is not JSON — and must answer each with a 4xx (or a 2xx)
 * in the docs/api.md envelope with a Chinese message, never a 5xx; and nothing of the master data,
 * the people or the workflow is written. The test fails naming every operation that answered 5xx.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

let s: TestServer
let token = ''

beforeAll(async () => {
  // the fuzz signs in again when a request ended the session; the throttle must not stop it
  s = await startServer({ LOGIN_IP_MAX_FAILURES: 100_000 })
  token = await s.login('admin', 'Admin@2026')
  adminCredentials = (await s.db.query<typeof adminCredentials>("SELECT salt, password_hash FROM app_user WHERE username = 'admin'"))
    .rows[0]
})
afterAll(() => s?.close())

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  format?: string
  pattern?: string
}
interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/** Operations whose success would end the admin session or the server's own state, left out of the fuzz. */
const SKIP = new Set(['POST /api/login/out', 'GET /api/login/out'])

const NUL = 'a\u0000b'
const PAST_INT4 = 3_000_000_000
/** Bad values of one field, whatever its declared type. */
const BAD_VALUES: unknown[] = [NUL, PAST_INT4, -1, 1.5, 'x'.repeat(20_000), { nested: [1] }, [1, 2], '2026-13-45', null, true, '１２３']
/** Bad values of one query (or path) parameter. */
const BAD_PARAMS: string[] = [
  NUL,
  String(PAST_INT4),
  '99999999999999999999',
  '-1',
  '1.5',
  'x'.repeat(4_000),
  '2026-13-45',
  'NaN',
  '[]',
  '%',
]

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any'
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'any'
  if (schema.type) return schema.type
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf
  return alt ? typeOf(alt.find((a) => a.type !== 'null')) : 'any'
}

/** A plausible value of a field, so that one bad field is tried while the others look right. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0]
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1
    case 'boolean':
      return false
    case 'array':
      return []
    case 'object':
      return {}
    default:
      return schema?.format === 'date' ? '2025-01-01' : '1'
  }
}

interface Probe {
  what: string
  url: string
  init: RequestInit
}

function probesOf(method: string, path: string, op: Operation): Probe[] {
  const params = op.parameters ?? []
  const pathParams = params.filter((p) => p.in === 'path')
  const query = params.filter((p) => p.in === 'query')
  const fill = (over: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      encodeURIComponent(over[name] ?? String(plausible(pathParams.find((p) => p.name === name)?.schema))),
    )
  const qs = (values: Record<string, string | string[]>) => {
    const u = new URLSearchParams()
    for (const [k, v] of Object.entries(values)) for (const x of [v].flat()) u.append(k, x)
    const text = u.toString()
    return text ? `?${text}` : ''
  }
  const plausibleQuery = () => Object.fromEntries(query.map((p) => [p.name, String(plausible(p.schema))]))
  const out: Probe[] = [{ what: 'nothing', url: fill(), init: { method } }]
  for (const p of query) {
    for (const bad of BAD_PARAMS)
      out.push({ what: `query ${p.name}=${bad.slice(0, 20)}`, url: fill() + qs({ ...plausibleQuery(), [p.name]: bad }), init: { method } })
    out.push({ what: `query ${p.name} twice`, url: fill() + qs({ ...plausibleQuery(), [p.name]: ['1', '2'] }), init: { method } })
  }
  for (const p of pathParams)
    for (const bad of BAD_PARAMS) out.push({ what: `path ${p.name}=${bad.slice(0, 20)}`, url: fill({ [p.name]: bad }), init: { method } })

  const content = op.requestBody?.content ?? {}
  const json = content['application/json']?.schema
  const form = content['application/x-www-form-urlencoded']?.schema
  const withBody = (what: string, body: string, type: string): Probe => ({
    what,
    url: fill() + qs(plausibleQuery()),
    init: { method, body, headers: { 'Content-Type': type } },
  })
  if (json || (method !== 'GET' && !form && !content['multipart/form-data'])) {
    const props = json?.properties ?? {}
    const base = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v)]))
    out.push(withBody('body {}', '{}', 'application/json'))
    out.push(withBody('body [] for an object', JSON.stringify([base]), 'application/json'))
    out.push(withBody('body not JSON', '{"a":', 'application/json'))
    out.push(withBody('body as text/plain', 'x', 'text/plain'))
    out.push(withBody('body string NUL', JSON.stringify(NUL), 'application/json'))
    for (const [k, v] of Object.entries(props)) {
      for (const bad of BAD_VALUES)
        out.push(withBody(`body ${k}=${JSON.stringify(bad)?.slice(0, 20)}`, JSON.stringify({ ...base, [k]: bad }), 'application/json'))
      // one level down: the fields of a nested object (payloads of the data centre)
      for (const [kk] of Object.entries(v.properties ?? {})) {
        for (const bad of [NUL, PAST_INT4, [1], '2026-13-45'])
          out.push(
            withBody(
              `body ${k}.${kk}=${JSON.stringify(bad).slice(0, 20)}`,
              JSON.stringify({ ...base, [k]: { [kk]: bad } }),
              'application/json',
            ),
          )
      }
    }
  }
  if (form) {
    const props = form.properties ?? {}
    const base = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, String(plausible(v))]))
    for (const k of Object.keys(props))
      for (const bad of BAD_PARAMS)
        out.push(
          withBody(
            `form ${k}=${bad.slice(0, 20)}`,
            new URLSearchParams({ ...base, [k]: bad }).toString(),
            'application/x-www-form-urlencoded',
          ),
        )
  }
  if (content['multipart/form-data']) {
    out.push(withBody('multipart without boundary', '--x\r\n', 'multipart/form-data'))
    out.push(
      withBody(
        'multipart cut short',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
        'multipart/form-data; boundary=x',
      ),
    )
  }
  return out
}

let adminCredentials: { salt: string; password_hash: string }
/**
 * Signs admin in again when a probe ended its session or replaced its password (the fuzz fills ids with 1,
 * admin's: 重置密码 of id 1 is a valid call); the stored credentials are put back first.
 */
async function ensureSession(): Promise<void> {
  if ((await s.get('/api/user/current', token)).status === 200) return
  await s.db.query(
    `UPDATE app_user SET salt = $1, password_hash = $2, must_change_password = false, status = 1, deleted = false WHERE username = 'admin'`,
    [adminCredentials.salt, adminCredentials.password_hash],
  )
  await s.db.query("DELETE FROM account_lock WHERE username = 'admin'")
  token = await s.login('admin', 'Admin@2026')
}

/** Row counts of the tables no refused input may change. */
async function counts(): Promise<Record<string, number>> {
  const tables = [
    'parcel',
    'enterprise',
    'app_user',
    'role',
    'role_menu',
    'user_role',
    'menu',
    'dict',
    'organization',
    'dc_submission',
    'record_history',
  ]
  const r = await s.db.query<Record<string, number>>(`SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`)
  return r.rows[0]
}

describe('fuzz every operation of the OpenAPI document', () => {
  it('answers every bad input without a 5xx, in the envelope, and writes nothing', async () => {
    const doc = (await s.get<never>('/api/docs/json')) as unknown as { body: { paths: Record<string, Record<string, Operation>> } }
    const ops = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
    )
    expect(ops.length).toBeGreaterThan(200)
    const fiveHundreds = new Map<string, string[]>()
    const outside = new Map<string, string[]>()
    const wrote = new Map<string, string[]>()
    let requests = 0
    let fuzzed = 0
    for (const { method, path, op } of ops) {
      const name = `${method} ${path}`
      if (SKIP.has(name)) continue
      fuzzed++
      const mark = await counts()
      let accepted = false
      const probes = probesOf(method, path, op)
      // four at a time: a real server answers concurrent callers
      for (let i = 0; i < probes.length; i += 4) {
        await Promise.all(
          probes.slice(i, i + 4).map(async (probe) => {
            const headers = new Headers(probe.init.headers)
            headers.set('Authorization', `Bearer ${token}`)
            let status: number
            let text: string
            let type: string
            try {
              const res = await fetch(s.base + probe.url, { ...probe.init, headers })
              status = res.status
              type = res.headers.get('content-type') ?? ''
              text = await res.text()
            } catch (err) {
              status = 599
              type = ''
              text = `connection failed: ${(err as Error).message}`
            }
            requests++
            const note = `${probe.what} → ${status} ${text.slice(0, 160)}`
            if (status < 400) accepted = true
            if (status >= 500) fiveHundreds.set(name, [...(fiveHundreds.get(name) ?? []), note])
            else if (status >= 400) {
              let ok: boolean
              try {
                const body = JSON.parse(text) as { code: number; message: string }
                ok = type.startsWith('application/json') && body.code === status && /[\u4e00-\u9fff]/.test(body.message)
              } catch {
                ok = false
              }
              if (!ok) outside.set(name, [...(outside.get(name) ?? []), note])
            }
          }),
        )
        await ensureSession()
      }
      // an operation that refused every input wrote nothing (one that accepted an input may have)
      const after = await counts()
      if (!accepted && JSON.stringify(after) !== JSON.stringify(mark)) wrote.set(name, [JSON.stringify({ mark, after })])
    }
    const report = (m: Map<string, string[]>) => [...m].map(([op, notes]) => `${op}\n    ${notes.slice(0, 3).join('\n    ')}`).join('\n')
    console.info(
      `fuzz: ${fuzzed} operations, ${requests} requests, ${[...fiveHundreds.values()].flat().length} × 5xx on ${fiveHundreds.size} operations`,
    )
    expect(report(fiveHundreds), 'operations that answered 5xx').toBe('')
    expect(report(outside), 'failures outside the envelope').toBe('')
    expect(report(wrote), 'refused inputs that wrote').toBe('')
  }, 1_200_000)
})

/** A raw HTTP exchange, for what fetch will not send. */
function raw(request: string | Buffer): Promise<string> {
  const { port } = new URL(s.base)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request))
    let text = ''
    socket.on('data', (d) => (text += d.toString('utf8')))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}
const envelopeOf = (httpText: string) => JSON.parse(httpText.slice(httpText.indexOf('\r\n\r\n') + 4)) as { code: number; message: string }

describe('the shared input rules and the web server’s own errors, in the envelope', () => {
  it('refuses ids past int4, NUL characters and fractions where integers are meant (400, the field named)', async () => {
    const big = await s.get('/api/role/query/one?id=3000000000', token)
    expect([big.status, big.body.message]).toEqual([400, '参数校验失败：id：ID不能大于2147483647'])
    const list = await s.postJson('/api/user/update/roles', { userId: 1, roleIds: [1, 3_000_000_000] }, token)
    expect([list.status, list.body.message]).toEqual([400, '参数校验失败：roleIds.1：ID不能大于2147483647'])
    const salt = await s.get('/api/user/getSalt?username=a%00b')
    expect([salt.status, salt.body.message]).toEqual([400, '参数校验失败：username：不能包含空字符（\\u0000）'])
    const login = await s.postForm('/api/login/do', { username: 'a\u0000b', password: 'x' })
    expect([login.status, login.body.message]).toEqual([400, '参数校验失败：username：不能包含空字符（\\u0000）'])
    const limit = await s.get('/api/globe/parcels?bbox=119,29,121,31&limit=1.5', token)
    expect([limit.status, limit.body.message]).toEqual([400, '参数校验失败：limit：limit必须是整数'])
  })

  it('answers an export given a NUL in the envelope, not a cut connection', async () => {
    for (const path of ['/api/foundCenter/export?kind=parcel&keyword=%00', '/api/cloudChart/report/enterprises/export?keyword=%00']) {
      const r = await s.get(path, token)
      expect([r.status, r.body.code, r.body.message], path).toEqual([400, 400, '参数校验失败：keyword：不能包含空字符（\\u0000）'])
    }
  })

  it('answers a URL past 16 KB with 431 and malformed HTTP with 400, both in Chinese', async () => {
    const long = await s.get(`/api/user/getSalt?username=${'a'.repeat(20_000)}`)
    expect([long.status, long.body]).toEqual([431, { code: 431, message: '请求头或网址过长', data: null }])
    const garbage = await raw('GARBAGE / NOT-HTTP\r\n\r\n')
    expect(garbage.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expect(envelopeOf(garbage)).toEqual({ code: 400, message: '请求格式错误', data: null })
  })

  it('answers 413, 415, an unknown route, bad JSON and a multipart body without a boundary in the envelope', async () => {
    const huge = await s.call(
      '/api/role/add',
      { method: 'POST', body: 'x'.repeat(11 * 1024 * 1024), headers: { 'Content-Type': 'application/json' } },
      token,
    )
    expect([huge.status, huge.body.message]).toEqual([413, '请求内容过大'])
    const xml = await s.call('/api/role/add', { method: 'POST', body: '<a/>', headers: { 'Content-Type': 'application/xml' } }, token)
    expect([xml.status, xml.body.message]).toEqual([415, '不支持的请求内容类型'])
    const unknown = await s.get('/api/no/such/thing', token)
    expect([unknown.status, unknown.body.message]).toEqual([404, '接口不存在：GET /api/no/such/thing'])
    const bad = await s.call('/api/role/add', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } }, token)
    expect([bad.status, bad.body.message]).toEqual([400, '请求体不是合法的JSON'])
    for (const path of ['/api/base/file/upload', '/api/app/version/upload']) {
      const r = await s.call(path, { method: 'POST', body: '--x\r\n', headers: { 'Content-Type': 'multipart/form-data' } }, token)
      expect(r.status, path).toBeGreaterThanOrEqual(400)
      expect(r.status, path).toBeLessThan(500)
      expect(r.body.code, path).toBe(r.status)
      expect(r.body.message, path).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})
