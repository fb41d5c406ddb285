import type { Envelope } from '../../domain/contracts/envelope'

/** A success envelope (docs/api.md). */
export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: 200, message, data }
}
