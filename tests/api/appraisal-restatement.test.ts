/**
 * Closed years and their 更正 over HTTP (issue 29, docs/domain.md "Closed years"): once a county's 亩均
 * batch of a year is published, a correction of that county-year's inputs is filed 待审定 and leaves
 * enterprise_yearly and the walls as they are; the filer cannot approve it; another account holding
 * 评价审定 approves it, and only then the value changes, with the old value in the correction history,
 * the marks endpoint counting it and the published class unchanged. An open year is corrected at once;
 * an import into a closed year files 更正 instead of writing.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppraisalResultRow, PendingApproval, Restatement, RestatementMarks } from '../../src/domain/contracts/appraisal'
import type { EnterpriseReport } from '../../src/domain/contracts/statistical-report'
import type { ProceedingStep } from '../../src/domain/contracts/proceeding'
import { upload } from './admin-helpers'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin: string
let econ: string
let econlead: string
/** a county's published year and three enterprises of its results with a reported tax */
let closed: { county: string; city: string; year: number; batchId: number }
let ents: { id: number; credit_code: string; tax: number; class: string }[]

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.query<T>(sql, params)).rows
}
const one = async <T>(sql: string, params: unknown[] = []) => (await rows<T>(sql, params))[0]
const taxOf = async (id: number, year: number) =>
  (await one<{ tax: number | null }>('SELECT tax::float8 AS tax FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2', [id, year]))
    .tax
const corrections = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM appraisal_input_correction')).n
/** the province wall's figures of a year */
const wall = async (year: number) =>
  (await s.get<{ tax: number; taxPerMu: number | null }>(`/api/bigData/overview?year=${year}`, admin)).body.data
const classOf = async (id: number, year: number) =>
  (await one<{ class: string }>('SELECT class FROM enterprise_appraisal_yearly WHERE enterprise_id = $1 AND year = $2', [id, year])).class

async function xlsx(header: string[], data: unknown[][]): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('数据')
  ws.addRow(header)
  for (const r of data) ws.addRow(r)
  return new Uint8Array(await wb.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>
}

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  econ = await s.login('econ', 'Econ@2026')
  econlead = await s.login('econlead', 'Econlead@2026')
  // a published county-year with no batch of the year in work (the demo re-appraisal is in 公示)
  closed = await one(
    `SELECT b.county_code AS county, c.parent_code AS city, b.year::int AS year, b.id AS "batchId" FROM appraisal_batch b JOIN region c ON c.code = b.county_code
     WHERE b.state = '发布' AND NOT EXISTS (SELECT 1 FROM appraisal_batch o WHERE o.county_code = b.county_code AND o.year = b.year AND o.state <> '发布')
       AND (SELECT count(*) FROM appraisal_result x WHERE x.batch_id = b.id) >= 3
     ORDER BY b.year DESC, b.county_code LIMIT 1`,
  )
  ents = await rows(
    `SELECT e.id, e.credit_code, y.tax::float8 AS tax, x.class FROM appraisal_result x JOIN enterprise e ON e.id = x.enterprise_id
     JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $2 WHERE x.batch_id = $1 AND y.tax > 0 ORDER BY x.rank DESC, e.id LIMIT 3`,
    [closed.batchId, closed.year],
  )
  expect(ents).toHaveLength(3)
})
afterAll(() => s?.close())

