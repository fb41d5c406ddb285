/**
 * 亩均效益评价, what 评价结果 and 评价标准 add around a batch (issue 15), over HTTP on this run's engine:
 * the 加减分 / 一票否决 events (add with their evidence, edit with a reason, delete with a reason, every
 * change kept, refused when the item is not the model's) feed the next 试算; the enterprise card
 * (the inputs the run read with source and date, today's value when corrected since, scores,
 * 加减分, class, reason, events and correction history); the D-share alert counts the D by rank or
 * score line against the quota and shows the D by trigger beside; the 公示 list export; objection
 * attachments (upload, carried, downloaded, someone else's file refused); 同比 between two
 * published years, against SQL written here.
 *
 * Fixture: five 规下 enterprises of an otherwise empty county, 10 亩 each, 亩均税收 10 / 5 / 4 / 2 / 0.5,
 * 亩均营业收入 100 / 50 / 40 / 20 / 200 → scores 150 / 115 / 92 / 46 / 67.5 under the default model
 * (medians 4 and 50, cap 1.5); 企业1 gets 重大安全事故 (一票否决), 企业3 高新技术企业 (+5 → 97).
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppraisalBatch, AppraisalResultRow } from '../../src/domain/contracts/appraisal'
import type { Page } from '../../src/domain/contracts/envelope'
import { makeUser, upload } from './admin-helpers'
import { startServer, type TestServer } from './harness'
import { addDays, windowEnd } from '../../src/domain/work-calendar'
import { todayInProductZone } from '../../src/domain/today'

const M2_PER_MU = 10000 / 15
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Title (完税证明) >>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'utf8'))
let s: TestServer
let admin: string
let econ: string
let econlead: string
let outsider: string
let year: number
let county: string
let ids: number[] = []
let batchId: number

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}
/** rows of `table` about the fixture's enterprises */
const count = async (table: string) =>
  (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE enterprise_id = ANY($1::int[])`, [ids])).n

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  econ = await s.login('econ', 'Econ@2026')
  econlead = await s.login('econlead', 'Econlead@2026')
  outsider = (await makeUser(s, admin, { username: 'card_norole', regionCode: '330000' })).token
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
      [`9133000000001${String(i).padStart(5, '0')}`, `评价卡企业${i + 1}`, city, county],
    )
    await s.db.query(
      `INSERT INTO enterprise_yearly (enterprise_id, year, tax, value_added, revenue, employees, land_area_m2) VALUES ($1, $2, $3, $4, $5, 10, $6)`,
      [e.id, year, tax * 10, revenue * 3, revenue * 10, 10 * M2_PER_MU],
    )
    ids.push(e.id)
  }
}, 120_000)
afterAll(() => s?.close())

type EventRow = {
  id: number
  enterpriseId: number
  name: string
  kind: string
  points: number | null
  evidence: string
  evidenceDate: string | null
}
type Change = { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; reason: string }
const event = (i: number, name: string, evidence: string, extra: Record<string, unknown> = {}) => ({
  enterpriseId: ids[i],
  year,
  name,
  evidence,
  ...extra,
})

describe('加减分 / 一票否决 events', () => {
  it('adds, edits with a reason and deletes with a reason, keeping every change; refuses what the model does not score', async () => {
    const bad = await s.postJson('/api/companyAppraise/eventSave', event(0, '纳税信用A级', '税务局公告'), econ)
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'name'])
    expect(bad.body.message).toBe(
      `事项 name 应为该区县${year}年评价模型中的加减分或一票否决事项（高新技术企业、违法用地、重大安全事故、重大环境污染事件）`,
    )
    const noEvidence = await s.postJson('/api/companyAppraise/eventSave', event(0, '重大安全事故', ' '), econ)
    expect([noEvidence.status, noEvidence.body.details?.[0].field]).toEqual([400, 'evidence'])
    expect(await count('appraisal_event')).toBe(0)

    const veto = await s.postJson<{ id: number }>(
      '/api/companyAppraise/eventSave',
      event(0, '重大安全事故', '应急管理局事故调查报告 2025-17号', { evidenceDate: `${year}-06-30` }),
      econ,
    )
    expect([veto.status, veto.body.message]).toEqual([200, `已登记 评价卡企业1 ${year}年「重大安全事故」，下次试算计入`])
    const hi = await s.postJson<{ id: number }>('/api/companyAppraise/eventSave', event(2, '高新技术企业', 'GR2023330001'), econ)
    const illegal = await s.postJson<{ id: number }>('/api/companyAppraise/eventSave', event(1, '违法用地', '行政处罚决定书'), econ)
    expect([hi.status, illegal.status]).toEqual([200, 200])
    const dup = await s.postJson('/api/companyAppraise/eventSave', event(2, '高新技术企业', '重复'), econ)
    expect([dup.status, dup.body.message]).toEqual([409, `评价卡企业3 ${year}年已登记「高新技术企业」，请修改原记录`])

    // an edit needs its reason; without one nothing changes
    const noReason = await s.postJson(
      '/api/companyAppraise/eventSave',
      { ...event(2, '高新技术企业', 'GR2024330009'), id: hi.body.data.id },
      econ,
    )
    expect([noReason.status, noReason.body.details?.[0].field]).toEqual([400, 'reason'])
    expect((await one<{ evidence: string }>('SELECT evidence FROM appraisal_event WHERE id = $1', [hi.body.data.id])).evidence).toBe(
      'GR2023330001',
    )
    const edited = await s.postJson(
      '/api/companyAppraise/eventSave',
      { ...event(2, '高新技术企业', 'GR2024330009'), id: hi.body.data.id, reason: '证书复审换发' },
      econ,
    )
    expect([edited.status, edited.body.message]).toEqual([200, `已修改 评价卡企业3 ${year}年「高新技术企业」，下次试算计入`])

    const noDeleteReason = await s.postJson('/api/companyAppraise/eventDelete', { id: illegal.body.data.id, reason: '' }, econ)
    expect([noDeleteReason.status, noDeleteReason.body.details?.[0].field]).toEqual([400, 'reason'])
    const deleted = await s.postJson('/api/companyAppraise/eventDelete', { id: illegal.body.data.id, reason: '处罚已撤销' }, econ)
    expect([deleted.status, deleted.body.message]).toEqual([200, `已删除 评价卡企业2 ${year}年「违法用地」，下次试算不再计入`])

    const listed = await s.get<Page<EventRow>>(`/api/companyAppraise/events?year=${year}&regionCode=${county}&page=1&pageSize=20`, econ)
    expect(listed.body.data.total).toBe(2)
    expect(listed.body.data.list.map((e) => [e.enterpriseId, e.name, e.kind, e.points, e.evidence, e.evidenceDate])).toEqual([
      [ids[0], '重大安全事故', '一票否决', null, '应急管理局事故调查报告 2025-17号', `${year}-06-30`],
      [ids[2], '高新技术企业', '加分', 5, 'GR2024330009', null],
    ])
    const h3 = await s.get<Change[]>(`/api/companyAppraise/eventHistory?enterpriseId=${ids[2]}&year=${year}`, econ)
    expect(h3.body.data.map((c) => [c.action, c.before?.evidence ?? null, c.after?.evidence ?? null, c.reason])).toEqual([
      ['修改', 'GR2023330001', 'GR2024330009', '证书复审换发'],
      ['新增', null, 'GR2023330001', ''],
    ])
    const h2 = await s.get<Change[]>(`/api/companyAppraise/eventHistory?enterpriseId=${ids[1]}&year=${year}`, econ)
    expect(h2.body.data.map((c) => [c.action, c.before?.name ?? null, c.after, c.reason])).toEqual([
      ['删除', '违法用地', null, '处罚已撤销'],
      ['新增', null, { name: '违法用地', evidence: '行政处罚决定书', evidenceDate: null, note: '' }, ''],
    ])

    // grants: reading needs one of the three pages, writing 评价标准
    expect((await s.get(`/api/companyAppraise/events?year=${year}`, outsider)).status).toBe(403)
    expect((await s.postJson('/api/companyAppraise/eventSave', event(3, '违法用地', 'x'), outsider)).status).toBe(403)
    expect(await count('appraisal_event')).toBe(2)
  })

  it('are read by the next 试算: the veto makes D, the 加分 adds its points, the deleted 减分 counts no more', async () => {
    const r = await s.postJson<AppraisalBatch>('/api/appraiseResult/run', { countyCode: county, year }, econ)
    expect(r.status).toBe(200)
    batchId = r.body.data.id
    const rows = (
      await s.get<Page<AppraisalResultRow>>(`/api/appraiseResult/list?year=${year}&batchId=${batchId}&page=1&pageSize=10`, econ)
    ).body.data.list
    const of = (i: number) => rows.find((x) => x.enterpriseId === ids[i])!
    expect(ids.map((_, i) => of(i).class)).toEqual(['D', 'B', 'B', 'C', 'D'])
    expect(of(0).reason).toBe('一票否决：重大安全事故')
    expect(of(2).adjustments).toEqual([{ name: '高新技术企业', points: 5 }])
    expect(of(2).total).toBeCloseTo(97, 9)
    expect(of(1).adjustments).toEqual([])
    expect(of(1).total).toBeCloseTo(115, 9)
  })
})

describe('企业评价卡', () => {
  type Card = {
    batch: AppraisalBatch
    result: AppraisalResultRow
    items: {
      item: string
      name: string
      source: string
      value: number | null
      current: number | null
      changed: boolean
      reportedDate: string | null
    }[]
    history: { item: string; oldValue: number | null; newValue: number; reason: string }[]
    events: { name: string; evidence: string; evidenceDate: string | null }[]
  }
  it('shows the inputs the run read with their source and date, the scores, events and the corrections made since', async () => {
    const c = await s.postJson(
      '/api/companyAppraise/correction',
      { enterpriseId: ids[2], year, item: 'employees', value: 12, reason: '人社部门补报参保人数', reportedDate: `${year + 1}-02-15` },
      econ,
    )
    expect(c.status).toBe(200)
    const card = (await s.get<Card>(`/api/appraiseResult/detail?batchId=${batchId}&enterpriseId=${ids[2]}`, econ)).body.data
    expect([card.result.class, card.result.rank, card.result.groupSize, card.result.lastClass]).toEqual(['B', 3, 5, null])
    expect(card.result.scores.taxPerMu.score).toBeCloseTo(60, 9) // 4 ÷ 4 × 60
    expect(card.result.scores.revenuePerMu.score).toBeCloseTo(32, 9) // 40 ÷ 50 × 40
    expect(card.result.adjustments).toEqual([{ name: '高新技术企业', points: 5 }])
    const staff = card.items.find((i) => i.item === 'employees')!
    // the card keeps what the run read (10) and shows today's value after the correction
    expect([staff.name, staff.source, staff.value, staff.current, staff.changed, staff.reportedDate]).toEqual([
      '年平均职工人数',
      '人社',
      10,
      12,
      true,
      `${year + 1}-02-15`,
    ])
    const tax = card.items.find((i) => i.item === 'tax')!
    expect([tax.source, tax.value, tax.current, tax.changed]).toEqual(['税务', 40, 40, false])
    const land = card.items.find((i) => i.item === 'land_area_m2')!
    expect([land.source, land.value, land.changed]).toEqual(['自然资源', 10 * M2_PER_MU, false])
    expect(card.history.map((h) => [h.item, h.oldValue, h.newValue, h.reason])).toEqual([['employees', 10, 12, '人社部门补报参保人数']])
    expect(card.events).toEqual([{ name: '高新技术企业', evidence: 'GR2024330009', evidenceDate: null }])
    expect((await s.get(`/api/appraiseResult/detail?batchId=${batchId}&enterpriseId=${ids[2]}`, outsider)).status).toBe(403)
  })

  it('dates every seeded input by its department early in the following year, as the database holds it', async () => {
    const y = year - 1
    const seeded = await one<{ id: number }>(
      `SELECT y.enterprise_id AS id FROM enterprise_yearly y JOIN enterprise e ON e.id = y.enterprise_id
       WHERE y.year = $1 AND NOT e.deleted AND y.tax IS NOT NULL AND y.energy IS NOT NULL AND y.employees IS NOT NULL AND NOT (y.enterprise_id = ANY($2::int[]))
       ORDER BY y.enterprise_id LIMIT 1`,
      [y, ids],
    )
    type Inputs = { items: { item: string; source: string; value: number | null; reportedDate: string | null; updatedBy: string | null }[] }
    const r = await s.get<Inputs>(`/api/companyAppraise/inputs?enterpriseId=${seeded.id}&year=${y}`, econ)
    expect(r.status).toBe(200)
    const month: Record<string, number> = { 税务: 2, 统计: 3, 自然资源: 3, 电力: 4, 人社: 4, 环保: 5 }
    for (const i of r.body.data.items) {
      if (i.value === null) expect(i.reportedDate, i.item).toBeNull()
      else {
        expect(i.reportedDate, i.item).toMatch(new RegExp(`^${y + 1}-0${month[i.source]}-\\d\\d$`))
        expect(i.updatedBy, i.item).toBe('system')
      }
    }
    expect(r.body.data.items.filter((i) => i.reportedDate).map((i) => i.item)).toEqual(
      expect.arrayContaining(['tax', 'energy', 'employees']),
    )
    // one row per reported value, none for a value not reported
    const rows = await one<{ n: number; values: number }>(
      `SELECT (SELECT count(*)::int FROM appraisal_input_source WHERE year = $1) AS n,
              (SELECT (count(tax) + count(value_added) + count(revenue) + count(rd_expense) + count(energy) + count(emissions) + count(employees) + count(land_area_m2))::int
               FROM enterprise_yearly WHERE year = $1) AS values`,
      [y],
    )
    expect(rows.n).toBe(rows.values)
  })

  it('keeps the foreign keys of the inputs and results the seed wrote in bulk (dropped for the write, checked once, back)', async () => {
    const keys = await s.db.query<{ tbl: string; def: string }>(
      `SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'f' AND conrelid IN ('appraisal_input_source'::regclass, 'appraisal_result'::regclass) ORDER BY 1, 2`,
    )
    expect(keys.rows.map((k) => `${k.tbl} ${k.def}`)).toEqual([
      'appraisal_input_source FOREIGN KEY (enterprise_id) REFERENCES enterprise(id) ON DELETE CASCADE',
      'appraisal_result FOREIGN KEY (batch_id) REFERENCES appraisal_batch(id) ON DELETE CASCADE',
      'appraisal_result FOREIGN KEY (enterprise_id) REFERENCES enterprise(id)',
    ])
  })
})

describe('D share over quota', () => {
  type Share = {
    countyCode: string
    total: number
    d: number
    dByRank: number
    dTaxFloor: number
    dVeto: number
    allowed: number
    share: number
    quota: number
  }
  const alertOf = async () =>
    (await s.get<{ dShareOverQuota: Share[] }>(`/api/appraiseResult/alerts?year=${year}&regionCode=${county}`, econ)).body.data
      .dShareOverQuota
  it('does not count the D by 亩均税收 or 一票否决 against the quota, and flags D by the score line beyond it', async () => {
    // quota rule: 2 of 5 in D (40 %), both by a trigger → no alert
    expect(await alertOf()).toEqual([])
    const saved = await s.postJson<{ id: number }>(
      '/api/appraiseNorm/modelSave',
      {
        countyCode: county,
        scale: '规下',
        effectiveYear: year,
        indicators: [
          { key: 'taxPerMu', weight: 60 },
          { key: 'revenuePerMu', weight: 40 },
        ],
        bonus: [{ name: '高新技术企业', points: 5 }],
        vetoes: ['重大安全事故'],
        rule: { mode: 'threshold', a: 200, b: 150, c: 120 },
      },
      econ,
    )
    expect(saved.status).toBe(200)
    // in force once 经信科长 approves it (issue 28)
    expect(
      (await s.postJson('/api/appraiseApprove/decide', { kind: 'model', id: saved.body.data.id, decision: '通过' }, econlead)).status,
    ).toBe(200)
    expect((await s.postJson('/api/appraiseResult/run', { countyCode: county, year }, econ)).status).toBe(200)
    // totals 115, 97, 46 are under the C line 120 → D by score; round(5 × 5 %) = 0 allowed
    expect(await alertOf()).toEqual([
      expect.objectContaining({ countyCode: county, total: 5, d: 5, dByRank: 3, dTaxFloor: 1, dVeto: 1, allowed: 0, share: 60, quota: 5 }),
    ])
  })
})

describe('公示名单 and objection attachments', () => {
  // from today, at least five working days whatever the holidays (issue 28)
  const publicity = { start: todayInProductZone(), end: addDays(windowEnd(todayInProductZone(), 5, new Map()), 14) }
  it('exports the public list only once the batch is in 公示, ordered by rank with the class named', async () => {
    const early = await s.get(`/api/appraiseResult/publicityExport?batchId=${batchId}`, econ)
    expect([early.status, early.body.message]).toEqual([400, '批次尚未公示，公示后才能导出公示名单'])
    const p = await s.postJson('/api/appraiseResult/publicity', { batchId, start: publicity.start, end: publicity.end }, econ)
    expect(p.status).toBe(200)
    const res = await fetch(`${s.base}/api/appraiseResult/publicityExport?batchId=${batchId}`, {
      headers: { Authorization: `Bearer ${econ}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const ws = wb.getWorksheet('公示名单')!
    const rows: unknown[][] = []
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(['序号', '企业名称', '统一社会信用代码', '区县', '规模', '综合得分', '排名', '评价类别', '公示期'])
    // threshold run: 150 (veto) / 115 / 97 / 67.5 / 46
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7]])).toEqual([
      [1, '评价卡企业1', 150, '1/5', 'D类 整治淘汰'],
      [2, '评价卡企业2', 115, '2/5', 'D类 整治淘汰'],
      [3, '评价卡企业3', 97, '3/5', 'D类 整治淘汰'],
      [4, '评价卡企业5', 67.5, '4/5', 'D类 整治淘汰'],
      [5, '评价卡企业4', 46, '5/5', 'D类 整治淘汰'],
    ])
    expect(rows[1][8]).toBe(`${publicity.start} 至 ${publicity.end}`)
  })

  it('carries files uploaded for the objection, serves them back in the review, and refuses another user’s file', async () => {
    const up = await upload(s, '/api/appraiseResult/objection/upload', {}, { name: '完税证明.pdf', bytes: PDF }, econ)
    expect(up.status).toBe(200)
    const fileId = (up.body.data as { id: number }).id
    expect((await upload(s, '/api/appraiseResult/objection/upload', {}, { name: 'a.pdf', bytes: PDF }, outsider)).status).toBe(403)
    const others = await upload(s, '/api/base/file/upload', {}, { name: '别人的.pdf', bytes: PDF }, admin)
    expect(others.status).toBe(200)
    const otherId = (others.body.data as { id: number }).id
    const refused = await s.postJson(
      '/api/appraiseResult/objection/add',
      { batchId, enterpriseId: ids[1], content: '税金漏报', attachments: [fileId, otherId] },
      econ,
    )
    expect([refused.status, refused.body.details?.[0].field, refused.body.message]).toEqual([
      400,
      'attachments',
      `附件 #${otherId} 不存在或不是本人为异议上传的文件，请重新上传`,
    ])
    expect(await count('appraisal_objection')).toBe(0)

    const added = await s.postJson<{ id: number }>(
      '/api/appraiseResult/objection/add',
      { batchId, enterpriseId: ids[1], content: '税金漏报', attachments: [fileId] },
      econ,
    )
    expect(added.status).toBe(200)
    const list = await s.get<{ id: number; attachments: { id: number; name: string; size: number }[] }[]>(
      `/api/appraiseResult/objections?batchId=${batchId}`,
      econ,
    )
    expect(list.body.data.map((o) => o.attachments)).toEqual([[{ id: fileId, name: '完税证明.pdf', size: PDF.length }]])
    const get = (f: number, token = econ) =>
      fetch(`${s.base}/api/appraiseResult/objection/file?objectionId=${added.body.data.id}&fileId=${f}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      })
    const got = await get(fileId)
    expect(got.status).toBe(200)
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true)
    expect(got.headers.get('content-disposition')).toContain('attachment')
    expect((await get(otherId)).status).toBe(404)
    expect((await get(fileId, outsider)).status).toBe(403)
  })
})

describe('同比 between two published years', () => {
  type Compare = {
    year: number
    base: number
    matrix: { from: string; to: Record<string, number>; left: number }[]
    counts: { base: Record<string, number>; year: Record<string, number> }
    moves: { up: number; same: number; down: number; entered: number; left: number }
    figures: { key: string; base: number | null; year: number | null; change: number | null }[]
  }
  it('gives the class migration, the counts and the catalogue figures of both years as SQL reads the published classes', async () => {
    const c = await one<{ code: string }>(
      `SELECT e.county_code AS code FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
       WHERE a.year = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [year - 1],
    )
    const [y, b] = [year - 1, year - 3]
    const r = await s.get<Compare>(`/api/appraiseResult/compare?year=${y}&base=${b}&regionCode=${c.code}`, econ)
    expect(r.status).toBe(200)
    const pairs = (
      await s.db.query<{ last: string | null; now: string | null; n: number }>(
        `SELECT p.class AS last, a.class AS now, count(*)::int AS n
         FROM enterprise e LEFT JOIN enterprise_appraisal_yearly a ON a.enterprise_id = e.id AND a.year = $1
         LEFT JOIN enterprise_appraisal_yearly p ON p.enterprise_id = e.id AND p.year = $2
         WHERE e.county_code = $3 AND NOT e.deleted AND (a.class IS NOT NULL OR p.class IS NOT NULL) GROUP BY 1, 2`,
        [y, b, c.code],
      )
    ).rows
    const n = (last: string | null, now: string | null) => pairs.find((x) => x.last === last && x.now === now)?.n ?? 0
    expect(r.body.data.matrix).toEqual(
      ['A', 'B', 'C', 'D', null].map((from) => ({
        from: from ?? '新参评',
        to: Object.fromEntries(['A', 'B', 'C', 'D'].map((to) => [to, n(from, to)])),
        left: n(from, null),
      })),
    )
    const rank = (x: string) => 'ABCD'.indexOf(x)
    const sum = (p: (x: (typeof pairs)[number]) => boolean) => pairs.filter(p).reduce((t, x) => t + x.n, 0)
    expect(r.body.data.moves).toEqual({
      up: sum((x) => !!x.last && !!x.now && rank(x.now) < rank(x.last)),
      same: sum((x) => !!x.last && x.now === x.last),
      down: sum((x) => !!x.last && !!x.now && rank(x.now) > rank(x.last)),
      entered: sum((x) => !x.last && !!x.now),
      left: sum((x) => !!x.last && !x.now),
    })
    expect(pairs.reduce((t, x) => t + x.n, 0)).toBeGreaterThan(0)
    const appraised = async (yy: number) =>
      (
        await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
           WHERE a.year = $1 AND e.county_code = $2 AND NOT e.deleted`,
          [yy, c.code],
        )
      ).n
    const fig = r.body.data.figures.find((f) => f.key === 'appraisedEnterpriseCount')!
    expect([fig.base, fig.year, fig.change]).toEqual([await appraised(b), await appraised(y), (await appraised(y)) - (await appraised(b))])
    expect(r.body.data.counts.year.D).toBe(sum((x) => x.now === 'D'))
    expect(r.body.data.counts.base.A).toBe(sum((x) => x.last === 'A'))
    const tax = r.body.data.figures.find((f) => f.key === 'taxPerMu')!
    expect(tax.change).toBeCloseTo(tax.year! - tax.base!, 1)

    const bad = await s.get(`/api/appraiseResult/compare?year=${y}&base=${y}`, econ)
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'base'])
  })
})
