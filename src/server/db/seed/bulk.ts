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

/**
 * Empties `tables` in the caller's transaction for a bulk write when every one of them is empty
 * (else leaves them). On the embedded engine (wal_level=minimal, db/engine.ts) rows written into a
 * table emptied in the same transaction skip the WAL. The tables must not be referenced by foreign
 * keys (TRUNCATE would refuse); only empty tables are emptied, so nothing is ever lost.
 */
export async function emptyForBulkWrite(db: Db, tables: string[]): Promise<void> {
  const filled = await db.query<{ any: boolean }>(`SELECT ${tables.map((t) => `EXISTS (SELECT 1 FROM ${t})`).join(' OR ')} AS any`)
  if (!filled.rows[0]!.any) await db.exec(`TRUNCATE ${tables.join(', ')}`)
}

/**
 * Runs `write` with the secondary indexes of `tables` (those no constraint owns) dropped, then builds
 * them again from their own definitions: one sorted build instead of an index entry per row, which
 * at a province's size halves the cost of writing parcels, enterprises and their yearly figures.
 * Inside the caller's transaction, like {@link withForeignKeysCheckedOnce}.
 */
export async function withIndexesBuiltAfter<T>(db: Db, tables: string[], write: () => Promise<T>): Promise<T> {
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
       ORDER BY c.relname`,
      [tables],
    )
  ).rows
  for (const ix of indexes) await db.exec(`DROP INDEX ${quote(ix.name)}`)
  const out = await write()
  for (const ix of indexes) await db.exec(ix.def)
  return out
}
