/**
 * JSON POST of a write that keeps the server's own words for the user (已新增地块分组“…”,
 * 已报告进展：40% …): the typed data and the envelope's message, or an ApiError carrying the field
 * details of a 400.
 */
import { http } from './http'
import { toApiError } from './http-catalogue'

/** What a write answered: its data and the server's message. */
export interface Said<T> {
  data: T
  message: string
}

/** POST `body` as JSON → data and message. */
export async function postSaying<T>(url: string, body: unknown): Promise<Said<T>> {
  try {
    const r = await http().postJson<T>(url, body)
    return { data: r.data, message: r.message }
  } catch (error) {
    throw toApiError(error)
  }
}
