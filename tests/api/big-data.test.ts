/**
 * 大数据统计 (docs/product.md §7 /api/bigData/*): every figure checked against SQL written independently
 * here, on this run's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EnterpriseRank, GroupStat, OverviewStats, PortalOverview, YearStat } from '../../src/domain/contracts/big-data'
import { outlineCollectionSchema } from '../../src/domain/contracts/outlines'
import { startServer, type TestServer } from './harness'

let s: TestServer
let token: string
let latest: number
beforeAll(async () => {
  s = await startServer()
  token = await s.login('leader', 'Leader@2026')
  latest = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

const MU = 10000 / 15

/**
 * Land in the books on 31 December of a year (the catalogue's 口径, written here independently):
 * not deleted, supplied by then (or undated), not recovered by then.
 */
const inBooks = (year: number, a = 'parcel') =>
  `NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date <= DATE '${year}-12-31')
   AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date <= DATE '${year}-12-31'))`

/** Land in the books today (a request naming no year: its land is today's, issue 29). */
const inBooksToday = (a = 'parcel') =>
  `NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date <= current_date)
   AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date <= current_date))`

/** 低效用地 today (written here independently): confirmed in the 台账 and not 销号 by today, or 闲置. */
const lowToday = (a = 'parcel') =>
  `(${a}.status = '闲置' OR EXISTS (SELECT 1 FROM revitalize_ledger l WHERE l.parcel_id = ${a}.id
     AND l.state IN ('已认定', '已纳入方案', '实施中', '已完成') AND l.confirm_date <= current_date AND (l.closed_date IS NULL OR l.closed_date > current_date)))`

/** Independent 亩均税收 over the rated enterprises: tax over land, land = the year's figure or the land in the books it held then. */
async function expected(where: string, params: unknown[], year: number) {
  return one<{ tax: number; va: number; land: number; n: number }>(
    `SELECT COALESCE(sum(x.tax),0)::float8 AS tax, COALESCE(sum(x.va),0)::float8 AS va, COALESCE(sum(x.land),0)::float8 AS land, count(*)::int AS n
     FROM (SELECT y.tax, y.value_added AS va,
                  CASE WHEN y.land_area_m2 IS NOT NULL THEN y.land_area_m2
                       ELSE (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = e.id AND ${inBooks(year, 'pp')}) END AS land
           FROM enterprise_yearly y JOIN enterprise e ON e.id = y.enterprise_id
           WHERE y.year = ${year} AND NOT e.deleted ${where}) x
     WHERE x.land > 0`,
    params,
  )
}

/** Independent 用地企业: enterprises with land that year (reported, else held in the books). */
const withLand = (year: number) =>
  `COALESCE((SELECT y.land_area_m2 FROM enterprise_yearly y WHERE y.enterprise_id = enterprise.id AND y.year = ${year}),
            (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = enterprise.id AND ${inBooks(year, 'pp')})) > 0`

