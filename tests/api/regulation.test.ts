/**
 * 整治提升 (/api/regulation/*): the C and D enterprises as the appraisal view has them, a check,
 * a plan's life (add, refusals, progress reports, close) with nothing overwritten, the abstract's
 * counts following, and the data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlanDetail, PlanList, RegulationAbstract, RegulationPlan, TargetList } from '../../src/domain/contracts/regulation'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'
import { todayInProductZone } from '../../src/domain/today'

const TODAY = todayInProductZone()
const later = (days: number) => todayInProductZone(new Date(Date.now() + days * 86_400_000))

let s: TestServer
let admin: string
let year: number
/** a D enterprise, a C enterprise of the same county, an A enterprise */
let d: { id: number; county: string }
let c: { id: number }
let a: { id: number }
beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  year = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
  d = await one(
    `SELECT x.enterprise_id AS id, e.county_code AS county FROM enterprise_appraisal_yearly x JOIN enterprise e ON e.id = x.enterprise_id
     WHERE x.year = $1 AND x.class = 'D' AND EXISTS (SELECT 1 FROM enterprise_appraisal_yearly y JOIN enterprise f ON f.id = y.enterprise_id WHERE y.year = $1 AND y.class = 'C' AND f.county_code = e.county_code)
     ORDER BY 1 LIMIT 1`,
    [year],
  )
  c = await one(
    `SELECT x.enterprise_id AS id FROM enterprise_appraisal_yearly x JOIN enterprise e ON e.id = x.enterprise_id WHERE x.year = $1 AND x.class = 'C' AND e.county_code = $2 ORDER BY 1 LIMIT 1`,
    [year, d.county],
  )
  a = await one(`SELECT enterprise_id AS id FROM enterprise_appraisal_yearly WHERE year = $1 AND class = 'A' ORDER BY 1 LIMIT 1`, [year])
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

