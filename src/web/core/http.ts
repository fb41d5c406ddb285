/**
 * The one HTTP client (docs/product.md §7, §8; docs/api.md). Every call goes to the configured base URL and
 * carries `X-Requested-With` plus the token header `<tokenKey>: <tokenPrefix><token>`. The call
 * helpers and their timeouts are those of docs/product.md §7 / §9; failures follow the catalogue of docs/product.md §8
 * ({@link mapHttpError}).
 */
import axios, { CanceledError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios'
import type { Envelope } from '../../domain/contracts/envelope'
import type { RuntimeConfig } from '../../domain/contracts/runtime-config'
import {
  NO_TOKEN_CANCEL,
  STATUS_NO_TOKEN,
  TIMEOUTS,
  isSuccessStatus,
  mapHttpError,
  normaliseResponse,
  type HttpSuccess,
} from './http-catalogue'
import { PROGRESS_BAR, type ProgressBar } from './progress'
import { isTokenUsable, readExpiry, readToken, removeToken } from './storage'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false for the token-free calls (sign-in); every other call needs a token (docs/product.md §4). */
    needsToken?: boolean
  }
}

/** The parts of the runtime config the client is built from. */
export type HttpConfig = Pick<RuntimeConfig, 'baseUrl' | 'tokenKey' | 'tokenPrefix'>

/** What the client needs from outside; everything has a browser default. */
export interface HttpDeps {
  getToken(): string | null
  getExpiresAt(): number | null
  now(): number
  /** docs/product.md §4: remove the token and send the user to /login. */
  onSessionExpired(): void
  progress: ProgressBar
  /** Replaces the network (tests). */
  adapter?: AxiosAdapter
}

/** A JSON call's result: the API envelope with status 200 (docs/product.md §8 row 1). */
export type JsonResult<T> = Envelope<T> & { status: 200 }

/** A binary call's result (download, preview). */
export interface BlobResult {
  data: Blob
  status: 200
  /** From Content-Disposition, when the server names the file. */
  filename: string | null
}

/** Options of one call. */
export interface CallOptions {
  /** Cancels the call (e.g. when a page unmounts). */
  signal?: AbortSignal
  /** false sends no token and skips the token check (the token-free helpers set it). */
  needsToken?: boolean
}

/** Form fields; null and undefined are left out. */
export type FormFields = Record<string, string | number | boolean | null | undefined>

/** Query parameters; arrays repeat the key. */
export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>

/** The call helpers of docs/product.md §7. */
export interface HttpClient {
  readonly instance: AxiosInstance
  /** form-encoded POST, 600 s */
  postForm<T>(url: string, fields?: FormFields, options?: CallOptions): Promise<JsonResult<T>>
  /** GET with query params, 30 s */
  get<T>(url: string, params?: QueryParams, options?: CallOptions): Promise<JsonResult<T>>
  /** JSON POST, 6000 s */
  postJson<T>(url: string, body?: unknown, options?: CallOptions): Promise<JsonResult<T>>
  /** binary download by POST: 30 s, or 6000 s with `large` */
  downloadPost(url: string, body?: unknown, options?: CallOptions & { large?: boolean }): Promise<BlobResult>
  /** binary download by GET: 30 s, or 6000 s with `large` */
  downloadGet(url: string, params?: QueryParams, options?: CallOptions & { large?: boolean }): Promise<BlobResult>
  /** file preview POST → blob, 600 s (spec gives no figure; a preview is a form-sized call) */
  previewPost(url: string, body?: unknown, options?: CallOptions): Promise<BlobResult>
  /** token-free form-encoded POST (sign-in), 600 s */
  postFormNoToken<T>(url: string, fields?: FormFields, options?: CallOptions): Promise<JsonResult<T>>
  /** multipart upload POST (files), 6000 s like the large calls; `onProgress` gets 0..1 */
  postMultipart<T>(url: string, form: FormData, options?: CallOptions & { onProgress?: (fraction: number) => void }): Promise<JsonResult<T>>
}

/** Form body from fields, leaving out null and undefined. */
export function toForm(fields: FormFields = {}): URLSearchParams {
  const form = new URLSearchParams()
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v))
  return form
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameOf(disposition: string | undefined | null): string | null {
  if (!disposition) return null
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star) return safeDecode(star[1].trim().replace(/^"|"$/g, ''))
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition)
  return plain ? safeDecode(plain[2].trim()) : null
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Browser defaults for {@link HttpDeps}, reading the token from storage (docs/product.md §3). */
export function browserHttpDeps(config: HttpConfig): HttpDeps {
  return {
    getToken: () => readToken(config.tokenKey),
    getExpiresAt: readExpiry,
    now: Date.now,
    onSessionExpired: () => {
      removeToken(config.tokenKey)
      globalThis.location?.assign('/login')
    },
    progress: PROGRESS_BAR,
  }
}

