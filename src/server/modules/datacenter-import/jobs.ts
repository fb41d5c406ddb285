/**
 * The background work of batches (reading a file into staging, running the checks) with the
 * progress the pages poll. A batch in 导入中 or 检查中 is a job; the process working on it names
 * itself in the batch row (`claimed_by`) and beats `heartbeat_at` while it works. Any process on the
 * database takes over a job whose heartbeat is older than the stale timeout — claimed with
 * `FOR UPDATE SKIP LOCKED`, so two processes never take the same job — and continues it
 * (service.ts `resume`). A process that lost its claim stops at its next chunk: every write of a
 * job is made only while the row still names it, so a job finishes exactly once.
 * Jobs run one or two at a time per process, so the embedded engine keeps answering between chunks.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/engine'
import type { BatchStatus } from '../../../domain/datacenter/import-batch'
import * as repo from './repo'

/** What a job reports through. */
export interface Reporter {
  /** progress 0..100 and what is being done; written at most every few hundred ms unless `force` */
  progress(pct: number, phase: string, force?: boolean): Promise<void>
  /** true once the server is closing or another process took the job over: stop between chunks (throw {@link JobStopped}) */
  readonly stopping: boolean
  /** the process working on the job (`claimed_by`) */
  readonly owner: string
}

/** Thrown by a job that stops because the server closes or the job was taken over; the batch is left to its owner. */
export class JobStopped extends Error {}

/** Default of JOB_STALE_SECONDS: how long a job may stay silent before another process takes it over. */
export const STALE_SECONDS = 30

/** A job this process claimed from the table (taken over, or found at start). */
export interface ClaimedJob {
  id: number
  status: BatchStatus
}

/** How the runner works. */
export interface JobOptions {
  /** silence after which another process takes a job over */
  staleSeconds: number
  /** jobs running at once in this process */
  concurrency?: number
  /** take over every job not this process's at start (the embedded engine: the database is this process's alone) */
  ownsDatabase: boolean
}

