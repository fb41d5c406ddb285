/**
 * Due process of 亩均评价 (issue 28) over HTTP: 公示 by the working-day calendar (发布 refused for
 * everyone until the window has ended, 异议 until it ends), 四眼 (发布 never by whoever ran the 试算 or
 * opened the 公示, an 异议 never decided by whoever registered it, model and norm changes in force only
 * once another account approves them), the enterprise account's own result and 异议, and the 办理记录.
 * The product's calendar is moved through the test-only clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppraisalBatch, PendingApproval } from '../../src/domain/contracts/appraisal'
import { addDays, windowEnd } from '../../src/domain/work-calendar'
import { todayInProductZone } from '../../src/domain/today'
import { parseEnv } from '../../src/server/env'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin: string
let econ: string
let econlead: string
let ent: string
/** the demo 公示: 上城区's past year re-appraised and put to 公示 on the day the demo was made */
let demo: AppraisalBatch
let entEnterprise: number

const today = todayInProductZone()
const setToday = (day: string | null) =>
  s.call('/api/test/clock', { method: 'PUT', body: JSON.stringify({ today: day }), headers: { 'Content-Type': 'application/json' } }, admin)

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

beforeAll(async () => {
  s = await startServer({ TEST_CLOCK: true })
  admin = await s.login('admin', 'Admin@2026')
  econ = await s.login('econ', 'Econ@2026')
  econlead = await s.login('econlead', 'Econlead@2026')
  ent = await s.login('ent', 'Ent@2026')
  const open = (await s.get<AppraisalBatch[]>('/api/appraiseResult/batches', econ)).body.data.filter((b) => b.state === '公示')
  expect(open).toHaveLength(1)
  demo = open[0]
  entEnterprise = (await one<{ id: number }>(`SELECT enterprise_id AS id FROM app_user WHERE username = 'ent'`)).id
})
afterAll(() => s?.close())

describe('公示 by the calendar', () => {
  it('opened the demo 公示 today for five working days, counted on the holiday table', () => {
    expect(demo.publicityStart).toBe(today)
    // the window the seed computed is the calendar's: at least 5 working days, ending on a working day
    expect(demo.publicityEnd! >= addDays(today, 4)).toBe(true)
    expect(demo.publishFrom).toBe(addDays(demo.publicityEnd!, 1))
  })

  it('refuses 发布 during 公示 for everyone, naming the first day it is allowed, and changes nothing', async () => {
    for (const token of [econlead, admin]) {
      const r = await s.postJson('/api/appraiseResult/publish', { batchId: demo.id }, token)
      const [y, m, d] = demo.publishFrom!.split('-').map(Number)
      expect([r.status, r.body.details?.[0].field]).toEqual([422, 'batchId'])
      expect(r.body.message).toContain(`${y}年${m}月${d}日起才能发布`)
    }
    expect((await one<{ state: string }>('SELECT state FROM appraisal_batch WHERE id = $1', [demo.id])).state).toBe('公示')
  })

  it('refuses a window shorter than the 公示期 in working days, or one that starts in the past', async () => {
    const county = (
      await one<{ code: string }>(
        `SELECT b.county_code AS code FROM appraisal_batch b WHERE b.state = '发布' AND b.county_code <> $1
         AND NOT EXISTS (SELECT 1 FROM appraisal_batch o WHERE o.county_code = b.county_code AND o.year = b.year AND o.state IN ('试算', '公示', '异议'))
         ORDER BY b.year DESC, b.county_code LIMIT 1`,
        [demo.countyCode],
      )
    ).code
    const run = await s.postJson<AppraisalBatch>('/api/appraiseResult/run', { countyCode: county, year: demo.year, reason: '复核' }, econ)
    expect(run.status).toBe(200)
    // 2026-09-30 (Wednesday) to 2026-10-09: the 国庆 holidays leave 3 working days (9-30, 10-08, 10-09)
    await setToday('2026-09-30')
    const short = await s.postJson(
      '/api/appraiseResult/publicity',
      { batchId: run.body.data.id, start: '2026-09-30', end: '2026-10-09' },
      econ,
    )
    expect([short.status, short.body.details?.[0].field]).toEqual([400, 'end'])
    expect(short.body.message).toBe('公示期至少5个工作日（节假日不计），2026年9月30日开始的公示最早于2026年10月13日结束，当前只有3个工作日')
    const past = await s.postJson(
      '/api/appraiseResult/publicity',
      { batchId: run.body.data.id, start: '2026-09-29', end: '2026-10-20' },
      econ,
    )
    expect([past.status, past.body.details?.[0].field]).toEqual([400, 'start'])
    const fine = await s.postJson<AppraisalBatch>(
      '/api/appraiseResult/publicity',
      { batchId: run.body.data.id, start: '2026-09-30', end: '2026-10-13' },
      econ,
    )
    expect([fine.status, fine.body.data.state, fine.body.data.publishFrom]).toEqual([200, '公示', '2026-10-14'])
    // after the window: econ (no 审定 grant) 403; econlead who neither ran nor opened it publishes
    await setToday('2026-10-14')
    expect((await s.postJson('/api/appraiseResult/publish', { batchId: run.body.data.id }, econ)).status).toBe(403)
    const done = await s.postJson<AppraisalBatch>('/api/appraiseResult/publish', { batchId: run.body.data.id }, econlead)
    expect([done.status, done.body.data.state, done.body.data.publishedBy, done.body.data.runBy]).toEqual([
      200,
      '发布',
      '钱经信科长',
      '孙经信',
    ])
    await setToday(null)
  })
})

