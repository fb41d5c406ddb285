/**
 * Who is calling: a bearer token resolved to its user for every /api call (docs/api.md "Tokens").
 * Kept in the server's auth room so that the request hooks need nothing from a business module;
 * signing in, which makes the tokens, is the auth module's.
 */
import type { Db } from '../db/engine'
import { unauthorized } from '../http/errors'
import { hashToken } from './password'

/** Token lifetimes (docs/api.md "Tokens") and the other figures of the sign-in rules. */
export interface SecurityPolicy {
  ttlMinutes: number
  idleMinutes: number
  /** password age after which a change is forced */
  passwordMaxAgeDays: number
  /** failed sign-ins from one address in 15 minutes before it gets 429 */
  ipMaxFailures: number
  /** HMAC key of stored token hashes */
  tokenSecret: string
}

/** Levels a user's region can have. */
export type RegionLevel = 'province' | 'city' | 'county' | 'town'

/** The signed-in user as the request hooks see it. */
export interface AuthUser {
  id: number
  username: string
  realName: string
  regionCode: string | null
  regionLevel: RegionLevel | null
  roleIds: number[]
  /** 企业账号: the one enterprise the account belongs to (its data scope is that enterprise, issue 18); staff: null */
  enterpriseId: number | null
  tokenHash: string
  /** docs/product.md §6: the user named admin passes everything */
  isAdmin: boolean
  mustChangePassword: boolean
}

/** docs/product.md §5, §6: the user who passes every route. */
export const SUPER_USER = 'admin'

interface SessionRow {
  id: number
  username: string
  real_name: string
  region_code: string | null
  region_level: RegionLevel | null
  must_change_password: boolean
  password_expired: boolean
  last_seen_at: Date
  role_ids: number[]
  enterprise_id: number | null
}

/** Resolves a bearer token to its user, or throws 401. Refreshes the idle clock at most once a minute. */
export async function authenticate(db: Db, token: string, policy: SecurityPolicy): Promise<AuthUser> {
  const tokenHash = hashToken(token, policy.tokenSecret)
  // a session neither expired nor idle past the limit, of an enabled user, with the ids of its roles: one query per call
  const r = await db.query<SessionRow>(
    `SELECT u.id, u.username, u.real_name, u.region_code, rg.level AS region_level, u.must_change_password,
            CASE WHEN u.user_type = 'company' THEN u.enterprise_id END AS enterprise_id,
            (u.password_changed_at < now() - make_interval(days => $2::int)) AS password_expired, s.last_seen_at,
            (SELECT COALESCE(array_agg(ur.role_id ORDER BY ur.role_id), '{}'::int[]) FROM user_role ur WHERE ur.user_id = u.id) AS role_ids
       FROM session s JOIN app_user u ON u.id = s.user_id LEFT JOIN region rg ON rg.code = u.region_code
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $3::int)
        AND u.status = 1 AND NOT u.deleted`,
    [tokenHash, policy.passwordMaxAgeDays, policy.idleMinutes],
  )
  const user = r.rows[0]
  if (!user) throw unauthorized('登录已过期，请重新登录')
  if (Date.now() - new Date(user.last_seen_at).getTime() > 60_000) {
    await db.query('UPDATE session SET last_seen_at = now() WHERE token_hash = $1', [tokenHash])
  }
  return {
    id: user.id,
    username: user.username,
    realName: user.real_name,
    regionCode: user.region_code,
    regionLevel: user.region_level,
    roleIds: user.role_ids,
    enterpriseId: user.enterprise_id === null ? null : Number(user.enterprise_id),
    tokenHash,
    isAdmin: user.username === SUPER_USER,
    mustChangePassword: user.must_change_password || user.password_expired,
  }
}
