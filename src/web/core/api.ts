/**
 * Typed API helpers over the one client: they return the envelope's `data` or throw an
 * {@link ApiError} carrying the envelope's Chinese message and field details (docs/api.md envelope),
 * so forms can show the server's words next to their fields. Endpoint files in features use these.
 */
import { ApiError, toApiError } from './http-catalogue'
import { http, type BlobResult, type CallOptions, type FormFields, type JsonResult, type QueryParams } from './http'

export { ApiError }

async function unwrap<T>(call: Promise<JsonResult<T>>): Promise<T> {
  let result: JsonResult<T>
  try {
    result = await call
  } catch (error) {
    throw toApiError(error)
  }
  return result.data
}

/** GET with query params (30 s) → data. */
export function apiGet<T>(url: string, params?: QueryParams, options?: CallOptions): Promise<T> {
  return unwrap(http().get<T>(url, params, options))
}

/** form-encoded POST (600 s) → data. */
export function apiPostForm<T>(url: string, fields?: FormFields, options?: CallOptions): Promise<T> {
  return unwrap(http().postForm<T>(url, fields, options))
}

/** JSON POST (6000 s) → data. */
export function apiPostJson<T>(url: string, body?: unknown, options?: CallOptions): Promise<T> {
  return unwrap(http().postJson<T>(url, body, options))
}

/** token-free form-encoded POST (sign-in) → data. */
export function apiPostFormNoToken<T>(url: string, fields?: FormFields, options?: CallOptions): Promise<T> {
  return unwrap(http().postFormNoToken<T>(url, fields, options))
}

/** token-free GET (the salt before sign-in) → data. */
export function apiGetNoToken<T>(url: string, params?: QueryParams, options?: CallOptions): Promise<T> {
  return unwrap(http().get<T>(url, params, { ...options, needsToken: false }))
}

/** multipart POST (uploads, 6000 s) → data. */
export function apiUpload<T>(url: string, form: FormData, options?: CallOptions & { onProgress?: (fraction: number) => void }): Promise<T> {
  return unwrap(http().postMultipart<T>(url, form, options))
}

/** binary download by GET → the file, or an {@link ApiError} with the server's message. */
export async function apiDownloadGet(url: string, params?: QueryParams, options?: CallOptions & { large?: boolean }): Promise<BlobResult> {
  try {
    return await http().downloadGet(url, params, options)
  } catch (error) {
    throw toApiError(await envelopeFromBlob(error))
  }
}

/** A failed blob call carries its JSON envelope as a Blob: read it so the message reaches the user. */
async function envelopeFromBlob(error: unknown): Promise<unknown> {
  const body = (error as { body?: unknown })?.body
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    try {
      return { ...(error as object), body: JSON.parse(await body.text()) }
    } catch {
      return error
    }
  }
  return error
}

/** Hands a downloaded file to the browser as a save. */
export function saveBlob(file: BlobResult, fallbackName: string): void {
  const href = URL.createObjectURL(file.data)
  const a = document.createElement('a')
  a.href = href
  a.download = file.filename ?? fallbackName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
