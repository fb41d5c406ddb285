/**
 * An import row that updates a master record (数据采集 → 审核, issue 7): the commit stores the
 * record as it was (`before`), and the approval refuses with 409 — naming the fields — when the
 * record was changed since by another approved submission, writing nothing (master row, history,
 * submission state and events unchanged); the stale proposal can still be returned. A row whose
 * record did not change in the meantime is merged, changing only what the file gives.
 */
import type { MultiPolygon, Position } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchView } from '../../src/domain/contracts/datacenter-import'
import { geojsonOf, parcels } from '../fixtures/make/datacenter-data'
import { count, decide, demoTokens, one, proposeUpdate, workflowCounts } from './datacenter-helpers'
import { startServer, type TestServer } from './harness'
import { allRows, checkBatch, importBatch, rulesOf } from './import-helpers'

let s: TestServer
const t: Record<string, string> = {}

interface Master {
  id: number
  land_code: string
  name: string
  county_code: string
  building_area: number | null
  enterprise_id: number | null
  geom: MultiPolygon
}

/** Two live parcels of one county with a simple shape each. */
let p: Master
let q: Master
let batch: BatchView
/** the submissions the commit made, by row */
const sub: Record<number, number> = {}

const parcelRow = async (id: number) => one<Record<string, unknown>>(s, 'SELECT *, ST_AsText(geom) AS wkt FROM parcel WHERE id = $1', [id])
const submissionState = async (id: number) =>
  one<{ state: string; audited_by: number | null; events: number }>(
    s,
    'SELECT state, audited_by, (SELECT count(*)::int FROM dc_submission_event e WHERE e.submission_id = s.id) AS events FROM dc_submission s WHERE id = $1',
    [id],
  )

beforeAll(async () => {
  s = await startServer()
  await demoTokens(s, t)
  const two = (
    await s.db.query<Master>(
      `SELECT id, land_code, name, county_code, building_area, enterprise_id, ST_AsGeoJSON(geom)::json AS geom FROM parcel p
       WHERE NOT deleted AND county_code IS NOT NULL AND ST_IsValid(geom) AND ST_NumGeometries(geom) = 1
         AND building_area IS NOT NULL AND enterprise_id IS NOT NULL
         AND county_code = (SELECT county_code FROM parcel WHERE NOT deleted AND county_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)
       ORDER BY id LIMIT 2`,
    )
  ).rows
  ;[p, q] = two
  // a batch of two rows, each naming an existing parcel by its 宗地代码 with its own shape: two updates
  const drafts = parcels({
    seed: 71,
    count: 2,
    county: p.county_code,
    origin: p.geom.coordinates[0][0][0] as Position,
    cols: 2,
    cellM: 150,
  })
  for (const [d, m] of [
    [drafts[0], p],
    [drafts[1], q],
  ] as const) {
    d.properties.宗地代码 = m.land_code
    d.properties.区县 = m.county_code
    d.properties.地块名称 = `${m.name}（导入核实）`
    d.ring = m.geom.coordinates[0][0]
  }
  batch = await importBatch(s, t.clerk, { name: '更新已有地块.geojson', bytes: Buffer.from(geojsonOf(drafts)) }, 'parcel')
  await checkBatch(s, t.clerk, batch.id)
  const rows = await allRows(s, t.clerk, batch.id)
  expect(rows.map((r) => [r.action, r.targetId, r.level, rulesOf(r)])).toEqual([
    ['update', p.id, '警告', ['exists']],
    ['update', q.id, '警告', ['exists']],
  ])
  const committed = await s.postJson<{ submitted: number }>('/api/datacenter/sjcl/submit', { id: batch.id }, t.clerk)
  expect([committed.status, committed.body.data?.submitted]).toEqual([200, 2])
  for (const r of (
    await s.db.query<{ id: number; batch_row_no: number }>('SELECT id, batch_row_no FROM dc_submission WHERE batch_id = $1', [batch.id])
  ).rows)
    sub[r.batch_row_no] = Number(r.id)
})
afterAll(() => s?.close())

describe('an import row that updates a record changed since the import', () => {
  it('is refused with 409 naming the changed field, and nothing is written', async () => {
    // meanwhile another submission changes parcel p's 建筑面积 and is approved
    const area = Math.round((p.building_area ?? 1000) + 1234.5)
    const other = await proposeUpdate(s, 'parcel', p.id, { building_area: area }, t.clerk)
    expect(other.status, other.body.message).toBe(200)
    const approved = await decide(s, other.body.data.id, 'approve', t.auditor)
    expect([approved.status, approved.body.data?.version]).toEqual([200, 1])

    const master = await parcelRow(p.id)
    expect(Number(master.building_area)).toBe(area)
    const counts = await workflowCounts(s)
    const history = await count(s, "record_history WHERE kind = 'parcel' AND record_id = $1", [p.id])
    const state = await submissionState(sub[1])

    const late = await decide(s, sub[1], 'approve', t.auditor)
    expect([late.status, late.body.message]).toEqual([409, `地块 ${p.id} 在提交后已被修改（建筑面积），请退回后按最新数据重新提交`])
    expect(await parcelRow(p.id)).toEqual(master)
    expect(await workflowCounts(s)).toEqual(counts)
    expect(await count(s, "record_history WHERE kind = 'parcel' AND record_id = $1", [p.id])).toBe(history)
    expect(await submissionState(sub[1])).toEqual(state)
    expect(state).toEqual({ state: '待审核', audited_by: null, events: state.events })

    // the auditor sees it is stale, and can return it to the clerk
    const details = await s.get<{ stale: boolean }>(`/api/audit/query/details?id=${sub[1]}`, t.auditor)
    expect(details.body.data.stale).toBe(true)
    const back = await decide(s, sub[1], 'reject', t.auditor, '地块已按其他提交更新建筑面积，请按最新数据重新导入')
    expect([back.status, back.body.data?.state]).toEqual([200, '已退回'])
    expect(await parcelRow(p.id)).toEqual(master)
  })

  it('merges a row whose record did not change meanwhile: the imported values, history version 1', async () => {
    const r = await decide(s, sub[2], 'approve', t.auditor)
    expect([r.status, r.body.message, r.body.data?.recordId, r.body.data?.version]).toEqual([200, '已审核通过并入库', q.id, 1])
    const merged = await parcelRow(q.id)
    expect(merged.name).toBe(`${q.name}（导入核实）`)
    // what the file does not give (建筑面积: no column; 用地单位 / 信用代码: empty cells) stays as it was
    expect([Number(merged.building_area), merged.enterprise_id]).toEqual([q.building_area, q.enterprise_id])
    const h = await one<{ version: number; submission_id: number; before_name: string; after_name: string }>(
      s,
      `SELECT version, submission_id, before->>'name' AS before_name, after->>'name' AS after_name FROM record_history WHERE kind = 'parcel' AND record_id = $1`,
      [q.id],
    )
    expect({ ...h, submission_id: Number(h.submission_id) }).toEqual({
      version: 1,
      submission_id: sub[2],
      before_name: q.name,
      after_name: `${q.name}（导入核实）`,
    })
  })
})
