/** Sign-in, lockout, tokens and the lock-screen re-check (API.md "Sign-in"). */
import crypto from 'node:crypto'
import type { LoginResult, SessionUser } from '../../../domain/contracts/auth'
import type { Db } from '../../db/engine'
import { AppError, unauthorized } from '../../http/errors'
import { fakeSalt, hashToken, newToken, verifyDigest } from '../../auth/password'
import { authoritiesOf, userMenus } from '../role/service'
import * as repo from './repo'

/** API.md step 4. */
export const LOGIN_FAILED = '用户名或密码错误'
export const ACCOUNT_LOCKED = '账号已锁定，请30分钟后再试'
export const ACCOUNT_DISABLED = '账号已停用，请联系管理员'
const MAX_FAILURES = 5
const FAILURE_WINDOW_MINUTES = 15
const LOCK_MINUTES = 30

/** Token lifetimes (API.md step 5). */
export interface TokenPolicy {
  ttlMinutes: number
  idleMinutes: number
}

/** The signed-in user as the request hooks see it. */
export interface AuthUser {
  id: number
  username: string
  realName: string
  regionCode: string | null
  roleIds: number[]
  tokenHash: string
}

let secretCache: { db: Db; secret: string } | undefined

async function serverSecret(db: Db): Promise<string> {
  if (secretCache?.db === db) return secretCache.secret
  const secret = await repo.putSettingIfAbsent(db, 'salt_secret', crypto.randomBytes(32).toString('hex'))
  secretCache = { db, secret }
  return secret
}

/** GET /api/user/getSalt: the real salt, or a stable fake one for an unknown name. */
export async function saltFor(db: Db, username: string): Promise<string> {
  const user = await repo.findUserByName(db, username)
  return user ? user.salt : fakeSalt(await serverSecret(db), username)
}

/** POST /api/login/do */
export async function login(db: Db, username: string, digest: string, ip: string, policy: TokenPolicy): Promise<LoginResult> {
  if (await repo.lockedUntil(db, username)) throw new AppError(423, ACCOUNT_LOCKED)
  const user = await repo.findUserByName(db, username)
  const good = user ? await verifyDigest(digest, user.password_hash) : false
  if (!user || !good) {
    const failures = await repo.recordFailure(db, username, ip, FAILURE_WINDOW_MINUTES)
    if (failures >= MAX_FAILURES) {
      await repo.lockAccount(db, username, LOCK_MINUTES)
      throw new AppError(423, ACCOUNT_LOCKED)
    }
    throw new AppError(401, LOGIN_FAILED)
  }
  if (user.status !== 1) throw new AppError(403, ACCOUNT_DISABLED)
  await repo.clearFailures(db, username)
  const { token, tokenHash } = newToken()
  const expiresAt = await repo.insertSession(db, tokenHash, user.id, policy.ttlMinutes, ip)
  return { token, expiresAt, user: await sessionUser(db, user) }
}

/** The user object of the login response (spec §3 "User"). */
export async function sessionUser(db: Db, user: repo.UserRow): Promise<SessionUser> {
  const roles = await repo.rolesOfUser(db, user.id)
  const menus = await userMenus(
    db,
    user.username,
    roles.map((r) => r.id),
  )
  return {
    id: user.id,
    username: user.username,
    realName: user.real_name,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    menus,
    authorities: authoritiesOf(roles, menus),
    avatar: user.avatar,
    regionCode: user.region_code,
    mustChangePassword: user.must_change_password,
  }
}

/** The session user of an id (GET /api/user/current). */
export async function currentSessionUser(db: Db, id: number): Promise<SessionUser> {
  const row = await repo.findUserById(db, id)
  if (!row) throw unauthorized()
  return sessionUser(db, row)
}

/** Resolves a bearer token to its user, or throws 401. Refreshes the idle clock at most once a minute. */
export async function authenticate(db: Db, token: string, policy: TokenPolicy): Promise<AuthUser> {
  const tokenHash = hashToken(token)
  const session = await repo.findLiveSession(db, tokenHash, policy.idleMinutes)
  if (!session) throw unauthorized('登录已过期，请重新登录')
  if (Date.now() - new Date(session.last_seen_at).getTime() > 60_000) await repo.touchSession(db, tokenHash)
  const user = (await repo.findUserById(db, session.user_id)) as repo.UserRow
  const roles = await repo.rolesOfUser(db, user.id)
  return {
    id: user.id,
    username: user.username,
    realName: user.real_name,
    regionCode: user.region_code,
    roleIds: roles.map((r) => r.id),
    tokenHash,
  }
}

/** POST /api/login/logout: the token stops working at once. */
export async function logout(db: Db, tokenHash: string): Promise<void> {
  await repo.deleteSession(db, tokenHash)
}

/** POST /api/login/verify: the lock screen re-checks the password; failures count towards the lockout. */
export async function verifyPassword(db: Db, user: AuthUser, digest: string, ip: string): Promise<void> {
  if (await repo.lockedUntil(db, user.username)) throw new AppError(423, ACCOUNT_LOCKED)
  const row = await repo.findUserById(db, user.id)
  if (row && (await verifyDigest(digest, row.password_hash))) {
    await repo.clearFailures(db, user.username)
    return
  }
  const failures = await repo.recordFailure(db, user.username, ip, FAILURE_WINDOW_MINUTES)
  if (failures >= MAX_FAILURES) {
    await repo.lockAccount(db, user.username, LOCK_MINUTES)
    await repo.deleteSessionsOfUser(db, user.id)
    throw new AppError(423, ACCOUNT_LOCKED)
  }
  // 400, not 401: a wrong password on the lock screen must not end the session (the client treats 401 as expired)
  throw new AppError(400, '密码错误', [{ field: 'password', message: '密码错误' }])
}
