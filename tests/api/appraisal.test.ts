/**
 * 亩均效益评价 end to end over HTTP (issue 15): a run of five 规下 enterprises of an otherwise empty county
 * reproduces hand-computed scores and classes (quota and threshold rules, the cap, the 1 万元/亩 D
 * trigger, 加分/减分 and 一票否决); the batch goes 公示 → 异议 → 发布 with an upheld objection and a
 * corrected input — the model in force once 经信科长 approves it, the objection decided and the batch
 * published by 经信科长 after the 公示期 (the clock moved by the test-only clock); published classes do not move when land is recovered later; bad input is refused
 * with the field and rule and nothing written; grants and the region scope hold.
 *
 * Fixture (each enterprise reports 10 亩): 亩均税收 10 / 5 / 4 / 2 / 0.5, 亩均营业收入 100 / 50 / 40 / 20 / 200.
 * Medians 4 and 50; scores 60 × min(x ÷ 4, 1.5) + 40 × min(y ÷ 50, 1.5) = 150 / 115 / 92 / 46 / 67.5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppraisalBatch, AppraisalResultRow } from '../../src/domain/contracts/appraisal'
import type { Page } from '../../src/domain/contracts/envelope'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'
import { addDays, windowEnd } from '../../src/domain/work-calendar'
import { todayInProductZone } from '../../src/domain/today'

const M2_PER_MU = 10000 / 15
let s: TestServer
let admin: string
let econ: string
let econlead: string
let year: number
let county: string
/** fixture enterprise ids, in the order of the table above */
let ids: number[] = []
let batchId: number

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

beforeAll(async () => {
  s = await startServer({ TEST_CLOCK: true })
  admin = await s.login('admin', 'Admin@2026')
  econ = await s.login('econ', 'Econ@2026')
  econlead = await s.login('econlead', 'Econlead@2026')
  year = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
  county = (
    await one<{ code: string }>(
      `SELECT r.code FROM region r WHERE r.level = 'county' AND r.code LIKE '33%' AND NOT EXISTS (SELECT 1 FROM enterprise e WHERE e.county_code = r.code)
       ORDER BY r.code LIMIT 1`,
    )
  ).code
  const city = (await one<{ parent: string }>('SELECT parent_code AS parent FROM region WHERE code = $1', [county])).parent
  const fixture: [number, number][] = [
    [10, 100],
    [5, 50],
    [4, 40],
    [2, 20],
    [0.5, 200],
  ]
  ids = []
  for (const [i, [tax, revenue]] of fixture.entries()) {
    const e = await one<{ id: number }>(
      `INSERT INTO enterprise (credit_code, name, industry_code, scale, province_code, city_code, county_code)
       VALUES ($1, $2, 'C34', '规下', '330000', $3, $4) RETURNING id`,
      [`9133000000000${String(i).padStart(5, '0')}`, `评价测试企业${i + 1}`, city, county],
    )
    await s.db.query(
      `INSERT INTO enterprise_yearly (enterprise_id, year, tax, value_added, revenue, employees, land_area_m2) VALUES ($1, $2, $3, $4, $5, 10, $6)`,
      [e.id, year, tax * 10, revenue * 3, revenue * 10, 10 * M2_PER_MU],
    )
    ids.push(e.id)
  }
})
afterAll(() => s?.close())

const list = async (token = econ) =>
  (await s.get<Page<AppraisalResultRow>>(`/api/appraiseResult/list?year=${year}&batchId=${batchId}&page=1&pageSize=50`, token)).body.data
    .list
const classes = (rows: AppraisalResultRow[]) => ids.map((id) => rows.find((r) => r.enterpriseId === id)?.class)

