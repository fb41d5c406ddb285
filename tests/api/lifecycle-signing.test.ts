/**
 * 全生命周期 from signing to exit (/api/landLifeCycle/*): 项目签约 with its 标准地 commitments and edit
 * history, each stage registered in order with the parcel facts written through an audited
 * data-centre submission (never directly), 竣工验收 and 项目评价 judged against the commitments,
 * lateness recorded, 退出 with the land taken back, the seed's stages, and every bad input
 * refused naming the field with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Onebook, ProjectDetail, ProjectRow } from '../../src/domain/contracts/lifecycle-project'
import { startServer, type TestServer } from './harness'
import { todayInProductZone } from '../../src/domain/today'
import { addMonths } from '../../src/domain/lifecycle'
import { contractFields } from './lifecycle-contract-fields'

const MU = 10000 / 15
const TODAY = todayInProductZone()
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000)

let s: TestServer
let land: string
let auditor: string
beforeAll(async () => {
  s = await startServer()
  land = await s.login('land', 'Land@2026')
  auditor = await s.login('auditor', 'Auditor@2026')
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

/** What a failed write must leave as it was. */
const written = () =>
  one<{ p: number; e: number; h: number; s: number }>(
    `SELECT (SELECT count(*)::int FROM lifecycle_project) AS p, (SELECT count(*)::int FROM lifecycle_event) AS e,
            (SELECT count(*)::int FROM lifecycle_project_history) AS h, (SELECT count(*)::int FROM dc_submission) AS s`,
  )

