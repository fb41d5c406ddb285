/**
 * 日志留存 (GB/T 22239-2019 8.1.4.3 c; 网络安全法 第二十一条: at least six months): rows older than
 * the retention are removed once at start and then daily; the database refuses to remove younger
 * rows (migration 0003). Old failed sign-ins, used only for the 15-minute windows, go too.
 */
import type { Db } from '../../db/engine'

/** Removes what is past retention; returns the number of log rows removed. */
export async function purgeOldLogs(db: Db, retentionDays: number): Promise<number> {
  const days = Math.max(184, retentionDays)
  const r = await db.query('DELETE FROM operation_log WHERE at < now() - make_interval(days => $1::int)', [days])
  await db.query("DELETE FROM login_failure WHERE at < now() - interval '1 day'")
  await db.query('DELETE FROM session WHERE expires_at < now()')
  return r.affectedRows
}

/** Runs {@link purgeOldLogs} now and every day until stopped. */
export function startLogRetention(db: Db, retentionDays: number, onError: (err: unknown) => void): { stop(): void } {
  const run = () => purgeOldLogs(db, retentionDays).catch(onError)
  const first = setTimeout(run, 5_000)
  const timer = setInterval(run, 24 * 60 * 60 * 1000)
  first.unref()
  timer.unref()
  return {
    stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