describe('试算', () => {
  it('scores, ranks and classes the fixture as computed by hand (quota: A top 20 %, D under 1 万元/亩)', async () => {
    const r = await s.postJson<AppraisalBatch>('/api/appraiseResult/run', { countyCode: county, year }, econ)
    expect([r.status, r.body.message]).toEqual([200, '已试算 5 家企业：A类 1、B类 2、C类 1、D类 1'])
    batchId = r.body.data.id
    expect([r.body.data.state, r.body.data.version]).toEqual(['试算', 1])
    const rows = await list()
    expect(rows.map((x) => [x.enterpriseId, x.rank])).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
      [ids[4], 4],
      [ids[3], 5],
    ])
    const totals = ids.map((id) => rows.find((x) => x.enterpriseId === id)!.total)
    ;[150, 115, 92, 46, 67.5].forEach((t, i) => expect(totals[i]).toBeCloseTo(t, 9))
    expect(classes(rows)).toEqual(['A', 'B', 'B', 'C', 'D'])
    const first = rows[0]
    expect(first.scores.taxPerMu.score).toBeCloseTo(90, 9) // capped at 1.5 × 60
    expect(first.scores.taxPerMu.benchmark).toBeCloseTo(4, 9)
    expect(first.values.taxPerMu).toBeCloseTo(10, 9)
    expect(rows.find((x) => x.enterpriseId === ids[4])!.reason).toBe('亩均税收 0.50 万元/亩，低于 1 万元/亩')
  })

  it('refuses a model whose weights do not total 100, naming the total, and writes nothing', async () => {
    const bad = await s.postJson(
      '/api/appraiseNorm/modelSave',
      {
        countyCode: county,
        scale: '规下',
        effectiveYear: year,
        indicators: [
          { key: 'taxPerMu', weight: 60 },
          { key: 'revenuePerMu', weight: 30 },
        ],
        rule: { mode: 'quota', a: 20, b: 40, d: 5 },
      },
      econ,
    )
    expect([bad.status, bad.body.message, bad.body.details?.[0].field]).toEqual([400, '指标权重合计应为100，当前为90', 'indicators'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_model')).n).toBe(0)
  })

  it('classes by score thresholds under a saved model version, with 加分/减分 and 一票否决', async () => {
    const saved = await s.postJson<{ id: number; version: number }>(
      '/api/appraiseNorm/modelSave',
      {
        countyCode: county,
        scale: '规下',
        effectiveYear: year,
        indicators: [
          { key: 'taxPerMu', weight: 60 },
          { key: 'revenuePerMu', weight: 40 },
        ],
        bonus: [
          { name: '高新技术企业', points: 5 },
          { name: '违法用地', points: -10 },
        ],
        vetoes: ['重大安全事故'],
        rule: { mode: 'threshold', a: 100, b: 80, c: 60 },
      },
      econ,
    )
    expect([saved.status, saved.body.data.version]).toEqual([200, 1])
    // in force once 经信科长 approves it (issue 28)
    expect(
      (await s.postJson('/api/appraiseApprove/decide', { kind: 'model', id: saved.body.data.id, decision: '通过' }, econlead)).status,
    ).toBe(200)
    // 企业2 违法用地 (115 − 10 = 105, still A), 企业3 高新 (92 + 5 = 97, B), 企业1 重大安全事故 (D whatever its 150)
    await s.db.query(
      `INSERT INTO appraisal_event (enterprise_id, year, name) VALUES ($1, $4, '重大安全事故'), ($2, $4, '违法用地'), ($3, $4, '高新技术企业')`,
      [ids[0], ids[1], ids[2], year],
    )
    const r = await s.postJson<AppraisalBatch>('/api/appraiseResult/run', { countyCode: county, year }, econ)
    expect(r.body.data.id).toBe(batchId)
    const rows = await list()
    expect(classes(rows)).toEqual(['D', 'A', 'B', 'D', 'D'])
    const byId = (id: number) => rows.find((x) => x.enterpriseId === id)!
    expect(byId(ids[0]).reason).toBe('一票否决：重大安全事故')
    expect(byId(ids[1]).total).toBeCloseTo(105, 9)
    expect(byId(ids[1]).adjustments).toEqual([{ name: '违法用地', points: -10 }])
    expect(byId(ids[2]).total).toBeCloseTo(97, 9)
    expect(byId(ids[3]).reason).toBe('综合得分 46.00，按分数线（A≥100、B≥80、C≥60）评为D类')
  })
})

