/**
 * The land's books (issue 29): the 办结 of each of the seven 盘活 methods changes its parcel through
 * the data centre's audit — 已收回 for 收回收储 and 复垦 (with the 复垦 地类), the new 容积率 and
 * 建筑面积, holder, 用途 and 规划用途 for the others, every one out of 低效 — and 销号 its 台账 entry
 * with the date, the method and the reason; an evaluation run of the year of the 销号 scores the
 * parcels but does not flag them again; the seed's completed plans did the same; a method's missing
 * or foreign facts are refused with nothing written. The parcels are the seed's confirmed ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvaluationModel, EvaluationResult, EvaluationRun } from '../../src/domain/contracts/land-evaluation'
import type { LedgerList, PlanDetail } from '../../src/domain/contracts/revitalize'
import { METHOD_EFFECTS, PLAN_METHODS, type PlanMethod } from '../../src/domain/revitalize'
import { todayInProductZone } from '../../src/domain/today'
import { startServer, type TestServer } from './harness'

const TODAY = todayInProductZone()
const YEAR = Number(TODAY.slice(0, 4))
const day = (n: number) => todayInProductZone(new Date(Date.now() + n * 86_400_000))

let s: TestServer
let land: string
let landlead: string
let auditor: string

interface Confirmed {
  id: number
  land_code: string
  mu: number
  county: string
  enterprise_id: number | null
  /** another enterprise of the county: the new holder */
  other: { id: number; credit_code: string }
}
/** one confirmed parcel per method, in PLAN_METHODS order */
let parcels: Confirmed[]

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await s.db.query<T>(sql, params)).rows[0]

beforeAll(async () => {
  s = await startServer()
  ;[land, landlead, auditor] = await Promise.all([
    s.login('land', 'Land@2026'),
    s.login('landlead', 'Landlead@2026'),
    s.login('auditor', 'Auditor@2026'),
  ])
  const rows = (
    await s.db.query<Omit<Confirmed, 'other'> & { other_id: number; other_code: string }>(
      `SELECT p.id, p.land_code, floor((p.area_m2 / (10000.0 / 15)) * 90)::float8 / 100 AS mu, p.county_code AS county, p.enterprise_id,
              o.id AS other_id, o.credit_code AS other_code
       FROM revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id
       CROSS JOIN LATERAL (SELECT e.id, e.credit_code FROM enterprise e WHERE e.county_code = p.county_code AND NOT e.deleted
                           AND e.id IS DISTINCT FROM p.enterprise_id ORDER BY e.id LIMIT 1) o
       WHERE l.state = '已认定' AND p.status = '低效' AND p.area_m2 > 2000 AND p.county_code IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM revitalize_plan_parcel pp WHERE pp.parcel_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM dc_submission d WHERE d.target_id = p.id AND d.kind = 'parcel' AND d.state = '待审核')
       ORDER BY p.id LIMIT ${PLAN_METHODS.length}`,
    )
  ).rows
  expect(rows).toHaveLength(PLAN_METHODS.length)
  parcels = rows.map(({ other_id, other_code, ...r }) => ({ ...r, other: { id: other_id, credit_code: other_code } }))
})
afterAll(() => s?.close())

/** The details each method's plan needs (METHOD_FIELDS). */
const DETAILS: Record<PlanMethod, { sub: string | null; details: Record<string, string | number> }> = {
  收回收储: { sub: '依法收回', details: { storageAgency: '区土地储备中心', compensation: 500 } },
  企业自主再开发: { sub: '提容增效', details: { permitNo: '地字第330100202600501号' } },
  兼并重组: { sub: '协议转让', details: { transferee: '受让企业', price: 1800 } },
  合作开发: { sub: null, details: { partner: '区城投集团' } },
  用途调整: { sub: null, details: { permitNo: '地字第330100202600502号', premium: 260 } },
  复垦: { sub: null, details: {} },
  司法处置: { sub: null, details: { courtCaseNo: '（2026）浙0109执501号' } },
}

/** The facts each method's 办结 sends (given the parcel's new holder). */
const FACTS: Record<PlanMethod, (p: Confirmed) => Record<string, unknown>> = {
  收回收储: () => ({}),
  企业自主再开发: () => ({ plotRatioAfter: 1.72, buildingAreaAfter: 31000 }),
  兼并重组: (p) => ({ holderCreditCode: p.other.credit_code }),
  合作开发: (p) => ({ holderCreditCode: p.other.credit_code, statusAfter: '在建' }),
  用途调整: () => ({ planningUseAfter: '110101', plotRatioAfter: 1.2 }),
  复垦: () => ({ landUseAfter: '0103' }),
  司法处置: (p) => ({ holderCreditCode: p.other.credit_code }),
}

