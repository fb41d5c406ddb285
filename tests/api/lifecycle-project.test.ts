/**
 * 项目管理 and 一本账 (/api/landLifeCycle/*): a stage's waiting and registered projects counted as
 * independent SQL counts them, overdue against today, registering a stage date with its deadline
 * and history (and every wrong registration refused with nothing written), the ledger's achieved
 * figures and its export.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Onebook, ProjectDetail, ProjectRow, StageProjects } from '../../src/domain/contracts/lifecycle-project'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'
import { todayInProductZone } from '../../src/domain/today'

const MU = 10000 / 15
const TODAY = todayInProductZone()

let s: TestServer
let land: string
beforeAll(async () => {
  s = await startServer()
  land = await s.login('land', 'Land@2026')
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

// an exited project (退出) is never overdue
const OVERDUE = `(lp.exit_date IS NULL AND ((lp.start_date IS NULL AND lp.start_deadline < current_date) OR (lp.completion_date IS NULL AND lp.completion_deadline < current_date)))`

describe('项目管理: a stage page', () => {
  it('counts the projects waiting to start, those started and the overdue among them', async () => {
    const r = await s.get<StageProjects>('/api/landLifeCycle/projects?stage=xmkg&pageSize=500', land)
    expect(r.status).toBe(200)
    const x = await one<{ pending: number; done: number; overdue: number }>(
      `SELECT count(*) FILTER (WHERE lp.start_date IS NULL AND lp.exit_date IS NULL)::int AS pending, count(*) FILTER (WHERE lp.start_date IS NOT NULL)::int AS done,
              count(*) FILTER (WHERE ${OVERDUE})::int AS overdue
       FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted AND lp.supply_date IS NOT NULL`,
    )
    expect({ pending: r.body.data.pending, done: r.body.data.done, overdue: r.body.data.overdue }).toEqual(x)
    expect(r.body.data.page.total).toBe(x.pending + x.done)
    expect(x.pending).toBeGreaterThan(0)
    // overdue first, each with the days past the missed deadline
    const first = r.body.data.page.list[0]
    if (x.overdue > 0) {
      expect(first.overdue).toBe(true)
      const missed = first.dates.xmkg === null && first.startDeadline! < TODAY ? first.startDeadline! : first.completionDeadline!
      expect(first.overdueDays).toBe(Math.round((Date.parse(TODAY) - Date.parse(missed)) / 86_400_000))
    }
    const pending = (await s.get<StageProjects>('/api/landLifeCycle/projects?stage=xmkg&state=pending&overdue=true', land)).body.data.page
    const y = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted AND lp.supply_date IS NOT NULL AND lp.start_date IS NULL AND lp.exit_date IS NULL AND ${OVERDUE}`,
    )
    expect(pending.total).toBe(y.n)
    expect(pending.list.every((p) => p.dates.tdgy !== null && p.dates.xmkg === null && p.overdue && p.currentStage === 'tdgy')).toBe(true)
  })

  it('lists every project on 项目签约 and a county user only the county’s', async () => {
    const all = (await s.get<StageProjects>('/api/landLifeCycle/projects?stage=xmqy', land)).body.data
    const n = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted',
    )
    expect(all.page.total).toBe(n.n)
    const county = await one<{ code: string; n: number }>(
      `SELECT p.county_code AS code, count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted AND p.county_code IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    )
    const role = (
      await s.db.query<{ id: number }>(
        `SELECT ur.role_id AS id FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE u.username = 'land'`,
      )
    ).rows[0].id
    const { token } = await makeUser(s, await s.login('admin', 'Admin@2026'), {
      username: 'land_county',
      regionCode: county.code,
      roleIds: [role],
    })
    expect((await s.get<StageProjects>('/api/landLifeCycle/projects?stage=xmqy', token)).body.data.page.total).toBe(county.n)
  })
})

describe('项目管理: registering a stage', () => {
  let target: ProjectRow
  beforeAll(async () => {
    const list = (
      await s.get<StageProjects>('/api/landLifeCycle/projects?stage=xmkg&state=pending&pageSize=1&sortField=name&sortOrder=ascend', land)
    ).body.data.page.list
    target = list[0]
  })

  it('refuses a wrong registration, naming the field, with nothing written', async () => {
    const before = await one(
      'SELECT start_date, completion_deadline, (SELECT count(*)::int FROM lifecycle_event WHERE project_id = $1) AS n FROM lifecycle_project WHERE id = $1',
      [target.id],
    )
    const early = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmkg', date: '2000-01-01' }, land)
    expect([early.status, early.body.details]).toEqual([
      400,
      [{ field: 'date', message: `项目开工日期不能早于土地供应日期 ${target.dates.tdgy}` }],
    ])
    const future = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmkg', date: '2999-01-01' }, land)
    expect([future.status, future.body.details?.[0].message]).toEqual([400, '项目开工日期不能晚于今天'])
    const skip = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'jgys', date: TODAY }, land)
    expect([skip.status, skip.body.message]).toEqual([400, '请先登记施工建设，再登记竣工验收'])
    const bad = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmkg', date: '2025-02-30' }, land)
    expect([bad.status, bad.body.details?.[0]]).toEqual([400, { field: 'date', message: '日期 date 不是有效日期' }])
    const signing = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmqy', date: TODAY }, land)
    expect([signing.status, signing.body.details?.[0].field]).toEqual([400, 'stage'])
    expect(
      await one(
        'SELECT start_date, completion_deadline, (SELECT count(*)::int FROM lifecycle_event WHERE project_id = $1) AS n FROM lifecycle_project WHERE id = $1',
        [target.id],
      ),
    ).toEqual(before)
  })

  it('registers the start: the completion deadline 24 months on, the history row, a second try refused', async () => {
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/registerStage',
      { id: target.id, stage: 'xmkg', date: TODAY, remark: '现场核实开工' },
      land,
    )
    expect(r.status).toBe(200)
    const due = new Date(`${TODAY}T00:00:00Z`)
    due.setUTCMonth(due.getUTCMonth() + 24)
    const expected = await one<{ d: string }>(`SELECT to_char(($1::date + interval '24 months')::date, 'YYYY-MM-DD') AS d`, [TODAY])
    // registered past the start deadline: the days late; the parcel's 在建 goes to the data centre for audit
    const days = Math.round((Date.parse(TODAY) - Date.parse(target.startDeadline!)) / 86_400_000)
    // a late start is a 违约: ‰ of the seeded 出让价款 per day, half up at the 分 (docs/domain.md "工业用地全生命周期")
    const rule = await one<{ price: string; permille: number }>(
      'SELECT supply_price_fen::text AS price, late_penalty_permille::float8 AS permille FROM lifecycle_project WHERE id = $1',
      [target.id],
    )
    const fen = (BigInt(rule.price) * BigInt(Math.round(rule.permille * 100)) * BigInt(days) + 50_000n) / 100_000n
    const yuan = `${(fen / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${(fen % 100n).toString().padStart(2, '0')}`
    const late = target.startDeadline! < TODAY ? `，逾期 ${days} 天登记，违约：逾期开工 ${days} 天，违约金 ${yuan} 元` : ''
    const sub = await one<{ id: number; payload: Record<string, unknown> }>(
      `SELECT id::int, payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核'`,
      [target.parcelId],
    )
    expect(sub.payload).toMatchObject({ status: '在建', actual_start_date: TODAY })
    expect(r.body.message).toBe(`已登记项目开工，约定竣工期限为 ${expected.d}${late}，地块信息变更已提交数据中心审核（提交 #${sub.id}）`)
    expect(r.body.data).toMatchObject({ currentStage: 'xmkg', completionDeadline: expected.d })
    expect(r.body.data.dates.xmkg).toBe(TODAY)
    const detail = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${target.id}`, land)).body.data
    expect(detail.events).toEqual([
      {
        stage: 'xmkg',
        date: TODAY,
        remark: '现场核实开工',
        deadline: expected.d,
        lateDays: late ? days : null,
        actuals: null,
        judgement: null,
        submission: { id: sub.id, state: '待审核' },
        actor: '陈土地',
        at: expect.any(String),
      },
    ])
    const again = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmkg', date: TODAY }, land)
    expect([again.status, again.body.message]).toEqual([409, `该项目已于 ${TODAY} 登记项目开工，不能重复登记`])
    const log = await one<{ target: string }>(`SELECT target FROM operation_log WHERE module = 'landLifeCycle' ORDER BY id DESC LIMIT 1`)
    expect(log.target).toBe(`${target.name} 项目开工`)
  })

  it('is 404 for an unknown project and 403 without a lifecycle page', async () => {
    expect((await s.postJson('/api/landLifeCycle/registerStage', { id: 999999, stage: 'xmkg', date: TODAY }, land)).status).toBe(404)
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await s.get('/api/landLifeCycle/projects?stage=xmqy', clerk)).status).toBe(403)
    expect((await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'sgjs', date: TODAY }, clerk)).status).toBe(403)
  })
})

describe('一本账', () => {
  it('gives every project with its achieved 亩均税收 against the commitment, counted by stage', async () => {
    const r = await s.get<Onebook>('/api/landLifeCycle/onebook?pageSize=500&belowCommitment=true', land)
    expect(r.status).toBe(200)
    const d = r.body.data
    const all = (await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data
    const n = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted',
    )
    expect(all.total).toBe(n.n)
    expect(all.byStage.reduce((k, x) => k + x.count, 0)).toBe(all.total)
    expect(d.total).toBe(all.belowCommitment)
    expect(d.total).toBeGreaterThan(0)
    for (const row of d.page.list) {
      expect(row.dates.xmtc).not.toBeNull()
      expect(row.actualTaxPerMu!).toBeLessThan(row.committedTaxPerMu!)
      expect(row.taxGap).toBeCloseTo(row.actualTaxPerMu! - row.committedTaxPerMu!, 2)
    }
    // one judgement per project: an evaluated project's 亩均税收 is the one its 项目评价 judged
    for (const r of d.page.list.filter((x) => x.evaluation))
      expect([r.judgement?.stage, r.actualTaxPerMu]).toEqual(['xmpj', r.evaluation!.items.find((i) => i.key === 'taxPerMu')!.actual])
    // the others: the holder's 亩均税收 of the year
    const row = d.page.list.find((x) => !x.evaluation)!
    const x = await one<{ v: number }>(
      `SELECT (y.tax / (COALESCE(y.land_area_m2, (SELECT sum(area_m2) FROM parcel WHERE enterprise_id = lp.enterprise_id AND NOT deleted)) / ${MU}))::float8 AS v
       FROM lifecycle_project lp JOIN enterprise_yearly y ON y.enterprise_id = lp.enterprise_id AND y.year = $2 WHERE lp.id = $1`,
      [row.id, d.year],
    )
    expect(row.actualTaxPerMu).toBeCloseTo(x.v, 2)
  })

  it('exports the filtered ledger', async () => {
    const d = (await s.get<Onebook>('/api/landLifeCycle/onebook?overdue=true', land)).body.data
    const res = await fetch(`${s.base}/api/landLifeCycle/onebook/export?overdue=true`, {
      headers: { Authorization: `Bearer ${land}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.rowCount).toBe(d.total + 1)
    expect(String(sheet.getRow(2).getCell(16).value)).toMatch(/^逾期 \d+ 天$/)
  })
})