/** Runs batch jobs with a concurrency limit, beats their heartbeats and takes over stale jobs of other processes. */
export class JobRunner {
  /** who claims: host, pid and a tag (several apps may run in one process in tests) */
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`
  private readonly running = new Map<number, Promise<void>>()
  private readonly lost = new Set<number>()
  private readonly waiting: (() => void)[] = []
  private active = 0
  private closing = false
  private polling: Promise<number> | null = null
  private timer: NodeJS.Timeout | null = null
  private resume: ((job: ClaimedJob) => Promise<void>) | null = null

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobOptions,
  ) {}

  /** Whether this process is working on the batch. */
  isRunning(batchId: number): boolean {
    return this.running.has(batchId)
  }

  /** The stale timeout in seconds. */
  get staleSeconds(): number {
    return this.options.staleSeconds
  }

  /**
   * Starts taking over jobs: once now (every job not this process's when it owns the database), then
   * every third of the stale timeout. `resume` continues a claimed job (it calls {@link start}).
   */
  async watch(resume: (job: ClaimedJob) => Promise<void>): Promise<number> {
    this.resume = resume
    const first = await this.poll(this.options.ownsDatabase)
    if (!this.options.ownsDatabase) {
      this.timer = setInterval(() => void this.poll().catch((err) => this.log.error({ err }, 'job takeover failed')), this.beatMs())
      this.timer.unref()
    }
    return first
  }

  /**
   * Claims stale jobs of other processes while this one has free slots and hands each to `resume`;
   * returns how many it took. Calls made meanwhile share the running one.
   */
  poll(all = false): Promise<number> {
    if (!this.polling)
      this.polling = this.claimAll(all).finally(() => {
        this.polling = null
      })
    return this.polling
  }

  private async claimAll(all: boolean): Promise<number> {
    let taken = 0
    while (this.resume && !this.closing && this.active + this.waiting.length < (this.options.concurrency ?? 2)) {
      const job = await repo.claimStaleJob(this.db, this.owner, this.options.staleSeconds, all)
      if (!job) break
      taken++
      this.log.info({ batch: job.id, status: job.status, owner: this.owner }, 'import job taken over')
      await this.resume(job)
    }
    return taken
  }

  /**
   * Runs a job on a batch this process has claimed (`claimed_by` = {@link owner}); `onError`
   * decides what becomes of the batch when it fails (called only while the claim holds).
   */
  start(batchId: number, job: (r: Reporter) => Promise<void>, onError: (err: unknown) => Promise<void>): void {
    this.lost.delete(batchId)
    // the heartbeat runs while the job waits for a slot too: a queued job is alive
    const heartbeat = setInterval(() => {
      void repo
        .beat(this.db, batchId, this.owner)
        .then((mine) => {
          if (!mine) this.lost.add(batchId)
        })
        .catch(() => undefined)
    }, this.beatMs())
    const run = (async () => {
      await this.slot()
      try {
        if (this.closing) throw new JobStopped()
        await job(this.reporter(batchId))
      } catch (err) {
        if (err instanceof JobStopped || this.closing || this.lost.has(batchId)) return
        try {
          await onError(err)
        } catch (again) {
          this.log.error({ err: again }, 'batch job cleanup failed')
        }
      } finally {
        clearInterval(heartbeat)
        // stopped by a closing server: let another process take it at once
        if (this.closing) await repo.release(this.db, batchId, this.owner).catch(() => undefined)
        this.lost.delete(batchId)
        this.release()
        this.running.delete(batchId)
      }
    })()
    this.running.set(batchId, run)
  }

  /** Resolves when no job is running or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size || this.polling) await Promise.allSettled([...this.running.values(), this.polling])
  }

  /** Asks running jobs to stop between chunks and waits for them (server close); their claims are released. */
  async stop(): Promise<void> {
    this.closing = true
    if (this.timer) clearInterval(this.timer)
    for (const w of this.waiting.splice(0)) w()
    await this.idle()
  }

  private beatMs(): number {
    return Math.max(200, Math.min(5000, (this.options.staleSeconds * 1000) / 3))
  }

  private async slot(): Promise<void> {
    if (this.active < (this.options.concurrency ?? 2)) {
      this.active++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.active++
  }

  private release(): void {
    this.active--
    this.waiting.shift()?.()
    // a freed slot may take over a job another process left
    if (this.resume && !this.closing && !this.options.ownsDatabase) void this.poll().catch(() => undefined)
  }

  private reporter(batchId: number): Reporter {
    let last = 0
    let lastPct = -1
    let lastPhase = ''
    // the reporter's getter and method have a `this` of their own
    const stopped = () => this.closing || this.lost.has(batchId)
    const lose = () => this.lost.add(batchId)
    const { db, owner } = this
    return {
      owner,
      get stopping() {
        return stopped()
      },
      async progress(pct, phase, force = false) {
        if (stopped()) throw new JobStopped()
        const now = Date.now()
        const p = Math.round(pct)
        if (!force && phase === lastPhase && (p === lastPct || now - last < 300)) return
        last = now
        lastPct = p
        lastPhase = phase
        if (!(await repo.setProgress(db, batchId, p, phase, owner))) {
          lose()
          throw new JobStopped()
        }
      },
    }
  }
}

/**
 * Puts back a check that cannot be continued (no scope was kept for it): 检查中 → the partial
 * results cleared, 已上传 (check again). Only while `owner` holds it.
 */
export async function putBackCheck(db: Db, id: number, owner: string): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await repo.moveStatus(
      tx,
      id,
      ['检查中'],
      '已上传',
      { progress: 0, phase: '', message: '检查被中断（服务重启或进程退出），请重新检查', error_rows: 0, warning_rows: 0, claimed_by: null },
      owner,
    )
    if (moved) await tx.query(`UPDATE dc_import_row SET level = '', issues = '[]', record = NULL WHERE batch_id = $1`, [id])
  })
}

/** Marks an import that cannot be continued (its file is gone): 导入中 → rows removed, 已中断. Only while `owner` holds it. */
export async function interruptImport(db: Db, id: number, owner: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await repo.moveStatus(
      tx,
      id,
      ['导入中'],
      '已中断',
      { progress: 0, phase: '', row_count: 0, message, claimed_by: null },
      owner,
    )
    if (moved) await repo.deleteRows(tx, id)
  })
}