/** A running plan of `method` over parcel `p`: written and submitted by 土地科, approved by 土地科长. */
async function runningPlan(method: PlanMethod, p: Confirmed): Promise<number> {
  const r = await s.postJson<PlanDetail>(
    '/api/landInefficient/addRevitalPlan',
    {
      name: `${method}成效方案`,
      method,
      subMethod: DETAILS[method].sub ?? undefined,
      parcels: [{ parcelId: p.id, plannedAreaMu: p.mu }],
      details: DETAILS[method].details,
      startDate: day(-90),
      deadline: day(200),
      respUnit: '区自然资源局',
      respPerson: '陈土地',
      milestones: [],
      submit: true,
    },
    land,
  )
  expect([r.status, r.body.message]).toEqual([200, expect.any(String)])
  const id = r.body.data.id
  expect((await s.postJson('/api/landInefficient/checkPhcz', { id, action: '审核通过' }, landlead)).status).toBe(200)
  return id
}

const complete = (planId: number, facts: Record<string, unknown>) =>
  s.postJson<PlanDetail>('/api/phczReport/updatePhcz', { action: '办结', planId, completedDate: TODAY, newInvestment: 300, ...facts }, land)

const parcelRow = (id: number) =>
  one<{
    status: string
    plot_ratio: number | null
    building_area: number | null
    enterprise_id: number | null
    land_use_code: string
    planning_use_code: string | null
  }>(
    `SELECT status, plot_ratio::float8 AS plot_ratio, building_area::float8 AS building_area, enterprise_id, land_use_code, planning_use_code
     FROM parcel WHERE id = $1`,
    [id],
  )

describe('办结 refuses what a method does not write', () => {
  it('asks each method for its own facts, naming the field, and writes nothing', async () => {
    const p = parcels[2] // 兼并重组's parcel, completed for real below
    const id = await runningPlan('兼并重组', p)
    const subs = (await one<{ n: number }>('SELECT count(*)::int AS n FROM dc_submission')).n
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'holderCreditCode', '兼并重组办结须填写新用地单位统一社会信用代码 holderCreditCode（报数据中心审核）'],
      [{ holderCreditCode: p.other.credit_code, plotRatioAfter: 2 }, 'plotRatioAfter', '兼并重组办结不填写盘活后容积率 plotRatioAfter'],
      [
        { holderCreditCode: '91330000MA0000000X' },
        'holderCreditCode',
        '新用地单位 91330000MA0000000X 不是本账号数据范围内的企业，请先在数据中心录入该企业',
      ],
      [{ holderCreditCode: 'ABC' }, 'holderCreditCode', '新用地单位 holderCreditCode 应为18位统一社会信用代码'],
    ]
    for (const [facts, field, message] of cases) {
      const r = await complete(id, facts)
      expect([r.status, r.body.details?.map((d) => [d.field, d.message])]).toEqual([400, [[field, message]]])
    }
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM dc_submission')).n).toBe(subs)
    expect((await one<{ state: string }>('SELECT state FROM revitalize_plan WHERE id = $1', [id])).state).toBe('实施中')
    expect(
      (await one<{ state: string }>(`SELECT state FROM revitalize_ledger WHERE parcel_id = $1 AND state <> '复核剔除'`, [p.id])).state,
    ).toBe('实施中')
    // 复垦 returns land to a 农用地 class, never an industrial one
    const q = parcels[5]
    const rid = await runningPlan('复垦', q)
    const r = await complete(rid, { landUseAfter: '0601' })
    expect([r.status, r.body.details?.[0].field]).toEqual([400, 'landUseAfter'])
    expect(r.body.details?.[0].message).toContain('0103 旱地')
  })
})

