/** First-start data: regions, menus, people, and on the embedded engine the demo data. */
import type { Db } from '../engine'
import { importBoundaries, type BoundaryCrs, type BoundaryLevel } from '../boundary-import'
import { loadShippedOutlines } from './outlines'
import { seedRegions } from './regions'
import { seedStandards } from './standards'
import { seedDemoData } from './demo'
import { seedLifecycle } from './lifecycle'
import { seedUnclaimed } from './unclaimed'
import { seedAdminDemo } from './admin-demo'
import { seedReformNews } from './reform-news'
import { HISTORY_AFTER_START_ABOVE, seedAppraisal } from './appraisal'
import { seedRevitalize } from './revitalize'
import { seedIdleLand } from './idle-land'
import { seedDueProcess } from './due-process'
import { seedDemoPeople, seedFirstAdmin, syncMenus, type DemoAccount } from './people'

/** What a start did to the data. */
export type BootstrapResult =
  | { kind: 'existing' }
  | {
      kind: 'demo'
      accounts: DemoAccount[]
      parcels: number
      seconds: number
      phases: Record<string, number>
      /** The past years' 亩均 batches are left to completeAppraisalHistory (seed/appraisal.ts). */
      historyPending: boolean
    }
  | { kind: 'first-admin'; username: string; password: string }

/**
 * Seeds an empty database once (no reseed on later starts) and keeps the menu table in step with
 * the route table on every start. `boundaries` are outlines a deployment (or a test) imports
 * before the demo data is placed; the city outlines shipped in the repository are loaded whenever
 * no city has one.
 */
export async function bootstrap(
  db: Db,
  opts: {
    demo: boolean
    parcels: number
    boundaries?: { file: string; crs: BoundaryCrs; level: BoundaryLevel }[]
    /** When the past years' 亩均 batches are published; by default after the start above HISTORY_AFTER_START_ABOVE parcels. */
    history?: 'now' | 'after-start'
  },
): Promise<BootstrapResult> {
  const started = Date.now()
  const empty = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user')).rows[0].n === 0
  await seedRegions(db)
  await loadShippedOutlines(db)
  await syncMenus(db)
  await seedStandards(db)
  if (!empty) return { kind: 'existing' }
  if (!opts.demo) return { kind: 'first-admin', ...(await seedFirstAdmin(db)) }
  // seconds per step of the demo seed, printed at start (issue 20: a province's size in ≤ 90 s)
  const phases: Record<string, number> = {}
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now()
    await fn()
    phases[name] = Math.round((performance.now() - t0) / 100) / 10
  }
  let accounts: DemoAccount[] = []
  const history = opts.history ?? (opts.parcels > HISTORY_AFTER_START_ABOVE ? 'after-start' : 'now')
  await step('账号与系统数据', async () => {
    accounts = await seedDemoPeople(db)
    await seedAdminDemo(db)
    await seedReformNews(db)
  })
  // outlines first, so that demo parcels are placed inside their county
  await step('县界', async () => {
    for (const b of opts.boundaries ?? []) await importBoundaries(db, b)
  })
  if (opts.parcels > 0) {
    await step('地块与企业', () => seedDemoData(db, { parcels: opts.parcels }))
    await step('全生命周期', () => seedLifecycle(db))
    await step('待认领', () => seedUnclaimed(db, opts.parcels))
    await step('亩均评价', () => seedAppraisal(db, { history }))
    await step('低效用地盘活', () => seedRevitalize(db))
    await step('闲置土地', () => seedIdleLand(db))
    // the demo 公示 needs the past year published at once (at a province's size it is published after the start)
    if (history === 'now') await step('公示与企业账号', () => seedDueProcess(db))
  }
  return {
    kind: 'demo',
    accounts,
    parcels: opts.parcels,
    seconds: Math.round((Date.now() - started) / 1000),
    phases,
    historyPending: opts.parcels > 0 && history === 'after-start',
  }
}
