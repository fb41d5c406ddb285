/**
 * 认领 foundGyyd / foundYddw: records that no county owns, filtered by region, map extent and
 * keyword; a county clerk sees and claims only those lying in the county; a claim (one or many,
 * all or none) is a submission that an auditor approves into the master data with history.
 */
import ExcelJS from 'exceljs'
import type { FeatureCollection } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FoundRow } from '../../src/domain/contracts/datacenter'
import type { Page } from '../../src/domain/contracts/envelope'
import { startServer, type TestServer } from './harness'
import { CLERK_PAGES, count, decide, demoTokens, makeRole, one, person, workflowCounts } from './datacenter-helpers'

let s: TestServer
const t: Record<string, string> = {}
/** The county holding the first unclaimed parcel, and another one. */
let L: { county: string; city: string }
let other: string
let unclaimed: { id: number; county: string }[]

const list = (q: string, token: string) => s.get<Page<FoundRow>>(`/api/foundCenter/list?${q}`, token)
const claim = (body: object, token: string) => s.postJson<{ id: number; targetId: number }[]>('/api/foundCenter/claim', body, token)

beforeAll(async () => {
  s = await startServer()
  await demoTokens(s, t)
  unclaimed = (
    await s.db.query<{ id: number; county: string }>(
      `SELECT p.id, r.code AS county FROM parcel p JOIN region r ON r.level = 'county' AND ST_Intersects(r.geom, ST_PointOnSurface(p.geom))
        WHERE p.county_code IS NULL AND NOT p.deleted ORDER BY p.id`,
    )
  ).rows
  L = await one(s, 'SELECT code AS county, parent_code AS city FROM region WHERE code = $1', [unclaimed[0].county])
  other = (
    await one<{ code: string }>(s, `SELECT code FROM region WHERE level = 'county' AND code <> ALL($1::text[]) ORDER BY code LIMIT 1`, [
      unclaimed.map((u) => u.county),
    ])
  ).code
  const role = await makeRole(s, t.admin, '区县业务员', 'COUNTY_CLERK', CLERK_PAGES)
  t.l = (await person(s, t.admin, 'clerk_l', L.county, [role])).token
  t.o = (await person(s, t.admin, 'clerk_o', other, [role])).token
})
afterAll(() => s?.close())

describe('the records waiting for 认领', () => {
  it('are seeded: parcels and enterprises with a city and no county, each inside a county outline', async () => {
    expect(unclaimed.length).toBeGreaterThanOrEqual(3)
    expect(await count(s, 'parcel WHERE county_code IS NULL AND NOT deleted')).toBe(unclaimed.length)
    expect(await count(s, 'parcel WHERE county_code IS NULL AND city_code IS NULL')).toBe(0)
    expect(await count(s, 'enterprise WHERE county_code IS NULL AND NOT deleted')).toBeGreaterThanOrEqual(2)
  })

  it('admin sees all of them, with the county whose outline holds each', async () => {
    const r = await list('kind=parcel&pageSize=100', t.admin)
    expect(r.body.data.total).toBe(unclaimed.length)
    expect(r.body.data.list.map((x) => [x.id, x.locatedCountyCode])).toEqual(unclaimed.map((u) => [u.id, u.county]))
    expect(r.body.data.list.every((x) => x.areaM2! > 0 && x.lng! > 118 && x.lat! > 27 && x.pendingClaim === false)).toBe(true)
    const e = await list('kind=enterprise', t.admin)
    expect(e.body.data.total).toBe(await count(s, 'enterprise WHERE county_code IS NULL AND NOT deleted'))
  })

  it('a county clerk sees only those lying in the county; the auditor (province) all, read-only', async () => {
    const mine = await list('kind=parcel&pageSize=100', t.l)
    expect(mine.body.data.list.map((x) => x.id)).toEqual(unclaimed.filter((u) => u.county === L.county).map((u) => u.id))
    expect((await list('kind=parcel', t.o)).body.data.total).toBe(0)
    expect((await list('kind=parcel', t.auditor)).body.data.total).toBe(unclaimed.length)
  })

  it('filters by region, map extent and keyword, and gives the shapes for the map', async () => {
    expect((await list(`kind=parcel&regionCode=${L.county}&pageSize=100`, t.admin)).body.data.list.map((x) => x.id)).toEqual(
      unclaimed.filter((u) => u.county === L.county).map((u) => u.id),
    )
    expect((await list(`kind=parcel&regionCode=${L.city}`, t.admin)).body.data.total).toBe(
      await count(s, 'parcel WHERE county_code IS NULL AND city_code = $1', [L.city]),
    )
    const first = await one<{ w: number; s: number; e: number; n: number; name: string }>(
      s,
      'SELECT ST_XMin(geom) - 0.0001 AS w, ST_YMin(geom) - 0.0001 AS s, ST_XMax(geom) + 0.0001 AS e, ST_YMax(geom) + 0.0001 AS n, name FROM parcel WHERE id = $1',
      [unclaimed[0].id],
    )
    const boxed = await list(`kind=parcel&bbox=${first.w},${first.s},${first.e},${first.n}`, t.admin)
    expect(boxed.body.data.list.map((x) => x.id)).toEqual([unclaimed[0].id])
    expect((await list(`kind=parcel&keyword=${encodeURIComponent(first.name)}`, t.admin)).body.data.list.map((x) => x.id)).toEqual([
      unclaimed[0].id,
    ])
    const bad = await list('kind=parcel&bbox=121,30,120,31', t.admin)
    expect([bad.status, bad.body.message]).toEqual([400, '参数校验失败：bbox：范围的西应小于东、南应小于北'])
    const shapes = await s.get<FeatureCollection>(`/api/foundCenter/shapes?kind=parcel`, t.l)
    expect(shapes.body.data.features.map((f) => f.properties?.id)).toEqual(unclaimed.filter((u) => u.county === L.county).map((u) => u.id))
    expect(shapes.body.data.features[0].geometry.type).toBe('MultiPolygon')
  })
})

