/**
 * Sign-in, lockout, tokens, the lock-screen re-check and password changes (docs/api.md "Sign-in";
 * GB/T 22239-2019 8.1.4.1 身份鉴别: complexity, periodic change, failure handling, session end).
 */
import crypto from 'node:crypto'
import type { LoginResult, SessionUser } from '../../../domain/contracts/auth'
import { PASSWORD_POLICY, passwordProblems } from '../../../domain/password-policy'
import { passwordDigest } from '../../../domain/password-digest'
import type { Db } from '../../db/engine'
import { AppError, badRequest, unauthorized } from '../../http/errors'
import { fakeSalt, generatePassword, hashDigest, newSalt, newToken, verifyAgainstNoOne, verifyDigest } from '../../auth/password'
import { transportKey } from '../../auth/transport-key'
import { authoritiesOf, userMenus } from '../role/service'
import * as repo from './repo'
import { putSettingIfAbsent } from '../../db/settings'
import type { AuthUser, SecurityPolicy } from '../../auth/session'

/** docs/api.md step 4. */
export const LOGIN_FAILED = '用户名或密码错误'
export const ACCOUNT_LOCKED = '账号已锁定，请30分钟后再试'
export const ACCOUNT_DISABLED = '账号已停用，请联系管理员'
export const IP_THROTTLED = '登录失败次数过多，请15分钟后再试'
export const MAX_FAILURES = 5
export const FAILURE_WINDOW_MINUTES = 15
export const LOCK_MINUTES = 30

let secretCache: { db: Db; secret: string } | undefined

async function serverSecret(db: Db): Promise<string> {
  if (secretCache?.db === db) return secretCache.secret
  const secret = await putSettingIfAbsent(db, 'salt_secret', crypto.randomBytes(32).toString('hex'))
  secretCache = { db, secret }
  return secret
}

/** GET /api/user/getSalt: the real salt, or a stable fake one for an unknown name. */
export async function saltFor(db: Db, username: string): Promise<string> {
  const user = await repo.findUserByName(db, username, 36500)
  return user ? user.salt : fakeSalt(await serverSecret(db), username)
}

/** What a failed sign-in call reports to the operation log. */
export type LoginOutcome = '登录' | '登录失败' | '账号锁定' | '登录限流'

/**
 * POST /api/login/do. `onOutcome` learns what happened (for the operation log) before the answer
 * or the error is sent.
 */
export async function login(
  db: Db,
  username: string,
  digest: string,
  ip: string,
  policy: SecurityPolicy,
  onOutcome: (o: LoginOutcome) => void = () => {},
): Promise<LoginResult> {
  // per client address first: one client must not be able to lock out every account
  if ((await repo.failuresFromIp(db, ip, FAILURE_WINDOW_MINUTES)) >= policy.ipMaxFailures) {
    onOutcome('登录限流')
    throw new AppError(429, IP_THROTTLED)
  }
  if (await repo.lockedUntil(db, username)) {
    onOutcome('账号锁定')
    throw new AppError(423, ACCOUNT_LOCKED)
  }
  const user = await repo.findUserByName(db, username, policy.passwordMaxAgeDays)
  // an unknown name costs the same scrypt as a real one (verifyAgainstNoOne)
  const good = user ? await verifyDigest(digest, user.password_hash) : await verifyAgainstNoOne(digest)
  if (!user || !good) {
    const failures = await repo.recordFailure(db, username, ip, FAILURE_WINDOW_MINUTES)
    if (failures >= MAX_FAILURES) {
      await repo.lockAccount(db, username, LOCK_MINUTES)
      onOutcome('账号锁定')
      throw new AppError(423, ACCOUNT_LOCKED)
    }
    onOutcome('登录失败')
    throw new AppError(401, LOGIN_FAILED)
  }
  if (user.status !== 1) {
    onOutcome('登录失败')
    throw new AppError(403, ACCOUNT_DISABLED)
  }
  await repo.clearFailures(db, username)
  await repo.markSignedIn(db, user.id, ip)
  const { token, tokenHash } = newToken(policy.tokenSecret)
  const expiresAt = await repo.insertSession(db, tokenHash, user.id, policy.ttlMinutes, ip)
  onOutcome('登录')
  return { token, expiresAt, user: await sessionUser(db, user) }
}

