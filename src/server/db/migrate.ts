/** Applies src/server/db/migrations/NNNN_*.sql in order, each once, each in its own transaction. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './engine'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Returns the names of the migrations applied by this call. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migration (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name))
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    if (done.has(file)) continue
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migration(name) VALUES ($1)', [file])
    })
    applied.push(file)
  }
  // tables made by any later migration take part in the data version too (0190_data_version.sql)
  const attach = await db.query<{ ok: boolean }>(`SELECT to_regproc('data_version_attach') IS NOT NULL AS ok`)
  if (applied.length && attach.rows[0].ok) await db.query('SELECT data_version_attach()')
  return applied
}
