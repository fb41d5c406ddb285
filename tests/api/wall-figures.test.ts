/**
 * The wall figures added for issue 6's last part, each checked against figures computed here
 * independently (on this run's engine): 亩均 appraisal classes per year, 供地 by month, lifecycle
 * stages reached in a month, and the /show portal's reform news (public on the portal host only,
 * written by the administrator only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StageMonthStat, SupplyMonthStat } from '../../src/domain/contracts/big-data'
import type { Page } from '../../src/domain/contracts/envelope'
import type { ReformNews } from '../../src/domain/contracts/reform-news'
import { startServer, type TestServer } from './harness'

let s: TestServer
let token: string
let admin: string
let latest: number
beforeAll(async () => {
  s = await startServer()
  token = await s.login('leader', 'Leader@2026')
  admin = await s.login('admin', 'Admin@2026')
  latest = (await rows<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly'))[0].y
})
afterAll(() => s?.close())

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.query<T>(sql, params)).rows
}

const MU = 10000 / 15

/**
 * The classes of a year as published (issue 15: published results are the only source of classes),
 * read from the batches and their results, not from the view the wall reads: each county's
 * published batch of the year, optionally within a city.
 */
async function classesByHand(year: number, cityCode?: string): Promise<Record<string, number>> {
  const raw = await rows<{ class: string; n: number }>(
    `SELECT x.class, count(*)::int AS n FROM appraisal_result x JOIN appraisal_batch b ON b.id = x.batch_id JOIN enterprise e ON e.id = x.enterprise_id
     WHERE b.state = '发布' AND b.year = $1 AND NOT e.deleted AND ($2::text IS NULL OR e.city_code = $2) GROUP BY 1`,
    [year, cityCode ?? null],
  )
  const out: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 }
  for (const r of raw) out[r.class] = r.n
  return out
}

describe('/api/bigData/classes?by=appraisal (亩均 A/B/C/D)', () => {
  it('counts the enterprises of each class in the latest year as published', async () => {
    const r = await s.get<{ key: string; name: string; count: number; areaMu: number }[]>('/api/bigData/classes?by=appraisal', token)
    expect(r.status).toBe(200)
    expect(r.body.data.map((c) => c.key)).toEqual(['A', 'B', 'C', 'D'])
    expect(r.body.data[0].name).toBe('A类 优先支持')
    const want = await classesByHand(latest)
    expect(Object.fromEntries(r.body.data.map((c) => [c.key, c.count]))).toEqual(want)
    expect(want.A).toBeGreaterThan(0)
    expect(want.D).toBeGreaterThan(0)
  })

  it('follows the year picker and a city', async () => {
    const year = latest - 2
    const city = (await rows<{ code: string }>('SELECT city_code AS code FROM enterprise GROUP BY 1 ORDER BY count(*) DESC LIMIT 1'))[0]
      .code
    const r = await s.get<{ key: string; count: number }[]>(`/api/bigData/classes?by=appraisal&year=${year}&cityCode=${city}`, token)
    expect(Object.fromEntries(r.body.data.map((c) => [c.key, c.count]))).toEqual(await classesByHand(year, city))
  })

  it("agrees with the globe's latest-year view enterprise by enterprise", async () => {
    const diff = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise_appraisal a
       FULL JOIN (SELECT * FROM enterprise_appraisal_yearly WHERE year = $1) y ON y.enterprise_id = a.enterprise_id
       WHERE a.class IS DISTINCT FROM y.class`,
      [latest],
    )
    expect(diff[0].n).toBe(0)
  })

  it('names the allowed dimensions when given another', async () => {
    const r = await s.get('/api/bigData/classes?by=grade', token)
    expect(r.status).toBe(400)
    expect(r.body.message).toContain('appraisal')
  })
})

describe('/api/bigData/supplyByMonth (供地 by month)', () => {
  it('gives the twelve months of the year with the parcels supplied in each', async () => {
    const year = latest
    const r = await s.get<SupplyMonthStat[]>(`/api/bigData/supplyByMonth?year=${year}`, token)
    expect(r.status).toBe(200)
    expect(r.body.data.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(r.body.data[0].name).toBe('1月')
    const want = await rows<{ m: string; n: number; m2: number; price: number }>(
      `SELECT to_char(supply_date, 'MM') AS m, count(*)::int AS n, sum(area_m2)::float8 AS m2, COALESCE(sum(supply_price), 0)::float8 AS price
       FROM parcel WHERE NOT deleted AND to_char(supply_date, 'YYYY') = $1 GROUP BY 1`,
      [String(year)],
    )
    expect(want.length).toBeGreaterThan(0)
    for (const m of r.body.data) {
      const w = want.find((x) => Number(x.m) === m.month)
      expect(m.parcelCount, `${m.month}月`).toBe(w?.n ?? 0)
      expect(m.areaMu).toBeCloseTo((w?.m2 ?? 0) / MU, 1)
      expect(m.price).toBeCloseTo(w?.price ?? 0, 1)
    }
  })

  it('narrows to a city', async () => {
    const r = await s.get<SupplyMonthStat[]>(`/api/bigData/supplyByMonth?year=${latest}&cityCode=330100`, token)
    const n = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcel WHERE NOT deleted AND city_code = '330100' AND to_char(supply_date, 'YYYY') = $1`,
      [String(latest)],
    )
    expect(r.body.data.reduce((a, m) => a + m.parcelCount, 0)).toBe(n[0].n)
  })
})