describe('the enterprise’s own result and 异议', () => {
  it('shows the enterprise account its own result in 公示 with the inputs by source, and nothing of another enterprise', async () => {
    const mine = await s.get<
      {
        batch: AppraisalBatch
        result: { enterpriseId: number; class: string; total: number }
        items: { item: string; source: string; value: number | null }[]
      }[]
    >('/api/company/appraise/mine', ent)
    expect(mine.status).toBe(200)
    const inPublicity = mine.body.data.find((x) => x.batch.id === demo.id)!
    expect(inPublicity.result.enterpriseId).toBe(entEnterprise)
    const row = await one<{ class: string; total: number }>(
      'SELECT class, total FROM appraisal_result WHERE batch_id = $1 AND enterprise_id = $2',
      [demo.id, entEnterprise],
    )
    expect([inPublicity.result.class, inPublicity.result.total]).toEqual([row.class, row.total])
    expect(inPublicity.items.find((i) => i.item === 'tax')?.source).toBe('税务')
    expect(new Set(mine.body.data.map((x) => x.result.enterpriseId))).toEqual(new Set([entEnterprise]))
    // the officials' reads of results and details are not the enterprise's
    const other = await one<{ id: number }>(
      'SELECT enterprise_id AS id FROM appraisal_result WHERE batch_id = $1 AND enterprise_id <> $2 LIMIT 1',
      [demo.id, entEnterprise],
    )
    expect((await s.get(`/api/appraiseResult/detail?batchId=${demo.id}&enterpriseId=${other.id}`, ent)).status).toBe(403)
    expect((await s.get(`/api/appraiseResult/list?batchId=${demo.id}`, ent)).status).toBe(403)
    // an official has no enterprise page
    expect((await s.get('/api/company/appraise/mine', econ)).status).toBe(403)
  })

  it('takes the enterprise’s 异议 with an attachment; econ decides it; an 异议 econ registered is decided by another account', async () => {
    const form = new FormData()
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.4\n% 2025年第四季度完税证明\n%%EOF\n')], { type: 'application/pdf' }),
      '完税证明.pdf',
    )
    const up = await s.call<{ id: number }>('/api/company/appraise/upload', { method: 'POST', body: form }, ent)
    expect(up.status).toBe(200)
    const filed = await s.postJson<{ id: number }>(
      '/api/company/appraise/objection',
      { batchId: demo.id, content: '第四季度实缴税金漏报', attachments: [up.body.data.id] },
      ent,
    )
    expect(filed.status).toBe(200)
    const o = await one<{ channel: string; enterprise_id: number; state: string }>(
      'SELECT channel, enterprise_id, state FROM appraisal_objection WHERE id = $1',
      [filed.body.data.id],
    )
    expect(o).toEqual({ channel: '企业', enterprise_id: entEnterprise, state: '待审' })
    const listed = await s.get<{ id: number; channel: string; createdUserId: number }[]>(
      `/api/appraiseResult/objections?batchId=${demo.id}`,
      econ,
    )
    const entUser = await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'ent'`)
    expect(listed.body.data.find((x) => x.id === filed.body.data.id)).toMatchObject({ channel: '企业', createdUserId: entUser.id })
    // 代登记 by econ: econ cannot decide it, econlead can
    const other = await one<{ id: number }>(
      'SELECT enterprise_id AS id FROM appraisal_result WHERE batch_id = $1 AND enterprise_id <> $2 ORDER BY rank LIMIT 1',
      [demo.id, entEnterprise],
    )
    const paper = await s.postJson<{ id: number }>(
      '/api/appraiseResult/objection/add',
      { batchId: demo.id, enterpriseId: other.id, content: '企业书面异议：用地面积有误' },
      econ,
    )
    const self = await s.postJson(
      '/api/appraiseResult/objection/review',
      { id: paper.body.data.id, decision: '维持', note: '经核实无误' },
      econ,
    )
    expect([self.status, self.body.message]).toEqual([422, '异议由本账号代为登记，不能由本账号审核；请由经信科其他人员审核（四眼原则）'])
    expect(
      (await s.postJson('/api/appraiseResult/objection/review', { id: paper.body.data.id, decision: '维持', note: '经核实无误' }, econlead))
        .status,
    ).toBe(200)
    const decided = await s.postJson(
      '/api/appraiseResult/objection/review',
      { id: filed.body.data.id, decision: '维持', note: '税务部门核实：已按全年实缴税金计算' },
      econ,
    )
    expect(decided.status).toBe(200)
    const seen = await s.get<
      { batch: AppraisalBatch; objections: { state: string; decision: string; channel: string; attachments: { name: string }[] }[] }[]
    >('/api/company/appraise/mine', ent)
    const mineNow = seen.body.data.find((x) => x.batch.id === demo.id)!
    expect(mineNow.objections).toEqual([
      expect.objectContaining({
        state: '维持',
        decision: '税务部门核实：已按全年实缴税金计算',
        channel: '企业',
        attachments: [expect.objectContaining({ name: '完税证明.pdf' })],
      }),
    ])
    // the enterprise's 异议 on another enterprise is impossible: it names no enterprise, the server takes its own
    const steps = await s.get<{ action: string; actor: string; to: string }[]>(
      `/api/appraiseApprove/steps?subject=objection&id=${filed.body.data.id}`,
      econ,
    )
    expect(steps.body.data.map((x) => [x.action, x.to])).toEqual([
      ['企业提出异议', '待审'],
      ['审核：维持', '维持'],
    ])
  })

  it('refuses an 异议 after the window and publishes after it by econlead only; the 办理记录 shows every step', async () => {
    await setToday(demo.publishFrom)
    const late = await s.postJson('/api/company/appraise/objection', { batchId: demo.id, content: '补充异议' }, ent)
    expect([late.status, late.body.message]).toEqual([
      422,
      `公示期已于${demo.publicityEnd!.replace(/^(\d+)-0?(\d+)-0?(\d+)$/, '$1年$2月$3日')}结束，不能再提出异议`,
    ])
    expect((await s.postJson('/api/appraiseResult/publish', { batchId: demo.id }, econ)).status).toBe(403)
    const pub = await s.postJson<AppraisalBatch>('/api/appraiseResult/publish', { batchId: demo.id }, econlead)
    expect([pub.status, pub.body.data.state]).toEqual([200, '发布'])
    await setToday(null)
    const steps = await s.get<{ action: string; actor: string; from: string; to: string }[]>(
      `/api/appraiseApprove/steps?subject=appraisal_batch&id=${demo.id}`,
      econ,
    )
    expect(steps.body.data.map((x) => [x.action, x.actor, x.to])).toEqual([
      ['试算', '孙经信', '试算'],
      ['公示', '孙经信', '公示'],
      ['企业提出异议', expect.stringContaining('联系人'), '异议'],
      ['发布（审定）', '钱经信科长', '发布'],
    ])
  })

  it('refuses a publisher who ran the 试算 after the window', async () => {
    const county = (
      await one<{ code: string }>(
        `SELECT b.county_code AS code FROM appraisal_batch b WHERE b.state = '发布' AND b.year = $1
         AND NOT EXISTS (SELECT 1 FROM appraisal_batch o WHERE o.county_code = b.county_code AND o.year = b.year AND o.version > b.version)
         ORDER BY b.county_code DESC LIMIT 1`,
        [demo.year],
      )
    ).code
    const run = await s.postJson<AppraisalBatch>(
      '/api/appraiseResult/run',
      { countyCode: county, year: demo.year, reason: '科长复核' },
      econlead,
    )
    const end = windowEnd(today, 5, new Map())
    await s.postJson('/api/appraiseResult/publicity', { batchId: run.body.data.id, start: today, end: addDays(end, 14) }, econ)
    await setToday(addDays(end, 15))
    const own = await s.postJson('/api/appraiseResult/publish', { batchId: run.body.data.id }, econlead)
    expect([own.status, own.body.message]).toEqual([
      422,
      '本批次的试算由本账号办理，不能再由本账号发布；请由另一名有评价审定权限的人员发布（四眼原则）',
    ])
    expect((await s.postJson('/api/appraiseResult/publish', { batchId: run.body.data.id }, admin)).status).toBe(200)
    await setToday(null)
  })
})

describe('model and norm changes need another account’s 审定', () => {
  it('keeps a model draft out of force until econlead approves it; its author cannot', async () => {
    const county = demo.countyCode
    const before = (
      await s.get<{ models: { version: number | null }[] }>(`/api/appraiseNorm/models?year=${demo.year}&countyCode=${county}`, econ)
    ).body.data.models
    const saved = await s.postJson<{ id: number; version: number }>(
      '/api/appraiseNorm/modelSave',
      {
        countyCode: county,
        scale: '规下',
        effectiveYear: demo.year,
        indicators: [
          { key: 'taxPerMu', weight: 70 },
          { key: 'revenuePerMu', weight: 30 },
        ],
        rule: { mode: 'quota', a: 20, b: 40, d: 5 },
        note: '提高亩均税收权重',
      },
      econ,
    )
    expect([saved.status, saved.body.message]).toEqual([
      200,
      `已提交规下评价模型第${saved.body.data.version}版（${demo.year}年起），待评价审定后生效`,
    ])
    const during = (
      await s.get<{ models: { version: number | null }[] }>(`/api/appraiseNorm/models?year=${demo.year}&countyCode=${county}`, econ)
    ).body.data.models
    expect(during).toEqual(before)
    const pending = (await s.get<PendingApproval[]>('/api/appraiseApprove/pending', econlead)).body.data.find(
      (p) => p.kind === 'model' && p.id === saved.body.data.id,
    )!
    expect(pending.diff).toEqual(expect.arrayContaining([{ what: '亩均税收权重', before: '60', after: '70' }]))
    expect(pending.own).toBe(false)
    expect(
      (await s.postJson('/api/appraiseApprove/decide', { kind: 'model', id: saved.body.data.id, decision: '通过' }, econ)).status,
    ).toBe(403)
    const ok = await s.postJson(
      '/api/appraiseApprove/decide',
      { kind: 'model', id: saved.body.data.id, decision: '通过', note: '同意' },
      econlead,
    )
    expect(ok.status).toBe(200)
    const after = (
      await s.get<{ models: { version: number | null; spec: { scale: string; indicators: { key: string; weight: number }[] } }[] }>(
        `/api/appraiseNorm/models?year=${demo.year}&countyCode=${county}`,
        econ,
      )
    ).body.data.models
    expect(after.find((m) => m.spec.scale === '规下')!.spec.indicators).toEqual([
      { key: 'taxPerMu', weight: 70 },
      { key: 'revenuePerMu', weight: 30 },
    ])
    // econlead's own draft: econlead cannot approve it
    const mine = await s.postJson<{ id: number }>(
      '/api/appraiseNorm/modelSave',
      {
        countyCode: county,
        scale: '规下',
        effectiveYear: demo.year,
        indicators: [{ key: 'taxPerMu', weight: 100 }],
        rule: { mode: 'quota', a: 20, b: 40, d: 5 },
      },
      econlead,
    )
    const self = await s.postJson('/api/appraiseApprove/decide', { kind: 'model', id: mine.body.data.id, decision: '通过' }, econlead)
    expect([self.status, self.body.message]).toEqual([422, '本账号提交了该模型，不能再审定；请由另一名有审定权限的人员审定（四眼原则）'])
  })

  it('applies a norm change only on approval, and a 退回 needs a reason and applies nothing', async () => {
    const county = demo.countyCode
    const norm = { countyCode: county, year: demo.year, division: 'C34', indicator: 'taxPerMu', value: 7.25 }
    const value = async () =>
      (
        await one<{ v: number | null }>(
          'SELECT (SELECT value FROM appraisal_norm WHERE county_code = $1 AND year = $2 AND division = $3 AND indicator = $4) AS v',
          [county, demo.year, 'C34', 'taxPerMu'],
        )
      ).v
    const was = await value()
    const saved = await s.postJson<{ changeId: number }>('/api/appraiseNorm/save', norm, econ)
    expect(saved.status).toBe(200)
    expect(await value()).toBe(was)
    const noReason = await s.postJson(
      '/api/appraiseApprove/decide',
      { kind: 'norm', id: saved.body.data.changeId, decision: '退回' },
      econlead,
    )
    expect([noReason.status, noReason.body.details?.[0].field]).toEqual([400, 'note'])
    const ok = await s.postJson('/api/appraiseApprove/decide', { kind: 'norm', id: saved.body.data.changeId, decision: '通过' }, econlead)
    expect(ok.status).toBe(200)
    expect(await value()).toBe(7.25)
    const again = await s.postJson('/api/appraiseApprove/decide', { kind: 'norm', id: saved.body.data.changeId, decision: '通过' }, admin)
    expect(again.status).toBe(409)
  })
})

describe('the test clock', () => {
  it('is refused by a production start', () => {
    expect(() =>
      parseEnv({ TEST_CLOCK: '1', DATABASE_URL: 'postgres://u:p@h:5432/d', TOKEN_SECRET: 'f'.repeat(16) + 'a1b2c3d4e5f6a7b8c9d0' }),
    ).toThrow(/TEST_CLOCK 只供测试使用/)
    expect(() => parseEnv({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK 只供测试使用/)
    expect(parseEnv({ TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true)
  })
})
