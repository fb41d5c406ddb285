/** The globe's read-only API (issue 5): parcels by view, info, search, regions, lifecycle, scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIFECYCLE_STAGES, overdueAt, stageAt } from '../../src/domain/lifecycle'
import {
  TIMELINE_DATE_KEYS,
  timelineRows,
  type GlobeLifecycleProject,
  type GlobeLifecycleTimeline,
  type GlobeLifecycleZonePage,
  type GlobeParcelInfo,
  type GlobeParcelPage,
  type GlobeRegion,
  type GlobeRegionOutline,
} from '../../src/domain/contracts/globe'
import { TEST_PARCELS } from './engine-target'
import { startServer, type TestServer } from './harness'

const ZJ = '118,27,123.2,31.2'
let s: TestServer
let token: string
beforeAll(async () => {
  s = await startServer()
  token = await s.login('leader', 'Leader@2026')
})
afterAll(() => s?.close())

describe('GET /api/globe/parcels', () => {
  it('returns every parcel of Zhejiang with height, status, class, flag and rings', async () => {
    const r = await s.get<GlobeParcelPage>(`/api/globe/parcels?bbox=${ZJ}&zoom=8`, token)
    expect(r.status).toBe(200)
    expect(r.body.data.truncated).toBe(false)
    // the seeded parcels plus the few that wait for 认领 (no county yet, still in the province)
    const all = (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE NOT deleted AND province_code = '330000'`))
      .rows[0].n
    expect(all).toBeGreaterThanOrEqual(TEST_PARCELS)
    expect(r.body.data.parcels).toHaveLength(all)
    const p = r.body.data.parcels[0]
    expect(p.landCode).toMatch(/^33\d{10}G[A-Z]\d{5}$/)
    expect(p.height).toBeGreaterThanOrEqual(2)
    expect(p.rings[0].length).toBeGreaterThanOrEqual(4)
    const classes = new Set(r.body.data.parcels.map((x) => x.appraisalClass))
    for (const c of ['A', 'B', 'C', 'D']) expect(classes.has(c as 'A')).toBe(true)
    expect(r.body.data.parcels.some((x) => x.lowEfficiency)).toBe(true)
    expect(r.body.data.parcels.some((x) => !x.lowEfficiency)).toBe(true)
    expect(r.body.data.parcels.filter((x) => x.stage !== null).length).toBeGreaterThan(10)
  })

  it('derives height from 容积率 and 建筑密度 and the flag from status', async () => {
    const r = await s.get<GlobeParcelPage>(`/api/globe/parcels?bbox=${ZJ}&zoom=14`, token)
    const db = await s.db.query<{ id: number; plot_ratio: number | null; building_density: number | null; status: string }>(
      'SELECT id, plot_ratio, building_density, status FROM parcel',
    )
    const byId = new Map(db.rows.map((x) => [x.id, x]))
    for (const p of r.body.data.parcels) {
      const row = byId.get(p.id)!
      const pr = Number(row.plot_ratio ?? 0)
      const d = Number(row.building_density ?? 0)
      const expected = Math.max(2, 4.5 * (d > 0 ? pr / (d / 100) : pr))
      expect(p.height).toBeCloseTo(expected, 0)
      if (row.status === '低效' || row.status === '闲置') expect(p.lowEfficiency).toBe(true)
    }
  })

  it('limits to the box and reports truncation', async () => {
    const all = await s.get<GlobeParcelPage>(`/api/globe/parcels?bbox=${ZJ}&zoom=8&limit=10`, token)
    expect(all.body.data.parcels).toHaveLength(10)
    expect(all.body.data.truncated).toBe(true)
    const sea = await s.get<GlobeParcelPage>('/api/globe/parcels?bbox=124,27,125,28&zoom=10', token)
    expect(sea.body.data.parcels).toEqual([])
  })

  it('answers bad input with 400 and a Chinese message naming the field', async () => {
    const missing = await s.get(`/api/globe/parcels?zoom=8`, token)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('bbox')
    const inverted = await s.get(`/api/globe/parcels?bbox=123,27,118,31&zoom=8`, token)
    expect(inverted.status).toBe(400)
    expect(inverted.body.message).toMatch(/bbox.*西<东/)
    const zoom = await s.get(`/api/globe/parcels?bbox=${ZJ}&zoom=abc`, token)
    expect(zoom.status).toBe(400)
    expect(zoom.body.message).toContain('zoom')
  })

  it('needs a signed-in user', async () => {
    expect((await s.get(`/api/globe/parcels?bbox=${ZJ}`)).status).toBe(401)
  })
})

describe('GET /api/globe/parcels/:id and search', () => {
  it('gives the info panel the database figures', async () => {
    const row = (
      await s.db.query<{ id: number; land_code: string; area_m2: number; name: string | null }>(
        'SELECT p.id, p.land_code, p.area_m2, e.name FROM parcel p JOIN enterprise e ON e.id = p.enterprise_id ORDER BY p.id LIMIT 1',
      )
    ).rows[0]
    const r = await s.get<GlobeParcelInfo>(`/api/globe/parcels/${row.id}`, token)
    expect(r.status).toBe(200)
    expect(r.body.data.landCode).toBe(row.land_code)
    expect(r.body.data.areaM2).toBeCloseTo(Number(row.area_m2), 3)
    expect(r.body.data.enterpriseName).toBe(row.name)
    expect(r.body.data.bbox[0]).toBeLessThan(r.body.data.bbox[2])
  })

  it('says 404 in Chinese for an unknown parcel and 400 for a bad id', async () => {
    const r = await s.get(`/api/globe/parcels/99999999`, token)
    expect(r.status).toBe(404)
    expect(r.body.message).toContain('地块不存在')
    expect((await s.get(`/api/globe/parcels/abc`, token)).status).toBe(400)
  })

  it('finds parcels by 宗地代码 and by name', async () => {
    const row = (await s.db.query<{ land_code: string; name: string }>('SELECT land_code, name FROM parcel ORDER BY id LIMIT 1')).rows[0]
    const byCode = await s.get<{ landCode: string }[]>(`/api/globe/search?keyword=${row.land_code}`, token)
    expect(byCode.body.data.map((x) => x.landCode)).toEqual([row.land_code])
    const byName = await s.get<{ name: string }[]>(`/api/globe/search?keyword=${encodeURIComponent(row.name)}`, token)
    expect(byName.body.data.map((x) => x.name)).toContain(row.name)
    const empty = await s.get(`/api/globe/search?keyword=`, token)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toContain('keyword')
  })
})

describe('regions and outlines', () => {
  it('lists the province, 11 cities and 90 counties with boxes for the picker', async () => {
    const r = await s.get<GlobeRegion[]>('/api/globe/regions', token)
    const count = (l: string) => r.body.data.filter((x) => x.level === l).length
    expect([count('province'), count('city'), count('county')]).toEqual([1, 11, 90])
    const hz = r.body.data.find((x) => x.code === '330100')!
    expect(hz.name).toBe('杭州市')
    expect(hz.bbox![0]).toBeGreaterThan(118)
    expect(hz.bbox![2]).toBeLessThan(121)
  })

  it('draws city outlines from the database', async () => {
    const r = await s.get<GlobeRegionOutline[]>('/api/globe/outlines?level=city', token)
    expect(r.body.data).toHaveLength(11)
    expect(r.body.data.every((x) => Math.max(...x.rings.map((ring) => ring.length)) > 10)).toBe(true)
    expect((await s.get('/api/globe/outlines?level=town', token)).status).toBe(400)
  })
})

describe('GET /api/globe/lifecycle', () => {
  it('has projects in every stage, column by column, with points; overdue by the one rule; one project with its box', async () => {
    const r = await s.get<GlobeLifecycleTimeline>('/api/globe/lifecycle?asOf=2025-12-31', token)
    expect(r.status).toBe(200)
    const t = r.body.data
    expect(t.asOf).toBe('2025-12-31')
    const stored = (
      await s.db.query<{ id: number; signed: string; completion: string | null }>(
        `SELECT id, to_char(signed_date, 'YYYY-MM-DD') AS signed, to_char(completion_date, 'YYYY-MM-DD') AS completion
         FROM lifecycle_project lp WHERE NOT deleted AND (parcel_id IS NULL OR EXISTS (SELECT 1 FROM parcel p WHERE p.id = lp.parcel_id AND NOT p.deleted)) ORDER BY id`,
      )
    ).rows
    expect(t.id).toEqual(stored.map((x) => x.id))
    for (const k of TIMELINE_DATE_KEYS) expect(t.days[k]).toHaveLength(t.id.length)
    const projects = timelineRows(t)
    expect(projects.map((p) => [p.signedDate, p.completionDate])).toEqual(stored.map((x) => [x.signed, x.completion]))
    const stages = new Set(projects.map((p) => stageAt(p, '2025-12-31')))
    for (const st of LIFECYCLE_STAGES) expect(stages.has(st)).toBe(true)
    for (const p of projects) expect(p.overdue).toBe(overdueAt(p, '2025-12-31'))
    expect(projects.some((p) => p.overdue)).toBe(true)
    expect(projects.every((p) => p.point !== null)).toBe(true)
    // no rings and no repeated keys: a province's tens of thousands of projects stay a small answer
    expect(JSON.stringify(t).length / t.id.length).toBeLessThan(200)

    // one project: its panel, and a box around its point
    const one = projects.find((p) => p.completionDate !== null)!
    const d = await s.get<GlobeLifecycleProject>(`/api/globe/lifecycle/${one.id}`, token)
    expect(d.status).toBe(200)
    expect([d.body.data.name, d.body.data.signedDate, d.body.data.completionDate]).toEqual([one.name, one.signedDate, one.completionDate])
    const [w, so, e, n] = d.body.data.bbox!
    const [lng, lat] = one.point!
    expect(lng >= w - 1e-5 && lng <= e + 1e-5 && lat >= so - 1e-5 && lat <= n + 1e-5).toBe(true)
    expect((await s.get('/api/globe/lifecycle/99999999', token)).status).toBe(404)

    const bad = await s.get('/api/globe/lifecycle?asOf=2025-13', token)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('asOf')
  })
})

describe('GET /api/globe/lifecycle/zones', () => {
  it('gives the zones of the projects in a box: 指界 for each, 勘测定界 once the land is supplied, inside the project box', async () => {
    const projects = await Promise.all(
      timelineRows((await s.get<GlobeLifecycleTimeline>('/api/globe/lifecycle', token)).body.data).map(
        async (p) => (await s.get<GlobeLifecycleProject>(`/api/globe/lifecycle/${p.id}`, token)).body.data,
      ),
    )
    const r = await s.get<GlobeLifecycleZonePage>(`/api/globe/lifecycle/zones?bbox=${ZJ}&zoom=14&limit=20000`, token)
    expect(r.status).toBe(200)
    expect(r.body.data.truncated).toBe(false)
    const stored = (
      await s.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id WHERE NOT lp.deleted',
      )
    ).rows[0].n
    expect(r.body.data.zones).toHaveLength(stored)
    const kinds = new Map<number, string[]>()
    for (const z of r.body.data.zones) kinds.set(z.projectId, [...(kinds.get(z.projectId) ?? []), z.kind])
    const byId = new Map(projects.map((p) => [p.id, p]))
    for (const z of r.body.data.zones) {
      const [w, so, e, n] = byId.get(z.projectId)!.bbox!
      for (const [lng, lat] of z.rings.flat()) expect(lng >= w - 1e-6 && lng <= e + 1e-6 && lat >= so - 1e-6 && lat <= n + 1e-6).toBe(true)
    }
    for (const p of projects.filter((x) => x.parcelId !== null)) {
      expect(kinds.get(p.id)).toContain('指界')
      if (p.supplyDate) expect(kinds.get(p.id)).toContain('勘测定界')
    }

    // a box around one project: its zones, and only what meets the box
    const one = projects.find((p) => p.supplyDate && p.parcelId !== null)!
    const box = one.bbox!.join(',')
    const near = (await s.get<GlobeLifecycleZonePage>(`/api/globe/lifecycle/zones?bbox=${box}&zoom=16`, token)).body.data
    expect(
      near.zones
        .filter((z) => z.projectId === one.id)
        .map((z) => z.kind)
        .sort(),
    ).toEqual([...kinds.get(one.id)!].sort())
    for (const z of near.zones) {
      const [w, so, e, n] = byId.get(z.projectId)!.bbox!
      expect(w <= one.bbox![2] && e >= one.bbox![0] && so <= one.bbox![3] && n >= one.bbox![1]).toBe(true)
    }
    // a limit keeps the biggest and says so
    const cut = (await s.get<GlobeLifecycleZonePage>(`/api/globe/lifecycle/zones?bbox=${ZJ}&zoom=8&limit=3`, token)).body.data
    expect([cut.zones.length, cut.truncated]).toEqual([3, true])
    // bad boxes and limits are refused in Chinese
    const bad = await s.get('/api/globe/lifecycle/zones?bbox=121,31,120,30', token)
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining('bbox范围无效')])
    expect((await s.get(`/api/globe/lifecycle/zones?bbox=${ZJ}&limit=1.5`, token)).status).toBe(400)
  })
})

describe('region scope', () => {
  it('shows a county user only that county, and admin-level users everything', async () => {
    const county = (
      await s.db.query<{ county_code: string; n: number }>(
        'SELECT county_code, count(*)::int AS n FROM parcel GROUP BY county_code ORDER BY n DESC LIMIT 1',
      )
    ).rows[0]
    // 领导 holds the globe pages (三维地图, 全生命周期总览); narrowed to one county here
    await s.db.query(`UPDATE app_user SET region_code = $1 WHERE username = 'leader'`, [county.county_code])
    const leader = await s.login('leader', 'Leader@2026')
    const mine = await s.get<GlobeParcelPage>(`/api/globe/parcels?bbox=${ZJ}&zoom=8`, leader)
    expect(mine.body.data.parcels).toHaveLength(county.n)
    const other = (await s.db.query<{ id: number }>('SELECT id FROM parcel WHERE county_code <> $1 LIMIT 1', [county.county_code])).rows[0]
    expect((await s.get(`/api/globe/parcels/${other.id}`, leader)).status).toBe(404)
    const lifecycle = await s.get<GlobeLifecycleTimeline>('/api/globe/lifecycle', leader)
    const inCounty = await s.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted AND p.county_code = $1',
      [county.county_code],
    )
    expect(lifecycle.body.data.id).toHaveLength(inCounty.rows[0].n)
    // … and the zones of those projects only
    const zones = (await s.get<GlobeLifecycleZonePage>(`/api/globe/lifecycle/zones?bbox=${ZJ}&zoom=14&limit=20000`, leader)).body.data.zones
    const mineIds = new Set(lifecycle.body.data.id)
    const outside = (
      await s.db.query<{ id: number }>(
        'SELECT lp.id FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE p.county_code <> $1 LIMIT 1',
        [county.county_code],
      )
    ).rows[0]
    expect((await s.get(`/api/globe/lifecycle/${outside.id}`, leader)).status).toBe(404)
    expect(zones.length).toBeGreaterThan(0)
    expect(zones.every((z) => mineIds.has(z.projectId))).toBe(true)
    expect(new Set(zones.map((z) => z.projectId)).size).toBe(mineIds.size)
  })

  it('shows a user without a region nothing, as every data module does (data scope fails closed)', async () => {
    await s.db.query(`UPDATE app_user SET region_code = NULL WHERE username = 'leader'`)
    const leader = await s.login('leader', 'Leader@2026')
    const r = await s.get<GlobeParcelPage>(`/api/globe/parcels?bbox=${ZJ}&zoom=8`, leader)
    expect(r.status).toBe(200)
    expect(r.body.data.parcels).toEqual([])
    const found = await s.get<unknown[]>('/api/globe/search?keyword=33', leader)
    expect(found.body.data).toEqual([])
  })
})