describe('公示 → 异议 → 发布', () => {
  it('opens 公示; an objection is upheld with a corrected tax, the batch re-runs, and 发布 waits for every review', async () => {
    const early = await s.postJson('/api/appraiseResult/publish', { batchId }, econlead)
    expect([early.status, early.body.details?.[0].field, early.body.message]).toEqual([409, 'batchId', '批次尚未公示，请先公示再发布'])
    const start = todayInProductZone()
    const end = addDays(windowEnd(start, 5, new Map()), 14) // five working days whatever the holidays
    const pub = await s.postJson<AppraisalBatch>('/api/appraiseResult/publicity', { batchId, start, end }, econ)
    expect([pub.status, pub.body.data.state]).toEqual([200, '公示'])
    const obj = await s.postJson<{ id: number }>(
      '/api/appraiseResult/objection/add',
      { batchId, enterpriseId: ids[3], content: '税务部门漏报第四季度实缴税金', attachments: [] },
      econ,
    )
    expect(obj.status).toBe(200)
    await s.call(
      '/api/test/clock',
      { method: 'PUT', body: JSON.stringify({ today: addDays(end, 1) }), headers: { 'Content-Type': 'application/json' } },
      admin,
    )
    const blocked = await s.postJson('/api/appraiseResult/publish', { batchId }, econlead)
    expect([blocked.status, blocked.body.message]).toEqual([422, '尚有1件异议未审核，请审核后再发布'])
    // 企业4's 亩均税收 2 → 9 moves the median to 5: 企业4 60 × 1.5 + 40 × 20/50 = 106 → A; 企业2 60 + 40 − 10 = 90 → B;
    // 企业3 60 × 0.8 + 40 × 0.8 + 5 = 85 → B
    const review = await s.postJson<AppraisalBatch>(
      '/api/appraiseResult/objection/review',
      { id: obj.body.data.id, decision: '采纳', note: '经税务部门核实补报', correction: { item: 'tax', value: 90 } },
      econlead, // econ registered it: another account decides (issue 28)
    )
    expect([review.status, review.body.data.state]).toEqual([200, '异议'])
    const rows = await list()
    expect(rows.find((x) => x.enterpriseId === ids[3])!.total).toBeCloseTo(106, 9)
    expect(classes(rows)).toEqual(['D', 'B', 'B', 'A', 'D'])
    const hist = (
      await s.get<{ history: { oldValue: number; newValue: number; reason: string }[] }>(
        `/api/companyAppraise/inputs?enterpriseId=${ids[3]}&year=${year}`,
        econ,
      )
    ).body.data.history
    expect(hist).toMatchObject([{ oldValue: 20, newValue: 90, reason: '异议采纳：经税务部门核实补报' }])
    // econlead's 采纳 re-ran the batch: for 四眼 it ran the 试算 it would publish
    const own = await s.postJson('/api/appraiseResult/publish', { batchId }, econlead)
    expect([own.status, own.body.message]).toEqual([
      422,
      '本批次的试算由本账号办理，不能再由本账号发布；请由另一名有评价审定权限的人员发布（四眼原则）',
    ])
    const done = await s.postJson<AppraisalBatch>('/api/appraiseResult/publish', { batchId }, admin)
    expect([done.status, done.body.data.state]).toEqual([200, '发布'])
    // the published classes are the classes every consumer reads
    const view = await s.db.query<{ enterprise_id: number; class: string }>(
      'SELECT enterprise_id, class FROM enterprise_appraisal_yearly WHERE year = $1 AND enterprise_id = ANY($2::int[])',
      [year, ids],
    )
    expect(ids.map((id) => view.rows.find((x) => x.enterprise_id === id)?.class)).toEqual(['D', 'B', 'B', 'A', 'D'])
    const late = await s.postJson('/api/appraiseResult/objection/add', { batchId, enterpriseId: ids[0], content: '对一票否决有异议' }, econ)
    expect([late.status, late.body.details?.[0].field, late.body.message]).toEqual([409, 'batchId', '批次已发布，不能再提出异议'])
    const ops = await one<{ n: number }>(`SELECT count(*)::int AS n FROM operation_log WHERE module = '亩均效益评价'`)
    expect(ops.n).toBeGreaterThanOrEqual(8)
  })

  it('keeps published results frozen: a later correction changes nothing until a new version, which needs a reason', async () => {
    // the year is closed: the correction waits for 评价审定 and is written once another account approves it
    const filed = await s.postJson<{ status: string; restatementId: number }>(
      '/api/companyAppraise/correction',
      { enterpriseId: ids[0], year, item: 'tax', value: 1, reason: '补正' },
      econ,
    )
    expect(filed.body.data.status).toBe('待审定')
    const approved = await s.postJson(
      '/api/appraiseApprove/decide',
      { kind: 'restatement', id: filed.body.data.restatementId, decision: '通过' },
      econlead,
    )
    expect(approved.status).toBe(200)
    const view = await one<{ class: string }>('SELECT class FROM enterprise_appraisal_yearly WHERE year = $1 AND enterprise_id = $2', [
      year,
      ids[0],
    ])
    expect(view.class).toBe('D')
    const noReason = await s.postJson('/api/appraiseResult/run', { countyCode: county, year }, econ)
    expect([noReason.status, noReason.body.details?.[0].field]).toEqual([400, 'reason'])
    const v2 = await s.postJson<AppraisalBatch>('/api/appraiseResult/run', { countyCode: county, year, reason: '税务数据更正' }, econ)
    expect([v2.status, v2.body.data.version, v2.body.data.state, v2.body.data.reason]).toEqual([200, 2, '试算', '税务数据更正'])
    expect(
      (await s.get<AppraisalBatch[]>(`/api/appraiseResult/batches?year=${year}&regionCode=${county}`, econ)).body.data.map((b) => [
        b.version,
        b.state,
      ]),
    ).toEqual([
      [2, '试算'],
      [1, '发布'],
    ])
  })

  it('keeps a published D class when the enterprise’s land is recovered later', async () => {
    const d = await one<{ id: number; y: number }>(
      `SELECT a.enterprise_id AS id, a.year::int AS y FROM enterprise_appraisal_yearly a
       WHERE a.class = 'D' AND a.year = $1 AND EXISTS (SELECT 1 FROM parcel p WHERE p.enterprise_id = a.enterprise_id AND NOT p.deleted AND p.status <> '已收回')
       ORDER BY 1 LIMIT 1`,
      [year - 1],
    )
    const before = (
      await s.db.query<{ year: number; class: string }>(
        'SELECT year::int AS year, class FROM enterprise_appraisal_yearly WHERE enterprise_id = $1 ORDER BY 1',
        [d.id],
      )
    ).rows
    await s.db.query(`UPDATE parcel SET status = '已收回', recovered_date = make_date($2, 1, 15) WHERE enterprise_id = $1`, [
      d.id,
      year - 1,
    ])
    const after = (
      await s.db.query<{ year: number; class: string }>(
        'SELECT year::int AS year, class FROM enterprise_appraisal_yearly WHERE enterprise_id = $1 ORDER BY 1',
        [d.id],
      )
    ).rows
    expect(after).toEqual(before)
    expect(after.find((x) => x.year === d.y)!.class).toBe('D')
  })
})

