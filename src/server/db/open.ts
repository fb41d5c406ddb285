/** Opens the configured engine and brings its schema up to date. */
import path from 'node:path'
import { openPglite, openPostgres, type Db } from './engine'
import { migrate } from './migrate'

/** Where the database lives: DATABASE_URL wins; otherwise PGlite under DATA_DIR. */
export interface DbTarget {
  databaseUrl?: string
  dataDir: string
}

/** Opens and migrates. The embedded engine keeps its files in dataDir/pglite. */
export async function openDatabase(target: DbTarget): Promise<Db> {
  const db = target.databaseUrl ? await openPostgres(target.databaseUrl) : await openPglite(path.resolve(target.dataDir))
  try {
    await migrate(db)
  } catch (err) {
    await db.close()
    throw err
  }
  return db
}
