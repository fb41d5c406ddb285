/**
 * Resolves the token of every /api call that is not public (docs/api.md step 5), then checks the
 * route's page grants (docs/architecture.md "How a request flows": the permission hook). Both run before
 * input validation, so that a caller without the grant learns nothing from validation messages
 * and the permission matrix is the same for every input.
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/engine'
import { authenticate, type SecurityPolicy } from './session'
import { AppError, forbidden, unauthorized } from '../http/errors'
import { holdsAnyPage } from './permission'

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

/** The message of a call refused until the password is changed. */
export const CHANGE_PASSWORD_FIRST = '请先修改密码（初始密码或密码已过期）'

export function registerAuthHook(app: FastifyInstance, db: Db, policy: SecurityPolicy, tokenKey = () => 'Authorization'): void {
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config
    if (!request.url.startsWith('/api/') || config?.public || !request.routeOptions.url) return
    const token = tokenFromHeaders(request.headers, tokenKey())
    if (!token) throw unauthorized('未登录，请先登录')
    const user = await authenticate(db, token, policy)
    request.user = user
    if (user.mustChangePassword && !config?.beforePasswordChange) throw new AppError(403, CHANGE_PASSWORD_FIRST)
    if (config?.pages && !user.isAdmin && !(await holdsAnyPage(db, user.roleIds, config.pages))) throw forbidden()
  })
}