describe('bad input', () => {
  it('refuses a negative tax, a correction without a reason and a year outside the year list; nothing is written', async () => {
    const n0 = (await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_input_correction')).n
    const neg = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ids[1], year, item: 'tax', value: -5, reason: '更正' },
      econ,
    )
    expect([neg.status, neg.body.details?.[0]]).toEqual([400, { field: 'value', message: '实缴税金不能为负数' }])
    const noReason = await s.postJson('/api/companyAppraise/correction', { enterpriseId: ids[1], year, item: 'tax', value: 5 }, econ)
    expect([noReason.status, noReason.body.details?.[0].field]).toEqual([400, 'reason'])
    const blank = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ids[1], year, item: 'tax', value: 5, reason: '  ' },
      econ,
    )
    expect([blank.status, blank.body.details?.[0].field]).toEqual([400, 'reason'])
    const oldYear = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ids[1], year: 1999, item: 'tax', value: 5, reason: '更正' },
      econ,
    )
    expect([oldYear.status, oldYear.body.details?.[0].field]).toEqual([400, 'year'])
    expect(oldYear.body.message).toContain('1999 不在其中')
    expect((await s.get(`/api/appraiseResult/list?year=1999&page=1&pageSize=10`, econ)).status).toBe(400)
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_input_correction')).n).toBe(n0)
    expect(
      (await one<{ tax: number }>('SELECT tax FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2', [ids[1], year])).tax,
    ).toBe(50)
  })

  it('refuses a benchmark of 0 and fills norms from the county median', async () => {
    const zero = await s.postJson(
      '/api/appraiseNorm/save',
      { countyCode: county, year, division: 'C34', indicator: 'taxPerMu', value: 0 },
      econ,
    )
    expect([zero.status, zero.body.details?.[0]]).toEqual([400, { field: 'value', message: '基准值 value 应大于0' }])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_norm')).n).toBe(0)
    const filled = await s.postJson<{ count: number }>('/api/appraiseNorm/median', { countyCode: county, year }, econ)
    expect(filled.status).toBe(200)
    // a change 待审定 until 经信科长 approves it (issue 28)
    const change = await one<{ id: number }>(`SELECT id FROM appraisal_norm_change WHERE county_code = $1 AND status = '待审定'`, [county])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_norm')).n).toBe(0)
    expect((await s.postJson('/api/appraiseApprove/decide', { kind: 'norm', id: change.id, decision: '通过' }, econlead)).status).toBe(200)
    const norms = (
      await s.get<Page<{ division: string; indicator: string; value: number }>>(
        `/api/appraiseNorm/list?year=${year}&regionCode=${county}&page=1&pageSize=20`,
        econ,
      )
    ).body.data
    expect(norms.total).toBe(filled.body.data.count)
    // 亩均税收 of C34 in the county now: 0.1 (企业1 corrected to 1 万元), 5, 4, 9, 0.5 → median 4
    expect(norms.list.find((x) => x.indicator === 'taxPerMu')!.value).toBeCloseTo(4, 9)
  })
})

