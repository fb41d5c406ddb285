/**
 * Input every operation refuses before its own schema runs (issue 18 finding 3), so that no operation —
 * today's or one added tomorrow — hands the database a value it rejects with a 5xx:
 *
 * - a NUL character anywhere in the path parameters, the query or the body (PostgreSQL text cannot
 *   hold one);
 * - an id (a field named `id`, `…Id`, `ids` or `…Ids`, a number or digits, comma lists included) past
 *   a PostgreSQL int4.
 *
 * Runs in preValidation after the auth hook, so that a caller without the grant learns nothing from it.
 * The shared zod pieces of src/domain/contracts (idSchema) say the same for the schemas that use them.
 */
import type { FastifyInstance } from 'fastify'
import { INT4_MAX } from '../../domain/contracts/admin'
import type { FieldError } from '../../domain/contracts/envelope'
import { badRequest } from './errors'

const ID_KEY = /^(id|ids)$|[a-z0-9](Id|Ids)$/
const MAX_DEPTH = 32

function idPastInt4(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) > INT4_MAX
  if (typeof value === 'string')
    return value.split(',').some((part) => /^\s*[-+]?\d+(\.\d*)?\s*$/.test(part) && Math.abs(Number(part)) > INT4_MAX)
  return false
}

/** The first problems of a value, each with its field path (`a.b.0`). */
export function inputProblems(value: unknown, path = '', key = '', depth = 0, out: FieldError[] = []): FieldError[] {
  if (out.length >= 5 || depth > MAX_DEPTH) return out
  const field = path || 'body'
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ field, message: '不能包含空字符（\\u0000）' })
    else if (ID_KEY.test(key) && idPastInt4(value)) out.push({ field, message: `ID不能大于${INT4_MAX}` })
  } else if (typeof value === 'number') {
    if (ID_KEY.test(key) && idPastInt4(value)) out.push({ field, message: `ID不能大于${INT4_MAX}` })
  } else if (Array.isArray(value)) {
    // the elements of an id list are ids themselves (roleIds: [1, 2])
    value.forEach((v, i) => inputProblems(v, path ? `${path}.${i}` : String(i), key, depth + 1, out))
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) out.push({ field: path || 'body', message: '字段名不能包含空字符（\\u0000）' })
      else inputProblems(v, path ? `${path}.${k}` : k, k, depth + 1, out)
    }
  }
  return out
}

/** Registers the guard; call it after the auth hook. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const details = [
      ...inputProblems(request.params ?? {}),
      ...inputProblems(request.query ?? {}),
      ...(request.isMultipart() ? [] : inputProblems(request.body ?? {})),
    ]
    if (details.length) throw badRequest(`参数校验失败：${details.map((d) => `${d.field}：${d.message}`).join('；')}`, details)
  })
}
