/**
 * The worker thread of import parses (kept by the pool of worker-reader.ts): for each job it opens
 * the source with the readers of this folder, posts its header, then posts rows a chunk at a time
 * when asked; a worker that ended a job cleanly may be given the next one. Every
 * row is counted against the batch limit as it streams. A failure is posted as a message with the
 * Chinese reason and the status to answer; the thread never throws into the server.
 */
import { parentPort } from 'node:worker_threads'
import type { DeclaredCrs } from '../../../../domain/datacenter/import-batch'
import type { FileKind } from '../../../../domain/files/file-type'
import { formatOf, openSource } from './index'
import { MAX_IMPORT_ROWS, SourceError, type SourceReader, type SourceRow } from './types'

/** Main → worker: the job first, then requests for rows. */
export type ToWorker = { t: 'job'; job: ParseJob } | { t: 'more'; size: number }
/** Worker → main. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'open'; format: SourceReader['format']; headers: string[]; crs: SourceReader['crs'] }
  | { t: 'rows'; rows: SourceRow[]; fraction: number; done: boolean }
  | { t: 'error'; message: string; status: 400 | 413 | 422 }

/** What the worker is asked to read. */
export interface ParseJob {
  file: string
  kind: FileKind
  crs: DeclaredCrs
}

const port = parentPort

const fail = (err: unknown): FromWorker =>
  err instanceof SourceError
    ? { t: 'error', message: err.message, status: err.status }
    : { t: 'error', message: '文件无法读取（格式不正确或已损坏），请检查后重新上传', status: 422 }

/** The source being read, one at a time. */
let current: { reader: SourceReader; rows: AsyncIterator<SourceRow>; count: number } | null = null

async function closeCurrent(): Promise<void> {
  const was = current
  current = null
  await was?.reader.close().catch(() => undefined)
}

async function open(job: ParseJob): Promise<void> {
  if (!port) return
  await closeCurrent()
  let reader: SourceReader
  try {
    reader = await openSource(job.file, await formatOf(job.file, job.kind), job.crs)
  } catch (err) {
    port.postMessage(fail(err))
    return
  }
  current = { reader, rows: reader.rows()[Symbol.asyncIterator](), count: 0 }
  port.postMessage({ t: 'open', format: reader.format, headers: reader.headers, crs: reader.crs } satisfies FromWorker)
}

async function more(size: number): Promise<void> {
  if (!port) return
  const c = current
  if (!c) {
    port.postMessage({ t: 'error', message: '读取已停止', status: 422 } satisfies FromWorker)
    return
  }
  const out: SourceRow[] = []
  try {
    while (out.length < size) {
      const next = await c.rows.next()
      if (next.done) {
        await closeCurrent()
        port.postMessage({ t: 'rows', rows: out, fraction: 1, done: true } satisfies FromWorker)
        return
      }
      if (++c.count > MAX_IMPORT_ROWS) throw new SourceError(`数据超过单批上限 ${MAX_IMPORT_ROWS} 行，请拆分后分批导入`, 413)
      out.push(next.value)
    }
    port.postMessage({ t: 'rows', rows: out, fraction: c.reader.fraction(), done: false } satisfies FromWorker)
  } catch (err) {
    await closeCurrent()
    port.postMessage(fail(err))
  }
}

// a spare loads the heavy readers while it waits, so a parse does not pay for them, then says so
void Promise.allSettled([import('exceljs'), import('shpjs')]).then(() => port?.postMessage({ t: 'ready' } satisfies FromWorker))

// messages come one at a time: the main thread waits for each answer before it asks again
port?.on('message', (m: ToWorker) => {
  if (m.t === 'job') void open(m.job)
  else void more(m.size)
})
