/**
 * Bulk writes of the first start (issue 20): a table's foreign keys checked once for a whole
 * statement instead of once per row. At a province's size the seed writes millions of rows whose
 * references hold by construction; checked per row, each is a lookup of its own (the 亩均 input
 * sources alone, 5 million rows, spent most of their time there).
 */
import type { Db } from '../engine'

/**
 * Runs `write` with the foreign keys of `table` dropped, then adds them back under the same names
 * and definitions, which checks every row at once (one join per key). Inside the caller's
 * transaction: a failed check rolls the write back with the keys.
 */
export async function withForeignKeysCheckedOnce<T>(db: Db, table: string, write: () => Promise<T>): Promise<T> {
  const keys = (
    await db.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
      [table],
    )
  ).rows
  for (const k of keys) await db.exec(`ALTER TABLE ${table} DROP CONSTRAINT ${quote(k.name)}`)
  const out = await write()
  for (const k of keys) await db.exec(`ALTER TABLE ${table} ADD CONSTRAINT ${quote(k.name)} ${k.def}`)
  return out
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