describe('the seed', () => {
  it('has projects in every stage, failed evaluations and exits, and no supply date on land not yet supplied', async () => {
    const book = (await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data
    for (const st of book.byStage) expect(st.count, st.name).toBeGreaterThan(0)
    const x = await one<{ failed: number; exited: number; supplied: number; taken: number }>(
      `SELECT count(*) FILTER (WHERE (lp.evaluation->>'passed')::boolean = false)::int AS failed,
              count(*) FILTER (WHERE lp.exit_date IS NOT NULL)::int AS exited,
              count(*) FILTER (WHERE lp.supply_date IS NULL AND p.supply_date IS NOT NULL)::int AS supplied,
              count(*) FILTER (WHERE lp.exit_outcome = '收回' AND p.status <> '已收回')::int AS taken
       FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE NOT lp.deleted AND NOT p.deleted`,
    )
    expect(book.failedEvaluation).toBe(x.failed)
    expect(book.exited).toBe(x.exited)
    expect(x.failed).toBeGreaterThan(0)
    expect(x.exited).toBeGreaterThan(0)
    expect(x.supplied).toBe(0)
    expect(x.taken).toBe(0)
    // land taken back on its exit date: the recovery date and the status history say that day, so the
    // year before the exit still counts the parcel as it stood then
    const dated = await one<{ n: number; onExit: number; history: number; stamped: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE p.recovered_date = lp.exit_date)::int AS "onExit",
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM parcel_status_change c WHERE c.parcel_id = p.id
                                             AND c.new_status = '已收回' AND c.changed_at::date = lp.exit_date))::int AS history,
              count(*) FILTER (WHERE p.status_changed_at::date = lp.exit_date)::int AS stamped
       FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE lp.exit_outcome = '收回' AND NOT lp.deleted`,
    )
    expect(dated.n).toBeGreaterThan(0)
    expect([dated.onExit, dated.history, dated.stamped]).toEqual([dated.n, dated.n, dated.n])
    const early = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM lifecycle_project WHERE exit_outcome = '收回' AND exit_date < current_date - 30`,
    )
    expect(early.n).toBeGreaterThan(0)
    // exited projects are never overdue
    const overdueExited = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM lifecycle_project WHERE exit_date IS NOT NULL AND start_date IS NULL AND start_deadline < current_date`,
    )
    expect(overdueExited.n).toBeGreaterThan(0)
    const exitedRows = (await s.get<Onebook>('/api/landLifeCycle/onebook?overdue=true&pageSize=500', land)).body.data.page.list
    expect(exitedRows.every((r) => r.exit === null)).toBe(true)
    const failed = (await s.get<Onebook>('/api/landLifeCycle/onebook?failedEvaluation=true&pageSize=5', land)).body.data
    expect(failed.total).toBe(x.failed)
    for (const r of failed.page.list) {
      expect(r.evaluation?.passed).toBe(false)
      expect(r.evaluation?.conclusion).toMatch(/^未达标：/)
      expect(r.evaluation?.items.some((i) => !i.passed && i.gap < 0)).toBe(true)
    }
  })
})

describe('项目签约 → 土地供应 → … → 项目评价, written through the data centre', () => {
  let parcel: { id: number; land_code: string; area_m2: number; county_code: string; supply_date: string | null; status: string }
  let credit: { code: string; name: string; year: number }
  let project: ProjectRow
  const signed = addMonths(TODAY, -30)
  const body = () => ({
    // the 出让合同 agrees the start 12 months after the supply and the completion 24 months after the start
    ...contractFields('智能装备', signed, { startDeadline: addMonths(supplied, 12), completionDeadline: addMonths(started, 24) }),
    name: '测试智能装备产业园项目',
    creditCode: credit.code,
    parcelId: parcel.id,
    signedDate: signed,
    plannedInvestment: 52000,
    investIntensity: 400,
    committedPlotRatio: 2,
    committedTaxPerMu: 30,
    committedEnergyVa: 2.5,
    committedEmissionVa: 30,
  })

  beforeAll(async () => {
    // land taken back and without a live project, and an enterprise of the master data
    parcel = await one(
      `SELECT p.id, p.land_code, p.area_m2, p.county_code, to_char(p.supply_date, 'YYYY-MM-DD') AS supply_date, p.status FROM parcel p
       WHERE NOT p.deleted AND p.county_code IS NOT NULL AND p.geom IS NOT NULL AND p.status = '已收回'
         AND NOT EXISTS (SELECT 1 FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted)
         AND NOT EXISTS (SELECT 1 FROM dc_submission d WHERE d.target_id = p.id AND d.kind = 'parcel')
       ORDER BY p.id LIMIT 1`,
    )
    // an enterprise that reported a year of tax on its own land (项目评价 reads it)
    credit = await one(
      `SELECT e.credit_code AS code, e.name, max(y.year)::int AS year FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id
       WHERE NOT e.deleted AND y.tax > 0 AND y.land_area_m2 > 0 GROUP BY e.id ORDER BY e.id LIMIT 1`,
    )
    expect(parcel).toBeTruthy()
  })

  it('refuses bad signings naming the field and rule, with nothing written', async () => {
    const before = await written()
    const post = (patch: Record<string, unknown>) => s.postJson('/api/landLifeCycle/createProject', { ...body(), ...patch }, land)
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { startDeadline: addMonths(signed, -1) },
        400,
        'startDeadline',
        `约定开工日期 startDeadline 不能早于出让合同签订日期 ${body().landContractDate}`,
      ],
      [{ completionDeadline: addMonths(signed, -2) }, 400, 'completionDeadline', '约定竣工日期 completionDeadline 应晚于约定开工日期'],
      [{ committedPlotRatio: 12 }, 400, 'committedPlotRatio', '容积率 committedPlotRatio 不能大于 10'],
      [{ investIntensity: -1 }, 400, 'investIntensity', '固定资产投资强度 investIntensity 不能为负数'],
      [{ committedTaxPerMu: 'abc' }, 400, 'committedTaxPerMu', '亩均税收 committedTaxPerMu 应为数字'],
      [
        { creditCode: credit.code.slice(0, 17) + (credit.code[17] === '0' ? '1' : '0') },
        400,
        'creditCode',
        '统一社会信用代码 creditCode 校验位错误',
      ],
      [{ creditCode: '91330100MA27XK5G6J' }, 0, 'creditCode', ''],
      [
        { signedDate: '2999-01-01', landContractDate: '2999-01-02', startDeadline: '2999-02-01', completionDeadline: '2999-12-01' },
        400,
        'signedDate',
        '签约日期 signedDate 不能晚于今天',
      ],
    ]
    for (const [patch, status, field, message] of cases) {
      const r = await post(patch)
      if (status) expect([r.status, r.body.details?.[0]], JSON.stringify(patch)).toEqual([status, { field, message }])
      else {
        expect([400, 422]).toContain(r.status)
        expect(r.body.details?.[0].field).toBe(field)
      }
    }
    // a parcel that already carries a live project
    const taken = await one<{ id: number; name: string }>(
      `SELECT p.id, lp.name FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE lp.exit_date IS NULL AND NOT lp.deleted ORDER BY lp.id LIMIT 1`,
    )
    const dup = await post({ parcelId: taken.id })
    expect([dup.status, dup.body.details?.[0].field]).toEqual([409, 'parcelId'])
    expect(dup.body.message).toContain(taken.name)
    expect(await written()).toEqual(before)
  })

  it('signs the project with its commitments; an edit keeps its history', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/createProject', body(), land)
    expect([r.status, r.body.message]).toEqual([200, '已签约项目「测试智能装备产业园项目」'])
    project = r.body.data
    expect(project).toMatchObject({
      name: '测试智能装备产业园项目',
      parcelId: parcel.id,
      enterpriseName: credit.name,
      currentStage: 'xmqy',
      startDeadline: addMonths(supplied, 12),
      plannedInvestment: 52000,
      investIntensity: 400,
      committedPlotRatio: 2,
      committedTaxPerMu: 30,
      committedEnergyVa: 2.5,
      committedEmissionVa: 30,
      exit: null,
    })
    expect(project.dates.xmqy).toBe(signed)
    const edit = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/updateProject',
      { id: project.id, committedPlotRatio: 2.2, name: '测试智能装备产业园项目（一期）' },
      land,
    )
    expect(edit.status).toBe(200)
    expect(edit.body.data.committedPlotRatio).toBe(2.2)
    const same = await s.postJson('/api/landLifeCycle/updateProject', { id: project.id, committedPlotRatio: 2.2 }, land)
    expect(same.status).toBe(422)
    const early = await s.postJson('/api/landLifeCycle/updateProject', { id: project.id, startDeadline: addMonths(signed, -1) }, land)
    expect([early.status, early.body.details?.[0].field]).toEqual([400, 'startDeadline'])
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    expect(d.events.map((e) => [e.stage, e.date])).toEqual([['xmqy', signed]])
    expect(d.edits).toEqual([
      {
        changes: [
          { field: 'name', label: '项目名称', before: '测试智能装备产业园项目', after: '测试智能装备产业园项目（一期）' },
          { field: 'committedPlotRatio', label: '容积率承诺', before: 2, after: 2.2 },
        ],
        actor: '陈土地',
        at: expect.any(String),
      },
    ])
  })

  const supplied = addMonths(TODAY, -28)
  const started = addMonths(TODAY, -10) // 18 months after supply: 6 months past the start deadline
  const built = addMonths(TODAY, -9)
  const completed = addMonths(TODAY, -2)

  it('supplies the land: the start deadline 12 months on, the parcel facts sent to audit and not written', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/registerStage', { id: project.id, stage: 'tdgy', date: supplied }, land)
    expect(r.status).toBe(200)
    const sub = await one<{ id: number; state: string; payload: Record<string, unknown> }>(
      `SELECT id::int, state, payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
      [parcel.id],
    )
    expect(r.body.message).toBe(
      `已登记土地供应，约定开工期限为 ${addMonths(supplied, 12)}，地块信息变更已提交数据中心审核（提交 #${sub.id}）`,
    )
    expect(sub.state).toBe('待审核')
    // land taken back is supplied again: 已收回 → 已供未建
    expect(sub.payload).toMatchObject({ supply_date: supplied, owner_credit_code: credit.code, status: '已供未建' })
    // never written directly
    const p = await one<{ d: string | null }>(`SELECT to_char(supply_date, 'YYYY-MM-DD') AS d FROM parcel WHERE id = $1`, [parcel.id])
    expect(p.d).toBe(parcel.supply_date)
  })

  it('registers a late start with its days late, folding the facts into the pending submission', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmkg', date: started }, land)
    const late = daysBetween(addMonths(supplied, 12), started)
    expect(r.status).toBe(200)
    expect(r.body.message).toContain(`约定竣工期限为 ${addMonths(started, 24)}，逾期 ${late} 天登记`)
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    const ev = d.events.find((e) => e.stage === 'xmkg')!
    expect(ev.lateDays).toBe(late)
    expect(d.events.find((e) => e.stage === 'tdgy')!.lateDays).toBeNull()
    expect(ev.submission).toEqual(d.events.find((e) => e.stage === 'tdgy')!.submission)
    const subs = await one<{ n: number; payload: Record<string, unknown> }>(
      `SELECT count(*)::int AS n, (array_agg(payload))[1] AS payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1`,
      [parcel.id],
    )
    expect(subs.n).toBe(1)
    expect(subs.payload).toMatchObject({ supply_date: supplied, status: '在建', actual_start_date: started })
    expect((await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'sgjs', date: built }, land)).status).toBe(200)
  })

  it('refuses 竣工验收 without its actual figures, or out of order, or twice', async () => {
    const before = await written()
    const none = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'jgys', date: completed }, land)
    expect([none.status, none.body.details?.[0]]).toEqual([
      400,
      { field: 'actuals.investment', message: '竣工验收须填写实际固定资产投资 actuals.investment（万元）' },
    ])
    const part = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'jgys', date: completed, actuals: { investment: 40000, buildingArea: 20000 } },
      land,
    )
    expect(part.body.details?.[0].field).toBe('actuals.plotRatio')
    const negative = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'jgys', date: completed, actuals: { investment: -5, buildingArea: 20000, plotRatio: 1 } },
      land,
    )
    expect([negative.status, negative.body.details?.[0].field]).toEqual([400, 'actuals.investment'])
    const atStart = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'xmtc', date: completed, actuals: { tax: 10 } },
      land,
    )
    expect([atStart.status, atStart.body.message]).toEqual([400, '请先登记竣工验收，再登记项目投产'])
    const twice = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'sgjs', date: built }, land)
    expect(twice.status).toBe(409)
    expect(await written()).toEqual(before)
  })

  it('judges 竣工验收 against the commitments: 容积率 below → 未达标 with the gap', async () => {
    const areaMu = parcel.area_m2 / MU
    const investment = Math.round(450 * areaMu)
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/registerStage',
      {
        id: project.id,
        stage: 'jgys',
        date: completed,
        actuals: { investment, buildingArea: Math.round(parcel.area_m2 * 1.6), plotRatio: 1.6 },
      },
      land,
    )
    expect(r.status).toBe(200)
    const a = r.body.data.acceptance!
    expect(a.passed).toBe(false)
    expect(a.items).toEqual([
      {
        key: 'investIntensity',
        name: '固定资产投资强度',
        unit: '万元/亩',
        committed: 400,
        actual: Math.round((investment / areaMu) * 100) / 100,
        gap: expect.any(Number),
        passed: true,
      },
      { key: 'plotRatio', name: '容积率', unit: '', committed: 2.2, actual: 1.6, gap: -0.6, passed: false },
    ])
    expect(a.conclusion).toBe('未达标：容积率低于承诺 0.6')
    expect(r.body.message).toContain('未达标：容积率低于承诺 0.6')
    expect(r.body.data.actuals).toMatchObject({ investment, plotRatio: 1.6 })
    // on time: completion deadline 24 months after the start
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    expect(d.events.find((e) => e.stage === 'jgys')).toMatchObject({ lateDays: null, judgement: a })
  })

  it('after 投产 and the audit, the parcel is 已投产 with the new 容积率, supply date and owner', async () => {
    expect((await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmtc', date: completed }, land)).status).toBe(
      200,
    )
    const sub = await one<{ id: number; payload: Record<string, unknown> }>(
      `SELECT id::int, payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核'`,
      [parcel.id],
    )
    expect(sub.payload).toMatchObject({ status: '已投产', plot_ratio: 1.6, actual_completion_date: completed })
    const stillOld = await one<{ status: string }>(`SELECT status FROM parcel WHERE id = $1`, [parcel.id])
    expect(stillOld.status).toBe(parcel.status)
    const ok = await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)
    expect(ok.status).toBe(200)
    const p = await one<{ status: string; plot_ratio: number; supply_date: string; building_area: number; owner: string }>(
      `SELECT p.status, p.plot_ratio, to_char(p.supply_date, 'YYYY-MM-DD') AS supply_date, p.building_area, e.credit_code AS owner
       FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id WHERE p.id = $1`,
      [parcel.id],
    )
    expect(p).toEqual({
      status: '已投产',
      plot_ratio: 1.6,
      supply_date: supplied,
      building_area: Math.round(parcel.area_m2 * 1.6),
      owner: credit.code,
    })
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    expect(d.events.filter((e) => e.submission).every((e) => e.submission!.state === '已通过')).toBe(true)
  })

  it('refuses 项目评价 with typed figures or a year without reported figures, writing nothing', async () => {
    const before = await written()
    const evaluate = (extra: Record<string, unknown>) =>
      s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmpj', date: TODAY, ...extra }, land)
    const typed = await evaluate({ actuals: { tax: 800, energyVa: 3, emissionVa: 31 } })
    expect([typed.status, typed.body.details?.[0]]).toEqual([
      400,
      {
        field: 'actuals.tax',
        message: '项目评价的亩均税收、单位能耗增加值和单位排放增加值取自企业年度报送数据，不手工填写（actuals.tax）；请选择评价年度 year',
      },
    ])
    const text = await evaluate({ year: '2024年' })
    expect([text.status, text.body.details?.[0]]).toEqual([400, { field: 'year', message: '评价年度 year 应为数字' }])
    const none = await evaluate({ year: 2001 })
    expect([none.status, none.body.details?.[0].field]).toEqual([422, 'year'])
    expect(none.body.message).toBe(
      `${credit.name}没有 2001 年度的报送数据（企业年度指标），无法据以项目评价；请选择已报送的评价年度 year：${none.body.message.split('year：')[1]}`,
    )
    expect(none.body.message).toContain(String(credit.year))
    expect(await written()).toEqual(before)
  })

  it('judges 项目评价 on the enterprise’s year: 亩均税收 below → 未达标, a warning counted on 一本账', async () => {
    const before = (await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data.failedEvaluation
    // a commitment no enterprise of the demo reaches
    expect((await s.postJson('/api/landLifeCycle/updateProject', { id: project.id, committedTaxPerMu: 9999 }, land)).status).toBe(200)
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'xmpj', date: TODAY, year: credit.year },
      land,
    )
    expect(r.status).toBe(200)
    const e = r.body.data.evaluation!
    expect(e.passed).toBe(false)
    expect(e.items.slice(0, 3).map((i) => [i.key, i.passed])).toEqual([
      ['investIntensity', true],
      ['plotRatio', false],
      ['taxPerMu', false],
    ])
    expect(r.body.message).toContain(`按 ${credit.year} 年度企业报送数据评价`)
    const book = (
      await s.get<Onebook>(`/api/landLifeCycle/onebook?failedEvaluation=true&keyword=${encodeURIComponent('测试智能装备')}`, land)
    ).body.data
    expect(book.page.list.map((x) => x.id)).toEqual([project.id])
    expect((await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data.failedEvaluation).toBe(before + 1)
    // a second 项目评价 is refused, nothing written
    const kept = await written()
    const twice = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'xmpj', date: TODAY, year: credit.year },
      land,
    )
    expect([twice.status, twice.body.message]).toEqual([409, `该项目已于 ${TODAY} 登记项目评价，不能重复登记`])
    expect(await written()).toEqual(kept)
  })
})

