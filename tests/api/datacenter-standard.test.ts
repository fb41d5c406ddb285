/**
 * 数据标准 sjgf: the version in force with its code lists resolved, past versions, and saving a new
 * version — definitions checked against the master columns, an old version never edited, a
 * stale editor refused — and the proof that the checks read it: a rule changed here changes
 * what a form may submit and what an approval accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandardVersionRow, StandardView, SubmissionSaved } from '../../src/domain/contracts/datacenter'
import type { Page } from '../../src/domain/contracts/envelope'
import { DEFAULT_PARCEL_FIELDS, type StandardField } from '../../src/domain/datacenter/standard'
import { startServer, type TestServer } from './harness'
import { count, decide, demoTokens, firstIn, one, proposeUpdate, twoCounties } from './datacenter-helpers'

let s: TestServer
const t: Record<string, string> = {}

const current = async (kind = 'parcel') => (await s.get<StandardView>(`/api/datacenter/sjgf/current?kind=${kind}`, t.clerk)).body.data
const save = (fields: StandardField[], baseVersion: number, token = t.admin, remark = '测试修订') =>
  s.postJson<{ version: number }>('/api/datacenter/sjgf/save', { kind: 'parcel', baseVersion, remark, fields }, token)

beforeAll(async () => {
  s = await startServer()
  await demoTokens(s, t)
})
afterAll(() => s?.close())

describe('reading the standard', () => {
  it('gives version 1 with every code list its fields name, from the dict table and the built-in lists', async () => {
    const std = await current()
    expect([std.version, std.current, std.kind, std.remark]).toEqual([1, true, 'parcel', '初始版本'])
    expect(std.fields.map((f) => f.name)).toEqual(DEFAULT_PARCEL_FIELDS.map((f) => f.name))
    expect(Object.keys(std.codeLists).sort()).toEqual(['land_use', 'parcel_status', 'planning_use', 'supply_method'])
    const dictItems = (
      await s.db.query<{ value: string }>(
        `SELECT i.value FROM dict_item i JOIN dict d ON d.id = i.dict_id WHERE d.code = 'parcel_status' AND i.status = 1 ORDER BY i.sort, i.id`,
      )
    ).rows
    expect(std.codeLists.parcel_status.items.map((i) => i.value)).toEqual(dictItems.map((x) => x.value))
    expect(std.codeLists.land_use.items).toContainEqual({ value: '0601', label: '工业用地' })
    const e = await current('enterprise')
    expect(Object.keys(e.codeLists).sort()).toEqual(['enterprise_scale', 'enterprise_status', 'industry'])
  })

  it('is readable from every data-centre page, and the code-list choices list dicts and built-ins', async () => {
    expect((await s.get('/api/datacenter/sjgf/current?kind=enterprise', t.auditor)).status).toBe(200)
    const choices = await s.get<{ code: string; name: string }[]>('/api/datacenter/sjgf/codeLists', t.clerk)
    expect(choices.body.data.map((c) => c.code)).toEqual(
      expect.arrayContaining(['land_use', 'industry', 'parcel_status', 'enterprise_scale']),
    )
    expect((await s.get('/api/datacenter/sjgf/current?kind=house', t.clerk)).status).toBe(400)
  })
})

describe('saving a new version', () => {
  it('refuses definitions the master table could not hold, naming each, and writes nothing', async () => {
    const std = await current()
    const fields = std.fields.map((f) => ({ ...f }))
    fields.push({ name: 'favourite_colour', label: '颜色', type: 'string', required: false })
    fields.find((f) => f.name === 'plot_ratio')!.type = 'string'
    fields.find((f) => f.name === 'building_density')!.max = 150
    fields.find((f) => f.name === 'status')!.dict = 'no_such_list'
    fields.find((f) => f.name === 'name')!.required = false
    fields.find((f) => f.name === 'location_desc')!.pattern = '(['
    const n0 = await count(s, 'dc_standard')
    const r = await save(fields, std.version)
    expect(r.status).toBe(400)
    expect(r.body.details?.map((d) => d.message)).toEqual([
      '第 6 个字段「坐落」：格式规则「([」不是合法的正则表达式',
      '第 7 个字段「地块状态」：代码表「no_such_list」不存在',
      '第 8 个字段「容积率」：类型不能由「number」改为「string」（主表字段类型固定）',
      '第 8 个字段「容积率」：只有数值字段可以设取值范围',
      '第 9 个字段「建筑密度」：最大值不能大于 100（主表约束）',
      '第 21 个字段「颜色」：「favourite_colour」不是地块主表的字段，审核入库时无处写入',
      '「地块名称」用于识别地块，必须为必填',
    ])
    expect(await count(s, 'dc_standard')).toBe(n0)
    const noCode = await save(
      std.fields.filter((f) => f.name !== 'land_code'),
      std.version,
    )
    expect(noCode.body.details?.map((d) => d.message)).toEqual(['「宗地代码」用于识别地块，不能从标准中删除'])
    expect((await save([], std.version)).body.details?.[0]).toEqual({ field: 'fields', message: '数据标准至少要有一个字段' })
  })

  it('is the page’s grant or admin only; a clerk or the read-only auditor gets 403', async () => {
    const std = await current()
    expect((await save(std.fields, std.version, t.clerk)).status).toBe(403)
    expect((await save(std.fields, std.version, t.auditor)).status).toBe(403)
  })

  it('saves version 2 without touching version 1, and refuses an editor that started from 1 again (409)', async () => {
    const v1 = await current()
    const fields = v1.fields.map((f) => (f.name === 'location_desc' ? { ...f, required: true, label: '坐落（必填）' } : f))
    const r = await save(fields, 1, t.admin, '坐落改为必填')
    expect([r.status, r.body.data, r.body.message]).toEqual([200, { version: 2 }, '已保存为版本 2'])
    const stale = await save(v1.fields, 1)
    expect([stale.status, stale.body.message]).toEqual([409, '数据标准已由他人保存为版本 2（您基于版本 1 编辑），请刷新后重新修改'])
    const old = await s.get<StandardView>('/api/datacenter/sjgf/version?kind=parcel&version=1', t.clerk)
    expect([old.body.data.current, old.body.data.fields.find((f) => f.name === 'location_desc')?.required]).toEqual([false, false])
    const now = await current()
    expect([now.version, now.current, now.remark, now.createdByName]).toEqual([2, true, '坐落改为必填', '系统管理员'])
    const list = await s.get<Page<StandardVersionRow>>('/api/datacenter/sjgf/versions?kind=parcel', t.clerk)
    expect(list.body.data.list.map((v) => [v.version, v.remark, v.fieldCount])).toEqual([
      [2, '坐落改为必填', 20],
      [1, '初始版本', 20],
    ])
    expect(list.body.data.list[0].requiredCount).toBe(list.body.data.list[1].requiredCount + 1)
    expect((await s.get('/api/datacenter/sjgf/version?kind=parcel&version=9', t.clerk)).status).toBe(404)
    const log = await one<{ action: string; target: string }>(
      s,
      "SELECT action, target FROM operation_log WHERE module = 'datacenter' AND success ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ action: '保存数据标准新版本', target: '地块数据标准 版本 2' })
  })
})

describe('the checks read the standard in force', () => {
  it('a form submission now needs 坐落, and a pending proposal without it cannot be approved', async () => {
    const { A } = await twoCounties(s)
    const id =
      (
        await one<{ id: number }>(
          s,
          `SELECT id FROM parcel WHERE county_code = $1 AND NOT deleted AND location_desc = '' ORDER BY id LIMIT 1`,
          [A.county],
        )
      )?.id ?? (await firstIn(s, 'parcel', A.county))
    await s.db.query(`UPDATE parcel SET location_desc = '' WHERE id = $1`, [id])
    const r = await proposeUpdate(s, 'parcel', id, { name: '标准变更后的提交' }, t.clerk)
    expect([r.status, r.body.details]).toEqual([400, [{ field: 'location_desc', message: '「坐落（必填）」为必填项' }]])
    // a proposal made under version 1 (an import row, or one submitted before the change) …
    const sid = (
      await one<{ id: number }>(
        s,
        `INSERT INTO dc_submission(kind, action, target_id, standard_version, payload, before, state, province_code, city_code, county_code, created_by, submitted_at)
         SELECT 'parcel', 'update', $1, 1, jsonb_build_object('name', '旧标准下的提交'), NULL, '待审核', '330000', city_code, county_code,
                (SELECT id FROM app_user WHERE username = 'clerk'), now() FROM parcel WHERE id = $1 RETURNING id`,
        [id],
      )
    ).id
    const approved = await decide(s, Number(sid), 'approve', t.auditor)
    expect([approved.status, approved.body.details]).toEqual([422, [{ field: 'location_desc', message: '「坐落（必填）」为必填项' }]])
    expect(approved.body.message).toContain('提交内容不符合现行数据标准（版本 2），请退回修改')
    const ok = await proposeUpdate(s, 'parcel', id, { name: '标准变更后的提交', location_desc: '某街道1号' }, t.clerk)
    expect([ok.status, (ok.body.data as SubmissionSaved).state]).toEqual([200, '待审核'])
  })
})
