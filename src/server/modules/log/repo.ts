/** Reads of 操作日志. There is deliberately no write here: rows come only from the hook. */
import type { LogRowView } from '../../../domain/contracts/admin-log'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

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

/** Rows for the export, newest first, at most `limit`. */
export async function logRows(db: Db, f: LogFilter, limit: number): Promise<LogRowView[]> {
  const w = where(f)
  const r = await db.query<LogRow>(
    `SELECT ${COLS} FROM operation_log WHERE ${w.sql} ORDER BY at DESC, id DESC LIMIT ${Number(limit)}`,
    w.params,
  )
  return r.rows.map(view)
}
