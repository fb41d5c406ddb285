/**
 * 盘活方案 审核 under 四眼 (issue 28): 审核通过 and 退回 need the land 审定 grant (/land/approve), 审核通过
 * is refused to the plan's author even when it holds the grant, the 土地科长 approves on the 处置审定
 * list, and every step is in the plan's 办理记录 with its actor; the seeded running plans were
 * approved by another account than their author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LandApproveList, ProceedingStepView } from '../../src/domain/contracts/stock'
import type { PlanDetail } from '../../src/domain/contracts/revitalize'
import { todayInProductZone } from '../../src/domain/today'
import { startServer, type TestServer } from './harness'

let s: TestServer
let land: string
let landlead: string
let planId: number

const day = (n: number) => todayInProductZone(new Date(Date.now() + n * 86_400_000))
async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

beforeAll(async () => {
  s = await startServer()
  land = await s.login('land', 'Land@2026')
  landlead = await s.login('landlead', 'Landlead@2026')
  // a confirmed 台账 entry of the seed without a plan
  const entry = await one<{ parcel_id: number; mu: number }>(
    `SELECT l.parcel_id, floor(p.area_m2 / (10000.0 / 15) * 50) / 100 AS mu FROM revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id
     WHERE l.state = '已认定' AND p.area_m2 > 1000 ORDER BY l.id LIMIT 1`,
  )
  const r = await s.postJson<PlanDetail>(
    '/api/landInefficient/addRevitalPlan',
    {
      name: '四眼试点方案',
      method: '合作开发',
      parcels: [{ parcelId: entry.parcel_id, plannedAreaMu: Number(entry.mu) }],
      details: { partner: '区城投集团' },
      startDate: day(-10),
      deadline: day(300),
      respUnit: '区自然资源局',
      respPerson: '陈土地',
      milestones: [],
      submit: true,
    },
    land,
  )
  expect([r.status, r.body.data.state]).toEqual([200, '待审核'])
  planId = r.body.data.id
})
afterAll(() => s?.close())

describe('四眼 on a 盘活方案', () => {
  it('a clerk without /land/approve cannot approve or return it (403), nothing changes', async () => {
    for (const action of ['审核通过', '退回']) {
      const r = await s.postJson('/api/landInefficient/checkPhcz', { id: planId, action, note: '试' }, land)
      expect([r.status, r.body.message]).toEqual([
        403,
        `${action}盘活方案须由持有“处置审定”权限的人员办理，请提请科室负责人在处置审定页面审定`,
      ])
    }
    expect((await s.postJson('/api/landApprove/plan', { id: planId, action: '审定通过' }, land)).status).toBe(403)
    expect((await one<{ state: string }>('SELECT state FROM revitalize_plan WHERE id = $1', [planId])).state).toBe('待审核')
  })

  it('its author holding the grant is refused; the 土地科长 approves it from the 处置审定 list', async () => {
    const role = await one<{ id: number }>(`SELECT id FROM role WHERE name = '土地科长'`)
    const author = await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'land'`)
    await s.db.query('INSERT INTO user_role(user_id, role_id) VALUES ($1, $2)', [author.id, role.id])
    try {
      const own = await s.postJson('/api/landInefficient/checkPhcz', { id: planId, action: '审核通过' }, land)
      expect([own.status, own.body.message]).toEqual([
        422,
        '本账号编制了该方案、提交了该方案审核，不能再审核通过该方案；请由另一名有审定权限的人员审核通过该方案（四眼原则）',
      ])
      expect(
        await one<{ state: string; approved_by: number | null }>('SELECT state, approved_by FROM revitalize_plan WHERE id = $1', [planId]),
      ).toEqual({
        state: '待审核',
        approved_by: null,
      })
    } finally {
      await s.db.query('DELETE FROM user_role WHERE user_id = $1 AND role_id = $2', [author.id, role.id])
    }
    const list = (await s.get<LandApproveList>('/api/landApprove/list', landlead)).body.data
    expect(list.plans.find((p) => p.id === planId)).toMatchObject({ name: '四眼试点方案', author: '陈土地', submittedBy: '陈土地' })
    const bare = await s.postJson('/api/landApprove/plan', { id: planId, action: '退回' }, landlead)
    expect([bare.status, bare.body.details?.[0].field]).toEqual([400, 'note'])
    const ok = await s.postJson<PlanDetail>('/api/landApprove/plan', { id: planId, action: '审定通过', note: '同意实施' }, landlead)
    expect([ok.status, ok.body.data.state]).toEqual([200, '实施中'])
    const lead = await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'landlead'`)
    expect((await one<{ approved_by: number }>('SELECT approved_by FROM revitalize_plan WHERE id = $1', [planId])).approved_by).toBe(
      lead.id,
    )
    expect((await s.get<LandApproveList>('/api/landApprove/list', landlead)).body.data.plans.some((p) => p.id === planId)).toBe(false)
  })

  it('the 办理记录 lists each step with who took it, from which state to which', async () => {
    const steps = (await s.get<ProceedingStepView[]>(`/api/landInefficient/steps?id=${planId}`, land)).body.data
    expect(steps.map((x) => [x.action, x.actor, x.from, x.to, x.note])).toEqual([
      ['新建并提交', '陈土地', '', '待审核', '四眼试点方案'],
      ['审核通过', '郑土地科长', '待审核', '实施中', '同意实施'],
    ])
    const xlsx = await fetch(`${s.base}/api/landInefficient/steps?id=${planId}&format=xlsx`, {
      headers: { Authorization: `Bearer ${land}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(xlsx.status).toBe(200)
    const ExcelJS = (await import('exceljs')).default
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer)
    expect(book.worksheets[0].getRow(3).getCell(2).value).toBe('郑土地科长')
  })

  it('the seeded running plans were approved by the 土地科长, never by their author', async () => {
    const seeded = await s.db.query<{ created_by: number; approved_by: number | null }>(
      `SELECT created_by, approved_by FROM revitalize_plan WHERE id <> $1 AND state IN ('实施中', '已完成', '已验收', '终止')`,
      [planId],
    )
    expect(seeded.rows.length).toBeGreaterThan(0)
    const lead = await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'landlead'`)
    expect(seeded.rows.every((r) => r.approved_by === lead.id && r.created_by !== lead.id)).toBe(true)
  })
})
