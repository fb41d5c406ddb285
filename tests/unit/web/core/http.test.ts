/**
 * The HTTP client of docs/product.md §7 and the error catalogue of docs/product.md §8, one test per table row, with a
 * fake axios adapter standing in for the network.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it } from 'vitest'
import { createHttpClient, filenameOf, type HttpDeps } from '../../../../src/web/core/http'
import { ApiError, STATUS_NO_TOKEN, TIMEOUTS, mapHttpError, normaliseResponse, toApiError } from '../../../../src/web/core/http-catalogue'

const CONFIG = { baseUrl: 'http://api.test', tokenKey: 'Authorization', tokenPrefix: 'Bearer ' }
const NOW = 1_700_000_000_000

interface Reply {
  status: number
  statusText?: string
  data?: unknown
  headers?: Record<string, string>
  network?: boolean
}

/** A client whose network answers with `reply`; records every request and every progress call. */
function setup(
  reply: Reply | ((c: InternalAxiosRequestConfig) => Reply) = { status: 200, data: { code: 200, message: 'ok', data: 1 } },
  deps: Partial<HttpDeps> = {},
) {
  const seen: InternalAxiosRequestConfig[] = []
  const progress = { started: 0, done: 0 }
  let expired = 0
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    const r = typeof reply === 'function' ? reply(config) : reply
    if (r.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})
    const response = {
      data: r.data,
      status: r.status,
      statusText: r.statusText ?? '',
      headers: new AxiosHeaders(r.headers ?? {}),
      config,
      request: {},
    }
    if (config.validateStatus?.(r.status)) return response
    throw new AxiosError(`Request failed with status code ${r.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response)
  }
  const client = createHttpClient(CONFIG, {
    adapter,
    getToken: () => 'tok-1',
    getExpiresAt: () => NOW + 60_000,
    now: () => NOW,
    onSessionExpired: () => {
      expired += 1
    },
    progress: { start: () => void (progress.started += 1), done: () => void (progress.done += 1) },
    ...deps,
  })
  return { client, seen, progress, expiredCount: () => expired }
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => ({ resolved: true }),
    (e: unknown) => e,
  )

describe('docs/product.md §8 error catalogue (one row per table line)', () => {
  it('| Status 200 or 304 | Success. The body is returned with status set to 200. | — 200', async () => {
    const { client } = setup({ status: 200, data: { code: 200, message: 'ok', data: [1, 2] } })
    expect(await client.get('/api/x')).toEqual({ code: 200, message: 'ok', data: [1, 2], status: 200 })
  })

  it('| Status 200 or 304 | … | — 304 is a success with status 200', async () => {
    const { client } = setup({ status: 304, statusText: 'Not Modified', data: { code: 200, message: 'ok', data: 'cached' } })
    expect(await client.get('/api/x')).toEqual({ code: 200, message: 'ok', data: 'cached', status: 200 })
  })

  it('| 403 | Message 权限不足 |', async () => {
    const { client } = setup({ status: 403, statusText: 'Forbidden', data: { code: 403, message: '权限不足', data: null } })
    expect(await rejection(client.get('/api/x'))).toMatchObject({ status: 403, message: '权限不足' })
  })

  it('| 404 | Unhandled. | — the axios error is rethrown as is', async () => {
    const { client } = setup({ status: 404, statusText: 'Not Found' })
    const err = await rejection(client.get('/api/x'))
    expect(err).toBeInstanceOf(AxiosError)
    expect((err as AxiosError).response?.status).toBe(404)
  })

  it('| 500 and others | The status text. | — 500', async () => {
    const { client } = setup({
      status: 500,
      statusText: 'Internal Server Error',
      data: { code: 500, message: '服务器内部错误（请求号 r1）', data: null },
    })
    expect(await rejection(client.get('/api/x'))).toMatchObject({ status: 500, message: 'Internal Server Error' })
  })

  it('| 500 and others | The status text. | — others, e.g. 409', async () => {
    const { client } = setup({ status: 409, statusText: 'Conflict' })
    expect(await rejection(client.postJson('/api/x', {}))).toMatchObject({ status: 409, message: 'Conflict' })
  })

  it('| Network failure | Status 503 with the message. |', async () => {
    const { client } = setup({ status: 0, network: true })
    expect(await rejection(client.get('/api/x'))).toEqual({ status: 503, message: 'Network Error' })
  })

  it('| Cancelled request without a token | Status 9002. | — no token: not sent, session-expired handler runs', async () => {
    const s = setup(undefined, { getToken: () => null })
    expect(await rejection(s.client.get('/api/x'))).toEqual({ status: STATUS_NO_TOKEN })
    expect(STATUS_NO_TOKEN).toBe(9002)
    expect(s.seen).toHaveLength(0)
    expect(s.expiredCount()).toBe(1)
  })

  it('| Cancelled request without a token | Status 9002. | — expired per expirate_time (docs/product.md §4)', async () => {
    const s = setup(undefined, { getExpiresAt: () => NOW })
    expect(await rejection(s.client.postForm('/api/x', { a: 1 }))).toEqual({ status: 9002 })
    expect(s.seen).toHaveLength(0)
    expect(s.expiredCount()).toBe(1)
  })

  it('a 401 from the server runs the same session-expired handling (docs/api.md)', async () => {
    const s = setup({ status: 401, statusText: 'Unauthorized', data: { code: 401, message: '登录已过期', data: null } })
    expect(await rejection(s.client.get('/api/x'))).toMatchObject({ status: 401 })
    expect(s.expiredCount()).toBe(1)
  })

  it('a 401 on the token-free sign-in is a wrong password, not an expired session', async () => {
    const s = setup({ status: 401, statusText: 'Unauthorized', data: { code: 401, message: '用户名或密码错误', data: null } })
    const err = await rejection(s.client.postFormNoToken('/api/login/do', { username: 'a', password: 'b' }))
    expect(toApiError(err).message).toBe('用户名或密码错误')
    expect(s.expiredCount()).toBe(0)
  })

  it('"A progress bar finishes on every response": done count equals request count', async () => {
    let n = 0
    const s = setup(() => {
      n += 1
      return n % 2 ? { status: 200, data: { code: 200, message: 'ok', data: n } } : { status: 500, statusText: 'Internal Server Error' }
    })
    const noToken = setup(undefined, { getToken: () => null })
    await Promise.allSettled([s.client.get('/a'), s.client.get('/b'), s.client.postJson('/c'), s.client.downloadGet('/d')])
    await rejection(noToken.client.get('/e'))
    expect(s.progress).toEqual({ started: 4, done: 4 })
    expect(noToken.progress).toEqual({ started: 1, done: 1 })
  })
})

describe('pure mapping functions', () => {
  it('normaliseResponse sets status 200 on an object body and wraps any other body', () => {
    expect(normaliseResponse({ status: 304, data: { code: 200, message: 'ok', data: 1 } })).toEqual({
      code: 200,
      message: 'ok',
      data: 1,
      status: 200,
    })
    expect(normaliseResponse({ status: 200, data: 'text' })).toEqual({ data: 'text', status: 200 })
  })

  it('mapHttpError leaves errors that are not axios errors unhandled', () => {
    expect(mapHttpError(new Error('x'))).toBeNull()
  })

  it('toApiError prefers the envelope message and keeps the field details', () => {
    const e = toApiError({
      status: 400,
      message: 'Bad Request',
      body: { code: 400, message: '输入有误', data: null, details: [{ field: 'creditCode', message: '统一社会信用代码校验位错误' }] },
    })
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(400)
    expect(e.message).toBe('输入有误')
    expect(e.details).toEqual([{ field: 'creditCode', message: '统一社会信用代码校验位错误' }])
  })

  it('toApiError gives Chinese text for 503 and 9002', () => {
    expect(toApiError({ status: 503, message: 'Network Error' }).message).toBe('网络连接失败，请检查网络后重试')
    expect(toApiError({ status: 9002 }).message).toBe('登录已过期，请重新登录')
  })

  it('filenameOf reads Content-Disposition', () => {
    expect(filenameOf("attachment; filename*=UTF-8''%E5%9C%B0%E5%9D%97.xlsx")).toBe('地块.xlsx')
    expect(filenameOf('attachment; filename="a.csv"')).toBe('a.csv')
    expect(filenameOf(undefined)).toBeNull()
  })
})

describe('docs/product.md §7 call helpers: timeouts (docs/product.md §9), headers, encodings', () => {
  it.each([
    ['postForm', TIMEOUTS.form, 600_000],
    ['get', TIMEOUTS.get, 30_000],
    ['postJson', TIMEOUTS.json, 6_000_000],
    ['downloadPost', TIMEOUTS.download, 30_000],
    ['downloadGet', TIMEOUTS.download, 30_000],
    ['postFormNoToken', TIMEOUTS.form, 600_000],
  ] as const)('%s has timeout %d ms (%d)', async (helper, constant, ms) => {
    expect(constant).toBe(ms)
    const s = setup()
    await (s.client[helper] as (u: string) => Promise<unknown>)('/api/x')
    expect(s.seen[0].timeout).toBe(ms)
  })

  it('large downloads by POST and GET have 6000 s', async () => {
    const s = setup()
    await s.client.downloadPost('/api/x', {}, { large: true })
    await s.client.downloadGet('/api/x', {}, { large: true })
    expect(s.seen.map((c) => c.timeout)).toEqual([6_000_000, 6_000_000])
  })

  it('every call carries X-Requested-With and the token header <tokenKey>: <tokenPrefix><token>', async () => {
    const s = setup()
    await s.client.get('/api/x', { page: 1 })
    expect(s.seen[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(s.seen[0].headers.get('Authorization')).toBe('Bearer tok-1')
    expect(s.seen[0].baseURL).toBe('http://api.test')
    expect(s.seen[0].params).toEqual({ page: 1 })
  })

  it('the token-free form POST sends no token and is not cancelled without one', async () => {
    const s = setup(undefined, { getToken: () => null })
    await s.client.postFormNoToken('/api/login/do', { username: 'clerk', password: 'ab' })
    expect(s.seen[0].headers.get('Authorization')).toBeUndefined()
    expect(s.seen[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(String(s.seen[0].data)).toBe('username=clerk&password=ab')
    expect(String(s.seen[0].headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded')
  })

  it('postForm encodes fields as a form (roleId=1,3) and postJson sends JSON', async () => {
    const s = setup()
    await s.client.postForm('/api/role/query/role/menuMutil', { roleId: '1,3', skip: undefined })
    await s.client.postJson('/api/x', { a: 1 })
    expect(String(s.seen[0].data)).toBe('roleId=1%2C3')
    expect(s.seen[1].data).toBe('{"a":1}')
    expect(String(s.seen[1].headers.get('Content-Type'))).toContain('application/json')
  })

  it('downloads and previews ask for a blob and return it with the file name', async () => {
    const blob = new Blob(['x'])
    const s = setup({ status: 200, data: blob, headers: { 'content-disposition': 'attachment; filename="a.xlsx"' } })
    const r = await s.client.downloadGet('/api/x')
    const p = await s.client.previewPost('/api/y', { id: 1 })
    expect(s.seen.map((c) => c.responseType)).toEqual(['blob', 'blob'])
    expect(r).toEqual({ data: blob, status: 200, filename: 'a.xlsx' })
    expect(p.data).toBe(blob)
    expect(s.seen[1].timeout).toBe(TIMEOUTS.preview)
  })
})
