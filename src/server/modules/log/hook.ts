/**
 * Every mutating call and every permission denial writes one operation-log row (docs/architecture.md "How
 * a request flows"; GB/T 22239-2019 8.1.4.3): time, user, IP, module, action, target, result.
 * Request bodies are never written, so passwords and digests cannot reach the log.
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/engine'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function registerOperationLog(app: FastifyInstance, db: Db): void {
  // onSend, not onResponse: the row exists before the client sees the answer
  app.addHook('onSend', async (request, reply, payload) => {
    const settings = request.routeOptions.config?.log
    const status = reply.statusCode
    if (!request.url.startsWith('/api/')) return payload
    // audit: every mutating call, every permission denial whatever the method, and reads that
    // declare an entry (exports)
    const denied = status === 403
    const wanted = denied || (MUTATING.has(request.method) ? settings !== false : !!settings)
    if (!wanted) return payload
    const path = request.url.split('?')[0]
    try {
      await db.query(
        `INSERT INTO operation_log(user_id, username, module, action, method, path, target, ip, status, success, message, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          request.user?.id ?? null,
          request.user?.username ?? request.actorName ?? '',
          (settings || undefined)?.module ?? moduleOf(path),
          (request.logAction ?? (settings || undefined)?.action ?? (denied ? '访问被拒绝' : path)).slice(0, 200),
          request.method,
          path.slice(0, 300),
          (request.logTarget ?? '').slice(0, 200),
          request.ip,
          status,
          status < 400,
          (request.failureMessage ?? '').slice(0, 500),
          Math.round(reply.elapsedTime),
        ],
      )
    } catch (err) {
      request.log.error({ err }, 'operation log write failed')
    }
    return payload
  })
}

/** /api/role/menus/grant → role */
function moduleOf(path: string): string {
  return path.split('/')[2] || 'api'
}
