/**
 * 数据更新 (input / gyydInput / yddwInput): opening a record, proposing a new record, a change or a
 * deletion as a draft or for audit — validated by the data standard on the server (400 naming the
 * field, nothing written), the data scope (a county clerk proposes only inside the county), and
 * one's own drafts through the state machine (edit, submit, withdraw, discard).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CountyOption, RecordView, SubmissionRow, SubmissionSaved } from '../../src/domain/contracts/datacenter'
import type { Page } from '../../src/domain/contracts/envelope'
import { makeCreditCode } from '../../src/domain/codes/credit-code'
import { mulberry32 } from '../../src/server/db/seed/rng'
import { startServer, type TestServer } from './harness'
import {
  CLERK_PAGES,
  count,
  demoTokens,
  firstIn,
  freshLandCode,
  makeRole,
  one,
  openRecord,
  person,
  proposeUpdate,
  twoCounties,
  type Counties,
  workflowCounts,
} from './datacenter-helpers'

let s: TestServer
let c: Counties
const t: Record<string, string> = {}
const rng = mulberry32(7)

/** A small square inside the county: around a point of one of its parcels. */
async function squareIn(county: string) {
  const r = await one<{ g: string }>(
    s,
    `SELECT ST_AsGeoJSON(ST_Buffer(ST_PointOnSurface(geom), 0.0004, 1), 9) AS g FROM parcel WHERE county_code = $1 AND NOT deleted ORDER BY id LIMIT 1`,
    [county],
  )
  return JSON.parse(r.g) as { type: string; coordinates: number[][][] }
}

beforeAll(async () => {
  s = await startServer()
  c = await twoCounties(s)
  await demoTokens(s, t)
  const role = await makeRole(s, t.admin, '区县业务员', 'COUNTY_CLERK', CLERK_PAGES)
  const parcelOnly = await makeRole(s, t.admin, '地块录入员', 'PARCEL_ONLY', ['/system/data/center/input'])
  t.a = (await person(s, t.admin, 'clerk_a', c.A.county, [role])).token
  t.a2 = (await person(s, t.admin, 'clerk_a2', c.A.county, [role])).token
  t.b = (await person(s, t.admin, 'clerk_b', c.B.county, [role])).token
  t.parcelOnly = (await person(s, t.admin, 'parcel_only', c.A.county, [parcelOnly])).token
})
afterAll(() => s?.close())

describe('opening a record', () => {
  it('gives the values by standard field name, the shape as GeoJSON and the owner by credit code', async () => {
    const row = await one<{ id: number; land_code: string; name: string; credit_code: string | null; plot_ratio: number | null }>(
      s,
      `SELECT p.id, p.land_code, p.name, e.credit_code, p.plot_ratio FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id
        WHERE p.county_code = $1 AND p.enterprise_id IS NOT NULL AND NOT p.deleted ORDER BY p.id LIMIT 1`,
      [c.A.county],
    )
    const r = await openRecord(s, 'parcel', row.id, t.a)
    expect(r.values).toMatchObject({
      land_code: row.land_code,
      name: row.name,
      owner_credit_code: row.credit_code,
      county_code: c.A.county,
      plot_ratio: row.plot_ratio,
    })
    expect((r.values.geom as { type: string }).type).toBe('MultiPolygon')
    expect([r.version, r.open, r.deleted]).toEqual([0, [], false])
  })

  it('answers 404 for a record of another county, as for one that does not exist', async () => {
    const other = await firstIn(s, 'parcel', c.B.county)
    const r = await s.get(`/api/datacenter/input/record?kind=parcel&id=${other}`, t.a)
    expect([r.status, r.body.message]).toEqual([404, `地块 ${other} 不存在或不在本账号的数据范围内`])
    expect((await s.get('/api/datacenter/input/record?kind=parcel&id=99999999', t.a)).body.message).toBe(
      '地块 99999999 不存在或不在本账号的数据范围内',
    )
  })

  it('offers a county clerk only the own county, a province clerk every county', async () => {
    const own = await s.get<CountyOption[]>('/api/datacenter/input/counties', t.a)
    expect(own.body.data.map((x) => x.code)).toEqual([c.A.county])
    expect(own.body.data[0].cityCode).toBe(c.A.city)
    const all = await s.get<CountyOption[]>('/api/datacenter/input/counties', t.clerk)
    expect(all.body.data.length).toBe(await count(s, `region WHERE level = 'county'`))
  })
})

