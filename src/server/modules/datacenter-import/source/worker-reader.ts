/**
 * Opens an import source in a worker thread (issue 18): the parse — format sniffing, the header
 * checks, a shapefile's records, a worksheet's XML, a CSV's row count — never runs in the server's
 * event loop, so other users are answered meanwhile. The worker's heap is capped (a parse that
 * outgrows it ends the worker, not the server), opening and every chunk of rows have a time budget
 * (past it the worker is ended and the upload answers 422), and rows come over one chunk at a
 * time, when the staging asks for them.
 */
import type { Worker } from 'node:worker_threads'
import type { DeclaredCrs } from '../../../../domain/datacenter/import-batch'
import type { FileKind } from '../../../../domain/files/file-type'
import { startTsWorker } from '../../../common/ts-worker'
import type { FromWorker, ParseJob, ToWorker } from './parse-worker'
import { PARSE_BUDGET, PARSE_WORKER_HEAP_MB, SourceError, type SourceReader, type SourceRow } from './types'

/** Rows per message from the worker. */
const CHUNK_ROWS = 500

/** Budgets of one parse (tests shorten them). */
export interface ParseBudget {
  openMs: number
  chunkMs: number
  heapMb: number
}

/** The answer of a worker that stopped, by what stopped it. */
function stoppedError(err: unknown): SourceError {
  if ((err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new SourceError('文件解析所需内存超过上限（数据量过大或文件结构异常），请拆分后分批导入', 413)
  return new SourceError('文件无法读取（格式不正确或已损坏），请检查后重新上传', 422)
}

/**
 * Parse workers started ahead of need: booting a thread and loading the readers takes about a
 * second, which an upload should not wait for. One spare is kept warm per pool (per server). A
 * worker that ended its parse cleanly (all rows read, or the file refused with a reason) goes back
 * as the spare; one that ran out of time or memory, crashed or was left mid-file is ended.
 */
export class ParsePool {
  private spare: { worker: Worker; heapMb: number; ready: Promise<void>; detach: () => void } | null = null
  private closed = false

  constructor(private readonly heapMb = PARSE_WORKER_HEAP_MB) {}

  /** Starts the spare if there is none. */
  warm(): void {
    if (!this.closed && !this.spare) this.keep(start(this.heapMb), this.heapMb)
  }

  /** Resolves once the spare has loaded the readers (tests that time a refusal wait for it). */
  async ready(): Promise<void> {
    this.warm()
    await this.spare?.ready
  }

  /** The spare worker (tests count its listeners). */
  get spareWorker(): Worker | null {
    return this.spare?.worker ?? null
  }

  /** A worker for one parse with this heap cap: the spare when it fits (it comes back when the parse ends). */
  take(heapMb: number): Worker {
    const spare = this.spare
    this.spare = null
    spare?.detach()
    const worker = spare && spare.heapMb === heapMb ? spare.worker : start(heapMb)
    if (spare && spare.worker !== worker) void spare.worker.terminate()
    return worker
  }

  /** Ends a worker whose parse did not end cleanly, and starts a fresh spare in its place. */
  discard(worker: Worker): void {
    void worker.terminate()
    setImmediate(() => this.warm())
  }

  /** Takes back a worker whose parse ended cleanly: it becomes the spare (warm, unlike one still booting). */
  release(worker: Worker, heapMb: number): void {
    const old = this.spare
    this.spare = null
    if (old) {
      old.detach()
      void old.worker.terminate()
    }
    this.keep(worker, heapMb)
  }

  /** Ends the spare (server close). */
  close(): void {
    this.closed = true
    this.spare?.detach()
    void this.spare?.worker.terminate()
    this.spare = null
  }

  /**
   * Makes a worker the spare. Its listeners go when it stops being the spare: a worker is kept
   * again after every clean parse, and listeners added per keep would pile up on it (Node's
   * MaxListenersExceededWarning after ten parses).
   */
  private keep(worker: Worker, heapMb: number): void {
    if (this.closed) {
      void worker.terminate()
      return
    }
    // a worker kept again was ready before; a new one is ready at its 'ready' message (or gone at its exit)
    let ready = readyOf.get(worker)
    if (!ready) {
      ready = new Promise<void>((resolve) => {
        const settle = () => {
          worker.off('message', onReady)
          worker.off('exit', settle)
          resolve()
        }
        const onReady = (m: FromWorker) => {
          if (m.t === 'ready') settle()
        }
        worker.on('message', onReady)
        worker.on('exit', settle)
      })
      readyOf.set(worker, ready)
    }
    const onExit = () => {
      if (this.spare?.worker === worker) this.spare = null
    }
    worker.on('exit', onExit)
    this.spare = { worker, heapMb, ready, detach: () => worker.off('exit', onExit) }
  }
}

/** A worker kept again is ready when it was ready before. */
const readyOf = new WeakMap<Worker, Promise<void>>()

function start(heapMb: number): Worker {
  const worker = startTsWorker(
    new URL('./parse-worker.ts', import.meta.url),
    {},
    {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: Math.min(64, heapMb),
    },
  )
  // a worker never keeps the process alive (a closing server or test ends it)
  worker.unref()
  // a spare that fails while idle is dropped by its exit; the error is not the server's
  worker.on('error', () => undefined)
  return worker
}

/** Opens `file` (stored content of the detected `kind`) as a source, parsed in a worker thread. */
export async function openSourceInWorker(
  file: string,
  kind: FileKind,
  crs: DeclaredCrs,
  budget: ParseBudget = { ...PARSE_BUDGET, heapMb: PARSE_WORKER_HEAP_MB },
  pool?: ParsePool,
): Promise<SourceReader> {
  const job: ParseJob = { file, kind, crs }
  const worker: Worker = pool ? pool.take(budget.heapMb) : start(budget.heapMb)
  let ended = false
  /** Ends the parse: the worker goes back to the pool when it finished cleanly, else it is ended. */
  const end = (clean = false) => {
    if (ended) return
    ended = true
    if (!pool) void worker.terminate()
    else if (clean) pool.release(worker, budget.heapMb)
    else pool.discard(worker)
  }

  /** The next message, or the reason there is none within `ms`. */
  const next = (ms: number, what: string): Promise<FromWorker> =>
    new Promise<FromWorker>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      const onMessage = (m: FromWorker) => {
        if (m.t === 'ready') return
        done()
        resolve(m)
      }
      const onError = (err: unknown) => {
        done()
        end()
        reject(stoppedError(err))
      }
      const onExit = () => {
        done()
        reject(stoppedError(null))
      }
      const timer = setTimeout(() => {
        done()
        end()
        reject(new SourceError(`${what}超过时限 ${Math.round(ms / 1000)} 秒（文件过大或结构异常），已停止，请拆分后分批导入`, 422))
      }, ms)
      worker.on('message', onMessage)
      worker.once('error', onError)
      worker.once('exit', onExit)
    })

  let opened: FromWorker
  try {
    const answer = next(budget.openMs, '读取文件')
    worker.postMessage({ t: 'job', job } satisfies ToWorker)
    opened = await answer
  } catch (err) {
    end()
    throw err
  }
  if (opened.t !== 'open') {
    end(opened.t === 'error')
    throw opened.t === 'error' ? new SourceError(opened.message, opened.status) : stoppedError(null)
  }

  let fraction = 0
  return {
    format: opened.format,
    headers: opened.headers,
    crs: opened.crs,
    fraction: () => fraction,
    async *rows(): AsyncIterable<SourceRow> {
      try {
        for (;;) {
          if (ended) throw new SourceError('读取已停止', 422)
          const answer = next(budget.chunkMs, '读取数据行')
          worker.postMessage({ t: 'more', size: CHUNK_ROWS } satisfies ToWorker)
          const m = await answer
          if (m.t === 'error') {
            end(true)
            throw new SourceError(m.message, m.status)
          }
          if (m.t !== 'rows') throw stoppedError(null)
          fraction = m.fraction
          if (m.done) end(true)
          yield* m.rows
          if (m.done) return
        }
      } finally {
        end()
      }
    },
    close: async () => end(),
  }
}