describe('/api/bigData/overview', () => {
  it('gives the province figures: land as of today, enterprises of the latest year', async () => {
    const r = await s.get<OverviewStats>('/api/bigData/overview', token)
    expect(r.status).toBe(200)
    const p = await one<{ n: number; m2: number }>(
      `SELECT count(*)::int AS n, sum(area_m2)::float8 AS m2 FROM parcel WHERE ${inBooksToday()}`,
    )
    const e = await one<{ n: number; big: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE scale = '规上')::int AS big FROM enterprise WHERE NOT deleted AND ${withLand(latest)}`,
    )
    const low = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooksToday()} AND ${lowToday()}`)
    const parks = await one<{ n: number }>('SELECT count(*)::int AS n FROM industrial_park WHERE NOT deleted')
    const x = await expected('', [], latest)
    const d = r.body.data
    expect([d.year, d.figuresYear]).toEqual([Number((await one<{ d: string }>("SELECT to_char(current_date, 'YYYY') AS d")).d), latest])
    expect(d.parcelCount).toBe(p.n)
    expect(d.parcelAreaMu).toBeCloseTo(p.m2 / MU, 1)
    expect(d.enterpriseCount).toBe(e.n)
    expect(d.scaleCount).toBe(e.big)
    expect(d.lowEfficiencyCount).toBe(low.n)
    expect(d.parkCount).toBe(parks.n)
    expect(d.tax).toBeCloseTo(x.tax, 1)
    expect(d.ratedEnterpriseCount).toBe(x.n)
    expect(d.ratedLandMu).toBeCloseTo(x.land / MU, 1)
    expect(d.parts.taxPerMu).toEqual({ numerator: d.tax, denominator: d.ratedLandMu })
    expect(d.taxPerMu).toBeCloseTo(x.tax / (x.land / MU), 1)
    expect(d.valueAddedPerMu).toBeCloseTo(x.va / (x.land / MU), 1)
    expect(d.tax).toBeGreaterThan(0)
  })

  it('narrows to a city and a year', async () => {
    const city = await one<{ code: string }>('SELECT city_code AS code FROM parcel GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')
    const year = latest - 3
    const r = await s.get<OverviewStats>(`/api/bigData/overview?cityCode=${city.code}&year=${year}`, token)
    const p = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooks(year)} AND city_code = $1`, [city.code])
    const x = await expected('AND e.city_code = $1', [city.code], year)
    expect(r.body.data.year).toBe(year)
    expect(r.body.data.parcelCount).toBe(p.n)
    expect(r.body.data.tax).toBeCloseTo(x.tax, 1)
    expect(r.body.data.taxPerMu).toBeCloseTo(x.tax / (x.land / MU), 1)
  })

  it('refuses bad parameters with a Chinese message naming the field', async () => {
    const bad = await s.get('/api/bigData/overview?year=abc', token)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('year')
    const city = await s.get('/api/bigData/overview?cityCode=110000', token)
    expect(city.status).toBe(400)
    expect(city.body.message).toContain('城市代码 cityCode')
    const level = await s.get('/api/bigData/byRegion?level=town', token)
    expect(level.status).toBe(400)
    expect(level.body.message).toContain('区划级别 level')
  })

  it('needs a signed-in user', async () => {
    const r = await s.get('/api/bigData/overview')
    expect(r.status).toBe(401)
  })
})

describe('grouped statistics', () => {
  it('lists all 11 cities with their parcels, area and 亩均税收', async () => {
    const r = await s.get<GroupStat[]>('/api/bigData/byRegion?level=city', token)
    expect(r.body.data).toHaveLength(11)
    const rows = (
      await s.db.query<{ code: string; n: number; m2: number }>(
        `SELECT city_code AS code, count(*)::int AS n, sum(area_m2)::float8 AS m2 FROM parcel WHERE ${inBooksToday()} GROUP BY 1`,
      )
    ).rows
    for (const row of rows) {
      const got = r.body.data.find((c) => c.key === row.code)
      expect(got?.parcelCount).toBe(row.n)
      expect(got?.areaMu).toBeCloseTo(row.m2 / MU, 1)
    }
    const hz = r.body.data.find((c) => c.key === '330100')
    expect(hz?.name).toBe('杭州市')
    const x = await expected("AND e.city_code = '330100'", [], latest)
    expect(hz?.taxPerMu).toBeCloseTo(x.tax / (x.land / MU), 1)
  })

  it('lists the counties of one city', async () => {
    const r = await s.get<GroupStat[]>('/api/bigData/byRegion?level=county&cityCode=330200', token)
    const n = await one<{ n: number }>(`SELECT count(*)::int AS n FROM region WHERE level = 'county' AND parent_code = '330200'`)
    expect(r.body.data).toHaveLength(n.n)
    const sum = r.body.data.reduce((a, c) => a + c.parcelCount, 0)
    const p = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooksToday()} AND city_code = '330200'`)
    expect(sum).toBe(p.n)
  })

  it('groups by park and by industry division', async () => {
    const parks = await s.get<GroupStat[]>('/api/bigData/byPark', token)
    const top = parks.body.data[0]
    const p = await one<{ n: number; m2: number }>(
      `SELECT count(*)::int AS n, COALESCE(sum(area_m2),0)::float8 AS m2 FROM parcel WHERE ${inBooksToday()} AND park_id = $1`,
      [Number(top.key)],
    )
    expect(top.parcelCount).toBe(p.n)
    expect(top.areaMu).toBeCloseTo(p.m2 / MU, 1)
    const ind = await s.get<GroupStat[]>('/api/bigData/byIndustry', token)
    const first = ind.body.data[0]
    const e = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise WHERE NOT deleted AND left(industry_code,3) = $1 AND ${withLand(latest)}`,
      [first.key],
    )
    expect(first.enterpriseCount).toBe(e.n)
    expect(first.name).not.toBe(first.key)
  })

  it('classifies parcels by status and enterprises by 亩均税收 band', async () => {
    const st = await s.get<{ key: string; count: number }[]>('/api/bigData/classes?by=status', token)
    const rows = (
      await s.db.query<{ k: string; n: number }>(`SELECT status AS k, count(*)::int AS n FROM parcel WHERE ${inBooksToday()} GROUP BY 1`)
    ).rows
    expect(Object.fromEntries(st.body.data.map((c) => [c.key, c.count]))).toEqual(Object.fromEntries(rows.map((x) => [x.k, x.n])))
    const bands = await s.get<{ key: string; count: number }[]>('/api/bigData/classes?by=taxBand', token)
    const x = await expected('', [], latest)
    expect(bands.body.data.map((b) => b.key)).toEqual(['lt1', '1-5', '5-15', '15-30', 'ge30'])
    // every rated enterprise is in one band, on its exact 亩均税收
    expect(bands.body.data.reduce((a, b) => a + b.count, 0)).toBe(x.n)
  })

  it('gives the yearly trend and the 亩均税收 ranking', async () => {
    const t = await s.get<YearStat[]>('/api/bigData/trend', token)
    expect(t.body.data.map((y) => y.year)).toEqual(Array.from({ length: 10 }, (_, i) => latest - 9 + i))
    const x = await expected('', [], latest - 1)
    expect(t.body.data.at(-2)?.tax).toBeCloseTo(x.tax, 1)
    const top = await s.get<EnterpriseRank[]>('/api/bigData/topEnterprises?limit=5', token)
    expect(top.body.data).toHaveLength(5)
    const ranks = top.body.data.map((r) => r.taxPerMu!)
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks)
    expect(top.body.data[0].taxPerMu).toBeCloseTo(top.body.data[0].tax / top.body.data[0].landMu, 0)
    expect(t.body.data.at(-2)?.ratedEnterpriseCount).toBe(x.n)
  })

  it('serves the region outlines as GeoJSON', async () => {
    const r = await s.get<{ type: string; features: { properties: { code: string; name: string }; geometry: { type: string } }[] }>(
      '/api/bigData/regionGeo?level=county&cityCode=330100',
      token,
    )
    const n = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM region WHERE level='county' AND parent_code='330100' AND geom IS NOT NULL`,
    )
    expect(r.body.data.type).toBe('FeatureCollection')
    expect(r.body.data.features).toHaveLength(n.n)
    expect(r.body.data.features[0].geometry.type).toMatch(/Polygon/)
    // the outline contract (issue 19): which levels have outlines, the seats of the regions without
    const geo = outlineCollectionSchema.parse(r.body.data)
    expect(geo.levels).toEqual({ province: true, city: true, county: true })
    expect(geo.seats).toEqual([])
  })

  it('serves the counties of a city without outlines as seats at their centre, with the level reported missing (issue 19)', async () => {
    await s.db.query(`CREATE TABLE saved_county_geom AS SELECT code, geom FROM region WHERE level = 'county'`)
    try {
      await s.db.query(`UPDATE region SET geom = NULL WHERE level = 'county'`)
      const r = await s.get<unknown>('/api/bigData/regionGeo?level=county&cityCode=330200', token)
      expect(r.status).toBe(200)
      const geo = outlineCollectionSchema.parse(r.body.data)
      const want = await s.db.query<{ code: string; lng: number; lat: number }>(
        `SELECT code, ST_X(center) AS lng, ST_Y(center) AS lat FROM region WHERE level = 'county' AND parent_code = '330200' ORDER BY code`,
      )
      expect(geo.features).toEqual([])
      expect(geo.levels.county).toBe(false)
      expect(geo.seats.map((x) => [x.code, x.parentCode, x.lng, x.lat])).toEqual(
        want.rows.map((w) => [w.code, '330200', Number(w.lng), Number(w.lat)]),
      )
      // the city outline the wall draws them in is still there
      const cities = outlineCollectionSchema.parse((await s.get<unknown>('/api/bigData/regionGeo?level=city', token)).body.data)
      expect(cities.features.map((f) => f.properties.code)).toContain('330200')
    } finally {
      await s.db.query(`UPDATE region r SET geom = g.geom FROM saved_county_geom g WHERE r.code = g.code`)
      await s.db.query(`DROP TABLE saved_county_geom`)
    }
  })
})

describe('/api/show/overview (reform portal, docs/product.md §5)', () => {
  it('answers without a token on the portal host only', async () => {
    const other = await s.app.inject({ method: 'GET', url: '/api/show/overview', headers: { host: 'example.org' } })
    expect(other.statusCode).toBe(403)
    const portal = await s.app.inject({ method: 'GET', url: '/api/show/overview', headers: { host: 'portal.zj.internal' } })
    expect(portal.statusCode).toBe(200)
    const d = (portal.json() as { data: PortalOverview }).data
    const p = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooksToday()}`)
    expect(d.parcelCount).toBe(p.n)
    expect(d.cities).toHaveLength(11)
    expect(JSON.stringify(d)).not.toMatch(/有限公司/)
  })
})
