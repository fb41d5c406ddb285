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
import { isOpenOperation } from './open-operations'
import type { RouteSettings } from '../http/context'

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

/** What an operation declares about who may call it, as registered. */
export interface OperationGrant {
  public: boolean
  /** absent: the operation names no pages (open only when on the open list) */
  pages?: readonly string[]
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every /api operation → its grant (read by the access-matrix test and the docs). */
    operationGrants: ReadonlyMap<string, OperationGrant>
  }
}

export function registerAuthHook(app: FastifyInstance, db: Db, policy: SecurityPolicy, tokenKey = () => 'Authorization'): void {
  const grants = new Map<string, OperationGrant>()
  app.decorate('operationGrants', grants)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    const config = route.config as RouteSettings | undefined
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') grants.set(`${method} ${route.url}`, { public: !!config?.public, pages: config?.pages })
    }
  })
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config
    if (!request.url.startsWith('/api/') || config?.public || !request.routeOptions.url) return
    const token = tokenFromHeaders(request.headers, tokenKey())
    if (!token) throw unauthorized('未登录，请先登录')
    const user = await authenticate(db, token, policy)
    request.user = user
    if (user.mustChangePassword && !config?.beforePasswordChange) throw new AppError(403, CHANGE_PASSWORD_FIRST)
    if (user.isAdmin) return
    // an operation without pages is open only when the open list says why (issue 18 finding 6); otherwise closed
    if (!config?.pages) {
      if (isOpenOperation(request.method, request.routeOptions.url)) return
      throw forbidden()
    }
    if (!(await holdsAnyPage(db, user.roleIds, config.pages))) throw forbidden()
  })
}
