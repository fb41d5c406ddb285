/**
 * JSON POST of a group write that keeps the server's own words for the user (已新增地块分组“…”,
 * 已添加 2 个，1 个已在分组中): the typed data and the envelope's message, or an ApiError.
 */
import { toApiError } from '../../../core/http-catalogue'
import { http } from '../../../core/http'

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
