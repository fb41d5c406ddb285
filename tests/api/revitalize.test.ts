/**
 * 低效用地再开发 (/api/landInefficient/*, /api/revitalize/*, /api/phczReport/*): flagged results
 * confirmed into the 台账 with the parcel status written through audit, a 协商收购 plan from draft to
 * 已完成 with its refusals, reports that never go back, 督办, 办结 sending 已收回 and 销号 the entry,
 * 企业自主再开发 needing its 容积率, 整治提升 腾退 opening a plan, the effects and tasks, the
 * low_efficiency_disposal view, the data scope and the grants.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvaluationModel, EvaluationRun } from '../../src/domain/contracts/land-evaluation'
import type {
  EffectSummary,
  LedgerList,
  PlanDetail,
  PlanList,
  ReviewList,
  RevitalizeOverview,
  SuperviseList,
} from '../../src/domain/contracts/revitalize'
import { roundTo } from '../../src/domain/codes/units'
import { todayInProductZone } from '../../src/domain/today'
import { makeUser, roleId, upload } from './admin-helpers'
import { startServer, type TestServer } from './harness'

const TODAY = todayInProductZone()
const day = (n: number) => todayInProductZone(new Date(Date.now() + n * 86_400_000))
const M2_PER_MU = 10000 / 15
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Title (说明) >>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'utf8'))
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
])

let s: TestServer
let land: string
/** 土地科长: holds /land/approve, approves the plans 土地科 writes (issue 28 四眼) */
let landlead: string
let admin: string
let auditor: string
let run: EvaluationRun
/** flagged parcels of the run without a 台账 entry: [id, area 亩, status, county] */
let free: { id: number; mu: number; status: string; county: string; land_code: string }[]

beforeAll(async () => {
  s = await startServer()
  ;[land, admin, auditor, landlead] = await Promise.all([
    s.login('land', 'Land@2026'),
    s.login('admin', 'Admin@2026'),
    s.login('auditor', 'Auditor@2026'),
    s.login('landlead', 'Landlead@2026'),
  ])
  const year = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
  // one indicator, so that land in production is flagged too: 亩均税收 below 5 万元/亩
  const items = [{ indicator: 'taxPerMu', operator: '<', threshold: 5, weight: 100 }]
  expect((await s.postJson('/api/modes/SaveMode', { name: '亩均税收单项', passScore: 100, items }, land)).status).toBe(200)
  const model = (await s.get<EvaluationModel[]>('/api/modes/GetModeList', land)).body.data.find((m) => m.name === '亩均税收单项')!
  run = (await s.postJson<EvaluationRun>('/api/inefficient/run', { modelId: model.id, year }, land)).body.data
  free = (
    await s.db.query<{ id: number; mu: number; status: string; county: string; land_code: string }>(
      `SELECT p.id, (p.area_m2 / (10000.0 / 15))::float8 AS mu, p.status, p.county_code AS county, p.land_code
       FROM evaluation_result er JOIN parcel p ON p.id = er.parcel_id
       WHERE er.run_id = $1 AND er.flagged AND p.status IN ('已投产', '在建', '低效') AND p.enterprise_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM revitalize_ledger l WHERE l.parcel_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM dc_submission d WHERE d.target_id = p.id AND d.kind = 'parcel' AND d.state = '待审核')
       ORDER BY (p.status = '低效'), p.county_code, p.id`,
      [run.id],
    )
  ).rows
})
afterAll(() => s?.close())