describe('/api/bigData/lifecycleByMonth (stages reached in a month)', () => {
  const COLUMN: Record<string, string> = {
    xmqy: 'signed_date',
    tdgy: 'supply_date',
    xmkg: 'start_date',
    sgjs: 'construction_date',
    jgys: 'completion_date',
    xmtc: 'production_date',
    xmpj: 'evaluation_date',
  }

  it('counts the projects whose stage date falls in the month', async () => {
    // the busiest month of the year, so that the figures are not all zero
    const busiest = await rows<{ m: number }>(
      `SELECT extract(month FROM signed_date)::int AS m FROM lifecycle_project WHERE to_char(signed_date, 'YYYY') = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [String(latest)],
    )
    const month = busiest[0].m
    const r = await s.get<StageMonthStat[]>(`/api/bigData/lifecycleByMonth?year=${latest}&month=${month}`, token)
    expect(r.status).toBe(200)
    expect(r.body.data.map((x) => x.key)).toEqual(Object.keys(COLUMN))
    expect(r.body.data[0].name).toBe('项目签约')
    const ym = `${latest}-${String(month).padStart(2, '0')}`
    for (const stage of r.body.data) {
      const n = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
         WHERE NOT lp.deleted AND NOT p.deleted AND to_char(lp.${COLUMN[stage.key]}, 'YYYY-MM') = $1`,
        [ym],
      )
      expect(stage.count, stage.name).toBe(n[0].n)
    }
    expect(r.body.data[0].count).toBeGreaterThan(0)
  })

  it('needs a month of 1–12 and says so', async () => {
    const none = await s.get(`/api/bigData/lifecycleByMonth?year=${latest}`, token)
    expect(none.status).toBe(400)
    expect(none.body.message).toContain('月份 month')
    const bad = await s.get(`/api/bigData/lifecycleByMonth?year=${latest}&month=13`, token)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('1–12')
  })
})

