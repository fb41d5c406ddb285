/** Resolves the token of every /api call that is not public (API.md step 5). */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/engine'
import { authenticate, type TokenPolicy } from '../modules/auth/service'
import { unauthorized } from '../http/errors'

/**
 * The header carrying the token. The web client sends `<tokenKey>: <tokenPrefix><token>` with the
 * runtime config's tokenKey (default Authorization); the server accepts that name and
 * Authorization, with or without the prefix.
 */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>, tokenKey: string): string | null {
  const raw = headers[tokenKey.toLowerCase()] ?? headers.authorization
  const value = Array.isArray(raw) ? raw[0] : raw
  if (!value) return null
  const token = value.replace(/^Bearer\s+/i, '').trim()
  return token || null
}

export function registerAuthHook(app: FastifyInstance, db: Db, policy: TokenPolicy, tokenKey = () => 'Authorization'): void {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.public || !request.routeOptions.url) return
    const token = tokenFromHeaders(request.headers, tokenKey())
    if (!token) throw unauthorized('未登录，请先登录')
    request.user = await authenticate(db, token, policy)
  })
}
