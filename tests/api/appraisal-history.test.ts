/**
 * The past years of 亩均评价 published after the server is up (issue 20: a first start at a
 * province's size leaves them to after the start): the same batches and results as a first start
 * that publishes them at once, a restart going on where an interrupted run stopped, and the state
 * the 亩均 pages show meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppraisalHistory } from '../../src/domain/contracts/appraisal'
import { todayInProductZone } from '../../src/domain/today'
import { appraisalHistoryState, completeAppraisalHistory, seedAppraisal } from '../../src/server/db/seed/appraisal'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin = ''
const currentYear = Number(todayInProductZone().slice(0, 4))

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
})
afterAll(() => s?.close())

/** What the seed wrote for the past years, keyed by what stays the same when written again. */
async function pastYearsAsSeeded() {
  const q = async (sql: string) => (await s.db.query(sql, [currentYear])).rows
  return {
    batches: await q(`SELECT county_code, year, version, state, reason, models, publicity_start, publicity_end, published_at, published_by
                      FROM appraisal_batch WHERE year < $1 ORDER BY year, county_code`),
    results:
      await q(`SELECT b.county_code, b.year, r.enterprise_id, r.scale, r.inputs, r.indicator_values, r.scores, r.adjustments, r.total,
                             r.rank, r.group_size, r.class, r.reason, r.last_class, r.tax_per_mu, r.land_m2
                      FROM appraisal_result r JOIN appraisal_batch b ON b.id = r.batch_id WHERE b.year < $1
                      ORDER BY b.year, b.county_code, r.enterprise_id`),
    sources: await q(`SELECT enterprise_id, year, item, source, reported_date, updated_by FROM appraisal_input_source
                      WHERE year < $1 ORDER BY enterprise_id, year, item`),
    events: await q(`SELECT enterprise_id, year, name, note FROM appraisal_event WHERE year < $1 ORDER BY enterprise_id, year, name`),
  }
}

const history = async () => {
  const r = await s.get<AppraisalHistory>('/api/appraiseResult/history', admin)
  expect(r.status).toBe(200)
  return r.body.data
}

describe('亩均 history published after the start', () => {
  it('writes what the first start writes at once, year by year, and goes on after an interruption', async () => {
    // an enterprise with figures but no county: no batch appraises it, its inputs' sources are still written
    const loose = (
      await s.db.query<{ id: number }>('SELECT enterprise_id AS id FROM enterprise_yearly WHERE year < $1 ORDER BY 1 LIMIT 1', [
        currentYear,
      ])
    ).rows[0].id
    await s.db.query('UPDATE enterprise SET county_code = NULL WHERE id = $1', [loose])
    await s.db.exec('TRUNCATE appraisal_input_source, appraisal_event, appraisal_batch CASCADE')
    await seedAppraisal(s.db, { history: 'now' })
    const atOnce = await pastYearsAsSeeded()
    expect(atOnce.sources.filter((r) => r.enterprise_id === loose).length).toBeGreaterThan(0)
    expect(atOnce.results.filter((r) => r.enterprise_id === loose)).toEqual([])
    const years = [...new Set(atOnce.batches.map((b) => Number(b.year)))]
    expect(years.length).toBeGreaterThanOrEqual(5)
    expect(atOnce.results.length).toBeGreaterThan(500)
    expect(await history()).toEqual({ pending: false, years: [], done: 0 })

    // the 亩均 part of a first start at a province's size, on the same demo data
    await s.db.exec('TRUNCATE appraisal_input_source, appraisal_event, appraisal_batch CASCADE')
    await seedAppraisal(s.db, { history: 'after-start' })
    const waiting = await pastYearsAsSeeded()
    expect(waiting.batches).toEqual([])
    expect(waiting.results).toEqual([])
    expect(waiting.sources).toEqual([])
    expect(waiting.events).toEqual(atOnce.events)
    expect(await history()).toEqual({ pending: true, years, done: 0 })

    // a run stopped after its second year (the server shutting down): the state says how far it got;
    // the cached walls are computed again once per year, not once per county
    const version = async () => Number((await s.db.query<{ v: string }>('SELECT version AS v FROM data_version')).rows[0].v)
    const v0 = await version()
    const seen: number[] = []
    const stop = new AbortController()
    await expect(
      completeAppraisalHistory(
        s.db,
        (state) => {
          seen.push(state.done)
          if (state.done === 2) stop.abort()
        },
        stop.signal,
      ),
    ).rejects.toThrow(/abort/i)
    expect(seen).toEqual([1, 2])
    expect(await version()).toBe(v0 + 2)
    expect(await history()).toEqual({ pending: true, years, done: 2 })
    const half = await pastYearsAsSeeded()
    expect(new Set(half.batches.map((b) => Number(b.year)))).toEqual(new Set(years.slice(0, 2)))
    expect(half.results).toEqual(atOnce.results.filter((r) => years.slice(0, 2).includes(Number(r.year))))

    // the next start goes on from the third year and ends with what the first start writes at once
    await completeAppraisalHistory(s.db, (state) => seen.push(state.done))
    expect(seen).toEqual([1, 2, ...years.slice(2).map((_, k) => k + 3)])
    expect(await version()).toBe(v0 + years.length)
    expect(await appraisalHistoryState(s.db)).toBeNull()
    expect(await history()).toEqual({ pending: false, years: [], done: 0 })
    expect(await pastYearsAsSeeded()).toEqual(atOnce)
  })

  it('nothing pending: completing is a no-op', async () => {
    const before = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_batch')
    await completeAppraisalHistory(s.db)
    const after = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_batch')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })
})
