/**
 * 地块分组 / 企业分组 (/api/industryMap/landGroup/*, companyGroup/*): the whole life of a group,
 * its members limited to the data scope, bad input refused in Chinese with nothing written, a
 * group of another district invisible, the export holding the members.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src/domain/contracts/envelope'
import type { GroupMember, MembersAdded, RecordGroup } from '../../src/domain/contracts/record-group'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'

const MU = 10000 / 15
const LAND = '/api/industryMap/landGroup'
const COMPANY = '/api/industryMap/companyGroup'

let s: TestServer
let admin: string
/** two counties with parcels; a clerk of each holding both group pages */
let a: { code: string; token: string; parcels: { id: number; m2: number }[] }
let b: { code: string; token: string; parcels: { id: number; m2: number }[] }

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.query<T>(sql, params)).rows
}

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  const counties = await rows<{ code: string }>(
    `SELECT county_code AS code FROM parcel WHERE NOT deleted AND county_code IS NOT NULL GROUP BY 1 HAVING count(*) >= 3 ORDER BY count(*) DESC, 1 LIMIT 2`,
  )
  const [role] = await rows<{ id: number }>(`INSERT INTO role(name, code) VALUES ('分组员', 'GROUPS') RETURNING id`)
  await s.db.query(
    `INSERT INTO role_menu(role_id, menu_id) SELECT $1, id FROM menu WHERE menu_route IN ('/system/IndustryMap/LandGroup', '/system/IndustryMap/CompanyGroup')`,
    [role.id],
  )
  const clerkOf = async (code: string, username: string) => ({
    code,
    token: (await makeUser(s, admin, { username, regionCode: code, roleIds: [role.id] })).token,
    parcels: await rows<{ id: number; m2: number }>(
      'SELECT id, area_m2::float8 AS m2 FROM parcel WHERE NOT deleted AND county_code = $1 ORDER BY id LIMIT 3',
      [code],
    ),
  })
  a = await clerkOf(counties[0].code, 'group_a')
  b = await clerkOf(counties[1].code, 'group_b')
})
afterAll(() => s?.close())