describe('proposing a change', () => {
  it('saves a draft: the proposal and the record as it was, the master data untouched', async () => {
    const id = await firstIn(s, 'parcel', c.A.county)
    const before = await openRecord(s, 'parcel', id, t.a)
    const r = await proposeUpdate(s, 'parcel', id, { name: '本县地块（草稿）', plot_ratio: '2.50' }, t.a, false)
    expect([r.status, r.body.data.state, r.body.message]).toEqual([200, '草稿', '已保存草稿'])
    const row = await one<{
      payload: Record<string, unknown>
      before: Record<string, unknown>
      state: string
      county_code: string
      action: string
      target_id: number
    }>(s, 'SELECT payload, before, state, county_code, action, target_id FROM dc_submission WHERE id = $1', [r.body.data.id])
    expect(row).toMatchObject({ state: '草稿', county_code: c.A.county, action: 'update', target_id: id })
    // the checker normalised the text number; fields the proposal left out keep the record's values
    expect(row.payload).toMatchObject({ name: '本县地块（草稿）', plot_ratio: 2.5, land_code: before.values.land_code })
    expect(row.before.name).toBe(before.values.name)
    expect((await one<{ name: string }>(s, 'SELECT name FROM parcel WHERE id = $1', [id])).name).toBe(before.values.name)
    const events = (
      await s.db.query<{ action: string; to_state: string }>(
        'SELECT action, to_state FROM dc_submission_event WHERE submission_id = $1 ORDER BY id',
        [r.body.data.id],
      )
    ).rows
    expect(events).toEqual([{ action: 'create', to_state: '草稿' }])
  })

  it('refuses values that break the standard with 400, every field named, and writes nothing', async () => {
    const id = await firstIn(s, 'parcel', c.A.county)
    const n0 = await workflowCounts(s)
    const r = await proposeUpdate(s, 'parcel', id, { plot_ratio: '-1', building_density: 'abc', supply_date: '2024-02-30' }, t.a)
    expect(r.status).toBe(400)
    expect(r.body.details).toEqual([
      { field: 'plot_ratio', message: '「容积率」应在 0 至 20 之间，得到 -1' },
      { field: 'building_density', message: '「建筑密度」应为数字，得到「abc」' },
      { field: 'supply_date', message: '「供地日期」应为日期（如 2024-03-05），得到「2024-02-30」' },
    ])
    expect(r.body.message).toContain('「容积率」应在 0 至 20 之间')
    expect(await workflowCounts(s)).toEqual(n0)
  })

  it('lets a draft miss a required value but not a submission', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 1)
    const draft = await proposeUpdate(s, 'parcel', id, { name: '' }, t.a, false)
    expect(draft.status).toBe(200)
    const n0 = await workflowCounts(s)
    const submitted = await proposeUpdate(s, 'parcel', id, { name: '  ' }, t.a, true)
    expect([submitted.status, submitted.body.details]).toEqual([400, [{ field: 'name', message: '「地块名称」为必填项' }]])
    const later = await s.postJson('/api/audit/query/add', { id: draft.body.data.id }, t.a)
    expect([later.status, later.body.message]).toEqual([400, '提交内容不符合数据标准：「地块名称」为必填项'])
    expect(await workflowCounts(s)).toEqual(n0)
  })

  it('refuses a proposal that changes nothing (422)', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 2)
    const r = await proposeUpdate(s, 'parcel', id, {}, t.a)
    expect([r.status, r.body.message]).toEqual([422, '与当前数据相比没有任何修改，无需提交'])
  })

  it('keeps a county clerk inside the county: another county is 403 by field, a record there 404, nothing written', async () => {
    const own = await firstIn(s, 'parcel', c.A.county)
    const other = await firstIn(s, 'parcel', c.B.county)
    const n0 = await workflowCounts(s)
    const moved = await proposeUpdate(s, 'parcel', own, { county_code: c.B.county }, t.a)
    expect([moved.status, moved.body.message]).toEqual([403, `「所在县（市、区）」${c.B.county} 不在本账号的数据范围内`])
    const foreign = await proposeUpdate(s, 'parcel', other, { name: '越权修改' }, t.a)
    expect([foreign.status, foreign.body.message]).toEqual([404, `地块 ${other} 不存在或不在本账号的数据范围内`])
    const foreignDelete = await s.postJson('/api/datacenter/input/parcel/delete', { targetId: other, submit: true }, t.a)
    expect(foreignDelete.status).toBe(404)
    const created = await s.postJson(
      '/api/datacenter/input/parcel/add',
      {
        payload: {
          land_code: freshLandCode(c.B.county, 1),
          name: '越权新增',
          land_use_code: '0601',
          status: '在建',
          county_code: c.B.county,
        },
        submit: true,
      },
      t.a,
    )
    expect(created.status).toBe(403)
    expect(await workflowCounts(s)).toEqual(n0)
    const log = await one<{ success: boolean; target: string; username: string }>(
      s,
      "SELECT success, target, username FROM operation_log WHERE action = '删除地块' ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ success: false, target: `地块 #${other}`, username: 'clerk_a' })
  })

  it('refuses a code another record holds (409), an unknown owner, a broken or misplaced shape (400)', async () => {
    const [first, second] = (
      await s.db.query<{ id: number; land_code: string }>(
        'SELECT id, land_code FROM parcel WHERE county_code = $1 AND NOT deleted ORDER BY id LIMIT 2',
        [c.A.county],
      )
    ).rows
    const dup = await proposeUpdate(s, 'parcel', second.id, { land_code: first.land_code }, t.a)
    expect([dup.status, dup.body.message]).toEqual([409, `「宗地代码」${first.land_code} 已被地块 #${first.id} 使用`])
    const nobody = makeCreditCode('330100', rng)
    const owner = await proposeUpdate(s, 'parcel', second.id, { owner_credit_code: nobody }, t.a)
    expect([owner.status, owner.body.details]).toEqual([
      400,
      [{ field: 'owner_credit_code', message: `「用地单位统一社会信用代码」${nobody} 对应的企业不存在，请先录入该企业` }],
    ])
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [120, 30],
          [120.01, 30.01],
          [120.01, 30],
          [120, 30.01],
          [120, 30],
        ],
      ],
    }
    const broken = await proposeUpdate(s, 'parcel', second.id, { geom: bowtie }, t.a)
    expect(broken.status).toBe(400)
    expect(broken.body.details?.[0].message).toMatch(/^「地块范围」图形无效（Self-intersection/)
    const elsewhere = await proposeUpdate(s, 'parcel', second.id, { geom: await squareIn(c.B.county) }, t.a)
    expect([elsewhere.status, elsewhere.body.details?.[0].message]).toEqual([400, `「地块范围」不在所选区县（${c.A.county}）范围内`])
  })

  it('proposes a new parcel in the clerk’s own county when none is named, and a new enterprise', async () => {
    const geom = await squareIn(c.A.county)
    const landCode = freshLandCode(c.A.county, 11)
    const before = await count(s, 'parcel')
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/parcel/add',
      { payload: { land_code: landCode, name: '新增工业地块', land_use_code: '0601', status: '在建', geom }, submit: true },
      t.a,
    )
    expect([r.status, r.body.data.state, r.body.message]).toEqual([200, '待审核', '已提交审核'])
    const row = await one<{
      payload: Record<string, unknown>
      county_code: string
      city_code: string
      target_id: number | null
      submitted_at: Date | null
    }>(s, 'SELECT payload, county_code, city_code, target_id, submitted_at FROM dc_submission WHERE id = $1', [r.body.data.id])
    expect(row).toMatchObject({ county_code: c.A.county, city_code: c.A.city, target_id: null })
    expect(row.payload.county_code).toBe(c.A.county)
    expect(row.submitted_at).not.toBeNull()
    expect(await count(s, 'parcel')).toBe(before)
    const code = makeCreditCode(c.A.county, rng)
    const e = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/enterprise/add',
      {
        payload: {
          credit_code: code.toLowerCase(),
          name: '浙江新录入有限公司',
          scale: '规下',
          status: '在营',
          contact_phone: '0571-88886666',
        },
      },
      t.a,
    )
    expect([e.status, e.body.data.state]).toEqual([200, '草稿'])
    expect(
      (await one<{ payload: { credit_code: string } }>(s, 'SELECT payload FROM dc_submission WHERE id = $1', [e.body.data.id])).payload
        .credit_code,
    ).toBe(code)
  })

  it('checks the page grant of the kind, and the read-only entry point cannot propose', async () => {
    const code = makeCreditCode(c.A.county, rng)
    const e = await s.postJson(
      '/api/datacenter/input/enterprise/add',
      { payload: { credit_code: code, name: '无权新增', scale: '规下', status: '在营' } },
      t.parcelOnly,
    )
    expect([e.status, e.body.message]).toEqual([403, '权限不足'])
    const id = await firstIn(s, 'parcel', c.A.county)
    const fromWarehouse = await proposeUpdate(s, 'parcel', id, { name: '审核员来改' }, t.auditor)
    expect(fromWarehouse.status).toBe(403)
    // reading stays open from the read-only entry point
    expect((await s.get(`/api/datacenter/input/record?kind=parcel&id=${id}`, t.auditor)).status).toBe(200)
  })

  it('proposes a deletion: no values, the record as it was', async () => {
    const id = await firstIn(s, 'enterprise', c.A.county, 3)
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/enterprise/delete',
      { targetId: id, submit: true, remark: '企业已注销' },
      t.a,
    )
    expect([r.status, r.body.data.state]).toEqual([200, '待审核'])
    const row = await one<{ payload: object; before: { credit_code: string }; remark: string }>(
      s,
      'SELECT payload, before, remark FROM dc_submission WHERE id = $1',
      [r.body.data.id],
    )
    expect(row.payload).toEqual({})
    expect(row.remark).toBe('企业已注销')
    expect(row.before.credit_code).toBe(
      (await one<{ credit_code: string }>(s, 'SELECT credit_code FROM enterprise WHERE id = $1', [id])).credit_code,
    )
    expect((await openRecord(s, 'enterprise', id, t.a)).open).toEqual([
      { id: r.body.data.id, state: '待审核', action: 'delete', createdByName: '测试clerk_a' },
    ])
  })
})