describe('办结 of every method changes its parcel and 销号 the 台账', () => {
  it('sends each method’s facts to audit; once approved the parcel has them and is no longer 低效', async () => {
    for (const [i, method] of PLAN_METHODS.entries()) {
      const p = parcels[i]
      const id =
        (
          await one<{ id: number } | undefined>(
            `SELECT rp.id FROM revitalize_plan rp JOIN revitalize_plan_parcel pp ON pp.plan_id = rp.id WHERE pp.parcel_id = $1 AND rp.state = '实施中'`,
            [p.id],
          )
        )?.id ?? (await runningPlan(method, p))
      const done = await complete(id, FACTS[method](p))
      expect([method, done.status]).toEqual([method, 200])
      expect(done.body.message).toMatch(/^已办结，台账已销号，地块信息变更已提交数据中心审核（提交 #\d+）$/)
      expect(done.body.data.outcome?.statusAfter).toBe(
        METHOD_EFFECTS[method].recovers ? '已收回' : method === '合作开发' ? '在建' : '已投产',
      )
      // the 台账 entry is 销号 with its date, method and reason at once
      const entry = await one<{ state: string; closed: string; closed_method: string; closed_reason: string; closed_plan_id: number }>(
        `SELECT state, to_char(closed_date, 'YYYY-MM-DD') AS closed, closed_method, closed_reason, closed_plan_id
         FROM revitalize_ledger WHERE parcel_id = $1 AND state <> '复核剔除' ORDER BY id DESC LIMIT 1`,
        [p.id],
      )
      expect(entry).toEqual({
        state: '已完成',
        closed: TODAY,
        closed_method: method,
        closed_reason: expect.stringContaining(`${method}办结：${METHOD_EFFECTS[method].effect}`),
        closed_plan_id: id,
      })
      // the parcel waits for the auditor, then takes every fact
      expect((await parcelRow(p.id)).status).toBe('低效')
      const sub = await one<{ id: number }>(
        `SELECT id::int AS id FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核' ORDER BY id DESC LIMIT 1`,
        [p.id],
      )
      expect((await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)).status).toBe(200)
      const after = await parcelRow(p.id)
      const expected: Record<PlanMethod, Partial<typeof after>> = {
        收回收储: { status: '已收回' },
        企业自主再开发: { status: '已投产', plot_ratio: 1.72, building_area: 31000 },
        兼并重组: { status: '已投产', enterprise_id: p.other.id },
        合作开发: { status: '在建', enterprise_id: p.other.id },
        用途调整: { status: '已投产', planning_use_code: '110101', land_use_code: '0604', plot_ratio: 1.2 },
        复垦: { status: '已收回', land_use_code: '0103' },
        司法处置: { status: '已投产', enterprise_id: p.other.id },
      }
      expect([method, after]).toEqual([method, expect.objectContaining(expected[method])])
    }
    // none of the seven is 低效 land any more: not by status, nor by the view every 低效 count reads
    const low = await one<{ status: number; flagged: number }>(
      `SELECT count(*) FILTER (WHERE p.status IN ('低效', '闲置'))::int AS status, count(*) FILTER (WHERE le.low_efficiency)::int AS flagged
       FROM parcel p JOIN parcel_low_efficiency le ON le.parcel_id = p.id WHERE p.id = ANY($1::int[])`,
      [parcels.map((p) => p.id)],
    )
    expect(low).toEqual({ status: 0, flagged: 0 })
  })

  it('shows the 销号 method and reason in the 台账 list', async () => {
    const p = parcels[1]
    const list = (await s.get<LedgerList>(`/api/landInefficient/getLandIneInfo?keyword=${p.land_code}&pageSize=10`, land)).body.data
    const row = list.page.list.find((r) => r.parcelId === p.id && r.state === '已完成')
    expect(row).toMatchObject({
      closedDate: TODAY,
      closedMethod: '企业自主再开发',
      closedReason: expect.stringContaining('新的容积率和建筑面积'),
    })
  })

  it('a run of the 销号 year scores the parcels but flags none of them; the seed’s completed plans likewise', async () => {
    // a model every parcel meets: only the 销号 keeps a parcel from 疑似低效
    const items = [{ indicator: 'stopped', operator: '>=', threshold: 0, weight: 100 }]
    expect((await s.postJson('/api/modes/SaveMode', { name: '全部地块', passScore: 100, items }, land)).status).toBe(200)
    const model = (await s.get<EvaluationModel[]>('/api/modes/GetModeList', land)).body.data.find((m) => m.name === '全部地块')!
    const run = (await s.postJson<EvaluationRun>('/api/inefficient/run', { modelId: model.id, year: YEAR }, land)).body.data
    const kept = parcels.filter((_, i) => !METHOD_EFFECTS[PLAN_METHODS[i]].recovers).map((p) => p.id)
    const seeded = (
      await s.db.query<{ parcel_id: number }>(
        `SELECT l.parcel_id FROM revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id
         WHERE l.state = '已完成' AND p.status <> '已收回' AND NOT (l.parcel_id = ANY($1::int[]))`,
        [kept],
      )
    ).rows.map((r) => r.parcel_id)
    expect(seeded.length).toBeGreaterThan(0)
    const results = (
      await s.db.query<{ parcel_id: number; score: number; flagged: boolean; closed: string | null }>(
        `SELECT parcel_id, score::float8 AS score, flagged, to_char(closed_date, 'YYYY-MM-DD') AS closed
         FROM evaluation_result WHERE run_id = $1 AND parcel_id = ANY($2::int[]) ORDER BY parcel_id`,
        [run.id, [...kept, ...seeded]],
      )
    ).rows
    expect(results).toHaveLength(kept.length + seeded.length)
    for (const r of results) expect([r.parcel_id, r.score, r.flagged, r.closed !== null]).toEqual([r.parcel_id, 100, false, true])
    expect(results.filter((r) => kept.includes(r.parcel_id)).every((r) => r.closed === TODAY)).toBe(true)
    // the results page says why: 已销号 on its date
    const k = parcels[1]
    const page = (
      await s.get<{ page: { list: EvaluationResult[] } }>(
        `/api/inefficient/results?runId=${run.id}&keyword=${k.land_code}&pageSize=5`,
        land,
      )
    ).body.data.page
    expect(page.list.map((r) => [r.landCode, r.flagged, r.closedDate])).toEqual([[k.land_code, false, TODAY]])
    // everything else the model met is flagged
    const others = await one<{ n: number; flagged: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE flagged)::int AS flagged FROM evaluation_result WHERE run_id = $1 AND closed_date IS NULL`,
      [run.id],
    )
    expect(others.flagged).toBe(others.n)
    // the seed's completed plans left their parcels out of 低效, with the status dated on the 办结
    const seededLow = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE id = ANY($1::int[]) AND status = '低效'`, [
      seeded,
    ])
    expect(seededLow.n).toBe(0)
  })
})
