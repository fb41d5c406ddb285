/** What hooks attach to a request, and what a route may declare about itself. */
import type { AuthUser } from '../auth/session'

/** Per-route settings read by the auth, permission and operation-log hooks. */
export interface RouteSettings {
  /** Reachable without a token (sign-in, health, config). */
  public?: boolean
  /**
   * The pages that use this endpoint: it is allowed when the user holds a menu grant for one of
   * them (admin passes everything, docs/product.md §6). Absent: closed to everyone but admin, unless the
   * operation is on the open list of src/server/auth/open-operations.ts (issue 18 finding 6).
   */
  pages?: readonly string[]
  /** Usable while the user must first change the password (initial or expired password). */
  beforePasswordChange?: boolean
  /**
   * Operation-log entry of a mutating call, or of a read that must be audited (exports); false for
   * a POST that only reads (docs/product.md §7 form reads).
   */
  log?: { module: string; action: string } | false
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser
    /** Who the operation log names when there is no signed-in user yet (sign-in attempts). */
    actorName?: string
    /** Record id or name the operation acted on. */
    logTarget?: string
    /** Replaces the route's log action for this call (e.g. 登录失败, 账号锁定). */
    logAction?: string
    /** The failure message, for the operation log. */
    failureMessage?: string
  }
  interface FastifyContextConfig extends RouteSettings {}
}

/** The signed-in user of a route that is not public (the auth hook guarantees it). */
export function currentUser(request: { user?: AuthUser }): AuthUser {
  if (!request.user) throw new Error('route without auth hook')
  return request.user
}