/** The 13 columns of every row of an xlsx answer (an empty cell is null). */
async function sheetRows(res: Response): Promise<unknown[][]> {
  expect(res.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  wb.worksheets[0].eachRow((r) => rows.push(Array.from({ length: 13 }, (_, i) => r.getCell(i + 1).value ?? null)))
  return rows
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}
const count = async (table: string) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n
const disposal = async (parcelId: number) =>
  (await one<{ disposal_state: string } | undefined>('SELECT disposal_state FROM low_efficiency_disposal WHERE parcel_id = $1', [parcelId]))
    ?.disposal_state
const pendingSub = (parcelId: number) =>
  one<{ id: number; payload: Record<string, unknown> }>(
    `SELECT id::int AS id, payload FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核' ORDER BY id DESC LIMIT 1`,
    [parcelId],
  )

const plan = (parcelId: number, mu: number, over: Record<string, unknown> = {}) => ({
  name: '协商收购试点方案',
  method: '收回收储',
  subMethod: '协商收购',
  parcels: [{ parcelId, plannedAreaMu: mu }],
  targetInvestment: 1200,
  details: { storageAgency: '区土地储备中心', compensation: 860 },
  startDate: day(-60),
  deadline: day(300),
  respUnit: '区自然资源局',
  respPerson: '陈土地',
  milestones: [{ name: '签订收购协议', dueDate: day(30) }],
  ...over,
})

describe('台账', () => {
  it('lists the run’s flagged results to review, confirms two and sends the 低效 status to audit', async () => {
    expect(free.length).toBeGreaterThanOrEqual(5)
    // the first is in production or under construction: its confirmation changes its status
    expect(free[0].status).not.toBe('低效')
    const review = (await s.get<ReviewList>(`/api/landInefficient/getRevitalizeList?runId=${run.id}&pageSize=500`, land)).body.data
    expect(review.run?.id).toBe(run.id)
    expect(review.page.total).toBe(run.flaggedCount)
    const row = review.page.list.find((r) => r.parcelId === free[0].id)
    expect(row).toMatchObject({ ledger: null, status: free[0].status })
    expect(row?.criteria.length).toBeGreaterThan(0)

    const r = await s.postJson(
      '/api/landInefficient/updateDxyd',
      { action: '认定', runId: run.id, parcelIds: [free[0].id, free[1].id], unit: '区自然资源局', batch: '2026年第1批' },
      land,
    )
    const changed = [free[0], free[1]].filter((p) => p.status !== '低效').length
    expect([r.status, r.body.message]).toEqual([200, `已认定 2 宗低效用地，${changed} 宗地块状态变更已提交数据中心审核`])
    const entries = await s.db.query<{ state: string; confirm_date: string; batch: string; confirm_unit: string; events: number }>(
      `SELECT state, to_char(confirm_date, 'YYYY-MM-DD') AS confirm_date, batch, confirm_unit,
              (SELECT count(*)::int FROM revitalize_ledger_event e WHERE e.ledger_id = l.id) AS events
       FROM revitalize_ledger l WHERE parcel_id = ANY($1::int[]) ORDER BY parcel_id`,
      [[free[0].id, free[1].id]],
    )
    expect(entries.rows).toEqual([
      { state: '已认定', confirm_date: TODAY, batch: '2026年第1批', confirm_unit: '区自然资源局', events: 2 },
      { state: '已认定', confirm_date: TODAY, batch: '2026年第1批', confirm_unit: '区自然资源局', events: 2 },
    ])
    // the status goes through audit: not written yet, written after approval
    const sub = await pendingSub(free[0].id)
    expect(sub.payload).toMatchObject({ status: '低效' })
    expect((await one<{ status: string }>('SELECT status FROM parcel WHERE id = $1', [free[0].id])).status).toBe(free[0].status)
    expect((await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)).status).toBe(200)
    expect((await one<{ status: string }>('SELECT status FROM parcel WHERE id = $1', [free[0].id])).status).toBe('低效')
    expect(await disposal(free[0].id)).toBe('未处置')

    const ledger = (await s.get<LedgerList>(`/api/landInefficient/getLandIneInfo?parcelId=${free[0].id}`, land)).body.data
    expect(ledger.page.list[0]).toMatchObject({
      parcelId: free[0].id,
      state: '已认定',
      confirmDate: TODAY,
      submissionId: sub.id,
      planId: null,
    })
    // the entry carries its parcel's shape for the map of 制定方案, as PostGIS writes it
    const shape = await one<{ g: string }>('SELECT ST_AsGeoJSON(geom, 6) AS g FROM parcel WHERE id = $1', [free[0].id])
    expect(ledger.page.list[0].geometry).toEqual(JSON.parse(shape.g))
    const wnr = (await s.get<{ list: { parcelId: number }[] }>('/api/landInefficient/getWnrList?pageSize=500', land)).body.data
    expect(wnr.list.map((x) => x.parcelId)).toEqual(expect.arrayContaining([free[0].id, free[1].id]))
  })

  it('refuses a second confirmation, a withdrawal without reason and an unflagged parcel, writing nothing', async () => {
    const before = [await count('revitalize_ledger'), await count('revitalize_ledger_event'), await count('dc_submission')]
    const again = await s.postJson(
      '/api/landInefficient/updateDxyd',
      { action: '认定', runId: run.id, parcelIds: [free[2].id, free[0].id] },
      land,
    )
    expect([again.status, again.body.details?.[0].field]).toEqual([422, 'parcelIds'])
    expect(again.body.message).toContain('已在低效用地台账中（已认定），不能重复认定')
    const noReason = await s.postJson('/api/landInefficient/updateDxyd', { action: '剔除', runId: run.id, parcelIds: [free[2].id] }, land)
    expect([noReason.status, noReason.body.details?.[0]]).toEqual([400, { field: 'reason', message: '复核剔除须填写剔除理由 reason' }])
    const unflagged = await one<{ id: number }>('SELECT parcel_id AS id FROM evaluation_result WHERE run_id = $1 AND NOT flagged LIMIT 1', [
      run.id,
    ])
    const notLow = await s.postJson('/api/landInefficient/updateDxyd', { action: '认定', runId: run.id, parcelIds: [unflagged.id] }, land)
    expect([notLow.status, notLow.body.details?.[0].field]).toEqual([400, 'parcelIds'])
    expect(notLow.body.message).toContain('未达到疑似低效分数线 100')
    // land taken back is not 低效: refused, and not offered for review
    const taken = await one<{ id: number; code: string; status: string }>(
      `SELECT er.parcel_id AS id, p.land_code AS code, p.status FROM evaluation_result er JOIN parcel p ON p.id = er.parcel_id
       WHERE er.run_id = $1 AND er.flagged AND NOT EXISTS (SELECT 1 FROM revitalize_ledger lg WHERE lg.parcel_id = p.id) LIMIT 1`,
      [run.id],
    )
    await s.db.query(`UPDATE parcel SET status = '已收回' WHERE id = $1`, [taken.id])
    const recovered = await s.postJson('/api/landInefficient/updateDxyd', { action: '认定', runId: run.id, parcelIds: [taken.id] }, land)
    expect([recovered.status, recovered.body.message]).toEqual([422, `地块 ${taken.code} 已收回，不能认定为低效用地`])
    const pending = (
      await s.get<ReviewList>(
        `/api/landInefficient/getRevitalizeList?runId=${run.id}&review=${encodeURIComponent('待认定')}&pageSize=500`,
        land,
      )
    ).body.data.page.list
    expect(pending.some((r) => r.parcelId === taken.id)).toBe(false)
    await s.db.query(`UPDATE parcel SET status = $2 WHERE id = $1`, [taken.id, taken.status])
    expect([await count('revitalize_ledger'), await count('revitalize_ledger_event'), await count('dc_submission')]).toEqual(before)
  })

  it('withdraws a result with its reason (复核剔除), not on the map', async () => {
    const r = await s.postJson(
      '/api/landInefficient/updateDxyd',
      { action: '剔除', runId: run.id, parcelIds: [free[4].id], reason: '现场核查已完成技改扩建' },
      land,
    )
    expect([r.status, r.body.message]).toEqual([200, '已复核剔除 1 宗'])
    const e = await one<{ state: string; withdraw_reason: string }>(
      'SELECT state, withdraw_reason FROM revitalize_ledger WHERE parcel_id = $1',
      [free[4].id],
    )
    expect(e).toEqual({ state: '复核剔除', withdraw_reason: '现场核查已完成技改扩建' })
    expect(await disposal(free[4].id)).toBeUndefined()
  })

  it('confirms only inside the region (403) and only on the 盘活方案 page; a clerk gets 403', async () => {
    const other = free.find((p) => p.county !== '330102')!
    const role = await roleId(s, '土地科')
    const county = await makeUser(s, admin, { username: 'rv_county', roleIds: [role], regionCode: '330102' })
    const before = await count('revitalize_ledger')
    const r = await s.postJson('/api/landInefficient/updateDxyd', { action: '认定', runId: run.id, parcelIds: [other.id] }, county.token)
    // the run is the province user's: a county user cannot even see it
    expect(r.status).toBe(404)
    const own = (await s.postJson<EvaluationRun>('/api/inefficient/run', { modelId: run.modelId, year: run.year }, county.token)).body.data
    const outside = await s.postJson(
      '/api/landInefficient/updateDxyd',
      { action: '认定', runId: own.id, parcelIds: [other.id] },
      county.token,
    )
    expect([outside.status, outside.body.details?.[0].field]).toEqual([403, 'parcelIds'])
    expect(outside.body.message).toBe(`地块 ${other.land_code} 不在本账号的数据范围内，不能处理`)
    expect(await count('revitalize_ledger')).toBe(before)
    const list = (await s.get<LedgerList>('/api/landInefficient/getLandIneInfo?pageSize=500', county.token)).body.data
    expect(list.page.list.every((x) => x.countyCode === '330102')).toBe(true)

    const clerk = await s.login('clerk', 'Clerk@2026')
    for (const path of ['/api/landInefficient/getLandIneInfo', '/api/revitalize/getOverView', '/api/phczReport/getList']) {
      expect((await s.get(path, clerk)).status, path).toBe(403)
    }
    expect(
      (await s.postJson('/api/landInefficient/updateDxyd', { action: '认定', runId: run.id, parcelIds: [free[2].id] }, clerk)).status,
    ).toBe(403)
  })
})