describe('退出', () => {
  it('refuses a bad exit, then records it and sends 收回 to audit; after approval the parcel is 已收回', async () => {
    const target = await one<{ id: number; parcel_id: number; signed: string; name: string }>(
      `SELECT lp.id, lp.parcel_id, to_char(lp.signed_date, 'YYYY-MM-DD') AS signed, lp.name FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
       WHERE lp.exit_date IS NULL AND lp.supply_date IS NOT NULL AND lp.start_date IS NULL AND lp.start_deadline < current_date AND NOT lp.deleted AND NOT p.deleted
         AND p.geom IS NOT NULL AND NOT EXISTS (SELECT 1 FROM dc_submission d WHERE d.target_id = p.id AND d.kind = 'parcel')
       ORDER BY lp.id LIMIT 1`,
    )
    const before = await written()
    const early = await s.postJson(
      '/api/landLifeCycle/exitProject',
      { id: target.id, date: '2000-01-01', reason: '超期未开工', outcome: '收回' },
      land,
    )
    expect([early.status, early.body.details?.[0]]).toEqual([400, { field: 'date', message: `退出日期不能早于签约日期 ${target.signed}` }])
    const noReason = await s.postJson('/api/landLifeCycle/exitProject', { id: target.id, date: TODAY, reason: '', outcome: '收回' }, land)
    expect([noReason.status, noReason.body.details?.[0].field]).toEqual([400, 'reason'])
    const badOutcome = await s.postJson(
      '/api/landLifeCycle/exitProject',
      { id: target.id, date: TODAY, reason: '超期未开工', outcome: '拍卖' },
      land,
    )
    expect([badOutcome.status, badOutcome.body.details?.[0].field]).toEqual([400, 'outcome'])
    expect(await written()).toEqual(before)

    const overdueBefore = (await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data.overdue
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/exitProject',
      { id: target.id, date: TODAY, reason: '超过约定开工期限未开工', outcome: '收回' },
      land,
    )
    expect(r.status).toBe(200)
    expect(r.body.data.exit).toEqual({ date: TODAY, reason: '超过约定开工期限未开工', outcome: '收回' })
    expect(r.body.data.overdue).toBe(false)
    const log = await one<{ target: string }>(`SELECT target FROM operation_log WHERE module = 'landLifeCycle' ORDER BY id DESC LIMIT 1`)
    expect(log.target).toBe(`${target.name} 退出`)
    expect((await s.get<Onebook>('/api/landLifeCycle/onebook', land)).body.data.overdue).toBe(overdueBefore - 1)
    const sub = await one<{ id: number; payload: Record<string, unknown> }>(
      `SELECT id::int, payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核'`,
      [target.parcel_id],
    )
    expect(sub.payload).toMatchObject({ status: '已收回' })
    expect(r.body.message).toBe(`已登记退出，地块收回已提交数据中心审核（提交 #${sub.id}）`)
    expect((await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)).status).toBe(200)
    expect((await one<{ status: string }>('SELECT status FROM parcel WHERE id = $1', [target.parcel_id])).status).toBe('已收回')
    // nothing more on an exited project
    const again = await s.postJson('/api/landLifeCycle/exitProject', { id: target.id, date: TODAY, reason: '重复', outcome: '保留' }, land)
    expect(again.status).toBe(409)
    const stage = await s.postJson('/api/landLifeCycle/registerStage', { id: target.id, stage: 'xmkg', date: TODAY }, land)
    expect([stage.status, stage.body.message]).toEqual([409, `该项目已于 ${TODAY} 退出，不能再登记项目开工`])
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${target.id}`, land)).body.data
    expect(d.events.at(-1)).toMatchObject({
      stage: 'tc',
      date: TODAY,
      remark: '超过约定开工期限未开工（土地收回）',
      submission: { id: sub.id, state: '已通过' },
    })
  })
})