describe('地块分组', () => {
  let id: number
  it('creates a group in the clerk’s county and adds parcels of the county', async () => {
    const made = await s.postJson<RecordGroup>(`${LAND}/add`, { name: ' 重点项目 ', remark: '园区重点跟踪' }, a.token)
    expect(made.status).toBe(200)
    expect(made.body.data).toMatchObject({
      kind: 'parcel',
      name: '重点项目',
      remark: '园区重点跟踪',
      memberCount: 0,
      areaMu: 0,
      createdBy: '测试group_a',
    })
    id = made.body.data.id
    const [p1, p2] = a.parcels
    const added = await s.postJson<MembersAdded>(`${LAND}/addMembers`, { id, recordIds: [p1.id, p2.id, p1.id] }, a.token)
    expect([added.status, added.body.data, added.body.message]).toEqual([200, { added: 2, existing: 0 }, '已添加 2 个'])
    const again = await s.postJson<MembersAdded>(`${LAND}/addMembers`, { id, recordIds: [p2.id] }, a.token)
    expect([again.body.data, again.body.message]).toEqual([{ added: 0, existing: 1 }, '已添加 0 个，1 个已在分组中'])
    const got = (await s.get<RecordGroup>(`${LAND}/get?id=${id}`, a.token)).body.data
    expect(got.memberCount).toBe(2)
    expect(got.areaMu).toBeCloseTo((p1.m2 + p2.m2) / MU, 1)
    const members = (await s.get<Page<GroupMember>>(`${LAND}/members?id=${id}&sortField=code&sortOrder=ascend`, a.token)).body.data
    const codes = await rows<{ land_code: string }>('SELECT land_code FROM parcel WHERE id = ANY($1::int[]) ORDER BY land_code', [
      [p1.id, p2.id],
    ])
    expect(members.list.map((m) => m.code)).toEqual(codes.map((c) => c.land_code))
    expect(members.total).toBe(2)
  })

  it('refuses a parcel of another county, naming it, and writes nothing', async () => {
    const before = await rows<{ n: number }>('SELECT count(*)::int AS n FROM record_group_member WHERE group_id = $1', [id])
    const r = await s.postJson(`${LAND}/addMembers`, { id, recordIds: [a.parcels[2].id, b.parcels[0].id] }, a.token)
    expect(r.status).toBe(400)
    expect(r.body.message).toBe(`地块 ${b.parcels[0].id} 不存在或不在本账号的数据范围内，未添加任何成员`)
    expect(r.body.details?.[0].field).toBe('recordIds')
    expect(await rows<{ n: number }>('SELECT count(*)::int AS n FROM record_group_member WHERE group_id = $1', [id])).toEqual(before)
  })

  it('refuses an empty name, a duplicate name and an empty member list in Chinese', async () => {
    const empty = await s.postJson(`${LAND}/add`, { name: '  ' }, a.token)
    expect([empty.status, empty.body.details?.[0]]).toEqual([400, { field: 'name', message: '分组名称 name 不能为空' }])
    const dup = await s.postJson(`${LAND}/add`, { name: '重点项目' }, a.token)
    expect([dup.status, dup.body.message]).toEqual([409, '已有名为“重点项目”的地块分组，请换一个名称'])
    const none = await s.postJson(`${LAND}/addMembers`, { id, recordIds: [] }, a.token)
    expect([none.status, none.body.details?.[0].message]).toEqual([400, '请至少选择一个成员'])
    // the same name is free in another county, and for the other kind
    expect((await s.postJson(`${LAND}/add`, { name: '重点项目' }, b.token)).status).toBe(200)
    expect((await s.postJson(`${COMPANY}/add`, { name: '重点项目' }, a.token)).status).toBe(200)
  })

  it('keeps a group inside its county: another county’s clerk neither lists nor opens it', async () => {
    const listB = (await s.get<Page<RecordGroup>>(`${LAND}/list`, b.token)).body.data
    expect(listB.list.map((g) => g.id)).not.toContain(id)
    expect((await s.get(`${LAND}/get?id=${id}`, b.token)).status).toBe(404)
    expect((await s.postJson(`${LAND}/delete`, { id }, b.token)).status).toBe(404)
    // the administrator sees every group
    const all = (await s.get<Page<RecordGroup>>(`${LAND}/list?keyword=重点`, admin)).body.data
    expect(all.total).toBe(2)
  })

  it('renames, exports the members, removes one and deletes the group, keeping its rows', async () => {
    const renamed = await s.postJson<RecordGroup>(`${LAND}/update`, { id, name: '重点项目（一期）' }, a.token)
    expect([renamed.status, renamed.body.data.name, renamed.body.data.remark]).toEqual([200, '重点项目（一期）', '园区重点跟踪'])
    const res = await fetch(`${s.base}${LAND}/export?id=${id}`, {
      headers: { Authorization: `Bearer ${a.token}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.rowCount).toBe(3)
    expect(sheet.getRow(1).getCell(1).value).toBe('宗地代码')
    const removed = await s.postJson<{ removed: number }>(`${LAND}/removeMembers`, { id, recordIds: [a.parcels[0].id] }, a.token)
    expect(removed.body.data).toEqual({ removed: 1 })
    expect((await s.get<RecordGroup>(`${LAND}/get?id=${id}`, a.token)).body.data.memberCount).toBe(1)
    const deleted = await s.postJson(`${LAND}/delete`, { id }, a.token)
    expect([deleted.status, deleted.body.message]).toEqual([200, '已删除地块分组“重点项目（一期）”'])
    expect((await s.get(`${LAND}/get?id=${id}`, a.token)).status).toBe(404)
    expect(await rows('SELECT deleted FROM record_group WHERE id = $1', [id])).toEqual([{ deleted: true }])
    // its name is free again
    expect((await s.postJson(`${LAND}/add`, { name: '重点项目（一期）' }, a.token)).status).toBe(200)
    const log = await rows<{ action: string }>(`SELECT action FROM operation_log WHERE module = 'industryMap' ORDER BY id`)
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['新增地块分组', '添加地块分组成员', '修改地块分组', '导出地块分组', '移出地块分组成员', '删除地块分组']),
    )
  })
})

describe('企业分组', () => {
  it('groups enterprises of the county with the area they hold and their industry', async () => {
    const [e] = await rows<{ id: number; m2: number; industry: string }>(
      `SELECT e.id, COALESCE(sum(p.area_m2), 0)::float8 AS m2, left(e.industry_code, 3) AS industry FROM enterprise e JOIN parcel p ON p.enterprise_id = e.id AND NOT p.deleted
       WHERE NOT e.deleted AND e.county_code = $1 AND e.industry_code IS NOT NULL GROUP BY e.id ORDER BY e.id LIMIT 1`,
      [a.code],
    )
    const g = (await s.postJson<RecordGroup>(`${COMPANY}/add`, { name: '亩均提升企业' }, a.token)).body.data
    expect((await s.postJson<MembersAdded>(`${COMPANY}/addMembers`, { id: g.id, recordIds: [e.id] }, a.token)).body.data).toEqual({
      added: 1,
      existing: 0,
    })
    const got = (await s.get<RecordGroup>(`${COMPANY}/get?id=${g.id}`, a.token)).body.data
    expect(got.areaMu).toBeCloseTo(e.m2 / MU, 1)
    const [m] = (await s.get<Page<GroupMember>>(`${COMPANY}/members?id=${g.id}`, a.token)).body.data.list
    expect(m.id).toBe(e.id)
    expect(m.detail?.startsWith(e.industry)).toBe(true)
    // a parcel id is not an enterprise of the group's kind
    const wrong = await s.postJson(`${COMPANY}/addMembers`, { id: g.id, recordIds: [999999] }, a.token)
    expect(wrong.status).toBe(400)
  })

  it('is refused to an account without the group page', async () => {
    const clerk = await s.login('clerk', 'Clerk@2026')
    expect((await s.get(`${LAND}/list`, clerk)).status).toBe(403)
    expect((await s.postJson(`${COMPANY}/add`, { name: 'x' }, clerk)).status).toBe(403)
  })
})
