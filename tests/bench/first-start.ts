/**
 * The first start alone (issue 20), `npx tsx tests/bench/first-start.ts`: a fresh embedded data
 * directory (or BENCH_DATABASE_URL, which must point at an empty database) opened, migrated and
 * seeded with SEED_PARCELS parcels (default 100 000), with the seconds of each seed step: `total`
 * is when the server would answer; `historyAfterStart`, the past years' 亩均 batches it publishes
 * behind (seed/appraisal.ts, above HISTORY_AFTER_START_ABOVE parcels).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../src/server/db/open'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { completeAppraisalHistory } from '../../src/server/db/seed/appraisal'

const parcels = Number(process.env.SEED_PARCELS ?? 100_000)
const url = process.env.BENCH_DATABASE_URL
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'))
const t0 = performance.now()
const db = await openDatabase({ databaseUrl: url, dataDir })
const opened = (performance.now() - t0) / 1000
const seeded = await bootstrap(db, { demo: true, parcels })
const total = (performance.now() - t0) / 1000
const t1 = performance.now()
await completeAppraisalHistory(db)
const history = (performance.now() - t1) / 1000
console.log(
  JSON.stringify({
    engine: url ? 'postgres' : 'pglite',
    parcels,
    openMigrate: Math.round(opened * 10) / 10,
    phases: seeded.kind === 'demo' ? seeded.phases : null,
    total: Math.round(total * 10) / 10,
    historyAfterStart: seeded.kind === 'demo' && seeded.historyPending ? Math.round(history * 10) / 10 : null,
    load: os.loadavg().map((x) => x.toFixed(2)),
  }),
)
await db.close()
fs.rmSync(dataDir, { recursive: true, force: true })