describe('/api/show/news (改革动态 of the portal)', () => {
  const portal = (url: string) => s.app.inject({ method: 'GET', url, headers: { host: 'portal.zj.internal' } })

  it('answers without a token on the portal host only, newest first, paged', async () => {
    const other = await s.app.inject({ method: 'GET', url: '/api/show/news', headers: { host: 'example.org' } })
    expect(other.statusCode).toBe(403)
    const res = await portal('/api/show/news?page=1&pageSize=5')
    expect(res.statusCode).toBe(200)
    const d = (res.json() as { data: Page<ReformNews> }).data
    const all = await rows<{ id: number; d: string }>(
      `SELECT id, to_char(publish_date, 'YYYY-MM-DD') AS d FROM reform_news WHERE NOT deleted ORDER BY publish_date DESC, id DESC`,
    )
    expect(d.total).toBe(all.length)
    expect(d.total).toBeGreaterThanOrEqual(10)
    expect(d.list.map((n) => n.id)).toEqual(all.slice(0, 5).map((n) => n.id))
    expect(d.list[0].publishDate).toBe(all[0].d)
    const second = (await portal('/api/show/news?page=2&pageSize=5')).json() as { data: Page<ReformNews> }
    expect(second.data.list.map((n) => n.id)).toEqual(all.slice(5, 10).map((n) => n.id))
  })

  it('searches title and summary', async () => {
    const d = ((await portal(`/api/show/news?keyword=${encodeURIComponent('标准地')}`)).json() as { data: Page<ReformNews> }).data
    const n = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM reform_news WHERE NOT deleted AND (title LIKE '%标准地%' OR summary LIKE '%标准地%')`,
    )
    expect(d.total).toBe(n[0].n)
    expect(d.total).toBeGreaterThan(0)
  })

  it('lets the administrator add and edit an item, which the portal then shows first', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const add = await s.postJson<ReformNews>(
      '/api/show/news/add',
      { title: '  全省亩均效益评价工作部署会召开 ', publishDate: today, source: '浙江省经济和信息化厅', summary: '部署新一年度评价工作。' },
      admin,
    )
    expect(add.status).toBe(200)
    expect(add.body.data.title).toBe('全省亩均效益评价工作部署会召开')
    const first = ((await portal('/api/show/news?pageSize=1')).json() as { data: Page<ReformNews> }).data.list[0]
    expect(first.id).toBe(add.body.data.id)
    const edit = await s.postJson<ReformNews>(
      '/api/show/news/edit',
      {
        id: add.body.data.id,
        title: '全省亩均效益评价工作部署会召开（更新）',
        publishDate: today,
        source: '浙江省经济和信息化厅',
        summary: '部署新一年度评价工作，明确时间表。',
      },
      admin,
    )
    expect(edit.status).toBe(200)
    const stored = await rows<{ title: string; summary: string }>('SELECT title, summary FROM reform_news WHERE id = $1', [
      add.body.data.id,
    ])
    expect(stored[0]).toEqual({ title: '全省亩均效益评价工作部署会召开（更新）', summary: '部署新一年度评价工作，明确时间表。' })
    const log = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM operation_log WHERE module = 'news' AND username = 'admin' AND success`,
    )
    expect(log[0].n).toBe(2)
  })

  it('refuses bad input with the field and rule named, writing nothing', async () => {
    const before = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM reform_news'))[0].n
    const empty = await s.postJson('/api/show/news/add', { title: ' ', publishDate: '2025-01-01', source: '省厅', summary: '摘要' }, admin)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toContain('标题 title不能为空')
    const date = await s.postJson(
      '/api/show/news/add',
      { title: '标题', publishDate: '2025-02-30', source: '省厅', summary: '摘要' },
      admin,
    )
    expect(date.status).toBe(400)
    expect(date.body.message).toContain('发布日期 publishDate 不是有效日期')
    const future = await s.postJson(
      '/api/show/news/add',
      { title: '标题', publishDate: '2999-01-01', source: '省厅', summary: '摘要' },
      admin,
    )
    expect(future.status).toBe(400)
    expect(future.body.message).toContain('不能晚于今天')
    const missing = await s.postJson(
      '/api/show/news/edit',
      { id: 999999, title: '标题', publishDate: '2025-01-01', source: '省厅', summary: '摘要' },
      admin,
    )
    expect(missing.status).toBe(404)
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM reform_news'))[0].n).toBe(before)
  })

  it('is not for other users, whatever they send', async () => {
    const before = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM reform_news'))[0].n
    const leader = await s.postJson(
      '/api/show/news/add',
      { title: '标题', publishDate: '2025-01-01', source: '省厅', summary: '摘要' },
      token,
    )
    expect(leader.status).toBe(403)
    const bad = await s.postJson('/api/show/news/add', { title: '' }, token)
    expect(bad.status).toBe(403)
    const anonymous = await s.postJson('/api/show/news/add', { title: '标题', publishDate: '2025-01-01', source: '省厅', summary: '摘要' })
    expect(anonymous.status).toBe(401)
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM reform_news'))[0].n).toBe(before)
  })
})