/** Builds the client of docs/product.md §7 from the runtime config. */
export function createHttpClient(config: HttpConfig, overrides: Partial<HttpDeps> = {}): HttpClient {
  const deps: HttpDeps = { ...browserHttpDeps(config), ...overrides }
  const instance = axios.create({
    baseURL: config.baseUrl || undefined,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    // docs/product.md §8: 304 counts as success like 200
    validateStatus: isSuccessStatus,
    paramsSerializer: { indexes: null },
    adapter: deps.adapter,
  })

  instance.interceptors.request.use((req) => {
    deps.progress.start()
    if (req.needsToken === false) return req
    const token = deps.getToken()
    // docs/product.md §4: with no token or an expired token, a request that needs one is cancelled (§8: 9002)
    if (!isTokenUsable(token, deps.getExpiresAt(), deps.now())) throw new CanceledError(NO_TOKEN_CANCEL)
    req.headers.set(config.tokenKey, `${config.tokenPrefix}${token}`)
    return req
  })
  // docs/product.md §8: the progress bar finishes on every response, success or failure
  instance.interceptors.response.use(
    (res) => {
      deps.progress.done()
      return res
    },
    (err: unknown) => {
      deps.progress.done()
      return Promise.reject(err)
    },
  )

  async function send(req: AxiosRequestConfig): Promise<{ result: HttpSuccess; response: AxiosResponse }> {
    try {
      const response = await instance.request(req)
      return { result: normaliseResponse(response), response }
    } catch (error) {
      const failure = mapHttpError(error)
      // docs/api.md: a 401 means no, expired or unknown token — the same as docs/product.md §4's missing token
      const expired = failure?.status === STATUS_NO_TOKEN || (failure?.status === 401 && req.needsToken !== false)
      if (expired) deps.onSessionExpired()
      throw failure ?? error
    }
  }

  const json = async <T>(req: AxiosRequestConfig) => (await send(req)).result as unknown as JsonResult<T>
  const blob = async (req: AxiosRequestConfig): Promise<BlobResult> => {
    const { result, response } = await send({ ...req, responseType: 'blob' })
    const header = response.headers['content-disposition'] as string | undefined
    return { data: result.data as Blob, status: 200, filename: filenameOf(header) }
  }

  return {
    instance,
    postForm: (url, fields, o = {}) =>
      json({ url, method: 'POST', data: toForm(fields), timeout: TIMEOUTS.form, signal: o.signal, needsToken: o.needsToken }),
    get: (url, params, o = {}) => json({ url, method: 'GET', params, timeout: TIMEOUTS.get, signal: o.signal, needsToken: o.needsToken }),
    postJson: (url, body, o = {}) =>
      json({
        url,
        method: 'POST',
        data: body ?? {},
        headers: { 'Content-Type': 'application/json' },
        timeout: TIMEOUTS.json,
        signal: o.signal,
        needsToken: o.needsToken,
      }),
    downloadPost: (url, body, o = {}) =>
      blob({
        url,
        method: 'POST',
        data: body ?? {},
        headers: { 'Content-Type': 'application/json' },
        timeout: o.large ? TIMEOUTS.largeDownload : TIMEOUTS.download,
        signal: o.signal,
        needsToken: o.needsToken,
      }),
    downloadGet: (url, params, o = {}) =>
      blob({
        url,
        method: 'GET',
        params,
        timeout: o.large ? TIMEOUTS.largeDownload : TIMEOUTS.download,
        signal: o.signal,
        needsToken: o.needsToken,
      }),
    previewPost: (url, body, o = {}) =>
      blob({
        url,
        method: 'POST',
        data: body ?? {},
        headers: { 'Content-Type': 'application/json' },
        timeout: TIMEOUTS.preview,
        signal: o.signal,
        needsToken: o.needsToken,
      }),
    postFormNoToken: (url, fields, o = {}) =>
      json({ url, method: 'POST', data: toForm(fields), timeout: TIMEOUTS.form, signal: o.signal, needsToken: false }),
    postMultipart: (url, form, o = {}) =>
      json({
        url,
        method: 'POST',
        data: form,
        timeout: TIMEOUTS.json,
        signal: o.signal,
        needsToken: o.needsToken,
        onUploadProgress: o.onProgress && ((e) => o.onProgress?.(e.total ? e.loaded / e.total : 0)),
      }),
  }
}

let current: HttpClient | null = null

/** Creates the app's client once the runtime config is loaded (main.tsx). */
export function initHttp(config: HttpConfig, overrides: Partial<HttpDeps> = {}): HttpClient {
  current = createHttpClient(config, overrides)
  return current
}

/** The app's client; throws before {@link initHttp}. */
export function http(): HttpClient {
  if (!current) throw new Error('HTTP客户端尚未初始化（运行配置未加载）')
  return current
}
