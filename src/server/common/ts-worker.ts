/**
 * Starts a worker thread (node:worker_threads) on a TypeScript module. The worker registers tsx
 * itself, so it runs the same way under `node --import tsx`, under the test runner and in a
 * child process, whatever loader the parent thread has.
 */
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/** tsx's module API (its ESM build: the CommonJS one cannot register hooks from an eval'd worker). */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href

/** The bootstrap: load tsx's API, then import the entry module (its top level does the work). */
const BOOT = `const { workerData } = require('node:worker_threads')
import(workerData.__tsx).then((tsx) => tsx.tsImport(workerData.__entry, workerData.__entry))`

/** A worker running `entry` (a file URL of a .ts module) with `data` as its workerData. */
export function startTsWorker(entry: URL, data: Record<string, unknown>, resourceLimits?: ResourceLimits): Worker {
  return new Worker(BOOT, {
    eval: true,
    workerData: { ...data, __tsx: TSX_API, __entry: entry.href },
    resourceLimits,
    stdout: false,
    stderr: false,
  })
}
