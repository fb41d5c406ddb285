/**
 * 审核 (/system/audit/gyyd, /system/audit/yddw): the auditor's list in the auditor's region,
 * one submission side by side, approval merging into the master data in one transaction with a
 * history row (and the optimistic check), return with a required reason, every forbidden
 * transition, imports merged like forms, record history at any version, and the xlsx exports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryRow, HistoryVersion, SubmissionDetails, SubmissionRow, SubmissionSaved } from '../../src/domain/contracts/datacenter'
import type { Page } from '../../src/domain/contracts/envelope'
import { makeCreditCode } from '../../src/domain/codes/credit-code'
import { mulberry32 } from '../../src/server/db/seed/rng'
import { startServer, type TestServer } from './harness'
import {
  CLERK_PAGES,
  count,
  decide,
  demoTokens,
  firstIn,
  freshLandCode,
  makeRole,
  one,
  openRecord,
  person,
  proposeUpdate,
  readSheet,
  twoCounties,
  type Counties,
  workflowCounts,
} from './datacenter-helpers'

let s: TestServer
let c: Counties
const t: Record<string, string> = {}
const uid: Record<string, number> = {}
const rng = mulberry32(11)

const details = async (id: number, token: string) => (await s.get<SubmissionDetails>(`/api/audit/query/details?id=${id}`, token)).body.data
const stateOf = async (id: number) => (await one<{ state: string }>(s, 'SELECT state FROM dc_submission WHERE id = $1', [id])).state

const readXlsx = (path: string, token: string) => readSheet(s, path, token)

beforeAll(async () => {
  s = await startServer()
  c = await twoCounties(s)
  await demoTokens(s, t)
  const clerkRole = await makeRole(s, t.admin, '区县业务员', 'COUNTY_CLERK', CLERK_PAGES)
  const auditRole = await makeRole(s, t.admin, '区县审核员', 'COUNTY_AUDIT', ['/system/audit/gyyd', '/system/audit/yddw'])
  const parcelAudit = await makeRole(s, t.admin, '地块审核员', 'PARCEL_AUDIT', ['/system/audit/gyyd'])
  for (const [name, region, roles] of [
    ['clerk_a', c.A.county, [clerkRole]],
    ['clerk_b', c.B.county, [clerkRole]],
    ['audit_a', c.A.county, [auditRole]],
    ['audit_b', c.B.county, [auditRole]],
    ['parcel_audit', c.A.county, [parcelAudit]],
    ['both_a', c.A.county, [clerkRole, auditRole]],
  ] as const) {
    const p = await person(s, t.admin, name, region, [...roles])
    t[name] = p.token
    uid[name] = p.id
  }
})
afterAll(() => s?.close())

describe('approving a change', () => {
  let parcel: number
  let first: number

  it('shows the submission side by side: the changed fields, both shapes, the events', async () => {
    parcel = await firstIn(s, 'parcel', c.A.county)
    const view = await openRecord(s, 'parcel', parcel, t.clerk_a)
    const geom = view.values.geom as { coordinates: number[][][][] }
    const moved = { type: 'Polygon', coordinates: [geom.coordinates[0][0].map(([x, y]) => [x + 0.0001, y])] }
    const r = await proposeUpdate(s, 'parcel', parcel, { name: '审核后名称', plot_ratio: 1.8, geom: moved }, t.clerk_a)
    first = r.body.data.id
    const d = await details(first, t.audit_a)
    expect(d.submission).toMatchObject({
      id: first,
      kind: 'parcel',
      action: 'update',
      state: '待审核',
      title: '审核后名称',
      code: view.values.land_code,
      createdByName: '测试clerk_a',
      countyCode: c.A.county,
    })
    const changed = d.diff.filter((x) => x.changed).map((x) => x.field)
    expect(changed).toEqual(['name', ...(view.values.plot_ratio === 1.8 ? [] : ['plot_ratio']), 'geom'])
    expect(d.diff.find((x) => x.field === 'name')).toMatchObject({ label: '地块名称', before: view.values.name, after: '审核后名称' })
    expect((d.before?.geom as { type: string }).type).toBe('MultiPolygon')
    // the proposal as drawn; the table stores a MultiPolygon and the diff compares by coordinates
    expect((d.after?.geom as { type: string }).type).toBe('Polygon')
    expect([d.stale, d.issues, d.canAudit]).toEqual([false, [], true])
    expect(d.events.map((e) => [e.action, e.toState, e.actorName])).toEqual([
      ['create', '草稿', '测试clerk_a'],
      ['submit', '待审核', '测试clerk_a'],
    ])
    // the submitter reads it too, but may not audit it
    expect((await details(first, t.clerk_a)).canAudit).toBe(false)
  })

  it('merges it in one transaction: the master row, a history row with version 1, the state, the event', async () => {
    const before = await openRecord(s, 'parcel', parcel, t.audit_a)
    const r = await decide(s, first, 'approve', t.audit_a)
    expect([r.status, r.body.message, r.body.data]).toEqual([
      200,
      '已审核通过并入库',
      { id: first, state: '已通过', recordId: parcel, version: 1 },
    ])
    const row = await one<{ name: string; plot_ratio: number; area_m2: number; updated_at: Date }>(
      s,
      'SELECT name, plot_ratio, area_m2, updated_at FROM parcel WHERE id = $1',
      [parcel],
    )
    expect([row.name, row.plot_ratio]).toEqual(['审核后名称', 1.8])
    const h = await one<{
      version: number
      action: string
      before: { name: string }
      after: { name: string; geom: { coordinates: number[][][][] } }
      submission_id: number
      changed_by: number
    }>(s, `SELECT version, action, before, after, submission_id, changed_by FROM record_history WHERE kind = 'parcel' AND record_id = $1`, [
      parcel,
    ])
    expect([h.version, h.action, h.before.name, h.after.name, Number(h.submission_id), h.changed_by]).toEqual([
      1,
      'update',
      before.values.name,
      '审核后名称',
      first,
      uid.audit_a,
    ])
    const sub = await one<{ state: string; audited_by: number; audited_at: Date | null }>(
      s,
      'SELECT state, audited_by, audited_at FROM dc_submission WHERE id = $1',
      [first],
    )
    expect([sub.state, sub.audited_by, sub.audited_at !== null]).toEqual(['已通过', uid.audit_a, true])
    const log = await one<{ action: string; target: string; success: boolean }>(
      s,
      "SELECT action, target, success FROM operation_log WHERE module = 'audit' ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ action: '审核通过', target: `提交 #${first} → ${parcel} 版本 1`, success: true })
    // an approved submission shows exactly what its history row recorded
    const d = await details(first, t.audit_a)
    expect([d.submission.state, d.canAudit, (d.after as { name: string }).name]).toEqual(['已通过', false, '审核后名称'])
  })

  it('numbers the next approved change version 2, and the history shows every version', async () => {
    const r = await proposeUpdate(s, 'parcel', parcel, { location_desc: '第二次修改的坐落' }, t.clerk_a)
    expect((await decide(s, r.body.data.id, 'approve', t.auditor)).body.data?.version).toBe(2)
    const list = await s.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=parcel&id=${parcel}`, t.clerk_a)
    expect(list.body.data.map((x) => [x.version, x.action, x.changedFields])).toEqual([
      [2, 'update', ['坐落']],
      [1, 'update', expect.arrayContaining(['地块名称', '地块范围'])],
    ])
    expect(list.body.data[0].changedByName).toBe('张审核')
    const v0 = await s.get<HistoryVersion>(`/api/datacenter/input/history/one?kind=parcel&id=${parcel}&version=0`, t.clerk_a)
    const v1 = await s.get<HistoryVersion>(`/api/datacenter/input/history/one?kind=parcel&id=${parcel}&version=1`, t.clerk_a)
    const v2 = await s.get<HistoryVersion>(`/api/datacenter/input/history/one?kind=parcel&id=${parcel}&version=2`, t.clerk_a)
    expect(v0.body.data.values.name).not.toBe('审核后名称')
    expect([v1.body.data.values.name, v1.body.data.values.location_desc]).toEqual(['审核后名称', v0.body.data.values.location_desc])
    expect([v2.body.data.values.name, v2.body.data.values.location_desc]).toEqual(['审核后名称', '第二次修改的坐落'])
    expect((await s.get(`/api/datacenter/input/history/one?kind=parcel&id=${parcel}&version=3`, t.clerk_a)).status).toBe(404)
    // another county neither reads the history nor any version
    expect((await s.get(`/api/datacenter/input/history/list?kind=parcel&id=${parcel}`, t.clerk_b)).status).toBe(404)
    expect((await openRecord(s, 'parcel', parcel, t.clerk_a)).version).toBe(2)
  })

  it('refuses to overwrite a change approved since the proposal (409), writes nothing, and the proposal can still be returned', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 1)
    const one1 = (await proposeUpdate(s, 'parcel', id, { building_area: 1234 }, t.clerk_a)).body.data.id
    const two = (await proposeUpdate(s, 'parcel', id, { location_desc: '晚一步的修改' }, t.both_a)).body.data.id
    expect((await decide(s, one1, 'approve', t.audit_a)).status).toBe(200)
    expect((await details(two, t.audit_a)).stale).toBe(true)
    const n0 = await workflowCounts(s)
    const late = await decide(s, two, 'approve', t.audit_a)
    expect([late.status, late.body.message]).toEqual([409, `地块 ${id} 在提交后已被修改（建筑面积），请退回后按最新数据重新提交`])
    expect(await workflowCounts(s)).toEqual(n0)
    expect(await stateOf(two)).toBe('待审核')
    expect((await decide(s, two, 'reject', t.audit_a, '记录已更新，请重新提交')).status).toBe(200)
  })

  it('merges a new record: inserted with its region, its owner linked, its area computed, history version 1', async () => {
    const owner = await one<{ id: number; credit_code: string }>(
      s,
      'SELECT id, credit_code FROM enterprise WHERE county_code = $1 AND NOT deleted ORDER BY id LIMIT 1',
      [c.A.county],
    )
    const g = await one<{ g: string }>(
      s,
      'SELECT ST_AsGeoJSON(ST_Buffer(ST_PointOnSurface(geom), 0.0005, 2), 9) AS g FROM parcel WHERE county_code = $1 ORDER BY id DESC LIMIT 1',
      [c.A.county],
    )
    const landCode = freshLandCode(c.A.county, 21)
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/parcel/add',
      {
        payload: {
          land_code: landCode,
          name: '新建厂房地块',
          land_use_code: '0601',
          status: '在建',
          owner_credit_code: owner.credit_code,
          geom: JSON.parse(g.g),
          supply_date: '2025/3/1',
        },
        submit: true,
      },
      t.clerk_a,
    )
    const approved = await decide(s, r.body.data.id, 'approve', t.audit_a)
    expect(approved.status).toBe(200)
    const row = await one<{
      id: number
      county_code: string
      city_code: string
      province_code: string
      enterprise_id: number
      area_m2: number
      supply_date: string
    }>(s, 'SELECT id, county_code, city_code, province_code, enterprise_id, area_m2, supply_date FROM parcel WHERE land_code = $1', [
      landCode,
    ])
    expect(row).toMatchObject({
      id: approved.body.data.recordId,
      county_code: c.A.county,
      city_code: c.A.city,
      province_code: '330000',
      enterprise_id: owner.id,
      supply_date: '2025-03-01',
    })
    expect(row.area_m2).toBeGreaterThan(100)
    expect((await one<{ target_id: number }>(s, 'SELECT target_id FROM dc_submission WHERE id = $1', [r.body.data.id])).target_id).toBe(
      row.id,
    )
    const h = await one<{ version: number; before: unknown; action: string }>(
      s,
      `SELECT version, before, action FROM record_history WHERE kind = 'parcel' AND record_id = $1`,
      [row.id],
    )
    expect(h).toEqual({ version: 1, before: null, action: 'create' })
    // the history names every changed field in words, the region codes the approval set included
    const changed = (await s.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=parcel&id=${row.id}`, t.clerk_a)).body.data[0]
      .changedFields
    expect(changed).toEqual(expect.arrayContaining(['宗地代码', '所属省', '所属市', '所在县（市、区）']))
    expect(changed.filter((f) => /[a-z_]/.test(f))).toEqual([])
    // the new parcel is in the master lists
    const list = await s.get<Page<{ id: number }>>(`/api/industryMap/landList?keyword=${landCode}`, t.clerk_a)
    expect(list.body.data.list.map((x) => x.id)).toEqual([row.id])
  })

  it('merges an enterprise deletion as a soft delete that lists leave out; its history stays readable', async () => {
    const id = await firstIn(s, 'enterprise', c.A.county, 2)
    const r = await s.postJson<SubmissionSaved>('/api/datacenter/input/enterprise/delete', { targetId: id, submit: true }, t.clerk_a)
    expect((await decide(s, r.body.data.id, 'approve', t.audit_a)).status).toBe(200)
    expect((await one<{ deleted: boolean }>(s, 'SELECT deleted FROM enterprise WHERE id = $1', [id])).deleted).toBe(true)
    expect((await s.get(`/api/yddw/query?id=${id}`, t.clerk_a)).status).toBe(404)
    const hist = await s.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=enterprise&id=${id}`, t.clerk_a)
    expect(hist.body.data.map((x) => x.action)).toEqual(['delete'])
    const again = await proposeUpdate(s, 'enterprise', id, { name: '已删除的企业' }, t.clerk_a)
    expect([again.status, again.body.message]).toEqual([422, `企业 ${id} 已删除，不能再修改`])
  })
})

describe('imports are merged like forms (数据采集 inserts submissions directly)', () => {
  const insertImported = async (kind: string, action: string, targetId: number | null, payload: object, before: object | null) =>
    (
      await one<{ id: number }>(
        s,
        `INSERT INTO dc_submission(kind, action, target_id, standard_version, payload, before, state, province_code, city_code, county_code,
                                   batch_id, batch_row_no, created_by, submitted_at)
         VALUES ($1, $2, $3, 1, $4::jsonb, $5::jsonb, '待审核', '330000', $6, $7, 9001, $8, $9, now()) RETURNING id`,
        [
          kind,
          action,
          targetId,
          JSON.stringify(payload),
          before && JSON.stringify(before),
          c.A.city,
          c.A.county,
          targetId ?? 1,
          uid.clerk_a,
        ],
      )
    ).id

  it('links a parcel to the enterprise named by owner_credit_code', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 2)
    const owner = await one<{ id: number; credit_code: string }>(
      s,
      'SELECT id, credit_code FROM enterprise WHERE county_code = $1 AND NOT deleted ORDER BY id DESC LIMIT 1',
      [c.A.county],
    )
    const current = await openRecord(s, 'parcel', id, t.clerk_a)
    const sid = await insertImported(
      'parcel',
      'update',
      id,
      { ...current.values, owner_credit_code: owner.credit_code, status: '低效' },
      current.values,
    )
    const r = await decide(s, Number(sid), 'approve', t.audit_a)
    expect(r.status).toBe(200)
    expect(await one(s, 'SELECT enterprise_id, status FROM parcel WHERE id = $1', [id])).toEqual({
      enterprise_id: owner.id,
      status: '低效',
    })
  })

  it('refuses the approval with a clear message when no enterprise has that credit code, and writes nothing', async () => {
    const nobody = makeCreditCode(c.A.county, rng)
    const landCode = freshLandCode(c.A.county, 31)
    const sid = Number(
      await insertImported(
        'parcel',
        'create',
        null,
        {
          land_code: landCode,
          name: '导入地块',
          land_use_code: '0601',
          status: '在建',
          county_code: c.A.county,
          owner_credit_code: nobody,
        },
        null,
      ),
    )
    const n0 = await workflowCounts(s)
    const r = await decide(s, sid, 'approve', t.audit_a)
    expect([r.status, r.body.message]).toEqual([
      422,
      `「用地单位统一社会信用代码」${nobody} 对应的企业不存在，无法关联用地单位；请先录入该企业，或退回此提交`,
    ])
    expect(await workflowCounts(s)).toEqual(n0)
    expect(await count(s, 'parcel WHERE land_code = $1', [landCode])).toBe(0)
    expect(await stateOf(sid)).toBe('待审核')
  })

  it('refuses a new record whose code exists by now (409)', async () => {
    const existing = await one<{ land_code: string; id: number }>(
      s,
      'SELECT land_code, id FROM parcel WHERE county_code = $1 ORDER BY id LIMIT 1',
      [c.A.county],
    )
    const sid = Number(
      await insertImported(
        'parcel',
        'create',
        null,
        { land_code: existing.land_code, name: '重复导入', land_use_code: '0601', status: '在建' },
        null,
      ),
    )
    const r = await decide(s, sid, 'approve', t.audit_a)
    expect([r.status, r.body.message]).toEqual([409, `地块 ${existing.land_code} 已存在（#${existing.id}），不能重复新增`])
  })

  it('filters the list by batch', async () => {
    const r = await s.get<Page<SubmissionRow>>('/api/audit/query/list?batchId=9001&pageSize=50', t.audit_a)
    expect(r.body.data.total).toBe(await count(s, 'dc_submission WHERE batch_id = 9001'))
    expect(r.body.data.list.every((x) => x.batchId === 9001)).toBe(true)
  })
})

describe('returning a change', () => {
  it('needs a reason; the submitter reads it, fixes the proposal and submits again', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 3)
    const sid = (await proposeUpdate(s, 'parcel', id, { building_density: 45 }, t.clerk_a)).body.data.id
    const bare = await decide(s, sid, 'reject', t.audit_a, '   ')
    expect([bare.status, bare.body.message]).toEqual([422, '退回必须填写退回原因'])
    expect(await stateOf(sid)).toBe('待审核')
    const r = await decide(s, sid, 'reject', t.audit_a, '建筑密度与规划条件不符，请核实')
    expect([r.status, r.body.data]).toEqual([200, { id: sid, state: '已退回' }])
    const mine = await s.get<Page<SubmissionRow>>('/api/datacenter/input/mine?state=已退回', t.clerk_a)
    expect(mine.body.data.list.find((x) => x.id === sid)).toMatchObject({
      reason: '建筑密度与规划条件不符，请核实',
      auditedByName: '测试audit_a',
    })
    expect((await s.postJson('/api/audit/query/add', { id: sid }, t.clerk_a)).body.message).toBe('已退回的提交请先修改，再重新提交审核')
    const fixed = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/draft/edit',
      { id: sid, payload: { building_density: 35 }, submit: true },
      t.clerk_a,
    )
    expect([fixed.status, fixed.body.data.state]).toEqual([200, '待审核'])
    const events = (await details(sid, t.audit_a)).events.map((e) => [e.action, e.toState, e.reason])
    expect(events).toEqual([
      ['create', '草稿', null],
      ['submit', '待审核', null],
      ['reject', '已退回', '建筑密度与规划条件不符，请核实'],
      ['edit', '草稿', null],
      ['submit', '待审核', null],
    ])
  })
})

describe('forbidden transitions and audits', () => {
  let pending: number
  beforeAll(async () => {
    pending = (await proposeUpdate(s, 'enterprise', await firstIn(s, 'enterprise', c.A.county), { legal_person: '张法人' }, t.both_a)).body
      .data.id
  })

  it('an auditor cannot audit their own submission', async () => {
    const r = await decide(s, pending, 'approve', t.both_a)
    expect([r.status, r.body.message]).toEqual([422, '不能审核本人提交的记录，请由其他审核员审核'])
    expect((await decide(s, pending, 'reject', t.both_a, '自己退回')).status).toBe(422)
    expect((await details(pending, t.both_a)).canAudit).toBe(false)
    expect(await stateOf(pending)).toBe('待审核')
  })

  it('another county’s auditor does not see it; an auditor of parcels only may not audit an enterprise', async () => {
    const far = await decide(s, pending, 'approve', t.audit_b)
    expect([far.status, far.body.message]).toEqual([404, `提交 ${pending} 不存在或不在本账号的数据范围内`])
    const kind = await decide(s, pending, 'approve', t.parcel_audit)
    expect([kind.status, kind.body.message]).toEqual([403, '无权审核企业提交'])
    expect((await decide(s, pending, 'approve', t.clerk_a)).status).toBe(403)
  })

  it('only a pending submission is decided', async () => {
    expect((await decide(s, pending, 'approve', t.audit_a)).status).toBe(200)
    const again = await decide(s, pending, 'approve', t.audit_a)
    expect([again.status, again.body.message]).toEqual([422, '只有待审核的提交可以审核通过，当前状态为已通过'])
    expect((await decide(s, pending, 'reject', t.audit_a, '晚了')).body.message).toBe('只有待审核的提交可以退回，当前状态为已通过')
    expect((await s.postJson('/api/datacenter/input/withdraw', { id: pending }, t.both_a)).body.message).toBe(
      '该提交已审核通过并入库，不能再撤回',
    )
    const draft = (
      await proposeUpdate(s, 'enterprise', await firstIn(s, 'enterprise', c.A.county, 1), { legal_person: '草稿法人' }, t.clerk_a, false)
    ).body.data.id
    expect((await decide(s, draft, 'approve', t.audit_a)).body.message).toBe('只有待审核的提交可以审核通过，当前状态为草稿')
    const bad = await s.postJson('/api/audit/update/one', { id: draft, decision: 'maybe' }, t.audit_a)
    expect([bad.status, bad.body.details?.[0].field]).toEqual([400, 'decision'])
  })
})

describe('the audit list', () => {
  it('holds the submissions of the auditor’s region only; the province auditor holds all', async () => {
    const own = await s.get<Page<SubmissionRow>>('/api/audit/query/list?pageSize=500', t.audit_a)
    expect(own.body.data.total).toBe(await count(s, 'dc_submission WHERE county_code = $1', [c.A.county]))
    expect(own.body.data.list.every((x) => x.countyCode === c.A.county)).toBe(true)
    const all = await s.get<Page<SubmissionRow>>('/api/audit/query/list?pageSize=500', t.auditor)
    expect(all.body.data.total).toBe(await count(s, `dc_submission WHERE province_code = '330000'`))
    expect((await s.get('/api/audit/query/list', t.clerk_a)).status).toBe(403)
  })

  it('filters by kind, state, action, submitter, keyword, region and date, and pages', async () => {
    const q = (params: string) => s.get<Page<SubmissionRow>>(`/api/audit/query/list?${params}`, t.auditor)
    expect((await q('kind=parcel&state=已通过')).body.data.total).toBe(
      await count(s, `dc_submission WHERE kind = 'parcel' AND state = '已通过'`),
    )
    expect((await q('action=delete')).body.data.total).toBe(await count(s, `dc_submission WHERE action = 'delete'`))
    expect((await q('submitter=clerk_a')).body.data.total).toBe(await count(s, 'dc_submission WHERE created_by = $1', [uid.clerk_a]))
    expect((await q(`regionCode=${c.A.city}`)).body.data.total).toBe(await count(s, 'dc_submission WHERE city_code = $1', [c.A.city]))
    const named = await q(`keyword=${encodeURIComponent('审核后名称')}`)
    expect(named.body.data.list.map((x) => x.title)).toContain('审核后名称')
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    expect((await q(`from=${today}&to=${today}`)).body.data.total).toBe(await count(s, 'dc_submission'))
    expect((await q('from=2000-01-01&to=2000-01-02')).body.data.total).toBe(0)
    const p1 = await q('pageSize=2&page=1')
    const p2 = await q('pageSize=2&page=2')
    expect(p1.body.data.list.length).toBe(2)
    expect(p1.body.data.list.map((x) => x.id).some((id) => p2.body.data.list.map((y) => y.id).includes(id))).toBe(false)
    expect((await q('from=2024-13-01')).status).toBe(400)
  })
})

describe('exports (xlsx, streamed, formula cells escaped)', () => {
  it('exports the submission list with the list’s filters', async () => {
    const id = await firstIn(s, 'enterprise', c.A.county, 3)
    await s.postJson(
      '/api/datacenter/input/enterprise/update',
      { targetId: id, payload: { address: '=HYPERLINK("http://x")' }, submit: true, remark: '+1 电话核实' },
      t.clerk_a,
    )
    const x = await readXlsx('/api/audit/export?kind=enterprise', t.auditor)
    expect([x.status, x.type]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('审核提交列表_')}`)
    expect(x.rows[0]).toEqual([
      '编号',
      '类型',
      '操作',
      '名称',
      '代码',
      '区域',
      '状态',
      '提交人',
      '提交时间',
      '审核人',
      '审核时间',
      '退回原因',
      '说明',
      '导入批次',
    ])
    expect(x.rows.length - 1).toBe(await count(s, `dc_submission WHERE kind = 'enterprise'`))
    const mine = x.rows.find((r) => r[12] === "'+1 电话核实")
    expect(mine?.slice(1, 3)).toEqual(['企业', '修改'])
    const log = await one<{ action: string; success: boolean }>(
      s,
      "SELECT action, success FROM operation_log WHERE module = 'audit' ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ action: '导出提交列表', success: true })
  })

  it('exports one’s own submissions (我的提交) with the list’s filters, nobody else’s', async () => {
    const x = await readXlsx('/api/datacenter/input/mine/export?kind=enterprise', t.clerk_a)
    expect([x.status, x.type]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('我的提交_')}`)
    expect(x.rows[0]).toEqual([
      '编号',
      '类型',
      '操作',
      '名称',
      '代码',
      '区域',
      '状态',
      '提交人',
      '提交时间',
      '审核人',
      '审核时间',
      '退回原因',
      '说明',
      '导入批次',
    ])
    const ids = (
      await s.db.query<{ id: number }>(`SELECT id FROM dc_submission WHERE created_by = $1 AND kind = 'enterprise' ORDER BY id DESC`, [
        uid.clerk_a,
      ])
    ).rows.map((r) => Number(r.id))
    expect(ids.length).toBeGreaterThan(0)
    expect(x.rows.slice(1).map((r) => r[0])).toEqual(ids)
    expect(new Set(x.rows.slice(1).map((r) => r[7]))).toEqual(new Set(['测试clerk_a']))
    // the formula-like remark of the test above comes back escaped
    expect(x.rows.find((r) => r[12] === "'+1 电话核实")?.slice(1, 3)).toEqual(['企业', '修改'])
    const pending = await readXlsx(`/api/datacenter/input/mine/export?kind=enterprise&state=${encodeURIComponent('已通过')}`, t.clerk_a)
    expect(pending.rows.slice(1).every((r) => r[6] === '已通过')).toBe(true)
    expect(pending.rows.length - 1).toBe(
      await count(s, `dc_submission WHERE created_by = $1 AND kind = 'enterprise' AND state = '已通过'`, [uid.clerk_a]),
    )
    const bad = await readXlsx('/api/datacenter/input/mine/export?kind=house', t.clerk_a)
    expect(bad.status).toBe(400)
    expect((await readXlsx('/api/datacenter/input/mine/export', t.clerk_b)).rows.slice(1).some((r) => r[7] === '测试clerk_a')).toBe(false)
  })

  it('exports the master list of the clerk’s scope, a name starting with = escaped', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 4)
    await s.db.query(`UPDATE parcel SET name = '=SUM(A1:A9)' WHERE id = $1`, [id])
    const x = await readXlsx(`/api/datacenter/input/export?kind=parcel`, t.clerk_a)
    expect(x.status).toBe(200)
    expect(x.rows[0].slice(0, 3)).toEqual(['ID', '宗地代码', '地块名称'])
    expect(x.rows.length - 1).toBe(await count(s, 'parcel WHERE county_code = $1 AND NOT deleted', [c.A.county]))
    expect(x.rows.find((r) => r[0] === id)?.[2]).toBe("'=SUM(A1:A9)")
    const filtered = await readXlsx(`/api/datacenter/input/export?kind=parcel&keyword=${encodeURIComponent('=SUM')}`, t.clerk_a)
    expect(filtered.rows.slice(1).map((r) => r[0])).toEqual([id])
    expect((await readXlsx('/api/datacenter/input/export?kind=house', t.clerk_a)).status).toBe(400)
  })
})