/** The user object of the login response (docs/product.md §3 "User"). */
export async function sessionUser(db: Db, user: repo.UserRow): Promise<SessionUser> {
  const roles = await repo.rolesOfUser(db, user.id)
  const menus = await userMenus(
    db,
    user.username,
    roles.map((r) => r.id),
  )
  const reason = user.must_change_password ? 'initial' : user.password_expired ? 'expired' : null
  return {
    id: user.id,
    username: user.username,
    realName: user.real_name,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    menus,
    authorities: authoritiesOf(roles, menus),
    avatar: user.avatar,
    regionCode: user.region_code,
    mustChangePassword: reason !== null,
    passwordChangeReason: reason,
  }
}

/** The session user of an id (GET /api/user/current). */
export async function currentSessionUser(db: Db, id: number, policy: SecurityPolicy): Promise<SessionUser> {
  const row = await repo.findUserById(db, id, policy.passwordMaxAgeDays)
  if (!row) throw unauthorized()
  return sessionUser(db, row)
}

/**
 * POST /api/login/logout: every token of the user stops working at once (issue 3: logout, disable
 * and password change revoke every token of that user), so 退出 on one device ends a session left
 * open on another.
 */
export async function logout(db: Db, userId: number): Promise<void> {
  await repo.deleteSessionsOfUser(db, userId)
}

/**
 * Checks the signed-in user's current password digest; a wrong one counts towards the lockout,
 * and the lock ends every session of the user.
 */
async function checkOwnPassword(db: Db, user: AuthUser, digest: string, ip: string, field: string, policy: SecurityPolicy): Promise<void> {
  if (await repo.lockedUntil(db, user.username)) throw new AppError(423, ACCOUNT_LOCKED)
  const row = await repo.findUserById(db, user.id, policy.passwordMaxAgeDays)
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
  // 400, not 401: a wrong password must not end the session (the client treats 401 as expired)
  const message = field === 'password' ? '密码错误' : '原密码错误'
  throw new AppError(400, message, [{ field, message }])
}

/** POST /api/login/verify: the lock screen re-checks the password; failures count towards the lockout. */
export async function verifyPassword(db: Db, user: AuthUser, digest: string, ip: string, policy: SecurityPolicy): Promise<void> {
  await checkOwnPassword(db, user, digest, ip, 'password', policy)
}

/** Credentials for a plain password, after the history check (the last N may not come back). */
async function credentialsChecked(
  db: Db,
  userId: number,
  username: string,
  password: string,
): Promise<{ salt: string; passwordHash: string }> {
  const problems = passwordProblems(password, username)
  if (problems.length)
    throw badRequest(
      `新密码不符合要求：${problems.join('；')}`,
      problems.map((message) => ({ field: 'newPassword', message })),
    )
  for (const old of await repo.passwordHistory(db, userId, PASSWORD_POLICY.historySize)) {
    if (await verifyDigest(passwordDigest(old.salt, password), old.password_hash)) {
      const message = `新密码不能与最近${PASSWORD_POLICY.historySize}次使用过的密码相同`
      throw badRequest(message, [{ field: 'newPassword', message }])
    }
  }
  const salt = newSalt()
  return { salt, passwordHash: await hashDigest(passwordDigest(salt, password)) }
}

/**
 * POST /api/user/update/password: the user's own change. The old password proves who asks; the
 * new one arrives encrypted, is checked against the policy and the history, and is then only kept
 * as scrypt(SHA-256(newSalt + password)). Every token of the user ends at once.
 */
export async function changeOwnPassword(
  db: Db,
  user: AuthUser,
  body: { oldPassword: string; newPassword: string },
  ip: string,
  policy: SecurityPolicy,
): Promise<void> {
  await checkOwnPassword(db, user, body.oldPassword, ip, 'oldPassword', policy)
  const plain = (await transportKey(db)).decrypt(body.newPassword)
  const cred = await credentialsChecked(db, user.id, user.username, plain)
  await repo.setPassword(db, user.id, cred, { mustChange: false, keep: PASSWORD_POLICY.historySize })
  await repo.deleteSessionsOfUser(db, user.id)
}

/**
 * An admin's 重置密码 (and the first password of a new account): a generated one-time password
 * that the next sign-in must replace. Ends the user's sessions and any lock.
 */
export async function resetPassword(db: Db, userId: number, username: string): Promise<string> {
  const password = generatePassword()
  const salt = newSalt()
  const passwordHash = await hashDigest(passwordDigest(salt, password))
  await repo.setPassword(db, userId, { salt, passwordHash }, { mustChange: true, keep: PASSWORD_POLICY.historySize })
  await repo.deleteSessionsOfUser(db, userId)
  await repo.clearFailures(db, username)
  return password
}
