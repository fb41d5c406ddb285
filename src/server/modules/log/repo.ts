/** Reads of 操作日志. There is deliberately no write here: rows come only from the hook. */
import type { LogRowView } from '../../../domain/contracts/admin-log'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, eachKeyset, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface LogRow {
  id: number | string
  at: Date
  username: string
  module: string
  action: string
  method: string
  path: string
  target: string
  ip: string
  status: number
  success: boolean
  message: string
  duration_ms: number
}

/** Filters of the page and the export. */
export interface LogFilter {
  username?: string
  module?: string
  action?: string
  success?: boolean
  from?: string
  to?: string
  ip?: string
}

const COLS = 'id, at, username, module, action, method, path, target, ip, status, success, message, duration_ms'

const view = (r: LogRow): LogRowView => ({
  id: Number(r.id),
  at: iso(r.at) as string,
  username: r.username,
  module: r.module,
  action: r.action,
  method: r.method,
  path: r.path,
  target: r.target,
  ip: r.ip,
  status: r.status,
  success: r.success,
  message: r.message,
  durationMs: r.duration_ms,
})

function where(f: LogFilter): Where {
  return new Where()
    .addIf(f.username, 'username ILIKE ?', f.username && contains(f.username))
    .addIf(f.module, 'module = ?')
    .addIf(f.action, 'action ILIKE ?', f.action && contains(f.action))
    .addIf(f.success, 'success = ?')
    .addIf(f.from, 'at >= ?::timestamptz')
    .addIf(f.to, 'at <= ?::timestamptz')
    .addIf(f.ip, 'ip = ?')
}

export async function logPage(db: Db, f: LogFilter, args: PageArgs): Promise<Page<LogRowView>> {
  const order = orderBy(args, { at: 'at', username: 'username', module: 'module', status: 'status' }, 'id DESC')
  return queryPage(
    db,
    { select: COLS, from: 'operation_log', where: where(f), order: args.sortField ? order : 'at DESC, id DESC' },
    args,
    view,
  )
}

/** How many rows the export of a filter holds (at most `limit`). */
export async function logCount(db: Db, f: LogFilter, limit: number): Promise<number> {
  const w = where(f)
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM operation_log WHERE ${w.sql} LIMIT ${Number(limit)}) x`,
    w.params,
  )
  return r.rows[0].n
}

/** The export's rows, newest first, at most `limit`, streamed by keyset in batches of 1 000 (constant memory). */
export async function* eachLogRow(db: Db, f: LogFilter, limit: number): AsyncGenerator<LogRowView[]> {
  let left = Number(limit)
  for await (const rows of eachKeyset<LogRow>(db, {
    select: COLS,
    from: 'operation_log',
    where: where(f),
    key: 'id',
    sort: { expr: 'at', type: 'timestamptz', desc: true },
  })) {
    yield rows.slice(0, left).map(view)
    left -= rows.length
    if (left <= 0) return
  }
}
