/**
 * 闲置土地 per 《闲置土地处置办法》 (issue 28, docs/domain.md "闲置土地：听证告知、政府原因与报批"): the
 * 听证告知 of 第十五条 before a decision to charge the fee or take the land back, with its deadline in
 * working days on the product calendar; the two-year rule of 第十四条 (a fee only with a 第八条
 * government reason); the fee computed as 20 % of the price in 分; the shown remainder settling the
 * fee exactly; the 处置决定 approved by a second account holding /land/approve; the 办理记录.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdleCase, LandApproveList, ProceedingStepView } from '../../src/domain/contracts/stock'
import { fenToYuanText } from '../../src/domain/idle-land'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin: string
let land: string
let landlead: string

/** Today on the moved calendar: a Wednesday of an ordinary week of 2026. */
const TODAY = '2026-12-02'

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n

/** An unbuilt parcel made idle since `agreed` with a price in 万元 (null: none). */
async function idleParcel(agreed: string, price: number | null): Promise<number> {
  const r = await one<{ id: number }>(
    `UPDATE parcel p SET agreed_start_date = $1::date, supply_price = $2, supply_date = $1::date - 200, actual_start_date = NULL, status = '已供未建'
     WHERE p.id = (SELECT id FROM parcel WHERE status IN ('已供未建', '在建', '已投产') AND NOT deleted
                     AND NOT EXISTS (SELECT 1 FROM idle_case c WHERE c.parcel_id = parcel.id) AND id <> ALL($3::int[])
                   ORDER BY id LIMIT 1)
     RETURNING p.id`,
    [agreed, price, used],
  )
  used.push(r.id)
  return r.id
}
const used: number[] = []

/** A case of the parcel through 立案, 调查通知书 and 认定书. */
async function foundCase(parcelId: number, tag: string): Promise<IdleCase> {
  const c = (await s.postJson<IdleCase>('/api/stock/idle/identify', { parcelId, cause: '企业原因', date: TODAY }, land)).body.data
  expect(c.id).toBeGreaterThan(0)
  for (const kind of ['调查通知书', '闲置土地认定书'])
    expect((await s.postJson('/api/stock/idle/document', { caseId: c.id, kind, docNo: `${tag}-${kind}`, date: TODAY }, land)).status).toBe(
      200,
    )
  return c
}

const decisionBody = (caseId: number, tag: string) => ({
  caseId,
  kind: '处置决定书',
  docNo: `${tag}-决定`,
  date: TODAY,
  approvalAuthority: '测试区人民政府',
  approvalNo: `${tag}-政批`,
})

beforeAll(async () => {
  s = await startServer({ TEST_CLOCK: true })
  admin = await s.login('admin', 'Admin@2026')
  land = await s.login('land', 'Land@2026')
  landlead = await s.login('landlead', 'Landlead@2026')
  const moved = await s.call<{ today: string }>(
    '/api/test/clock',
    { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ today: TODAY }) },
    admin,
  )
  expect([moved.status, moved.body.data.today]).toEqual([200, TODAY])
})
afterAll(() => s?.close())