describe('claiming', () => {
  it('is all or nothing: one record out of reach refuses the whole claim', async () => {
    const mine = unclaimed.filter((u) => u.county === L.county)
    const outOfReach = unclaimed.find((u) => u.county !== L.county)?.id ?? 99999999
    const n0 = await workflowCounts(s)
    const r = await claim({ kind: 'parcel', ids: [mine[0].id, outOfReach] }, t.l)
    expect([r.status, r.body.message]).toEqual([404, `地块 ${outOfReach} 不存在或不在本账号可认领的范围内`])
    expect(await workflowCounts(s)).toEqual(n0)
  })

  it('keeps a county clerk to the own county, and a record to the county it lies in', async () => {
    const id = unclaimed.find((u) => u.county === L.county)!.id
    const elsewhere = await claim({ kind: 'parcel', ids: [id], countyCode: other }, t.l)
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, `区划 ${other} 不在本账号的数据范围内`])
    expect((await claim({ kind: 'parcel', ids: [id] }, t.o)).status).toBe(404)
    const nowhere = await claim({ kind: 'parcel', ids: [id] }, t.clerk)
    expect([nowhere.status, nowhere.body.message]).toEqual([400, '请选择认领到的区县'])
    const wrong = await claim({ kind: 'parcel', ids: [id], countyCode: other }, t.clerk)
    expect(wrong.status).toBe(422)
    expect(wrong.body.message).toMatch(new RegExp(`的位置不在所认领的区县（${other}）内$`))
    expect((await claim({ kind: 'enterprise', ids: [id] }, t.auditor)).status).toBe(403)
  })

  it('makes claim submissions for audit with the clerk’s county; a second claim is refused', async () => {
    const ids = unclaimed.filter((u) => u.county === L.county).map((u) => u.id)
    const r = await claim({ kind: 'parcel', ids, remark: '属本县开发区' }, t.l)
    expect([r.status, r.body.message]).toEqual([200, `已提交 ${ids.length} 条认领，等待审核`])
    expect(r.body.data.map((x) => x.targetId)).toEqual(ids)
    const row = await one<{ state: string; action: string; payload: Record<string, string | null>; county_code: string; remark: string }>(
      s,
      'SELECT state, action, payload, county_code, remark FROM dc_submission WHERE id = $1',
      [r.body.data[0].id],
    )
    expect(row).toMatchObject({ state: '待审核', action: 'claim', county_code: L.county, remark: '属本县开发区' })
    expect(row.payload).toEqual({ province_code: '330000', city_code: L.city, county_code: L.county, town_code: null })
    expect((await list('kind=parcel&pageSize=100', t.l)).body.data.list.every((x) => x.pendingClaim)).toBe(true)
    const again = await claim({ kind: 'parcel', ids: [ids[0]] }, t.l)
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/已有待审核的认领，不能重复认领$/)
  })

  it('on approval the record belongs to the county: out of the list, into the county’s master data, with history', async () => {
    const sub = await one<{ id: number; target_id: number }>(
      s,
      `SELECT id, target_id FROM dc_submission WHERE action = 'claim' AND county_code = $1 ORDER BY id LIMIT 1`,
      [L.county],
    )
    const r = await decide(s, Number(sub.id), 'approve', t.auditor)
    expect(r.status).toBe(200)
    expect(await one(s, 'SELECT province_code, city_code, county_code FROM parcel WHERE id = $1', [sub.target_id])).toEqual({
      province_code: '330000',
      city_code: L.city,
      county_code: L.county,
    })
    expect((await list('kind=parcel&pageSize=100', t.l)).body.data.list.map((x) => x.id)).not.toContain(sub.target_id)
    expect((await s.get(`/api/industryMap/landInfo?id=${sub.target_id}`, t.l)).status).toBe(200)
    const h = await one<{ action: string; before: { county_code: string | null }; after: { county_code: string } }>(
      s,
      `SELECT action, before, after FROM record_history WHERE kind = 'parcel' AND record_id = $1`,
      [sub.target_id],
    )
    expect([h.action, h.before.county_code, h.after.county_code]).toEqual(['claim', null, L.county])
    // a province clerk claims an enterprise into a county it names
    const e = await one<{ id: number; county: string }>(
      s,
      `SELECT e.id, r.code AS county FROM enterprise e JOIN region r ON r.level = 'county' AND ST_Intersects(r.geom, e.location) WHERE e.county_code IS NULL ORDER BY e.id LIMIT 1`,
    )
    const ec = await claim({ kind: 'enterprise', ids: [e.id], countyCode: e.county }, t.clerk)
    expect(ec.status).toBe(200)
    expect((await decide(s, ec.body.data[0].id, 'approve', t.auditor)).status).toBe(200)
    expect((await one<{ county_code: string }>(s, 'SELECT county_code FROM enterprise WHERE id = $1', [e.id])).county_code).toBe(e.county)
  })

  it('exports the list as xlsx', async () => {
    const res = await fetch(`${s.base}/api/foundCenter/export?kind=parcel`, { headers: { Authorization: `Bearer ${t.admin}` } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      '名称',
      '宗地代码',
      '所属市',
      '位置所在区县',
      '面积（平方米）',
      '经度',
      '纬度',
      '认领状态',
    ])
    expect(sheet.rowCount - 1).toBe(await count(s, 'parcel WHERE county_code IS NULL AND NOT deleted'))
  })
})
