/** Every mutating call writes one operation-log row (ARCHITECTURE "How a request flows"). */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/engine'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function registerOperationLog(app: FastifyInstance, db: Db): void {
  // onSend, not onResponse: the row exists before the client sees the answer
  app.addHook('onSend', async (request, reply, payload) => {
    const settings = request.routeOptions.config?.log
    if (!MUTATING.has(request.method) || !request.url.startsWith('/api/') || settings === false) return payload
    const path = request.url.split('?')[0]
    const status = reply.statusCode
    try {
      await db.query(
        `INSERT INTO operation_log(user_id, username, module, action, method, path, target, ip, status, success, message, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          request.user?.id ?? null,
          request.user?.username ?? request.actorName ?? '',
          settings?.module ?? moduleOf(path),
          settings?.action ?? path,
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
