/** The server's own settings kept in the database (keys, secrets made on first use): table app_setting. */
import type { Db } from './engine'

/** The value of a setting, or undefined. */
export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const r = await db.query<{ value: string }>('SELECT value FROM app_setting WHERE key = $1', [key])
  return r.rows[0]?.value
}

/** Stores `value` unless the key has one already, and answers the value that is kept (so that concurrent first uses agree). */
export async function putSettingIfAbsent(db: Db, key: string, value: string): Promise<string> {
  await db.query('INSERT INTO app_setting(key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value])
  return (await getSetting(db, key)) as string
}
