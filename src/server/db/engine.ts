/**
 * One SQL dialect, two engines (docs/architecture.md "Database"): embedded PGlite + PostGIS by default,
 * PostgreSQL + PostGIS when DATABASE_URL is set. Repos only ever see {@link Db}.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PRODUCT_TIME_ZONE } from '../../domain/today'

/** A row-returning query result. */
export interface QueryResult<T> {
  rows: T[]
  affectedRows: number
}

/** What repos and services use: parameterised SQL ($1, $2 …), nothing engine-specific. */
export interface Db {
  /** Which engine answers: decides only how vector tiles are cut. */
  readonly engine: 'pglite' | 'postgres'
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Runs fn inside BEGIN … COMMIT; any throw rolls back. Nested calls reuse the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Embedded engine only: the whole database as a gzipped tarball (test templates, backups). */
  dump?(): Promise<Blob>
}

/** Postgres type oid of `date`. */
const DATE_OID = 1082

/**
 * A calendar date stays the text 'YYYY-MM-DD' on both engines: as JS Dates, PGlite would give UTC
 * midnight and node-postgres local midnight, and a date has no time zone anyway.
 */
const DATE_AS_TEXT = { [DATE_OID]: (v: string) => v }

/** Raised when a second process tries to own the same embedded data directory. */
export class DataDirLockedError extends Error {}

/** Every session counts dates in the product's time zone (current_date, now()::date, to_char). */
const SET_ZONE = `SET TIME ZONE '${PRODUCT_TIME_ZONE}'`

/**
 * The embedded engine's start: PGlite's own parameters, and the WAL kept to what crash recovery needs
 * (no replica ever reads it). With `wal_level=minimal` the rows written into a table emptied in the
 * same transaction skip the WAL (the first start's bulk tables, seed/bulk.ts), which writes them about
 * 40 % faster; every other write is logged as before.
 */
const pgliteStart = (defaults: string[]) => [...defaults, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0']

/** Opens the embedded engine in dataDir/pglite, owning dataDir/pglite.lock for the process lifetime. */
export async function openPglite(dataDir: string): Promise<Db> {
  fs.mkdirSync(dataDir, { recursive: true })
  const releaseLock = takeLock(path.join(dataDir, 'pglite.lock'))
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const { postgis } = await import('@electric-sql/pglite-postgis')
    const pg = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: { postgis },
      parsers: DATE_AS_TEXT,
      startParams: pgliteStart(PGlite.defaultStartParams),
    })
    await pg.exec(SET_ZONE)
    return wrapPglite(pg, releaseLock)
  } catch (err) {
    releaseLock()
    throw err
  }
}

/** Opens an in-memory PGlite (tests that need a throw-away database), optionally from a dump. */
export async function openPgliteMemory(loadDataDir?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { postgis } = await import('@electric-sql/pglite-postgis')
  const pg = await PGlite.create({
    extensions: { postgis },
    loadDataDir,
    parsers: DATE_AS_TEXT,
    startParams: pgliteStart(PGlite.defaultStartParams),
  })
  await pg.exec(SET_ZONE)
  return wrapPglite(pg, () => {})
}

type PGliteLike = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>
  exec(sql: string): Promise<unknown>
  transaction<T>(fn: (tx: PGliteTx) => Promise<T>): Promise<T>
  close(): Promise<void>
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>
}
type PGliteTx = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>
  exec(sql: string): Promise<unknown>
}

function wrapPglite(pg: PGliteLike, onClose: () => void): Db {
  const fromTx = (tx: PGliteTx): Db => ({
    engine: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await tx.query<T>(sql, params)
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 }
    },
    async exec(sql: string) {
      await tx.exec(sql)
    },
    transaction: (fn) => fn(fromTx(tx)),
    close: async () => {},
  })
  return {
    engine: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params)
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 }
    },
    async exec(sql: string) {
      await pg.exec(sql)
    },
    transaction: (fn) => pg.transaction((tx) => fn(fromTx(tx))),
    async close() {
      await pg.close()
      onClose()
    },
    dump: () => pg.dumpDataDir('gzip'),
  }
}

/** Opens PostgreSQL + PostGIS through a connection URL. */
export async function openPostgres(url: string): Promise<Db> {
  const pgMod = await import('pg')
  const pg = pgMod.default
  // bigint counts (count(*)) come back as strings by default; numbers are what the API sends
  pg.types.setTypeParser(20, (v: string) => Number(v))
  pg.types.setTypeParser(1700, (v: string) => Number(v))
  pg.types.setTypeParser(DATE_OID, (v: string) => v)
  // JIT off: the figures' aggregates are planned as costly (correlated subqueries per enterprise), so
  // PostgreSQL compiled each one with LLVM first — about 1.1 s for a query that runs in 40 ms
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c timezone=${PRODUCT_TIME_ZONE} -c jit=off` })
  // an idle client dropped by the server (restart, DROP DATABASE … FORCE) must not crash the
  // process; the pool replaces it on the next query
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') process.emitWarning(`PostgreSQL 连接错误：${err.message}`)
  })
  await pool.query('select 1')
  type Client = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }
  const fromClient = (client: Client, inTx: boolean): Db => ({
    engine: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await client.query(sql, params)
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (inTx) return fn(fromClient(client, true))
      const c = await pool.connect()
      try {
        await c.query('BEGIN')
        const out = await fn(fromClient(c, true))
        await c.query('COMMIT')
        return out
      } catch (err) {
        await c.query('ROLLBACK')
        throw err
      } finally {
        c.release()
      }
    },
    close: () => pool.end(),
  })
  return fromClient(pool, false)
}

/**
 * Takes an exclusive lock file holding our pid. A lock left by a dead process is taken over;
 * a live owner makes this throw {@link DataDirLockedError}.
 */
function takeLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      const release = () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {
          /* already gone */
        }
      }
      process.once('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(fs.readFileSync(file, 'utf8'))
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `数据目录已被另一个进程（pid ${owner}）占用：${path.dirname(file)}。请先停止该进程，或用 DATA_DIR 指定其他目录。`,
        )
      }
      fs.unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`无法获得数据目录锁：${file}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
