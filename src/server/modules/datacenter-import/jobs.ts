/**
 * The background work of batches (reading a file into staging, running the checks) with the
 * progress the pages poll. Jobs run one or two at a time per process, so the embedded engine
 * keeps answering requests between their chunks. Progress lives in the batch row (any process
 * can report it) and doubles as the job's heartbeat; a batch whose job stopped (process killed,
 * server closed) is found by {@link recoverOrphans} and put back in a state it can be re-run from.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/engine'
import * as repo from './repo'

/** What a job reports through. */
export interface Reporter {
  /** progress 0..100 and what is being done; written at most every few hundred ms unless `force` */
  progress(pct: number, phase: string, force?: boolean): Promise<void>
  /** true once the server is closing: the job should stop between chunks (throw {@link JobStopped}) */
  readonly stopping: boolean
}

/** Thrown by a job that stops because the server closes; the batch is left for recovery. */
export class JobStopped extends Error {}

/** How long a job may stay silent before another process may call it dead. */
export const STALE_SECONDS = 30

/** Runs batch jobs with a concurrency limit. */
export class JobRunner {
  private readonly running = new Map<number, Promise<void>>()
  private readonly waiting: (() => void)[] = []
  private active = 0
  private closing = false

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 2,
  ) {}

  /** Whether this process is working on the batch. */
  isRunning(batchId: number): boolean {
    return this.running.has(batchId)
  }

  /** Queues a job; `onError` decides what becomes of the batch when it fails. */
  start(batchId: number, job: (r: Reporter) => Promise<void>, onError: (err: unknown) => Promise<void>): void {
    const run = (async () => {
      await this.slot()
      const heartbeat = setInterval(() => {
        void this.db.query('UPDATE dc_import_batch SET heartbeat_at = now() WHERE id = $1', [batchId]).catch(() => undefined)
      }, 5000)
      try {
        if (this.closing) throw new JobStopped()
        await job(this.reporter(batchId))
      } catch (err) {
        if (err instanceof JobStopped || this.closing) return
        try {
          await onError(err)
        } catch (again) {
          this.log.error({ err: again }, 'batch job cleanup failed')
        }
      } finally {
        clearInterval(heartbeat)
        this.release()
        this.running.delete(batchId)
      }
    })()
    this.running.set(batchId, run)
  }

  /** Resolves when no job is running or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()])
  }

  /** Asks running jobs to stop between chunks and waits for them (server close). */
  async stop(): Promise<void> {
    this.closing = true
    for (const w of this.waiting.splice(0)) w()
    await this.idle()
  }

  private async slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.active++
  }

  private release(): void {
    this.active--
    this.waiting.shift()?.()
  }

  private reporter(batchId: number): Reporter {
    let last = 0
    let lastPct = -1
    let lastPhase = ''
    // the reporter's getter and method have a `this` of their own
    const closing = () => this.closing
    const db = this.db
    return {
      get stopping() {
        return closing()
      },
      async progress(pct, phase, force = false) {
        if (closing()) throw new JobStopped()
        const now = Date.now()
        const p = Math.round(pct)
        if (!force && phase === lastPhase && (p === lastPct || now - last < 300)) return
        last = now
        lastPct = p
        lastPhase = phase
        await repo.setProgress(db, batchId, p, phase)
      },
    }
  }
}

/**
 * Puts back batches whose job stopped: 导入中 → rows removed, 已中断 (re-run from the stored
 * file); 检查中 → the partial results cleared, 已上传 (check again). `staleSeconds` null takes
 * every such batch (the embedded engine: this process owns the database alone), a number only
 * those silent that long (PostgreSQL: another process may be working on the rest).
 */
export async function recoverOrphans(db: Db, runner: JobRunner, staleSeconds: number | null): Promise<number[]> {
  const done: number[] = []
  for (const b of await repo.orphanedJobs(db, staleSeconds)) {
    if (runner.isRunning(b.id)) continue
    if (b.status === '导入中') {
      await repo.deleteRows(db, b.id)
      await repo.moveStatus(db, b.id, ['导入中'], '已中断', {
        progress: 0,
        phase: '',
        row_count: 0,
        message: '导入被中断（服务重启或进程退出），未完成的行已清除，可重新导入',
      })
    } else {
      await db.query(`UPDATE dc_import_row SET level = '', issues = '[]', record = NULL WHERE batch_id = $1`, [b.id])
      await repo.moveStatus(db, b.id, ['检查中'], '已上传', {
        progress: 0,
        phase: '',
        message: '检查被中断（服务重启或进程退出），请重新检查',
        error_rows: 0,
        warning_rows: 0,
      })
    }
    done.push(b.id)
  }
  return done
}
