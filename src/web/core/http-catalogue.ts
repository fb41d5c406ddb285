/**
 * The error catalogue of docs/product.md §8 as pure functions, and the constants of docs/product.md §9 the client uses.
 * No I/O here: {@link normaliseResponse} and {@link mapHttpError} are table-tested.
 */
import { isAxiosError, isCancel, type AxiosResponse } from 'axios'
import type { Envelope, FieldError } from '../../domain/contracts/envelope'

/** docs/product.md §9 timeouts in milliseconds, one per call helper of docs/product.md §7. */
export const TIMEOUTS = {
  /** GET with query params, and small downloads: 30 s */
  get: 30_000,
  /** form-encoded POST: 600 s */
  form: 600_000,
  /** JSON POST and large downloads: 6000 s */
  json: 6_000_000,
  /** binary download, small: 30 s */
  download: 30_000,
  /** binary download, large: 6000 s */
  largeDownload: 6_000_000,
  /** file preview POST: the spec gives no figure; a preview is form-sized, so 600 s (our reading) */
  preview: 600_000,
} as const

/** docs/product.md §8: status given to a request cancelled because it needs a token and has none. */
export const STATUS_NO_TOKEN = 9002
/** docs/product.md §8: status given to a network failure. */
export const STATUS_NETWORK = 503
/** docs/product.md §8: the message of a 403. */
export const MESSAGE_FORBIDDEN = '权限不足'

/** Marks the cancellation made by the token check (docs/product.md §4, §8), to tell it from other cancels. */
export const NO_TOKEN_CANCEL = '缺少有效令牌，请求已取消'

/** A success result of docs/product.md §8: the body with `status` set to 200 (a non-object body as `data`). */
export type HttpSuccess = Record<string, unknown> & { status: 200 }

/** A failure result of docs/product.md §8 (403, 500 and others, 503, 9002). */
export interface HttpFailure {
  status: number
  message?: string
  /** The response envelope, when the server sent one (carries the Chinese message and details). */
  body?: unknown
}

/** docs/product.md §8 row 1: status 200 or 304 → the body returned with status set to 200. */
export function normaliseResponse(response: Pick<AxiosResponse<unknown>, 'data' | 'status'>): HttpSuccess {
  const body = response.data
  if (isPlainObject(body)) return { ...body, status: 200 }
  // a blob, text or empty body cannot carry a status field: it is wrapped (our reading)
  return { data: body, status: 200 }
}

/** Whether a status counts as success for docs/product.md §8 (200, 304, and the other 2xx). */
export function isSuccessStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304
}

/**
 * docs/product.md §8 rows 2–6 for a failed call. Returns the catalogue result, or `null` when the error is
 * to be rethrown as is (404, and cancellations other than the token check).
 */
export function mapHttpError(error: unknown): HttpFailure | null {
  if (isCancel(error)) {
    const message = (error as { message?: string }).message
    return message === NO_TOKEN_CANCEL ? { status: STATUS_NO_TOKEN } : null
  }
  if (!isAxiosError(error)) return null
  const response = error.response
  if (!response) return { status: STATUS_NETWORK, message: error.message }
  const { status, statusText, data } = response
  if (status === 404) return null
  if (status === 403) return { status: 403, message: MESSAGE_FORBIDDEN, body: data }
  return { status, message: statusText, body: data }
}

/** Is this value a catalogue failure (as rejected by the client)? */
export function isHttpFailure(value: unknown): value is HttpFailure {
  return isPlainObject(value) && typeof value.status === 'number' && !isAxiosError(value)
}

/**
 * The error the typed API helpers throw: the envelope's Chinese message and field details, so
 * forms can show them next to their fields (docs/api.md envelope).
 */
export class ApiError extends Error {
  /** HTTP status, or 503 / 9002 of docs/product.md §8. */
  readonly status: number
  /** Field errors of a validation failure (400). */
  readonly details: FieldError[]
  constructor(status: number, message: string, details: FieldError[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.details = details
  }
}

/** Chinese fallbacks when a failure carries no envelope message. */
const FALLBACK_MESSAGES: Record<number, string> = {
  [STATUS_NO_TOKEN]: '登录已过期，请重新登录',
  [STATUS_NETWORK]: '网络连接失败，请检查网络后重试',
  401: '登录已过期，请重新登录',
  404: '请求的资源不存在',
}

/** Turns whatever a helper rejected with into an {@link ApiError}. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  let status = 0
  let message: string | undefined
  let body: unknown
  if (isHttpFailure(error)) {
    status = error.status
    message = error.message
    body = error.body
  } else if (isAxiosError(error)) {
    status = error.response?.status ?? STATUS_NETWORK
    body = error.response?.data
    message = error.message
  } else if (error instanceof Error) {
    message = error.message
  }
  const envelope = asEnvelope(body)
  // the server's Chinese message beats the status text (docs/api.md: failures carry a human message)
  const text = envelope?.message ?? FALLBACK_MESSAGES[status] ?? message ?? '请求失败'
  return new ApiError(status, text, envelope?.details ?? [])
}

/** The body as an API envelope, when it is one. */
export function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (!isPlainObject(body)) return null
  if (typeof body.code !== 'number' || typeof body.message !== 'string') return null
  return body as unknown as Envelope<unknown>
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}