describe('听证告知 (第十五条)', () => {
  it('refuses both decisions without a concluded 听证告知, writing nothing', async () => {
    const fee = await foundCase(await idleParcel('2025-06-01', 1234.5678), 'H1')
    expect((await s.postJson('/api/stock/idle/dispose', { caseId: fee.id, method: '征缴土地闲置费', date: TODAY }, land)).status).toBe(200)
    const free = await foundCase(await idleParcel('2023-06-01', null), 'H2')
    expect((await s.postJson('/api/stock/idle/dispose', { caseId: free.id, method: '无偿收回', date: TODAY }, land)).status).toBe(200)
    for (const [c, tag, method] of [
      [fee, 'H1', '征缴土地闲置费'],
      [free, 'H2', '无偿收回'],
    ] as const) {
      const r = await s.postJson('/api/stock/idle/document', decisionBody(c.id, tag), land)
      expect([r.status, r.body.details?.[0].field]).toEqual([422, 'kind'])
      expect(r.body.message).toBe(
        `${method}的处置决定作出前，须书面告知土地使用权人有申请听证的权利（《闲置土地处置办法》第十五条）：请先完成听证告知，再报批处置决定`,
      )
      expect(await count(`SELECT count(*)::int AS n FROM idle_document WHERE case_id = $1 AND kind = '处置决定书'`, [c.id])).toBe(0)
    }
    // told, but no outcome yet: still refused, saying what to do
    const told = await s.postJson<IdleCase>('/api/stock/idle/hearing/notice', { caseId: free.id, noticeNo: 'H2-听', date: TODAY }, land)
    expect(told.status).toBe(200)
    const early = await s.postJson('/api/stock/idle/document', decisionBody(free.id, 'H2'), land)
    expect([early.status, early.body.message]).toEqual([
      422,
      '听证告知（H2-听）尚无结果：请登记听证结果（已听证、放弃听证，或 2026-12-09 申请期限届满后登记逾期未申请），再报批处置决定',
    ])
  })

  it('counts the deadline in working days from the day after the notice, and 逾期未申请 only after it', async () => {
    const c = await foundCase(await idleParcel('2023-07-01', null), 'H3')
    await s.postJson('/api/stock/idle/dispose', { caseId: c.id, method: '无偿收回', date: TODAY }, land)
    // Wednesday 2 December: Thursday, Friday, Monday, Tuesday, Wednesday → 9 December
    const told = await s.postJson<IdleCase>('/api/stock/idle/hearing/notice', { caseId: c.id, noticeNo: 'H3-听', date: TODAY }, land)
    expect([told.status, told.body.message, told.body.data.hearings.at(-1)?.deadline]).toEqual([
      200,
      '已听证告知，申请听证期限至 2026-12-09',
      '2026-12-09',
    ])
    const tooEarly = await s.postJson('/api/stock/idle/hearing/outcome', { caseId: c.id, outcome: '逾期未申请', date: TODAY }, land)
    expect([tooEarly.status, tooEarly.body.details?.[0].field]).toEqual([422, 'outcome'])
    expect(tooEarly.body.message).toContain('申请听证期限至 2026年12月9日止')
    expect(await count(`SELECT count(*)::int AS n FROM idle_hearing WHERE case_id = $1 AND outcome IS NOT NULL`, [c.id])).toBe(0)
    // a request after the deadline is not a hearing the holder was entitled to
    const late = await s.postJson(
      '/api/stock/idle/hearing/outcome',
      { caseId: c.id, outcome: '已听证', date: TODAY, requestedDate: '2026-12-10', hearingDate: TODAY, record: '笔录1' },
      land,
    )
    expect([late.status, late.body.details?.[0].field]).toEqual([422, 'requestedDate'])
    // the calendar moves past the deadline: now it may be recorded
    await s.call(
      '/api/test/clock',
      { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"today":"2026-12-10"}' },
      admin,
    )
    try {
      const lapsed = await s.postJson<IdleCase>(
        '/api/stock/idle/hearing/outcome',
        { caseId: c.id, outcome: '逾期未申请', date: '2026-12-10' },
        land,
      )
      expect([lapsed.status, lapsed.body.data.hearings.at(-1)?.outcome, lapsed.body.data.hearingDone]).toEqual([200, '逾期未申请', true])
    } finally {
      await s.call(
        '/api/test/clock',
        { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: `{"today":"${TODAY}"}` },
        admin,
      )
    }
  })
})

