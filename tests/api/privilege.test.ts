/**
 * Privilege rules (issue 18 finding 2), each tried with the 运维 demo account, which may manage users and
 * roles: it grants no role and no menu it does not hold, changes no user with more rights than its own,
 * widens no region (its own included), and cannot touch the super user. Every refusal is a 403 with a
 * Chinese message and writes nothing; what stays within its rights still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InitialPassword } from '../../src/domain/contracts/admin-user'
import { ADMIN_PAGES } from '../../src/domain/contracts/admin'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds, roleId } from './admin-helpers'

let s: TestServer
const t: Record<string, string> = {}
const id: Record<string, number> = {}
const role: Record<string, number> = {}

const userId = async (username: string) =>
  (await s.db.query<{ id: number }>('SELECT id FROM app_user WHERE username = $1', [username])).rows[0].id
/** Everything a refused call could have changed. */
const snapshot = async () =>
  (
    await s.db.query(
      `SELECT (SELECT json_agg(json_build_object('u', username, 'r', region_code, 'h', password_hash, 's', status, 'n', real_name) ORDER BY id) FROM app_user) AS users,
              (SELECT json_agg(json_build_array(user_id, role_id) ORDER BY user_id, role_id) FROM user_role) AS user_roles,
              (SELECT json_agg(json_build_array(role_id, menu_id) ORDER BY role_id, menu_id) FROM role_menu) AS grants,
              (SELECT json_agg(json_build_array(id, name, code) ORDER BY id) FROM role) AS roles`,
    )
  ).rows[0]

beforeAll(async () => {
  s = await startServer()
  t.admin = await s.login('admin', 'Admin@2026')
  t.ops = await s.login('ops', 'Ops@2026')
  for (const u of ['admin', 'ops', 'leader', 'clerk']) id[u] = await userId(u)
  role.super = await roleId(s, '超级管理员')
  role.ops = await roleId(s, '运维')
  role.leader = await roleId(s, '领导')
  // a role inside ops's rights (two of its admin pages) and a user holding it, in one county
  const small = await s.postJson<{ id: number }>('/api/role/add', { name: '字典员', code: 'DICT_ONLY' }, t.admin)
  role.small = small.body.data.id
  await s.postJson('/api/role/menus/grant', { roleId: role.small, menuIds: await menuIds(s, [ADMIN_PAGES.dict, ADMIN_PAGES.rz]) }, t.admin)
  id.small = (await makeUser(s, t.admin, { username: 'dict_user', roleIds: [role.small], regionCode: '330102' })).id
})
afterAll(() => s?.close())

async function refused(call: () => Promise<{ status: number; body: { message: string } }>, message: string | RegExp) {
  const before = await snapshot()
  const r = await call()
  expect(r.status, r.body.message).toBe(403)
  expect(r.body.message).toMatch(message)
  expect(await snapshot()).toEqual(before)
}

describe('运维 grants no role it does not hold', () => {
  it('cannot give itself 超级管理员 or another role with pages it lacks', async () => {
    await refused(
      () => s.postJson('/api/user/update/roles', { userId: id.ops, roleIds: [role.ops, role.super] }, t.ops),
      '不能授予超出本账号权限的角色：超级管理员',
    )
    await refused(() => s.postJson('/api/user/update/roles', { userId: id.small, roleIds: [role.leader] }, t.ops), /领导/)
    await refused(() => s.postJson('/api/role/relation', { roleId: role.super, add: [id.ops], remove: [] }, t.ops), /超级管理员/)
    await refused(
      () => s.postJson('/api/user/add', { username: 'ops_made', realName: '越权账号', roleIds: [role.leader], regionCode: null }, t.ops),
      /领导/,
    )
  })

  it('still gives a role within its rights', async () => {
    const r = await s.postJson('/api/user/update/roles', { userId: id.small, roleIds: [role.small, role.ops] }, t.ops)
    expect(r.status, r.body.message).toBe(200)
    expect((await s.db.query('SELECT role_id FROM user_role WHERE user_id = $1 ORDER BY role_id', [id.small])).rows).toEqual(
      [role.small, role.ops].sort((a, b) => a - b).map((role_id) => ({ role_id })),
    )
    await s.postJson('/api/user/update/roles', { userId: id.small, roleIds: [role.small] }, t.ops)
  })
})

