/** SQL for accounts, sessions and failed sign-ins. */
import type { Db } from '../../db/engine'

export interface UserRow {
  id: number
  username: string
  real_name: string
  salt: string
  password_hash: string
  region_code: string | null
  avatar: string
  status: number
  must_change_password: boolean
}

const USER_COLS = 'id, username, real_name, salt, password_hash, region_code, avatar, status, must_change_password'

export async function findUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(`SELECT ${USER_COLS} FROM app_user WHERE username = $1 AND NOT deleted`, [username])
  return r.rows[0]
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(`SELECT ${USER_COLS} FROM app_user WHERE id = $1 AND NOT deleted`, [id])
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

export async function lockAccount(db: Db, username: string, minutes: number): Promise<void> {
  await db.query(
    `INSERT INTO account_lock(username, locked_until) VALUES ($1, now() + make_interval(mins => $2::int))
     ON CONFLICT (username) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
    [username, minutes],
  )
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.query('DELETE FROM login_failure WHERE username = $1', [username])
  await db.query('DELETE FROM account_lock WHERE username = $1', [username])
}

export async function insertSession(db: Db, tokenHash: string, userId: number, ttlMinutes: number, ip: string): Promise<number> {
  const r = await db.query<{ expires_at: Date }>(
    `INSERT INTO session(token_hash, user_id, expires_at, ip) VALUES ($1, $2, now() + make_interval(mins => $3::int), $4)
     RETURNING expires_at`,
    [tokenHash, userId, ttlMinutes, ip],
  )
  return new Date(r.rows[0].expires_at).getTime()
}

export interface SessionRow {
  user_id: number
  expires_at: Date
  last_seen_at: Date
}

/** A session that is neither expired nor idle past the limit, of an enabled user. */
export async function findLiveSession(db: Db, tokenHash: string, idleMinutes: number): Promise<SessionRow | undefined> {
  const r = await db.query<SessionRow>(
    `SELECT s.user_id, s.expires_at, s.last_seen_at FROM session s JOIN app_user u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2::int)
       AND u.status = 1 AND NOT u.deleted`,
    [tokenHash, idleMinutes],
  )
  return r.rows[0]
}

export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('UPDATE session SET last_seen_at = now() WHERE token_hash = $1', [tokenHash])
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM session WHERE token_hash = $1', [tokenHash])
}

/** Revokes every token of a user at once (disable, password change: API.md step 5). */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM session WHERE user_id = $1', [userId])
}

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const r = await db.query<{ value: string }>('SELECT value FROM app_setting WHERE key = $1', [key])
  return r.rows[0]?.value
}

export async function putSettingIfAbsent(db: Db, key: string, value: string): Promise<string> {
  await db.query('INSERT INTO app_setting(key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value])
  return (await getSetting(db, key)) as string
}