describe('第十四条: the fee, the years and the money', () => {
  it('refuses 征缴闲置费 on land idle two years or more without a 第八条 reason, and takes it with one', async () => {
    const c = await foundCase(await idleParcel('2013-11-01', 800), 'Y1')
    const r = await s.postJson('/api/stock/idle/dispose', { caseId: c.id, method: '征缴土地闲置费', date: TODAY }, land)
    expect([r.status, r.body.details?.[0].field]).toEqual([422, 'govReason'])
    expect(r.body.message).toBe(
      '闲置已满两年（自 2013-11-01 起 13 年），依《闲置土地处置办法》第十四条应无偿收回；只有记录了第八条所列的政府原因 govReason 时，才能改为征缴土地闲置费',
    )
    expect((await one<{ method: string | null }>('SELECT method FROM idle_case WHERE id = $1', [c.id])).method).toBeNull()
    const bad = await s.postJson(
      '/api/stock/idle/dispose',
      { caseId: c.id, method: '征缴土地闲置费', date: TODAY, govReason: '天气原因' },
      land,
    )
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'govReason'])
    const gov = await s.postJson<IdleCase>(
      '/api/stock/idle/dispose',
      { caseId: c.id, method: '征缴土地闲置费', date: TODAY, govReason: '因土地利用总体规划、城乡规划依法修改' },
      land,
    )
    expect([gov.status, gov.body.data.govReason, gov.body.data.idleYears]).toEqual([200, '因土地利用总体规划、城乡规划依法修改', 13])
  })

  it('computes the fee of land idle one to two years as 20 % of the price in 分, and refuses without a price', async () => {
    const c = await foundCase(await idleParcel('2025-03-01', 448.73), 'F1')
    const r = await s.postJson<IdleCase>('/api/stock/idle/dispose', { caseId: c.id, method: '征缴土地闲置费', date: TODAY }, land)
    // 448.73 万元 = 4 487 300.00 元; 20 % = 897 460.00 元
    expect([r.status, r.body.data.feeBaseFen, r.body.data.feeDueFen, r.body.data.feeLeftFen]).toEqual([
      200, 448_730_000, 89_746_000, 89_746_000,
    ])
    expect(await one('SELECT fee_base_fen::text AS b, fee_due_fen::text AS d FROM idle_case WHERE id = $1', [c.id])).toEqual({
      b: '448730000',
      d: '89746000',
    })
    // a price of odd 分: 20 % rounded half up at the 分 (1 234.567 89 万元 → 12 345 678.90 元 → 2 469 135.78 元)
    const odd = await foundCase(await idleParcel('2025-04-01', 1234.5678901), 'F2')
    const o = await s.postJson<IdleCase>('/api/stock/idle/dispose', { caseId: odd.id, method: '征缴土地闲置费', date: TODAY }, land)
    expect([o.body.data.feeBaseFen, o.body.data.feeDueFen]).toEqual([1_234_567_890, 246_913_578])
    const none = await foundCase(await idleParcel('2025-05-01', null), 'F3')
    const n = await s.postJson('/api/stock/idle/dispose', { caseId: none.id, method: '征缴土地闲置费', date: TODAY }, land)
    expect([n.status, n.body.details?.[0].field]).toEqual([422, 'method'])
    expect(n.body.message).toContain('请先在数据中心登记该地块的出让价款')
  })

  it('settles a fee of 897 460.00 元 paid as shown and closes the case; a 分 more is refused', async () => {
    const c = await foundCase(await idleParcel('2025-02-01', 448.73), 'P1')
    await s.postJson('/api/stock/idle/dispose', { caseId: c.id, method: '征缴土地闲置费', date: TODAY }, land)
    await s.postJson('/api/stock/idle/hearing/notice', { caseId: c.id, noticeNo: 'P1-听', date: TODAY }, land)
    await s.postJson('/api/stock/idle/hearing/outcome', { caseId: c.id, outcome: '放弃听证', date: TODAY, record: '书面放弃' }, land)
    expect((await s.postJson('/api/stock/idle/document', decisionBody(c.id, 'P1'), land)).status).toBe(200)
    expect((await s.postJson('/api/landApprove/decision', { caseId: c.id, action: '审定通过' }, landlead)).status).toBe(200)
    const part = await s.postJson<IdleCase>(
      '/api/stock/idle/fee',
      { caseId: c.id, amountYuan: '300000.01', date: TODAY, receiptNo: 'P1-1' },
      land,
    )
    expect([part.status, part.body.data.feePaidFen, part.body.data.feeLeftFen]).toEqual([200, 30_000_001, 59_745_999])
    const shown = fenToYuanText(part.body.data.feeLeftFen!, false)
    expect(shown).toBe('597459.99')
    const over = await s.postJson('/api/stock/idle/fee', { caseId: c.id, amountYuan: '597460.00', date: TODAY, receiptNo: 'P1-x' }, land)
    expect([over.status, over.body.details?.[0].field]).toEqual([422, 'amountYuan'])
    expect(over.body.message).toBe('缴纳金额 amountYuan 超过未缴金额：应缴 897 460.00 元，已缴 300 000.01 元，未缴 597 459.99 元')
    const thirdDecimal = await s.postJson(
      '/api/stock/idle/fee',
      { caseId: c.id, amountYuan: '1.005', date: TODAY, receiptNo: 'P1-y' },
      land,
    )
    expect([thirdDecimal.status, thirdDecimal.body.details?.[0].field]).toEqual([400, 'amountYuan'])
    const rest = await s.postJson<IdleCase>(
      '/api/stock/idle/fee',
      { caseId: c.id, amountYuan: shown, date: TODAY, receiptNo: 'P1-2' },
      land,
    )
    expect([rest.status, rest.body.data.feeLeftFen, rest.body.message]).toEqual([200, 0, '已登记土地闲置费 597 459.99 元，未缴 0.00 元'])
    const done = await s.postJson<IdleCase>('/api/stock/idle/complete', { caseId: c.id, date: TODAY }, land)
    expect([done.status, done.body.data.state]).toEqual([200, '已完成'])
    expect(await one('SELECT sum(amount_fen)::text AS paid FROM idle_fee WHERE case_id = $1', [c.id])).toEqual({ paid: '89746000' })
  })
})

