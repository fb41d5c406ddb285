/** SQL for accounts, sessions, failed sign-ins and password history. */
import type { Db } from '../../db/engine'

export interface UserRow {
  id: number
  username: string
  real_name: string
  salt: string
  password_hash: string
  region_code: string | null
  region_level: 'province' | 'city' | 'county' | 'town' | null
  avatar: string
  status: number
  must_change_password: boolean
  /** the password is older than the policy allows */
  password_expired: boolean
}

const USER_COLS = `u.id, u.username, u.real_name, u.salt, u.password_hash, u.region_code, r.level AS region_level, u.avatar, u.status,
  u.must_change_password, (u.password_changed_at < now() - make_interval(days => $2::int)) AS password_expired`

export async function findUserByName(db: Db, username: string, maxAgeDays: number): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(
    `SELECT ${USER_COLS} FROM app_user u LEFT JOIN region r ON r.code = u.region_code WHERE u.username = $1 AND NOT u.deleted`,
    [username, maxAgeDays],
  )
  return r.rows[0]
}

export async function findUserById(db: Db, id: number, maxAgeDays: number): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(
    `SELECT ${USER_COLS} FROM app_user u LEFT JOIN region r ON r.code = u.region_code WHERE u.id = $1 AND NOT u.deleted`,
    [id, maxAgeDays],
  )
  return r.rows[0]
}

export async function rolesOfUser(db: Db, userId: number): Promise<{ id: number; name: string; code: string }[]> {
  const r = await db.query<{ id: number; name: string; code: string }>(
    'SELECT r.id, r.name, r.code FROM role r JOIN user_role ur ON ur.role_id = r.id WHERE ur.user_id = $1 ORDER BY r.id',
    [userId],
  )
  return r.rows
}

/** Epoch ms until which the account is locked, or null. */
export async function lockedUntil(db: Db, username: string): Promise<number | null> {
  const r = await db.query<{ until: Date }>('SELECT locked_until AS until FROM account_lock WHERE username = $1 AND locked_until > now()', [
    username,
  ])
  return r.rows[0] ? new Date(r.rows[0].until).getTime() : null
}

/** Records one failure and returns how many the name has in the window. */
export async function recordFailure(db: Db, username: string, ip: string, windowMinutes: number): Promise<number> {
  await db.query('INSERT INTO login_failure(username, ip) VALUES ($1, $2)', [username, ip])
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_failure WHERE username = $1 AND at > now() - make_interval(mins => $2::int)`,
    [username, windowMinutes],
  )
  return r.rows[0].n
}

/** Failed sign-ins from one client address in the window (the per-IP throttle). */
export async function failuresFromIp(db: Db, ip: string, windowMinutes: number): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_failure WHERE ip = $1 AND at > now() - make_interval(mins => $2::int)`,
    [ip, windowMinutes],
  )
  return r.rows[0].n
}

export async function lockAccount(db: Db, username: string, minutes: number): Promise<void> {
  await db.query(
    `INSERT INTO account_lock(username, locked_until) VALUES ($1, now() + make_interval(mins => $2::int))
     ON CONFLICT (username) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
    [username, minutes],
  )
}

/** Ends a lock and forgets the failures of a name (success, or an admin's 解锁). */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.query('DELETE FROM login_failure WHERE username = $1', [username])
  await db.query('DELETE FROM account_lock WHERE username = $1', [username])
}

export async function markSignedIn(db: Db, userId: number, ip: string): Promise<void> {
  await db.query('UPDATE app_user SET last_login_at = now(), last_login_ip = $2 WHERE id = $1', [userId, ip])
}

export async function insertSession(db: Db, tokenHash: string, userId: number, ttlMinutes: number, ip: string): Promise<number> {
  const r = await db.query<{ expires_at: Date }>(
    `INSERT INTO session(token_hash, user_id, expires_at, ip) VALUES ($1, $2, now() + make_interval(mins => $3::int), $4)
     RETURNING expires_at`,
    [tokenHash, userId, ttlMinutes, ip],
  )
  return new Date(r.rows[0].expires_at).getTime()
}

/** Revokes every token of a user at once (disable, password change: docs/api.md step 5). */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM session WHERE user_id = $1', [userId])
}

/** The most recent password entries of a user (newest first). */
export async function passwordHistory(db: Db, userId: number, limit: number): Promise<{ salt: string; password_hash: string }[]> {
  const r = await db.query<{ salt: string; password_hash: string }>(
    'SELECT salt, password_hash FROM password_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
    [userId, limit],
  )
  return r.rows
}

/**
 * Stores a new password: app_user gets the new salt and hash, the history one more entry (older
 * entries beyond `keep` are dropped).
 */
export async function setPassword(
  db: Db,
  userId: number,
  cred: { salt: string; passwordHash: string },
  opts: { mustChange: boolean; keep: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE app_user SET salt = $2, password_hash = $3, must_change_password = $4, password_changed_at = now(), updated_at = now()
       WHERE id = $1`,
      [userId, cred.salt, cred.passwordHash, opts.mustChange],
    )
    await tx.query('INSERT INTO password_history(user_id, salt, password_hash) VALUES ($1, $2, $3)', [userId, cred.salt, cred.passwordHash])
    await tx.query(
      `DELETE FROM password_history WHERE user_id = $1 AND id NOT IN
         (SELECT id FROM password_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [userId, opts.keep],
    )
  })
}