describe('运维 grants no menu it does not hold', () => {
  it('cannot grant every menu to its own role, nor widen a role beyond its pages', async () => {
    const all = (await s.db.query<{ id: number }>('SELECT id FROM menu WHERE NOT deleted')).rows.map((r) => r.id)
    await refused(() => s.postJson('/api/role/menus/grant', { roleId: role.ops, menuIds: all }, t.ops), /^不能授予本账号未拥有的菜单：/)
    const wider = await menuIds(s, [ADMIN_PAGES.dict, '/bigData'])
    await refused(() => s.postJson('/api/role/menus/grant', { roleId: role.small, menuIds: wider }, t.ops), /^不能授予本账号未拥有的菜单：/)
    // a role with more rights is not its to change at all, even to take pages away
    await refused(
      () => s.postJson('/api/role/menus/grant', { roleId: role.leader, menuIds: [] }, t.ops),
      '不能修改超出本账号权限的角色“领导”',
    )
  })

  it('still grants menus it holds', async () => {
    const r = await s.postJson<{ granted: number }>(
      '/api/role/menus/grant',
      { roleId: role.small, menuIds: await menuIds(s, [ADMIN_PAGES.dict, ADMIN_PAGES.rz, ADMIN_PAGES.user]) },
      t.ops,
    )
    expect([r.status, r.body.data.granted]).toEqual([200, 3])
  })
})

describe('运维 changes no user with more rights than its own', () => {
  it('cannot edit, reset, unlock, disable or change the roles of 领导 (pages it lacks)', async () => {
    const msg = '不能修改权限高于本账号的用户 leader'
    await refused(() => s.postJson('/api/user/reset/password', { id: id.leader }, t.ops), msg)
    await refused(() => s.postJson('/api/user/edit', { id: id.leader, realName: '改名', regionCode: '330000' }, t.ops), msg)
    await refused(() => s.postJson('/api/user/unlock', { id: id.leader }, t.ops), msg)
    await refused(() => s.postJson('/api/user/update/status', { id: id.leader, status: 0 }, t.ops), msg)
    await refused(() => s.postJson('/api/user/update/roles', { userId: id.leader, roleIds: [] }, t.ops), msg)
    await refused(() => s.postJson('/api/user/delete', { id: id.leader }, t.ops), msg)
  })

  it('still resets the password of a user with fewer rights', async () => {
    const r = await s.postJson<InitialPassword>('/api/user/reset/password', { id: id.small }, t.ops)
    expect([r.status, r.body.data.username]).toEqual([200, 'dict_user'])
  })
})

describe('运维 widens no region', () => {
  it('a county 运维 cannot set itself, or anyone, to the province', async () => {
    const edit = await s.postJson('/api/user/edit', { id: id.ops, realName: '赵运维', regionCode: '330102' }, t.admin)
    expect(edit.status, edit.body.message).toBe(200)
    const ops = await s.login('ops', 'Ops@2026')
    await refused(
      () => s.postJson('/api/user/edit', { id: id.ops, realName: '赵运维', regionCode: '330000' }, ops),
      '区划 330000 超出本账号的数据范围，不能设置',
    )
    await refused(
      () => s.postJson('/api/user/add', { username: 'wide', realName: '省级', roleIds: [], regionCode: '330000' }, ops),
      '区划 330000 超出本账号的数据范围，不能设置',
    )
    // its own county is fine
    const same = await s.postJson('/api/user/edit', { id: id.ops, realName: '赵运维（区县）', regionCode: '330102' }, ops)
    expect(same.status, same.body.message).toBe(200)
    await s.postJson('/api/user/edit', { id: id.ops, realName: '赵运维', regionCode: '330000' }, t.admin)
  })
})

describe('the super user is changed only by itself', () => {
  it('运维 cannot reset, edit, change the roles of, or disable admin; admin can change itself', async () => {
    const msg = '超级管理员账号 admin 只能由其本人修改'
    await refused(() => s.postJson('/api/user/reset/password', { id: id.admin }, t.ops), msg)
    await refused(() => s.postJson('/api/user/edit', { id: id.admin, realName: '被改', regionCode: '330000' }, t.ops), msg)
    await refused(() => s.postJson('/api/user/update/roles', { userId: id.admin, roleIds: [] }, t.ops), msg)
    await refused(() => s.postJson('/api/user/unlock', { id: id.admin }, t.ops), msg)
    const own = await s.postJson('/api/user/edit', { id: id.admin, realName: '系统管理员', regionCode: '330000' }, t.admin)
    expect(own.status, own.body.message).toBe(200)
  })
})