describe('盘活方案, 进度 and 办结', () => {
  let id: number
  it('refuses a planned area above the parcel’s, a deadline before the start, missing 收储 fields and unconfirmed land', async () => {
    const before = await count('revitalize_plan')
    const big = await s.postJson('/api/landInefficient/addRevitalPlan', plan(free[0].id, Math.ceil(free[0].mu) + 1), land)
    expect([big.status, big.body.details?.[0].field]).toEqual([400, 'parcels.0.plannedAreaMu'])
    expect(big.body.details?.[0].message).toMatch(/的计划面积 \d+ 亩不能大于地块面积 [\d.]+ 亩/)
    const back = await s.postJson('/api/landInefficient/addRevitalPlan', plan(free[0].id, 1, { deadline: day(-61) }), land)
    expect([back.status, back.body.details?.[0].field]).toEqual([400, 'deadline'])
    const noAgency = await s.postJson('/api/landInefficient/addRevitalPlan', plan(free[0].id, 1, { details: { compensation: 10 } }), land)
    expect([noAgency.status, noAgency.body.details]).toEqual([
      400,
      [{ field: 'details.storageAgency', message: '收回收储须填写收储机构 details.storageAgency' }],
    ])
    const unconfirmed = await s.postJson('/api/landInefficient/addRevitalPlan', plan(free[3].id, 1), land)
    expect([unconfirmed.status, unconfirmed.body.details?.[0].field]).toEqual([422, 'parcels'])
    expect(await count('revitalize_plan')).toBe(before)
  })

  it('saves a 协商收购 draft, edits it with history, submits and approves it; a non-draft is not deleted', async () => {
    const mu = Math.floor(free[0].mu * 100) / 100
    const r = await s.postJson<PlanDetail>('/api/landInefficient/addRevitalPlan', plan(free[0].id, mu), land)
    expect([r.status, r.body.message]).toEqual([200, '已保存盘活方案草稿'])
    id = r.body.data.id
    expect(r.body.data).toMatchObject({
      state: '草稿',
      method: '收回收储',
      subMethod: '协商收购',
      parcelCount: 1,
      plannedAreaMu: expect.closeTo(mu, 2),
    })
    // the plan's parcels carry their shapes for the plan's map
    expect(r.body.data.parcels.map((x) => [x.parcelId, (x.geometry as { type: string }).type])).toEqual([
      [
        free[0].id,
        (await one<{ t: string }>('SELECT GeometryType(geom) AS t FROM parcel WHERE id = $1', [free[0].id])).t
          .replace('MULTIPOLYGON', 'MultiPolygon')
          .replace('POLYGON', 'Polygon'),
      ],
    ])
    expect(r.body.data.milestones).toEqual([{ id: expect.any(Number), name: '签订收购协议', dueDate: day(30), doneDate: null }])
    expect((await one<{ state: string }>('SELECT state FROM revitalize_ledger WHERE parcel_id = $1', [free[0].id])).state).toBe(
      '已纳入方案',
    )
    expect(await disposal(free[0].id)).toBe('方案中')

    const edited = await s.postJson<PlanDetail>(
      '/api/landInefficient/update',
      { id, ...plan(free[0].id, mu, { respPerson: '王科长' }) },
      land,
    )
    expect(edited.status).toBe(200)
    expect(edited.body.data.history.at(-1)).toMatchObject({
      action: '修改',
      changes: [{ field: 'respPerson', label: '责任人', before: '陈土地', after: '王科长' }],
      actor: '陈土地',
    })
    const same = await s.postJson('/api/landInefficient/update', { id, ...plan(free[0].id, mu, { respPerson: '王科长' }) }, land)
    expect(same.status).toBe(422)

    const submit = await s.postJson<PlanDetail>('/api/landInefficient/checkPhcz', { id, action: '提交' }, land)
    expect([submit.status, submit.body.data.state]).toEqual([200, '待审核'])
    const del = await s.postJson('/api/landInefficient/deletePhcz', { id }, land)
    expect([del.status, del.body.details?.[0]]).toEqual([422, { field: 'id', message: '只能删除草稿状态的方案，该方案为待审核' }])
    expect((await one<{ deleted: boolean }>('SELECT deleted FROM revitalize_plan WHERE id = $1', [id])).deleted).toBe(false)
    const skip = await s.postJson('/api/landInefficient/checkPhcz', { id, action: '验收' }, land)
    expect([skip.status, skip.body.details?.[0].field]).toEqual([422, 'action'])
    // 审核通过 is the 土地科长's (四眼, issue 28): the author's own account no longer approves it
    const ok = await s.postJson<PlanDetail>('/api/landInefficient/checkPhcz', { id, action: '审核通过' }, landlead)
    expect([ok.status, ok.body.message, ok.body.data.state]).toEqual([200, '已审核通过，方案状态：实施中', '实施中'])
    expect((await one<{ state: string }>('SELECT state FROM revitalize_ledger WHERE parcel_id = $1', [free[0].id])).state).toBe('实施中')
    expect(await disposal(free[0].id)).toBe('实施中')
  })

  it('deletes a draft and gives its parcel back to the 未纳入 list', async () => {
    const r = await s.postJson<PlanDetail>('/api/landInefficient/addRevitalPlan', plan(free[1].id, 1, { name: '临时草稿' }), land)
    expect(r.status).toBe(200)
    const del = await s.postJson('/api/landInefficient/deletePhcz', { id: r.body.data.id }, land)
    expect([del.status, del.body.message]).toEqual([200, '已删除盘活方案「临时草稿」'])
    expect((await one<{ state: string }>('SELECT state FROM revitalize_ledger WHERE parcel_id = $1', [free[1].id])).state).toBe('已认定')
    expect((await s.get(`/api/landInefficient/getPhPage?id=${r.body.data.id}`, land)).status).toBe(404)
  })

  it('takes reports whose date and percentage never go back, and changes or deletes only the latest', async () => {
    const report = (over: Record<string, unknown>) => ({
      planId: id,
      reportDate: day(-30),
      progress: 40,
      doneItems: '完成入户调查和评估',
      ...over,
    })
    const first = await s.postJson<PlanDetail>('/api/phczReport/save', report({}), land)
    expect([first.status, first.body.data.progress]).toEqual([200, 40])
    const before = await count('revitalize_report')
    const earlier = await s.postJson('/api/phczReport/save', report({ reportDate: day(-31), progress: 50 }), land)
    expect([earlier.status, earlier.body.details]).toEqual([
      400,
      [{ field: 'reportDate', message: `报告日期 reportDate 不能早于上次报告的 ${day(-30)}` }],
    ])
    const lower = await s.postJson('/api/phczReport/save', report({ reportDate: TODAY, progress: 30 }), land)
    expect([lower.status, lower.body.details]).toEqual([400, [{ field: 'progress', message: '进度 progress 不能低于上次报告的 40%' }]])
    const future = await s.postJson('/api/phczReport/save', report({ reportDate: day(2), progress: 50 }), land)
    expect([future.status, future.body.details?.[0].field]).toEqual([400, 'reportDate'])
    expect(await count('revitalize_report')).toBe(before)

    const second = await s.postJson<PlanDetail>(
      '/api/phczReport/save',
      report({ reportDate: TODAY, progress: 70, difficulties: '补偿款未到位' }),
      land,
    )
    expect(second.body.data.reports.map((x) => [x.reportDate, x.progress])).toEqual([
      [day(-30), 40],
      [TODAY, 70],
    ])
    const latest = second.body.data.reports[1].id
    const firstId = second.body.data.reports[0].id
    expect(
      (await s.postJson('/api/phczReport/update', { id: firstId, reportDate: day(-30), progress: 45, doneItems: '改' }, land)).status,
    ).toBe(422)
    const down = await s.postJson('/api/phczReport/update', { id: latest, reportDate: TODAY, progress: 35, doneItems: '改' }, land)
    expect([down.status, down.body.details?.[0].field]).toEqual([400, 'progress'])
    expect(
      (await s.postJson('/api/phczReport/update', { id: latest, reportDate: TODAY, progress: 60, doneItems: '完成协议签订' }, land)).status,
    ).toBe(200)
    expect((await one<{ progress: number }>('SELECT progress FROM revitalize_plan WHERE id = $1', [id])).progress).toBe(60)
    expect((await s.postJson('/api/phczReport/delete', { id: latest }, land)).status).toBe(200)
    expect((await one<{ progress: number }>('SELECT progress FROM revitalize_plan WHERE id = $1', [id])).progress).toBe(40)
    expect(
      (await s.postJson('/api/phczReport/save', report({ reportDate: TODAY, progress: 80, doneItems: '完成协议签订' }), land)).status,
    ).toBe(200)
  })

  it('keeps a report’s photos: pictures uploaded for it by the reporter, served back in its region only', async () => {
    const up = await upload(s, '/api/phczReport/upload', {}, { name: '现场照片.png', bytes: PNG }, land)
    expect(up.status).toBe(200)
    const photo = (up.body.data as { id: number }).id
    // not a picture, another user's file, and a clerk without the pages
    expect((await upload(s, '/api/phczReport/upload', {}, { name: '说明.pdf', bytes: PDF }, land)).status).toBe(415)
    const others = (await upload(s, '/api/base/file/upload', {}, { name: '别人的.png', bytes: PNG }, admin)).body.data as { id: number }
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await upload(s, '/api/phczReport/upload', {}, { name: 'a.png', bytes: PNG }, clerk)).status).toBe(403)
    const reports = async () => (await s.get<PlanDetail>(`/api/landInefficient/getPhPage?id=${id}`, land)).body.data.reports
    const latest = (await reports()).at(-1)!
    const before = await count('revitalize_report')
    const change = (photoIds: number[]) =>
      s.postJson(
        '/api/phczReport/update',
        { id: latest.id, reportDate: latest.reportDate, progress: latest.progress, doneItems: latest.doneItems, photoIds },
        land,
      )
    const refused = await change([photo, others.id])
    expect([refused.status, refused.body.details]).toEqual([
      400,
      [{ field: 'photoIds', message: `照片 #${others.id} 不存在或不是本人为进度报告上传的图片，请重新上传` }],
    ])
    expect((await change([photo, photo])).status).toBe(400)
    expect((await reports()).at(-1)!.photoIds).toEqual([])
    expect((await change([photo])).status).toBe(200)
    expect(await count('revitalize_report')).toBe(before)
    expect((await reports()).at(-1)!.photos).toEqual([{ id: photo, name: '现场照片.png', size: PNG.length }])
    // changed again by the same reporter, the photo it holds stays allowed
    expect((await change([photo])).status).toBe(200)
    const get = (q: string, token: string) =>
      fetch(`${s.base}/api/phczReport/photo?${q}`, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
    const served = await get(`reportId=${latest.id}&fileId=${photo}`, land)
    expect([served.status, served.headers.get('content-type'), Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PNG))]).toEqual([
      200,
      'image/png',
      true,
    ])
    expect((await get(`reportId=${latest.id}&fileId=${others.id}`, land)).status).toBe(404)
    expect((await get(`reportId=${latest.id}&fileId=${photo}`, clerk)).status).toBe(403)
  })

  it('lists running plans by risk, takes a 督办 with a reply deadline and one reply', async () => {
    const list = (await s.get<SuperviseList>('/api/phczReport/getList?pageSize=500', land)).body.data
    const mine = list.page.list.find((p) => p.id === id)!
    // 60 of 360 days gone: 17 % expected, 80 % done — no risk
    expect(mine.risk).toMatchObject({ overdue: false, silentDays: null, behind: null, expected: 17, level: '无' })
    const scores = list.page.list.map((p) => p.risk.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(list.counts.reduce((t, c) => t + c.count, 0)).toBe(list.page.total)

    const late = await s.postJson(
      '/api/phczReport/updatePhcz',
      { action: '督办', planId: id, content: '加快补偿款拨付', replyDeadline: day(-1) },
      land,
    )
    expect([late.status, late.body.details?.[0].field]).toEqual([400, 'replyDeadline'])
    const sup = await s.postJson<PlanDetail>(
      '/api/phczReport/updatePhcz',
      { action: '督办', planId: id, content: '加快补偿款拨付', replyDeadline: day(7) },
      land,
    )
    expect([sup.status, sup.body.message]).toEqual([200, `已督办，回复期限 ${day(7)}`])
    const sid = sup.body.data.supervisions[0].id
    expect(sup.body.data.supervisions[0]).toMatchObject({
      content: '加快补偿款拨付',
      replyDeadline: day(7),
      issuedBy: '陈土地',
      reply: null,
      overdue: false,
    })
    const rep = await s.postJson<PlanDetail>(
      '/api/phczReport/updatePhcz',
      { action: '回复', supervisionId: sid, reply: '已拨付首期补偿款' },
      land,
    )
    expect(rep.body.data.supervisions[0].reply).toBe('已拨付首期补偿款')
    expect((await s.postJson('/api/phczReport/updatePhcz', { action: '回复', supervisionId: sid, reply: '再' }, land)).status).toBe(422)
  })

  it('completes the 协商收购 plan: 已收回 goes to audit, the entry is 销号, the effects count the freed area', async () => {
    const future = await s.postJson('/api/phczReport/updatePhcz', { action: '办结', planId: id, completedDate: day(3) }, land)
    expect([future.status, future.body.details?.[0].field]).toEqual([400, 'completedDate'])
    const r = await s.postJson<PlanDetail>(
      '/api/phczReport/updatePhcz',
      { action: '办结', planId: id, completedDate: TODAY, newInvestment: 1500, resultNote: '完成收购，土地交储' },
      land,
    )
    const sub = await pendingSub(free[0].id)
    expect([r.status, r.body.message]).toEqual([200, `已办结，台账已销号，地块信息变更已提交数据中心审核（提交 #${sub.id}）`])
    expect(sub.payload).toMatchObject({ status: '已收回' })
    expect(r.body.data).toMatchObject({ state: '已完成', progress: 100, completedDate: TODAY })
    expect(
      await one("SELECT state, to_char(closed_date, 'YYYY-MM-DD') AS closed FROM revitalize_ledger WHERE parcel_id = $1", [free[0].id]),
    ).toEqual({
      state: '已完成',
      closed: TODAY,
    })
    expect(await disposal(free[0].id)).toBe('已完成')
    expect((await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)).status).toBe(200)
    expect((await one<{ status: string }>('SELECT status FROM parcel WHERE id = $1', [free[0].id])).status).toBe('已收回')

    const planned = (await one<{ m2: number }>('SELECT planned_area_m2::float8 AS m2 FROM revitalize_plan WHERE id = $1', [id])).m2
    const year = Number(TODAY.slice(0, 4))
    const fx = (await s.get<EffectSummary>(`/api/landInefficient/getEffect?year=${year}`, land)).body.data
    const row = fx.plans.find((p) => p.planId === id)!
    expect(row).toMatchObject({ method: '收回收储', completedDate: TODAY, newInvestment: 1500, newBuildingM2: null })
    expect(row.freedAreaMu).toBeCloseTo(planned / M2_PER_MU, 6)
    const sums = await one<{ n: number; m2: number }>(
      `SELECT count(*)::int AS n, sum(actual_area_m2)::float8 AS m2 FROM revitalize_plan WHERE NOT deleted AND state IN ('已完成', '已验收')
       AND completed_date >= make_date($1, 1, 1) AND completed_date < make_date($1 + 1, 1, 1)`,
      [year],
    )
    expect(fx.total.planCount).toBe(sums.n)
    expect(fx.total.freedAreaMu).toBeCloseTo(sums.m2 / M2_PER_MU, 6)
    const ov = (await s.get<RevitalizeOverview>(`/api/revitalize/getOverView?year=${year}`, land)).body.data
    expect(ov.kpis.doneCount).toBe(sums.n)
    expect(ov.kpis.freedAreaMu).toBeCloseTo(sums.m2 / M2_PER_MU, 6)
    const map = (await s.get<{ features: { planId: number; landCode: string }[] }>(`/api/revitalize/getPhMap?year=${year}`, land)).body.data
    expect(map.features.filter((f) => f.planId === id).map((f) => f.landCode)).toEqual([free[0].land_code])
    const xlsx = await fetch(`${s.base}/api/landInefficient/getEffect?year=${year}&format=xlsx`, {
      headers: { Authorization: `Bearer ${land}` },
    })
    expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ])
    // the export streams the same plans as the list, in plan order, with the same figures; filters apply
    const sheet = await sheetRows(xlsx)
    expect(sheet[0].slice(0, 5)).toEqual(['方案', '盘活方式', '区县', '办结日期', '腾出面积（亩）'])
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual(
      [...fx.plans].sort((a, b) => a.planId - b.planId).map((p) => [p.name, p.method, p.countyName, roundTo(p.freedAreaMu!, 2)]),
    )
    const mine = sheet.find((r) => r[0] === row.name)!
    expect([mine[1], mine[3], mine[6]]).toEqual(['收回收储', TODAY, 1500])
    const byMethod = await sheetRows(
      await fetch(`${s.base}/api/landInefficient/getEffect?year=${year}&format=xlsx&method=${encodeURIComponent('企业自主再开发')}`, {
        headers: { Authorization: `Bearer ${land}` },
      }),
    )
    expect(byMethod.slice(1).map((r) => r[0])).toEqual(
      fx.plans
        .filter((p) => p.method === '企业自主再开发')
        .sort((a, b) => a.planId - b.planId)
        .map((p) => p.name),
    )
    const county = await sheetRows(
      await fetch(`${s.base}/api/landInefficient/getEffect?year=${year}&format=xlsx&regionCode=${free[0].county}`, {
        headers: { Authorization: `Bearer ${land}` },
      }),
    )
    const inCounty = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM revitalize_plan WHERE NOT deleted AND state IN ('已完成', '已验收') AND county_code = $2
       AND completed_date >= make_date($1, 1, 1) AND completed_date < make_date($1 + 1, 1, 1)`,
      [year, free[0].county],
    )
    expect([county.length - 1, county.some((r) => r[0] === row.name)]).toEqual([inCounty.n, true])

    const accept = await s.postJson<PlanDetail>('/api/landInefficient/checkPhcz', { id, action: '验收' }, land)
    expect([accept.status, accept.body.data.state, accept.body.data.acceptedDate]).toEqual([200, '已验收', TODAY])
    const list = (await s.get<PlanList>(`/api/landInefficient/getNrList?state=已验收&pageSize=500`, land)).body.data
    expect(list.page.list.map((p) => p.id)).toContain(id)
  })

  it('completes 企业自主再开发 only with the new 容积率 and 建筑面积, sent to audit', async () => {
    const p = free[1]
    const r = await s.postJson<PlanDetail>(
      '/api/landInefficient/addRevitalPlan',
      plan(p.id, 1, {
        name: '提容增效',
        method: '企业自主再开发',
        subMethod: '提容增效',
        details: { permitNo: '地字第330100202600123号' },
        submit: true,
      }),
      land,
    )
    expect([r.status, r.body.data.state]).toEqual([200, '待审核'])
    const pid = r.body.data.id
    expect((await s.postJson('/api/landInefficient/checkPhcz', { id: pid, action: '审核通过' }, landlead)).status).toBe(200)
    const before = await count('dc_submission')
    const bare = await s.postJson('/api/phczReport/updatePhcz', { action: '办结', planId: pid, completedDate: TODAY }, land)
    expect([bare.status, bare.body.details?.map((d) => d.field)]).toEqual([400, ['plotRatioAfter', 'buildingAreaAfter']])
    expect(await count('dc_submission')).toBe(before)
    expect((await one<{ state: string }>('SELECT state FROM revitalize_plan WHERE id = $1', [pid])).state).toBe('实施中')
    const done = await s.postJson<PlanDetail>(
      '/api/phczReport/updatePhcz',
      { action: '办结', planId: pid, completedDate: TODAY, plotRatioAfter: 1.8, buildingAreaAfter: 24000, newBuildingM2: 9000 },
      land,
    )
    expect(done.status).toBe(200)
    const sub = await pendingSub(p.id)
    // the confirmation's 低效 may still wait for audit: the new figures and the status the land leaves 低效 for fold into it
    expect(sub.payload).toMatchObject({ status: '已投产', plot_ratio: 1.8, building_area: 24000 })
    expect(
      (await one<{ plot_ratio_after: number }>('SELECT plot_ratio_after::float8 FROM revitalize_plan WHERE id = $1', [pid]))
        .plot_ratio_after,
    ).toBe(1.8)
  })
})

describe('整治提升 → 盘活, tasks', () => {
  it('opens a 收回收储 draft for the land of an enterprise whose 整治提升 plan closes as 腾退', async () => {
    const year = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_appraisal_yearly')).y
    const ent = await one<{ id: number; n: number }>(
      `SELECT e.id, (SELECT count(*)::int FROM parcel p WHERE p.enterprise_id = e.id AND NOT p.deleted AND p.status <> '已收回' AND p.area_m2 > 0) AS n
       FROM enterprise_appraisal_yearly x JOIN enterprise e ON e.id = x.enterprise_id
       WHERE x.year = $1 AND x.class = 'D'
         AND EXISTS (SELECT 1 FROM parcel p WHERE p.enterprise_id = e.id AND NOT p.deleted AND p.status <> '已收回' AND p.area_m2 > 0)
         AND NOT EXISTS (SELECT 1 FROM parcel p JOIN revitalize_ledger l ON l.parcel_id = p.id WHERE p.enterprise_id = e.id)
         AND NOT EXISTS (SELECT 1 FROM parcel p JOIN dc_submission d ON d.target_id = p.id AND d.kind = 'parcel' AND d.state = '待审核' WHERE p.enterprise_id = e.id)
         AND NOT EXISTS (SELECT 1 FROM regulation_plan rp WHERE rp.enterprise_id = e.id AND rp.year = $1 AND NOT rp.deleted)
       ORDER BY e.id LIMIT 1`,
      [year],
    )
    const reg = await s.postJson<{ id: number }>(
      '/api/regulation/plan/add',
      { enterpriseId: ent.id, year, target: '腾退', measures: '厂房腾退，土地收储', owner: '区经信局', deadline: day(90) },
      admin,
    )
    expect(reg.status).toBe(200)
    const closed = await s.postJson(
      '/api/regulation/plan/close',
      { id: reg.body.data.id, outcome: '腾退', date: TODAY, note: '已腾退' },
      admin,
    )
    const opened = await one<{ id: number; state: string; method: string; sub_method: string; parcels: number }>(
      `SELECT rp.id, rp.state, rp.method, rp.sub_method, (SELECT count(*)::int FROM revitalize_plan_parcel pp WHERE pp.plan_id = rp.id) AS parcels
       FROM revitalize_plan rp WHERE rp.regulation_plan_id = $1`,
      [reg.body.data.id],
    )
    expect([closed.status, closed.body.message]).toEqual([200, `已办结：腾退，已转入盘活方案 #${opened.id}`])
    expect(opened).toMatchObject({ state: '草稿', method: '收回收储', sub_method: '协商收购', parcels: ent.n })
    const states = await s.db.query<{ state: string }>(
      'SELECT l.state FROM revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id WHERE p.enterprise_id = $1',
      [ent.id],
    )
    expect(states.rows.map((x) => x.state)).toEqual(Array(ent.n).fill('已纳入方案'))
    // it cannot be submitted before its 收储 fields are filled in
    const submit = await s.postJson('/api/landInefficient/checkPhcz', { id: opened.id, action: '提交' }, admin)
    expect([submit.status, submit.body.details?.map((d) => d.field)]).toEqual([422, ['details.storageAgency', 'details.compensation']])
  })

  it('sets a county’s yearly task and reads its completion rate; another county is refused to a county user', async () => {
    const year = Number(TODAY.slice(0, 4))
    const county = free[0].county
    expect((await s.postJson('/api/landInefficient/editPhczTask', { countyCode: county, year, taskMu: 200 }, land)).status).toBe(200)
    const ov = (await s.get<RevitalizeOverview>(`/api/revitalize/getOverView?year=${year}`, land)).body.data
    const row = ov.counties.find((c) => c.code === county)!
    const done = await one<{ m2: number }>(
      `SELECT COALESCE(sum(planned_area_m2), 0)::float8 AS m2 FROM revitalize_plan WHERE county_code = $1 AND NOT deleted
       AND state IN ('已完成', '已验收') AND completed_date >= make_date($2, 1, 1) AND completed_date < make_date($2 + 1, 1, 1)`,
      [county, year],
    )
    expect(row.taskMu).toBe(200)
    // counties with a 台账, plan or task come first, each part by code
    const busy = (c: (typeof ov.counties)[number]) => c.ledgerCount > 0 || c.planCount > 0 || c.taskMu !== null
    const firstIdle = ov.counties.findIndex((c) => !busy(c))
    expect(ov.counties.slice(firstIdle === -1 ? ov.counties.length : firstIdle).some(busy)).toBe(false)
    expect(ov.counties.filter(busy).map((c) => c.code)).toEqual(
      ov.counties
        .filter(busy)
        .map((c) => c.code)
        .sort(),
    )
    expect(ov.counties.findIndex((c) => c.code === county)).toBeLessThan(ov.counties.filter(busy).length)
    expect(ov.counties.some((c) => !busy(c))).toBe(true)
    expect(row.completionRate).toBeCloseTo((done.m2 / M2_PER_MU / 200) * 100, 6)
    const role = await roleId(s, '土地科')
    const user = await makeUser(s, admin, { username: 'rv_task', roleIds: [role], regionCode: '330102' })
    const other = county === '330102' ? '330105' : county
    const r = await s.postJson('/api/landInefficient/editPhczTask', { countyCode: other, year, taskMu: 1 }, user.token)
    expect(r.status).toBe(403)
    expect(
      (await one<{ task_mu: number }>('SELECT task_mu::float8 FROM revitalize_task WHERE county_code = $1 AND year = $2', [county, year]))
        .task_mu,
    ).toBe(200)
  })
})
