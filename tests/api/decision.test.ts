/**
 * 辅助决策 (/api/decision/*) and 运行监测 (/api/function/monitor/*): the indicators checked against
 * SQL written independently here and against the walls, the year-before columns against the year
 * before's own answer, one enterprise against a median computed by the database, the monitor's
 * signals counted independently, the data scope and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewStats } from '../../src/domain/contracts/big-data'
import type {
  EnterpriseIndicators,
  EnterpriseMonitor,
  IndicatorTable,
  IndustryMonitor,
  TrendPoint,
} from '../../src/domain/contracts/decision'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'

const MU = 10000 / 15
const HELD = '(SELECT sum(area_m2) FROM parcel pp WHERE pp.enterprise_id = e.id AND NOT pp.deleted)'

let s: TestServer
let leader: string
let latest: number
beforeAll(async () => {
  s = await startServer()
  leader = await s.login('leader', 'Leader@2026')
  latest = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

describe('区域指标 and 行业指标', () => {
  it('gives the province the walls’ 亩均 figures and each city independently computed indicators', async () => {
    const r = await s.get<IndicatorTable>('/api/decision/byRegion', leader)
    expect(r.status).toBe(200)
    const d = r.body.data
    const wall = (await s.get<OverviewStats>('/api/bigData/overview', leader)).body.data
    expect(d.year).toBe(latest)
    expect([d.total.values.taxPerMu, d.total.values.valueAddedPerMu, d.total.tax]).toEqual([wall.taxPerMu, wall.valueAddedPerMu, wall.tax])
    expect(d.rows).toHaveLength(11)
    const hz = d.rows.find((x) => x.code === '330100')!
    const x = await one<{ n: number; lp: number; ee: number; rd: number }>(
      `SELECT count(*)::int AS n,
              (sum(y.value_added) FILTER (WHERE y.employees > 0) / sum(y.employees) FILTER (WHERE y.employees > 0))::float8 AS lp,
              (sum(y.value_added) FILTER (WHERE y.energy > 0) / sum(y.energy) FILTER (WHERE y.energy > 0))::float8 AS ee,
              (100 * sum(y.rd_expense) FILTER (WHERE y.revenue > 0 AND y.rd_expense IS NOT NULL) / sum(y.revenue) FILTER (WHERE y.revenue > 0 AND y.rd_expense IS NOT NULL))::float8 AS rd
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE NOT e.deleted AND e.city_code = '330100'`,
      [latest],
    )
    expect(hz.enterpriseCount).toBe(x.n)
    expect(hz.values.laborProductivity).toBeCloseTo(x.lp, 1)
    expect(hz.values.energyEfficiency).toBeCloseTo(x.ee, 1)
    expect(hz.values.rdRatio).toBeCloseTo(x.rd, 1)
    // the year-before columns are the year before's own answer
    const before = (await s.get<IndicatorTable>(`/api/decision/byRegion?year=${latest - 1}`, leader)).body.data
    expect(d.total.lastYear).toEqual(before.total.values)
    expect(hz.lastYear).toEqual(before.rows.find((r) => r.code === '330100')!.values)
  })

  it('divides a city into its counties, and the divisions of the scope in code order', async () => {
    const city = (await s.get<IndicatorTable>('/api/decision/byRegion?regionCode=330200', leader)).body.data
    expect(city.regionName).toBe('宁波市')
    expect(city.rows.reduce((n, r) => n + r.enterpriseCount, 0)).toBeLessThanOrEqual(city.total.enterpriseCount)
    const ind = (await s.get<IndicatorTable>('/api/decision/byIndustry', leader)).body.data
    const codes = ind.rows.map((r) => r.code).filter(Boolean)
    expect(codes).toEqual([...codes].sort())
    expect(ind.rows.reduce((n, r) => n + r.enterpriseCount, 0)).toBe(ind.total.enterpriseCount)
    const c34 = ind.rows.find((r) => r.code === 'C34')!
    expect(c34.name).toBe('通用设备制造业')
    const x = await one<{ tpm: number }>(
      `SELECT (sum(y.tax) / (sum(COALESCE(y.land_area_m2, ${HELD}, 0)) / ${MU}))::float8 AS tpm
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE NOT e.deleted AND left(e.industry_code, 3) = 'C34'`,
      [latest],
    )
    expect(c34.values.taxPerMu).toBeCloseTo(x.tpm, 1)
  })

  it('gives a trend point a year whose latest equals the table', async () => {
    const t = (await s.get<TrendPoint[]>('/api/decision/trend', leader)).body.data
    const years = (await s.db.query<{ y: number }>('SELECT DISTINCT year::int AS y FROM enterprise_yearly ORDER BY 1')).rows.map((r) => r.y)
    expect(t.map((p) => p.year)).toEqual(years)
    const table = (await s.get<IndicatorTable>('/api/decision/byRegion', leader)).body.data
    expect(t.at(-1)!.values).toEqual(table.total.values)
    const c26 = (await s.get<TrendPoint[]>('/api/decision/trend?industry=C26', leader)).body.data
    const n = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE NOT e.deleted AND left(e.industry_code, 3) = 'C26'`,
      [latest],
    )
    expect(c26.at(-1)!.enterpriseCount).toBe(n.n)
  })
})

describe('企业指标', () => {
  it('sets an enterprise against the median of its county’s division, with its rank', async () => {
    const e = await one<{ id: number; county: string; ind: string }>(
      `SELECT e.id, e.county_code AS county, left(e.industry_code, 3) AS ind FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
       WHERE NOT e.deleted AND y.tax > 0 AND (SELECT count(*) FROM enterprise o JOIN enterprise_yearly oy ON oy.enterprise_id = o.id AND oy.year = $1
         WHERE NOT o.deleted AND o.county_code = e.county_code AND left(o.industry_code, 3) = left(e.industry_code, 3)) >= 3
       ORDER BY e.id LIMIT 1`,
      [latest],
    )
    const r = await s.get<EnterpriseIndicators>(`/api/decision/enterprise?id=${e.id}`, leader)
    expect(r.status).toBe(200)
    const d = r.body.data
    const peers = `FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
       WHERE NOT e.deleted AND e.county_code = $2 AND left(e.industry_code, 3) = $3 AND COALESCE(y.land_area_m2, ${HELD}, 0) > 0 AND y.tax IS NOT NULL`
    const tpm = `y.tax / (COALESCE(y.land_area_m2, ${HELD}, 0) / ${MU})`
    const m = await one<{ median: number; n: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ${tpm})::float8 AS median, count(*)::int AS n ${peers}`,
      [latest, e.county, e.ind],
    )
    expect(d.benchmark.taxPerMu).toBeCloseTo(m.median, 1)
    const mine = await one<{ v: number }>(
      `SELECT (${tpm})::float8 AS v FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE e.id = $2`,
      [latest, e.id],
    )
    expect(d.values?.taxPerMu).toBeCloseTo(mine.v, 1)
    const better = await one<{ n: number }>(`SELECT count(*)::int AS n ${peers} AND ${tpm} > $4`, [latest, e.county, e.ind, mine.v])
    expect(d.rank).toBe(better.n + 1)
    expect(d.peers.count).toBeGreaterThanOrEqual(3)
    expect(d.peers.label).toContain(d.enterprise.industryName!)
    expect(d.history.map((h) => h.year)).toContain(latest)
  })

  it('is 404 for an enterprise outside a county user’s scope', async () => {
    const [a, b] = (
      await s.db.query<{ id: number; county: string }>(
        `SELECT DISTINCT ON (county_code) id, county_code AS county FROM enterprise WHERE NOT deleted AND county_code IS NOT NULL ORDER BY county_code, id LIMIT 2`,
      )
    ).rows
    const role = (
      await s.db.query<{ id: number }>(
        `SELECT ur.role_id AS id FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE u.username = 'leader'`,
      )
    ).rows[0].id
    const { token } = await makeUser(s, await s.login('admin', 'Admin@2026'), {
      username: 'decision_county',
      regionCode: a.county,
      roleIds: [role],
    })
    expect((await s.get(`/api/decision/enterprise?id=${a.id}`, token)).status).toBe(200)
    const other = await s.get(`/api/decision/enterprise?id=${b.id}`, token)
    expect([other.status, other.body.message]).toEqual([404, `企业 ${b.id} 不存在或不在本账号的数据范围内`])
    const table = (await s.get<IndicatorTable>('/api/decision/byRegion', token)).body.data
    const n = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE NOT e.deleted AND e.county_code = $2`,
      [latest, a.county],
    )
    expect(table.total.enterpriseCount).toBe(n.n)
  })
})

describe('企业监测 and 行业监测', () => {
  it('counts the signals as independent SQL does, and filters by one', async () => {
    const d = (await s.get<EnterpriseMonitor>('/api/function/monitor/getQyMonitor?pageSize=500', leader)).body.data
    const base = `FROM enterprise e LEFT JOIN enterprise_yearly c ON c.enterprise_id = e.id AND c.year = $1 LEFT JOIN enterprise_yearly p ON p.enterprise_id = e.id AND p.year = $1 - 1
      WHERE NOT e.deleted AND (c.id IS NOT NULL OR p.id IS NOT NULL)`
    const watched = await one<{ n: number }>(`SELECT count(*)::int AS n ${base}`, [latest])
    const stopped = await one<{ n: number }>(`SELECT count(*)::int AS n ${base} AND e.status IN ('停产', '半停产')`, [latest])
    const land = (t: string) => `COALESCE(${t}.land_area_m2, ${HELD})`
    const drop = await one<{ n: number }>(
      `SELECT count(*)::int AS n ${base} AND c.tax IS NOT NULL AND p.tax > 0 AND ${land('p')} > 0 AND ${land('c')} > 0
         AND round((c.tax / (${land('c')} / ${MU}))::numeric, 2) <= round((p.tax / (${land('p')} / ${MU}))::numeric, 2) * 0.7`,
      [latest],
    )
    expect(d.watched).toBe(watched.n)
    expect(d.bySignal.find((x) => x.signal === 'stopped')!.count).toBe(stopped.n)
    expect(d.bySignal.find((x) => x.signal === 'taxDrop')).toMatchObject({ name: '亩均税收同比下降30%以上', count: drop.n })
    expect(d.warned).toBe(d.page.total)
    expect(d.page.list.every((x) => x.signals.length > 0)).toBe(true)
    const one_ = (
      await s.get<EnterpriseMonitor>('/api/function/monitor/getQyMonitor?signal=taxDrop&sortField=taxPerMuChange&sortOrder=ascend', leader)
    ).body.data
    expect(one_.page.total).toBe(drop.n)
    expect(one_.page.list.every((x) => x.signals.includes('taxDrop') && x.taxPerMuChange! <= -30)).toBe(true)
    const changes = one_.page.list.map((x) => x.taxPerMuChange!)
    expect(changes).toEqual([...changes].sort((a, b) => a - b))
  })

  it('sums the divisions to the whole, warned enterprises included', async () => {
    const h = (await s.get<IndustryMonitor>('/api/function/monitor/getHyMonitor', leader)).body.data
    const q = (await s.get<EnterpriseMonitor>('/api/function/monitor/getQyMonitor', leader)).body.data
    const table = (await s.get<IndicatorTable>('/api/decision/byRegion', leader)).body.data
    expect(h.total.tax).toBe(table.total.tax)
    expect(h.total.warned).toBe(q.warned)
    expect(h.rows.reduce((n, r) => n + r.warned, 0)).toBe(q.warned)
    const t = h.total
    expect(t.taxChange).toBeCloseTo(((t.tax - t.lastTax) / t.lastTax) * 100, 0)
  })

  it('refuses bad filters in Chinese and accounts without the page', async () => {
    const bad = await s.get('/api/function/monitor/getQyMonitor?signal=x', leader)
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'signal'])
    const year = await s.get('/api/decision/byRegion?year=abc', leader)
    expect([year.status, year.body.details?.[0].message]).toEqual([400, '年度 year 应为数字'])
    const ind = await s.get('/api/decision/trend?industry=C99', leader)
    expect(ind.body.details?.[0]).toEqual({ field: 'industry', message: '行业 industry 应为制造业大类代码 C13–C43' })
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await s.get('/api/decision/byRegion', clerk)).status).toBe(403)
    expect((await s.get('/api/function/monitor/getHyMonitor', clerk)).status).toBe(403)
  })
})