describe('四眼: the 处置决定 is approved by a second account holding /land/approve', () => {
  let c: IdleCase
  it('a clerk without the grant gets 403; the preparer holding it is refused; landlead approves', async () => {
    c = await foundCase(await idleParcel('2023-08-01', null), 'A1')
    await s.postJson('/api/stock/idle/dispose', { caseId: c.id, method: '无偿收回', date: TODAY }, land)
    await s.postJson('/api/stock/idle/hearing/notice', { caseId: c.id, noticeNo: 'A1-听', date: TODAY }, land)
    await s.postJson(
      '/api/stock/idle/hearing/outcome',
      { caseId: c.id, outcome: '已听证', date: TODAY, requestedDate: TODAY, hearingDate: TODAY, record: '听证笔录〔2026〕1号' },
      land,
    )
    const noAuthority = await s.postJson('/api/stock/idle/document', { ...decisionBody(c.id, 'A1'), approvalAuthority: '' }, land)
    expect([noAuthority.status, noAuthority.body.details?.map((d) => d.field)]).toEqual([400, ['approvalAuthority']])
    const filed = await s.postJson<IdleCase>('/api/stock/idle/document', decisionBody(c.id, 'A1'), land)
    expect([filed.status, filed.body.data.state, filed.body.data.documents.at(-1)?.reviewState]).toEqual([200, '方案中', '待审定'])
    // not carried out before the 审定
    const early = await s.postJson('/api/stock/idle/complete', { caseId: c.id, date: TODAY }, land)
    expect([early.status, early.body.details?.[0].field]).toEqual([422, 'caseId'])

    const list = (await s.get<LandApproveList>('/api/landApprove/list', landlead)).body.data
    expect(list.decisions.find((d) => d.caseId === c.id)).toMatchObject({
      method: '无偿收回',
      approvalAuthority: '测试区人民政府',
      approvalNo: 'A1-政批',
      preparedBy: '陈土地',
      hearing: { noticeNo: 'A1-听', outcome: '已听证' },
    })
    expect((await s.get('/api/landApprove/list', land)).status).toBe(403)
    expect((await s.postJson('/api/landApprove/decision', { caseId: c.id, action: '审定通过' }, land)).status).toBe(403)

    // the preparer, even holding the grant, cannot approve what it prepared
    const role = await one<{ id: number }>(`SELECT id FROM role WHERE name = '土地科长'`)
    const prepUser = await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'land'`)
    await s.db.query('INSERT INTO user_role(user_id, role_id) VALUES ($1, $2)', [prepUser.id, role.id])
    try {
      const own = await s.postJson('/api/landApprove/decision', { caseId: c.id, action: '审定通过' }, land)
      expect([own.status, own.body.message]).toEqual([
        422,
        '本账号报批了该处置决定、拟订了该处置方案，不能再审定该处置决定；请由另一名有审定权限的人员审定该处置决定（四眼原则）',
      ])
      expect(
        (await one<{ review_state: string }>(`SELECT review_state FROM idle_document WHERE case_id = $1 AND kind = '处置决定书'`, [c.id]))
          .review_state,
      ).toBe('待审定')
    } finally {
      await s.db.query('DELETE FROM user_role WHERE user_id = $1 AND role_id = $2', [prepUser.id, role.id])
    }
    const ok = await s.postJson<IdleCase>('/api/landApprove/decision', { caseId: c.id, action: '审定通过', note: '同意' }, landlead)
    expect([ok.status, ok.body.data.state, ok.body.data.documents.at(-1)?.approvedBy]).toEqual([200, '实施中', '郑土地科长'])
  })

  it('a return needs a reason and gives the decision back; the 办理记录 lists every step with its actor', async () => {
    const r = await foundCase(await idleParcel('2023-09-01', null), 'R1')
    await s.postJson('/api/stock/idle/dispose', { caseId: r.id, method: '无偿收回', date: TODAY }, land)
    await s.postJson('/api/stock/idle/hearing/notice', { caseId: r.id, noticeNo: 'R1-听', date: TODAY }, land)
    await s.postJson('/api/stock/idle/hearing/outcome', { caseId: r.id, outcome: '放弃听证', date: TODAY }, land)
    await s.postJson('/api/stock/idle/document', decisionBody(r.id, 'R1'), land)
    const bare = await s.postJson('/api/landApprove/decision', { caseId: r.id, action: '退回' }, landlead)
    expect([bare.status, bare.body.details?.[0].field]).toEqual([400, 'note'])
    const back = await s.postJson<IdleCase>('/api/landApprove/decision', { caseId: r.id, action: '退回', note: '批准文号有误' }, landlead)
    expect([back.status, back.body.data.documents.some((d) => d.kind === '处置决定书')]).toEqual([200, false])

    const steps = (await s.get<ProceedingStepView[]>(`/api/stock/idle/steps?id=${r.id}`, land)).body.data
    expect(steps.map((x) => [x.action, x.actor, x.from, x.to])).toEqual([
      ['立案', '陈土地', '', '立案'],
      ['下达调查通知书', '陈土地', '立案', '调查中'],
      ['下达闲置土地认定书', '陈土地', '调查中', '已认定'],
      ['拟订处置方案', '陈土地', '已认定', '方案中'],
      ['听证告知', '陈土地', '方案中', '听证告知'],
      ['听证结果', '陈土地', '听证告知', '听证完结'],
      ['报批处置决定', '陈土地', '听证完结', '待审定'],
      ['退回处置决定', '郑土地科长', '待审定', '听证完结'],
    ])
    expect(steps.at(-1)?.note).toBe('R1-决定（测试区人民政府 R1-政批）：批准文号有误')
    const xlsx = await fetch(`${s.base}/api/stock/idle/steps?id=${r.id}&format=xlsx`, {
      headers: { Authorization: `Bearer ${landlead}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ])
    const ExcelJS = (await import('exceljs')).default
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.getRow(1).values).toEqual([undefined, '时间', '办理人', '环节', '原状态', '新状态', '说明'])
    expect(sheet.rowCount).toBe(steps.length + 1)
    expect(sheet.getRow(9).getCell(2).value).toBe('郑土地科长')
  })
})