describe('closing a year', () => {
  it('kept the inputs as published when the batch became 发布', async () => {
    const p = await one<{ tax: number; batch_id: number; county_code: string }>(
      'SELECT tax, batch_id, county_code FROM appraisal_published_input WHERE enterprise_id = $1 AND year = $2',
      [ents[0].id, closed.year],
    )
    expect(p).toEqual({ tax: ents[0].tax, batch_id: closed.batchId, county_code: closed.county })
    const n = await one<{ snap: number; yearly: number }>(
      `SELECT (SELECT count(*)::int FROM appraisal_published_input WHERE batch_id = $1) AS snap,
         (SELECT count(*)::int FROM enterprise_yearly y JOIN enterprise e ON e.id = y.enterprise_id
          WHERE e.county_code = $2 AND y.year = $3 AND NOT e.deleted) AS yearly`,
      [closed.batchId, closed.county, closed.year],
    )
    expect(n.snap).toBe(n.yearly)
  })

  it('files a correction of a closed year 待审定: enterprise_yearly, the history and the wall stay as published', async () => {
    const [before, n0] = [await wall(closed.year), await corrections()]
    const r = await s.postJson<{ old: number; status: string; restatementId: number }>(
      '/api/companyAppraise/correction',
      { enterpriseId: ents[0].id, year: closed.year, item: 'tax', value: ents[0].tax + 5000, reason: '税务部门补报第四季度税款' },
      econ,
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ old: ents[0].tax, status: '待审定', restatementId: expect.any(Number) })
    expect(r.body.message).toContain('已提交评价审定')
    expect(await taxOf(ents[0].id, closed.year)).toBe(ents[0].tax)
    expect(await corrections()).toBe(n0)
    expect(await wall(closed.year)).toEqual(before)
    const row = await one<Record<string, unknown>>(
      'SELECT status, published_value, old_value, new_value, reason, created_by, batch_id FROM appraisal_restatement WHERE id = $1',
      [r.body.data.restatementId],
    )
    expect(row).toEqual({
      status: '待审定',
      published_value: ents[0].tax,
      old_value: ents[0].tax,
      new_value: ents[0].tax + 5000,
      reason: '税务部门补报第四季度税款',
      created_by: '孙经信',
      batch_id: closed.batchId,
    })
    // one 更正 of an input waits at a time; a reason is required; the same value is no 更正
    const again = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ents[0].id, year: closed.year, item: 'tax', value: 1, reason: '再次更正' },
      econ,
    )
    expect([again.status, again.body.message]).toEqual([409, '该企业本年度的实缴税金已有待审定的更正，请待评价审定通过或退回后再提交'])
    const noReason = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ents[1].id, year: closed.year, item: 'tax', value: 1, reason: ' ' },
      econ,
    )
    expect(noReason.status).toBe(400)
    const same = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ents[1].id, year: closed.year, item: 'tax', value: ents[1].tax, reason: '核对' },
      econ,
    )
    expect([same.status, same.body.message]).toEqual([400, '数值 value 与现值相同，实缴税金无需更正'])
  })

  it('shows the 更正 on 评价审定 beside models and norms; the filer cannot approve it', async () => {
    const pending = await s.get<PendingApproval[]>('/api/appraiseApprove/pending', econlead)
    const item = pending.body.data.find((p) => p.kind === 'restatement')!
    expect(item).toMatchObject({ countyCode: closed.county, year: closed.year, note: '税务部门补报第四季度税款', own: false })
    expect(item.diff).toEqual([
      { what: `实缴税金（万元），发布时为 ${ents[0].tax}`, before: String(ents[0].tax), after: String(ents[0].tax + 5000) },
    ])
    // econ (the filer) holds no 评价审定
    const byFiler = await s.postJson('/api/appraiseApprove/decide', { kind: 'restatement', id: item.id, decision: '通过' }, econ)
    expect(byFiler.status).toBe(403)
    // econlead files one and may not approve it (四眼)
    const own = await s.postJson<{ restatementId: number }>(
      '/api/companyAppraise/correction',
      { enterpriseId: ents[1].id, year: closed.year, item: 'energy', value: 1234.5, reason: '电力公司更正抄表数' },
      econlead,
    )
    expect(own.status).toBe(200)
    const self = await s.postJson(
      '/api/appraiseApprove/decide',
      { kind: 'restatement', id: own.body.data.restatementId, decision: '通过' },
      econlead,
    )
    expect([self.status, self.body.message]).toEqual([422, '本账号提交了该更正，不能再审定；请由另一名有审定权限的人员审定（四眼原则）'])
    expect((await s.get<PendingApproval[]>('/api/appraiseApprove/pending', econlead)).body.data).toContainEqual(
      expect.objectContaining({ kind: 'restatement', id: own.body.data.restatementId, own: true }),
    )
    // 退回 needs a reason; admin (another account) returns it and the value stays
    expect(
      (await s.postJson('/api/appraiseApprove/decide', { kind: 'restatement', id: own.body.data.restatementId, decision: '退回' }, admin))
        .status,
    ).toBe(400)
    const energy = await one<{ v: number | null }>(
      'SELECT energy::float8 AS v FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2',
      [ents[1].id, closed.year],
    )
    const back = await s.postJson(
      '/api/appraiseApprove/decide',
      { kind: 'restatement', id: own.body.data.restatementId, decision: '退回', note: '请附电力公司更正函' },
      admin,
    )
    expect(back.status).toBe(200)
    expect(
      await one('SELECT energy::float8 AS v FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2', [ents[1].id, closed.year]),
    ).toEqual(energy)
    expect(
      (await one<{ status: string }>('SELECT status FROM appraisal_restatement WHERE id = $1', [own.body.data.restatementId])).status,
    ).toBe('退回')
  })

  it('another 评价审定 holder approves: the value changes with its history, the marks count it, the published class stays', async () => {
    const id = (
      await one<{ id: number }>(`SELECT id FROM appraisal_restatement WHERE enterprise_id = $1 AND status = '待审定'`, [ents[0].id])
    ).id
    const [before, classBefore] = [await wall(closed.year), await classOf(ents[0].id, closed.year)]
    const noMarks = await s.get<RestatementMarks>(`/api/appraiseRestatement/marks?year=${closed.year}&regionCode=${closed.county}`, econ)
    expect([noMarks.body.data.count, noMarks.body.data.enterprises]).toEqual([0, 0])
    const r = await s.postJson('/api/appraiseApprove/decide', { kind: 'restatement', id, decision: '通过' }, econlead)
    expect(r.status).toBe(200)
    expect(r.body.message).toContain('已审定通过')
    expect(await taxOf(ents[0].id, closed.year)).toBe(ents[0].tax + 5000)
    const hist = await rows<{ old_value: number; new_value: number; reason: string; actor: string }>(
      'SELECT old_value, new_value, reason, actor FROM appraisal_input_correction WHERE enterprise_id = $1 AND year = $2 ORDER BY id DESC LIMIT 1',
      [ents[0].id, closed.year],
    )
    expect(hist).toEqual([
      { old_value: ents[0].tax, new_value: ents[0].tax + 5000, reason: '税务部门补报第四季度税款', actor: '孙经信（钱经信科长审定）' },
    ])
    // the walls read the restated value; the marks say so
    const after = await wall(closed.year)
    expect(after.tax).toBeGreaterThan(before.tax)
    const marks = await s.get<RestatementMarks>(`/api/appraiseRestatement/marks?year=${closed.year}&regionCode=${closed.county}`, econ)
    expect(marks.status).toBe(200)
    expect([marks.body.data.count, marks.body.data.enterprises]).toEqual([1, 1])
    expect(marks.body.data.list[0]).toMatchObject({
      id,
      enterpriseId: ents[0].id,
      item: 'tax',
      publishedValue: ents[0].tax,
      newValue: ents[0].tax + 5000,
      status: '已更正',
      decidedBy: '钱经信科长',
    })
    // the province counts it; a city that is not the county's does not
    expect((await s.get<RestatementMarks>(`/api/appraiseRestatement/marks?year=${closed.year}`, admin)).body.data.count).toBe(1)
    const otherCity = await one<{ code: string }>(`SELECT code FROM region WHERE level = 'city' AND code <> $1 ORDER BY code LIMIT 1`, [
      closed.city,
    ])
    expect(
      (await s.get<RestatementMarks>(`/api/appraiseRestatement/marks?year=${closed.year}&regionCode=${otherCity.code}`, admin)).body.data
        .count,
    ).toBe(0)
    // the walls say it beside their figures of the year: 含已更正数据 in the wall's region only
    const onWall = await s.get<RestatementMarks>(`/api/bigData/restated?year=${closed.year}&cityCode=${closed.city}`, admin)
    expect([onWall.status, onWall.body.data.year, onWall.body.data.count, onWall.body.data.list[0]?.id]).toEqual([200, closed.year, 1, id])
    expect(
      (await s.get<RestatementMarks>(`/api/bigData/restated?year=${closed.year}&cityCode=${otherCity.code}`, admin)).body.data.count,
    ).toBe(0)
    // published classes never move: the result row is the one published
    expect(await classOf(ents[0].id, closed.year)).toBe(classBefore)
    expect(
      (
        await one<{ class: string }>('SELECT class FROM appraisal_result WHERE batch_id = $1 AND enterprise_id = $2', [
          closed.batchId,
          ents[0].id,
        ])
      ).class,
    ).toBe(ents[0].class)
    // the inputs page: the value as published, the restated one, its date and reason
    const inputs = await s.get<{
      closed: { batchId: number } | null
      items: { item: string; value: number; publishedValue: number; restated: { reason: string; decidedAt: string } | null }[]
    }>(`/api/companyAppraise/inputs?enterpriseId=${ents[0].id}&year=${closed.year}`, econ)
    expect(inputs.body.data.closed?.batchId).toBe(closed.batchId)
    const tax = inputs.body.data.items.find((i) => i.item === 'tax')!
    expect([tax.value, tax.publishedValue, tax.restated?.reason]).toEqual([ents[0].tax + 5000, ents[0].tax, '税务部门补报第四季度税款'])
    // the 办理记录
    const steps = await s.get<ProceedingStep[]>(`/api/appraiseApprove/steps?subject=restatement&id=${id}`, econ)
    expect(steps.body.data.map((x) => [x.action, x.from, x.to, x.actor])).toEqual([
      ['提交更正', '', '待审定', '孙经信'],
      ['审定通过', '待审定', '已更正', '钱经信科长'],
    ])
  })

  it('says 已更正 on the 用地单位列表 and 评价结果 rows of the closed year, with the published and restated value', async () => {
    const restated = [
      expect.objectContaining({
        enterpriseId: ents[0].id,
        year: closed.year,
        batchId: closed.batchId,
        item: 'tax',
        publishedValue: ents[0].tax,
        newValue: ents[0].tax + 5000,
        status: '已更正',
      }),
    ]
    // 用地单位列表 (a report page: admin, narrowed to the county): the row's 实缴税金 is the restated one, the 更正 stands beside it; another enterprise has none
    const report = async (e: (typeof ents)[number]) => {
      const r = await s.get<EnterpriseReport>(
        `/api/cloudChart/report/enterprises?year=${closed.year}&regionCode=${closed.county}&keyword=${e.credit_code}&pageSize=50`,
        admin,
      )
      expect(r.status).toBe(200)
      expect(r.body.data.year).toBe(closed.year)
      return r.body.data.page.list.find((x) => x.id === e.id)!
    }
    const row = await report(ents[0])
    expect(row.tax).toBe(ents[0].tax + 5000)
    expect(row.restated).toEqual(restated)
    expect((await report(ents[1])).restated).toEqual([])
    // its export writes what was published beside the figure
    const res = await fetch(
      `${s.base}/api/cloudChart/report/enterprises/export?year=${closed.year}&regionCode=${closed.county}&keyword=${ents[0].credit_code}`,
      { headers: { Authorization: `Bearer ${admin}`, 'X-Requested-With': 'XMLHttpRequest' } },
    )
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    const last = sheet.getRow(1).cellCount
    expect(sheet.getRow(1).getCell(last).value).toBe('已更正（发布值→更正值）')
    const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2)).find(
      (r) => r.getCell(1).value === ents[0].credit_code,
    )!
    expect(exported.getCell(last).value).toBe(`实缴税金 ${ents[0].tax}→${ents[0].tax + 5000}万元`)
    // 评价结果: the published row keeps its class, the 更正 stands beside it
    const results = async (batchId?: number) => {
      const r = await s.get<{ list: AppraisalResultRow[] }>(
        `/api/appraiseResult/list?year=${closed.year}&regionCode=${closed.county}&pageSize=100${batchId ? `&batchId=${batchId}` : ''}`,
        econ,
      )
      expect(r.status).toBe(200)
      return r.body.data.list
    }
    for (const list of [await results(), await results(closed.batchId)]) {
      const mine = list.find((x) => x.enterpriseId === ents[0].id)!
      expect([mine.batchId, mine.class, mine.restated]).toEqual([closed.batchId, ents[0].class, restated])
      const other = list.find((x) => x.enterpriseId === ents[1].id)!
      expect([other.class, other.restated]).toEqual([ents[1].class, []])
      expect(list.filter((x) => x.restated.length).map((x) => x.enterpriseId)).toEqual([ents[0].id])
    }
    // the same 更正 the marks endpoint counts
    const marks = await s.get<RestatementMarks>(`/api/appraiseRestatement/marks?year=${closed.year}&regionCode=${closed.county}`, econ)
    expect(row.restated.map((x: Restatement) => x.id)).toEqual(marks.body.data.list.map((x) => x.id))
  })

  it('corrects an open year at once, as before', async () => {
    // every demo year is published: the next year's figures, just reported, are open
    const open = { id: ents[2].id, year: closed.year + 1, tax: 10 }
    await s.db.query('INSERT INTO enterprise_yearly (enterprise_id, year, tax) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      open.id,
      open.year,
      open.tax,
    ])
    const n0 = await corrections()
    const r = await s.postJson<{ old: number; status: string; restatementId: number | null }>(
      '/api/companyAppraise/correction',
      { enterpriseId: open.id, year: open.year, item: 'tax', value: open.tax + 1, reason: '补正' },
      econ,
    )
    expect([r.status, r.body.data]).toEqual([200, { old: open.tax, status: '已生效', restatementId: null }])
    expect(await taxOf(open.id, open.year)).toBe(open.tax + 1)
    expect(await corrections()).toBe(n0 + 1)
  })

  it('files the import of a closed year as 更正, one per changed value, and says how many went to 审定', async () => {
    const [before, n0] = [await wall(closed.year), await corrections()]
    const file = await xlsx(
      ['统一社会信用代码', '实缴税金（万元）'],
      [
        [ents[1].credit_code, ents[1].tax + 7],
        [ents[2].credit_code, ents[2].tax + 9],
      ],
    )
    const r = await upload(
      s,
      '/api/companyAppraise/import',
      { source: '税务', year: String(closed.year) },
      { name: '税务更正.xlsx', bytes: file },
      econ,
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ rows: 2, changed: 0, unchanged: 0, restated: 2 })
    expect(r.body.message).toContain('2 项属已发布年度，已作为更正提交评价审定')
    expect([await taxOf(ents[1].id, closed.year), await taxOf(ents[2].id, closed.year)]).toEqual([ents[1].tax, ents[2].tax])
    expect(await corrections()).toBe(n0)
    expect(await wall(closed.year)).toEqual(before)
    const filed = await rows<{ enterprise_id: number; new_value: number; reason: string; status: string }>(
      `SELECT enterprise_id, new_value, reason, status FROM appraisal_restatement WHERE item = 'tax' AND enterprise_id = ANY($1::int[]) ORDER BY enterprise_id`,
      [[ents[1].id, ents[2].id]],
    )
    expect(filed).toEqual(
      [
        { enterprise_id: ents[1].id, new_value: ents[1].tax + 7, reason: '税务导入：税务更正.xlsx', status: '待审定' },
        { enterprise_id: ents[2].id, new_value: ents[2].tax + 9, reason: '税务导入：税务更正.xlsx', status: '待审定' },
      ].sort((a, b) => a.enterprise_id - b.enterprise_id),
    )
    // the same file again: those values wait already — refused, nothing written
    const again = await upload(
      s,
      '/api/companyAppraise/import',
      { source: '税务', year: String(closed.year) },
      { name: '税务更正.xlsx', bytes: file },
      econ,
    )
    expect(again.status).toBe(400)
    expect(again.body.message).toContain('已有待审定的更正')
  })
})