describe('差别化政策', () => {
  type Row = { enterpriseId: number; class: string; electricitySurcharge: number; landTaxRelief: number; newLand: string }
  const policyList = async () =>
    (await s.get<Page<Row>>(`/api/appraiseResult/policyList?year=${year}&regionCode=${county}&page=1&pageSize=50`, econ)).body.data

  it('lists each enterprise’s published class with its terms, built-in until the county saves its own', async () => {
    const before = await policyList()
    expect(before.total).toBe(5)
    expect(ids.map((id) => before.list.find((r) => r.enterpriseId === id)!.class)).toEqual(['D', 'B', 'B', 'A', 'D'])
    const d = before.list.find((r) => r.enterpriseId === ids[0])!
    expect([d.electricitySurcharge, d.landTaxRelief, d.newLand]).toEqual([0.1, 0, '禁止'])
    const terms = {
      electricitySurcharge: 0.3,
      waterSurcharge: 1,
      emissionFeeFactor: 2,
      landTaxRelief: 0,
      newLand: '禁止',
      energyQuota: '禁止',
      credit: '压缩退出',
    }
    const saved = await s.postJson('/api/appraiseResult/policySave', { countyCode: county, year, class: 'D', ...terms }, econ)
    expect([saved.status, saved.body.message]).toEqual([200, '已保存D类企业的差别化政策'])
    const after = await policyList()
    expect(after.list.filter((r) => r.class === 'D').map((r) => r.electricitySurcharge)).toEqual([0.3, 0.3])
    expect(after.list.find((r) => r.class === 'A')!.landTaxRelief).toBe(100)
    const rules = (
      await s.get<{ class: string; saved: boolean }[]>(`/api/appraiseResult/policyRules?countyCode=${county}&year=${year}`, econ)
    ).body.data
    expect(rules.map((r) => [r.class, r.saved])).toEqual([
      ['A', false],
      ['B', false],
      ['C', false],
      ['D', true],
    ])
    const bad = await s.postJson(
      '/api/appraiseResult/policySave',
      { countyCode: county, year, class: 'C', ...terms, electricitySurcharge: -0.1 },
      econ,
    )
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'electricitySurcharge'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_policy')).n).toBe(1)
    const xlsx = await s.call(`/api/appraiseResult/policyExport?year=${year}&regionCode=${county}`, { method: 'GET' }, econ)
    expect(xlsx.status).toBe(200)
  })
})

describe('grants and scope', () => {
  it('gives a clerk 403 and keeps another county’s batches out of a county user’s reach', async () => {
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await s.get(`/api/appraiseResult/list?year=${year}&page=1&pageSize=10`, clerk)).status).toBe(403)
    expect((await s.postJson('/api/appraiseResult/run', { countyCode: county, year }, clerk)).status).toBe(403)
    const other = await one<{ code: string }>(
      `SELECT county_code AS code FROM enterprise WHERE county_code IS NOT NULL AND county_code <> $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      [county],
    )
    const role = await one<{ id: number }>(`INSERT INTO role(name, code) VALUES ('评价员', 'APPRAISE') RETURNING id`)
    await s.db.query(`INSERT INTO role_menu(role_id, menu_id) SELECT $1, id FROM menu WHERE menu_route LIKE '/enterprise/appraise/%'`, [
      role.id,
    ])
    const { token } = await makeUser(s, admin, { username: 'appraise_other', regionCode: other.code, roleIds: [role.id] })
    expect((await s.get(`/api/appraiseResult/detail?batchId=${batchId}&enterpriseId=${ids[0]}`, token)).status).toBe(404)
    expect((await s.postJson('/api/appraiseResult/run', { countyCode: county, year }, token)).status).toBe(403)
    const mine = (await s.get<Page<AppraisalResultRow>>(`/api/appraiseResult/list?year=${year}&page=1&pageSize=500`, token)).body.data
    expect(mine.total).toBeGreaterThan(0)
    expect(mine.list.some((x) => ids.includes(x.enterpriseId))).toBe(false)
    const batches = (await s.get<AppraisalBatch[]>(`/api/appraiseResult/batches?year=${year}`, token)).body.data
    expect(new Set(batches.map((b) => b.countyCode))).toEqual(new Set([other.code]))
  })
})