describe('one’s own drafts through the state machine', () => {
  let draft: number
  const stateOf = async (id: number) =>
    (await one<{ state: string } | undefined>(s, 'SELECT state FROM dc_submission WHERE id = $1', [id]))?.state

  beforeAll(async () => {
    const id = await firstIn(s, 'enterprise', c.A.county)
    draft = (await proposeUpdate(s, 'enterprise', id, { contact_person: '王一' }, t.a, false)).body.data.id
  })

  it('edits a draft: new values, still 草稿, an event', async () => {
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/draft/edit',
      { id: draft, payload: { contact_person: '王二', contact_phone: '13800001111' } },
      t.a,
    )
    expect([r.status, r.body.data.state]).toEqual([200, '草稿'])
    const row = await one<{ payload: { contact_person: string; contact_phone: string } }>(
      s,
      'SELECT payload FROM dc_submission WHERE id = $1',
      [draft],
    )
    expect([row.payload.contact_person, row.payload.contact_phone]).toEqual(['王二', '13800001111'])
    const bad = await s.postJson('/api/datacenter/input/draft/edit', { id: draft, payload: { contact_phone: '12345' } }, t.a)
    expect([bad.status, bad.body.details]).toEqual([
      400,
      [{ field: 'contact_phone', message: '「联系电话」格式应为11位手机号或带区号的固定电话' }],
    ])
  })

  it('is someone else’s only to read: a colleague gets 403, another county 404', async () => {
    const colleague = await s.postJson('/api/datacenter/input/draft/edit', { id: draft, payload: { contact_person: '同事' } }, t.a2)
    expect([colleague.status, colleague.body.message]).toEqual([403, '只能修改本人的提交'])
    expect((await s.postJson('/api/audit/query/add', { id: draft }, t.a2)).body.message).toBe('只能提交审核本人的提交')
    const far = await s.postJson('/api/datacenter/input/draft/delete', { id: draft }, t.b)
    expect([far.status, far.body.message]).toEqual([404, `提交 ${draft} 不存在或不在本账号的数据范围内`])
    expect(await stateOf(draft)).toBe('草稿')
  })

  it('submits, cannot edit or submit while pending, withdraws, and then cannot discard', async () => {
    const sub = await s.postJson<SubmissionSaved>('/api/audit/query/add', { id: draft }, t.a)
    expect([sub.status, sub.body.data.state]).toEqual([200, '待审核'])
    const edit = await s.postJson('/api/datacenter/input/draft/edit', { id: draft, payload: { contact_person: '王三' } }, t.a)
    expect([edit.status, edit.body.message]).toEqual([422, '该提交正在审核中，不能修改；如需修改请先撤回'])
    expect((await s.postJson('/api/audit/query/add', { id: draft }, t.a)).body.message).toBe(
      '该提交正在审核中，不能提交审核；如需修改请先撤回',
    )
    expect((await s.postJson('/api/datacenter/input/withdraw', { id: draft }, t.a2)).status).toBe(403)
    const back = await s.postJson<SubmissionSaved>('/api/datacenter/input/withdraw', { id: draft }, t.a)
    expect([back.status, back.body.data.state]).toEqual([200, '草稿'])
    expect((await s.postJson('/api/datacenter/input/withdraw', { id: draft }, t.a)).body.message).toBe('当前状态为草稿，不能撤回')
    const gone = await s.postJson('/api/datacenter/input/draft/delete', { id: draft }, t.a)
    expect([gone.status, gone.body.message]).toEqual([422, '提交过审核的记录保留审核记录，不能删除'])
    const events = (
      await s.db.query<{ action: string }>('SELECT action FROM dc_submission_event WHERE submission_id = $1 ORDER BY id', [draft])
    ).rows.map((e) => e.action)
    expect(events).toEqual(['create', 'edit', 'submit', 'withdraw'])
  })

  it('discards a draft that never reached an auditor', async () => {
    const id = await firstIn(s, 'enterprise', c.A.county, 1)
    const d = (await proposeUpdate(s, 'enterprise', id, { legal_person: '临时' }, t.a, false)).body.data.id
    const r = await s.postJson('/api/datacenter/input/draft/delete', { id: d }, t.a)
    expect([r.status, r.body.message]).toEqual([200, '已删除草稿'])
    expect(await stateOf(d)).toBeUndefined()
  })

  it('lists my submissions with filters, newest first', async () => {
    const all = await s.get<Page<SubmissionRow>>('/api/datacenter/input/mine?pageSize=100', t.a)
    const mine = await one<{ id: number }>(s, "SELECT id FROM app_user WHERE username = 'clerk_a'")
    expect(all.body.data.total).toBe(await count(s, 'dc_submission WHERE created_by = $1', [mine.id]))
    expect(all.body.data.list.map((r) => r.id)).toEqual([...all.body.data.list.map((r) => r.id)].sort((a, b) => b - a))
    const drafts = await s.get<Page<SubmissionRow>>('/api/datacenter/input/mine?state=草稿&kind=enterprise', t.a)
    expect(drafts.body.data.total).toBe(
      await count(s, `dc_submission WHERE created_by = $1 AND state = '草稿' AND kind = 'enterprise'`, [mine.id]),
    )
    expect(drafts.body.data.list.every((r) => r.state === '草稿' && r.kind === 'enterprise')).toBe(true)
    const bad = await s.get('/api/datacenter/input/mine?state=done', t.a)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('状态应为 草稿、待审核、已通过、已退回 之一')
  })
})

describe('the record view tells about open work', () => {
  it('lists drafts and pending submissions of anyone on the record', async () => {
    const id = await firstIn(s, 'parcel', c.A.county, 4)
    const r = await proposeUpdate(s, 'parcel', id, { location_desc: '同事也在改' }, t.a2)
    const view = await openRecord(s, 'parcel', id, t.a)
    expect(view.open).toEqual([
      { id: r.body.data.id, state: '待审核', action: 'update', createdByName: '测试clerk_a2' },
    ] satisfies RecordView['open'])
  })
})
