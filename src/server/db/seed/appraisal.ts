/**
 * 亩均效益评价 of the demo: a published batch of every county for every past year, so classes show
 * from the first start. At a province's size (issue 20) the past years are published after the
 * server is up, one county and year per transaction, and the 亩均 pages say so until they are done.
 */
import { todayInProductZone } from '../../../domain/today'
import { bumpDataVersion, holdDataVersion } from '../data-version'
import type { Db } from '../engine'
import { pastYears, publishPastYear, publishPastYears } from '../../modules/appraisal/run'
import { emptyForBulkWrite, withForeignKeysCheckedOnce } from './bulk'

/** Above this many parcels the first start leaves the past years' 亩均 batches to after the server is up. */
export const HISTORY_AFTER_START_ABOVE = 20_000

/** app_setting key of the history still to publish: {"years": [the past years, oldest first], "done": how many are published}. */
const PENDING = 'demo.appraisal_history'

/** Where the history stands: null when nothing is pending. */
export interface AppraisalHistoryState {
  /** The past years to publish, oldest first. */
  years: number[]
  /** How many of them are published. */
  done: number
}

/**
 * Seeds the 亩均 data of the demo in one transaction: where each input came from, a few 加分/减分
 * events, and with `history: 'now'` the past years' published batches; with 'after-start' those are
 * left to {@link completeAppraisalHistory}, marked pending in the same transaction.
 */
export async function seedAppraisal(db: Db, opts: { history: 'now' | 'after-start' } = { history: 'now' }): Promise<void> {
  const currentYear = Number(todayInProductZone().slice(0, 4))
  await db.transaction(async (tx) => {
    await emptyForBulkWrite(tx, ['appraisal_input_source', 'appraisal_result'])
    const later = opts.history === 'after-start' ? await pastYears(tx, currentYear) : []
    await withForeignKeysCheckedOnce(tx, 'appraisal_input_source', () =>
      insertInputSources(tx, later.length ? 'y.year >= $1' : 'true', later.length ? [currentYear] : []),
    )
    // every 7th enterprise is a 高新技术企业 in the years it reported R&D above 3 % of its revenue
    await tx.exec(`INSERT INTO appraisal_event (enterprise_id, year, name, note, created_by)
      SELECT y.enterprise_id, y.year, '高新技术企业', '高新技术企业认定', 'system' FROM enterprise_yearly y
      WHERE y.enterprise_id % 7 = 0 AND y.rd_expense > 0.03 * y.revenue`)
    if (later.length) {
      await tx.query('INSERT INTO app_setting (key, value) VALUES ($1, $2)', [PENDING, JSON.stringify({ years: later, done: 0 })])
      return
    }
    await withForeignKeysCheckedOnce(tx, 'appraisal_result', () => publishPastYears(tx, currentYear))
    // statistics of the published batches, as demo.ts takes them of the master tables: without
    // them the planner takes the year's published batches for one row and, looking up a class per
    // enterprise (an export in key order), reads them again for every enterprise
    await tx.exec('ANALYZE appraisal_batch; ANALYZE appraisal_result')
  })
}

/**
 * Where each seeded input came from (`where` on enterprise_yearly y and enterprise e): its
 * department reported it early in the following year (税务 in February, 统计 and 自然资源 in March,
 * 电力 and 人社 in April, 环保 in May), never after today. With `keep`, rows already there are kept
 * (a county taken up again after a stop).
 */
async function insertInputSources(db: Db, where: string, params: unknown[], keep = false): Promise<void> {
  await db.query(
    `INSERT INTO appraisal_input_source (enterprise_id, year, item, source, reported_date, updated_by)
     SELECT y.enterprise_id, y.year, i.item, i.source,
            LEAST(make_date(y.year + 1, i.month, 1 + (y.enterprise_id * 7 + y.year) % 25), current_date), 'system'
     FROM enterprise_yearly y
     JOIN enterprise e ON e.id = y.enterprise_id
     CROSS JOIN LATERAL (VALUES
       ('tax', '税务', 2, y.tax), ('value_added', '统计', 3, y.value_added), ('revenue', '统计', 3, y.revenue),
       ('rd_expense', '统计', 3, y.rd_expense), ('energy', '电力', 4, y.energy), ('emissions', '环保', 5, y.emissions),
       ('employees', '人社', 4, y.employees), ('land_area_m2', '自然资源', 3, y.land_area_m2)
     ) AS i(item, source, month, v)
     WHERE i.v IS NOT NULL AND ${where}
     ${keep ? 'ON CONFLICT DO NOTHING' : ''}`,
    params,
  )
}

/** The history still to publish, or null. */
export async function appraisalHistoryState(db: Db): Promise<AppraisalHistoryState | null> {
  const r = await db.query<{ value: string }>('SELECT value FROM app_setting WHERE key = $1', [PENDING])
  return r.rows[0] ? (JSON.parse(r.rows[0].value) as AppraisalHistoryState) : null
}

/**
 * Publishes the pending past years (oldest first, each county and year in its own transaction, so
 * requests keep being answered) and clears the mark; a restart goes on where it stopped, as after
 * an aborted `signal` (the server stopping). Nothing to do when nothing is pending. `progress`
 * hears each finished year.
 */
export async function completeAppraisalHistory(
  db: Db,
  progress?: (state: AppraisalHistoryState) => void,
  signal?: AbortSignal,
): Promise<void> {
  const state = await appraisalHistoryState(db)
  if (!state) return
  for (const year of state.years.slice(state.done)) {
    // the counties' transactions hold the data version: cached walls stay valid while a year is
    // written county by county, and are computed again once, when the year is whole
    await publishPastYear(db, year, {
      before: async (tx, county) => {
        await holdDataVersion(tx)
        await insertInputSources(tx, 'y.year = $1 AND e.county_code = $2', [year, county], true)
      },
      signal,
    })
    // the sources of the year's enterprises in no county with a batch (no county, no subject); the year is whole
    await db.transaction(async (tx) => {
      await holdDataVersion(tx)
      const counties = await tx.query<{ c: string }>('SELECT DISTINCT county_code AS c FROM appraisal_batch WHERE year = $1', [year])
      await insertInputSources(
        tx,
        'y.year = $1 AND (e.county_code IS NULL OR e.county_code <> ALL($2::text[]))',
        [year, counties.rows.map((r) => r.c)],
        true,
      )
      await bumpDataVersion(tx)
    })
    // statistics as the tables grow: the next year reads this one's classes through them
    await db.exec('ANALYZE appraisal_batch; ANALYZE appraisal_result')
    state.done = state.years.indexOf(year) + 1
    await db.query('UPDATE app_setting SET value = $2 WHERE key = $1', [PENDING, JSON.stringify(state)])
    progress?.(state)
  }
  await db.exec('ANALYZE appraisal_input_source')
  await db.query('DELETE FROM app_setting WHERE key = $1', [PENDING])
}