describe('整治对象 and 核查', () => {
  it('lists the year’s C and D enterprises, D first, as the appraisal view has them', async () => {
    const r = (await s.get<TargetList>('/api/regulation/targets?pageSize=500', admin)).body.data
    const n = await one<{ n: number; d: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE class = 'D')::int AS d FROM enterprise_appraisal_yearly x JOIN enterprise e ON e.id = x.enterprise_id WHERE NOT e.deleted AND x.year = $1 AND x.class IN ('C', 'D')`,
      [year],
    )
    expect(r.year).toBe(year)
    expect(r.page.total).toBe(n.n)
    expect(r.page.list.slice(0, n.d).every((x) => x.class === 'D')).toBe(true)
    expect((await s.get<TargetList>('/api/regulation/targets?class=D', admin)).body.data.page.total).toBe(n.d)
  })

  it('records a check of a D enterprise, refuses an A enterprise and a future date', async () => {
    const ok = await s.postJson(
      '/api/regulation/check',
      { enterpriseId: d.id, year, result: '属实', date: TODAY, note: '现场核实：厂房闲置过半' },
      admin,
    )
    expect([ok.status, ok.body.message]).toEqual([200, '已记录核查结果：属实'])
    const target = (await s.get<TargetList>(`/api/regulation/targets?checked=yes`, admin)).body.data.page.list
    expect(target.map((t) => t.enterpriseId)).toEqual([d.id])
    expect(target[0].check).toEqual({ result: '属实', note: '现场核实：厂房闲置过半', date: TODAY, actor: '系统管理员' })
    const notCD = await s.postJson('/api/regulation/check', { enterpriseId: a.id, year, result: '属实', date: TODAY }, admin)
    expect([notCD.status, notCD.body.details?.[0]]).toEqual([
      400,
      { field: 'enterpriseId', message: `该企业${year}年亩均效益评价为A类，只有C类、D类企业需要整治` },
    ])
    const future = await s.postJson('/api/regulation/check', { enterpriseId: d.id, year, result: '不属实', date: later(3) }, admin)
    expect([future.status, future.body.details?.[0].field]).toEqual([400, 'date'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM regulation_check')).n).toBe(1)
  })
})

describe('整治方案 and 监管', () => {
  let plan: RegulationPlan
  it('adds a plan for the D enterprise; a second plan of the year and a past deadline are refused', async () => {
    const r = await s.postJson<RegulationPlan>(
      '/api/regulation/plan/add',
      { enterpriseId: d.id, year, target: '提升', measures: '技改扩产，盘活闲置厂房', owner: '经信局', deadline: later(180) },
      admin,
    )
    expect(r.status).toBe(200)
    plan = r.body.data
    expect(plan).toMatchObject({
      enterpriseId: d.id,
      class: 'D',
      target: '提升',
      progress: 0,
      state: '实施中',
      overdueDays: 0,
      outcome: null,
      createdBy: '系统管理员',
    })
    const again = await s.postJson(
      '/api/regulation/plan/add',
      { enterpriseId: d.id, year, target: '腾退', measures: 'x', owner: 'y', deadline: later(30) },
      admin,
    )
    expect([again.status, again.body.message]).toEqual([409, `该企业${year}年已有整治方案，请在原方案上修改`])
    const past = await s.postJson(
      '/api/regulation/plan/add',
      { enterpriseId: c.id, year, target: '腾退', measures: 'x', owner: 'y', deadline: TODAY },
      admin,
    )
    expect([past.status, past.body.details?.[0]]).toEqual([400, { field: 'deadline', message: '完成期限应晚于今天' }])
    const empty = await s.postJson(
      '/api/regulation/plan/add',
      { enterpriseId: c.id, year, target: '腾退', measures: '  ', owner: 'y', deadline: later(30) },
      admin,
    )
    expect([empty.status, empty.body.details?.[0]]).toEqual([400, { field: 'measures', message: '整治措施 measures 不能为空' }])
  })

  it('takes progress reports that only go up, keeping each, then closes with the outcome', async () => {
    expect(
      (
        await s.postJson<RegulationPlan>(
          '/api/regulation/plan/report',
          { id: plan.id, progress: 40, date: TODAY, note: '设备已进场' },
          admin,
        )
      ).body.data.progress,
    ).toBe(40)
    const down = await s.postJson('/api/regulation/plan/report', { id: plan.id, progress: 30, date: TODAY, note: '回退' }, admin)
    expect([down.status, down.body.details?.[0]]).toEqual([400, { field: 'progress', message: '进度不能低于上次报告的 40%' }])
    await s.postJson('/api/regulation/plan/report', { id: plan.id, progress: 80, date: TODAY, note: '新产线试产' }, admin)
    const closed = await s.postJson<RegulationPlan>(
      '/api/regulation/plan/close',
      { id: plan.id, outcome: '提升', date: TODAY, note: '复评为B类' },
      admin,
    )
    expect([closed.status, closed.body.message]).toEqual([200, '已办结：提升'])
    expect(closed.body.data).toMatchObject({ state: '已办结', outcome: '提升', outcomeDate: TODAY, progress: 100 })
    const detail = (await s.get<PlanDetail>(`/api/regulation/plan?id=${plan.id}`, admin)).body.data
    expect(detail.reports.map((r) => [r.progress, r.note])).toEqual([
      [40, '设备已进场'],
      [80, '新产线试产'],
    ])
    expect(detail.outcomeNote).toBe('复评为B类')
    const edit = await s.postJson('/api/regulation/plan/update', { id: plan.id, owner: '另一部门' }, admin)
    expect([edit.status, edit.body.message]).toEqual([409, `该方案已于 ${TODAY} 办结（提升），不能再修改`])
  })

  it('counts the plans by state and the abstract follows', async () => {
    // a second plan, for the C enterprise, that is overdue
    const p2 = (
      await s.postJson<RegulationPlan>(
        '/api/regulation/plan/add',
        { enterpriseId: c.id, year, target: '兼并重组', measures: '引入龙头企业兼并', owner: '商务局', deadline: later(10) },
        admin,
      )
    ).body.data
    await s.db.query(`UPDATE regulation_plan SET deadline = current_date - 5 WHERE id = $1`, [p2.id])
    const list = (await s.get<PlanList>('/api/regulation/plans', admin)).body.data
    expect(list.counts).toEqual({ 实施中: 0, 已逾期: 1, 已办结: 1 })
    expect(list.page.list[0]).toMatchObject({ id: p2.id, state: '已逾期', overdueDays: 5 })
    expect((await s.get<PlanList>('/api/regulation/plans?state=已办结', admin)).body.data.page.list.map((p) => p.id)).toEqual([plan.id])
    const abs = (await s.get<RegulationAbstract>('/api/regulation/abstract', admin)).body.data
    const n = await one<{ c: number; d: number }>(
      `SELECT count(*) FILTER (WHERE class = 'C')::int AS c, count(*) FILTER (WHERE class = 'D')::int AS d FROM enterprise_appraisal_yearly x JOIN enterprise e ON e.id = x.enterprise_id WHERE NOT e.deleted AND x.year = $1`,
      [year],
    )
    expect(abs.total).toMatchObject({ classC: n.c, classD: n.d, checked: 1, confirmed: 1, planned: 2, closed: 1, overdue: 1, improved: 1 })
    const county = abs.rows.find((r) => r.code === d.county)!
    expect(county).toMatchObject({ planned: 2, overdue: 1 })
    expect(abs.outcomes.find((o) => o.outcome === '提升')!.count).toBe(1)
  })

  it('keeps another county’s plans out of a county user’s reach', async () => {
    const other = await one<{ code: string }>(
      `SELECT code FROM region WHERE level = 'county' AND code LIKE '33%' AND code <> $1 ORDER BY code LIMIT 1`,
      [d.county],
    )
    const role = await one<{ id: number }>(`INSERT INTO role(name, code) VALUES ('整治员', 'REGULATION') RETURNING id`)
    await s.db.query(`INSERT INTO role_menu(role_id, menu_id) SELECT $1, id FROM menu WHERE menu_route LIKE '/enterprise/regulation/%'`, [
      role.id,
    ])
    const { token } = await makeUser(s, admin, { username: 'regulation_other', regionCode: other.code, roleIds: [role.id] })
    expect((await s.get<PlanList>('/api/regulation/plans', token)).body.data.page.total).toBe(0)
    expect((await s.get(`/api/regulation/plan?id=${plan.id}`, token)).status).toBe(404)
    expect((await s.postJson('/api/regulation/plan/report', { id: plan.id, progress: 90, date: TODAY, note: 'x' }, token)).status).toBe(404)
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await s.get('/api/regulation/abstract', clerk)).status).toBe(403)
  })
})
