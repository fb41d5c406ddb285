/** Sign-in contract of docs/api.md, on the engine this run targets (issue: foundation points 1, 3, 6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDigest } from '../../src/domain/password-digest'
import type { LoginResult, MenuItem } from '../../src/domain/contracts/auth'
import { MENU_GROUPS } from '../../src/domain/route-table'
import { startServer, type TestServer } from './harness'
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/people'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s?.close())

async function digestFor(username: string, password: string) {
  const salt = await s.get<{ salt: string }>(`/api/user/getSalt?username=${username}`)
  return passwordDigest(salt.body.data.salt, password)
}

async function logCount(where: string, params: unknown[]) {
  return (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operation_log WHERE ${where}`, params)).rows[0].n
}

describe('health and config', () => {
  it('answers /api/health with the engine', async () => {
    const r = await s.get<{ status: string; engine: string }>('/api/health')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ code: 200, data: { status: 'ok', engine: s.engine } })
  })
  it('serves the runtime config with the docs/product.md §3 fields', async () => {
    const res = await fetch(`${s.base}/config.json`)
    const cfg = await res.json()
    expect(res.status).toBe(200)
    expect(cfg).toMatchObject({ baseUrl: '', tokenKey: 'Authorization', tokenPrefix: 'Bearer ', isInternalNetwork: false })
    expect(cfg.monthList).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(Object.keys(cfg.countryCenters)).toHaveLength(11)
  })
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${s.base}/api/docs/json`)
    const doc = await res.json()
    expect(res.status).toBe(200)
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login/do', '/api/user/getSalt', '/api/role/query/role/menuMutil']))
    expect(doc.paths['/api/user/getSalt'].get.parameters[0]).toMatchObject({ name: 'username', in: 'query', required: true })
  })
  it('answers an unknown API route with a 404 envelope', async () => {
    const r = await s.get('/api/nothing/here')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ code: 404, message: '接口不存在：GET /api/nothing/here', data: null })
  })
})

describe('getSalt', () => {
  it('gives a known user their salt and an unknown user a stable fake of the same shape', async () => {
    const known = await s.get<{ salt: string }>('/api/user/getSalt?username=admin')
    const stored = await s.db.query<{ salt: string }>("SELECT salt FROM app_user WHERE username = 'admin'")
    expect(known.body.data.salt).toBe(stored.rows[0].salt)
    const fake1 = await s.get<{ salt: string }>('/api/user/getSalt?username=nobody')
    const fake2 = await s.get<{ salt: string }>('/api/user/getSalt?username=nobody')
    const other = await s.get<{ salt: string }>('/api/user/getSalt?username=nobody2')
    expect(fake1.body.data.salt).toMatch(/^[0-9a-f]{32}$/)
    expect(known.body.data.salt).toMatch(/^[0-9a-f]{32}$/)
    expect(fake1.body.data.salt).toBe(fake2.body.data.salt)
    expect(fake1.body.data.salt).not.toBe(other.body.data.salt)
  })
  it('rejects a missing username with a Chinese message naming the field', async () => {
    const r = await s.get('/api/user/getSalt')
    expect(r.status).toBe(400)
    expect(r.body.details?.[0].field).toBe('username')
    expect(r.body.message).toContain('username')
  })
})

describe('login', () => {
  it('signs in with the digest and returns token, expiry and the user with six menu groups', async () => {
    const before = Date.now()
    const r = await s.postForm<LoginResult>('/api/login/do', { username: 'admin', password: await digestFor('admin', 'Admin@2026') })
    expect(r.status).toBe(200)
    const { token, expiresAt, user } = r.body.data
    expect(token.length).toBeGreaterThanOrEqual(40)
    expect(expiresAt).toBeGreaterThan(before + 479 * 60_000)
    expect(expiresAt).toBeLessThan(Date.now() + 481 * 60_000)
    expect(user.username).toBe('admin')
    expect(user.roles).toEqual([{ id: expect.any(Number), name: '超级管理员' }])
    expect(Object.keys(user.menus).sort()).toEqual([...MENU_GROUPS].sort())
    expect(user.menus.systemMenus.map((m) => m.menuRoute)).toEqual(['/system', '/systems', '/admin'])
    expect(await logCount("module = 'login' AND username = 'admin' AND success", [])).toBeGreaterThanOrEqual(1)
  })

  it('stores passwords only as scrypt of the digest', async () => {
    const rows = await s.db.query<{ username: string; password_hash: string; salt: string }>(
      'SELECT username, password_hash, salt FROM app_user',
    )
    // the demo's staff accounts and its enterprise account (ent)
    expect(rows.rows.length).toBe(DEMO_ACCOUNTS.length + 1)
    for (const row of rows.rows) {
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
      expect(row.password_hash).not.toContain(passwordDigest(row.salt, 'Admin@2026'))
    }
  })

  it.each([
    ['wrong password', 'clerk', 'Wrong@2026'],
    ['unknown user', 'ghost', 'Clerk@2026'],
  ])('%s → 401 用户名或密码错误, logged as a failure', async (_case, username, password) => {
    const r = await s.postForm('/api/login/do', { username, password: await digestFor(username, password) })
    expect(r.status).toBe(401)
    expect(r.body.message).toBe('用户名或密码错误')
    expect(await logCount('module = $1 AND username = $2 AND NOT success AND status = 401', ['login', username])).toBe(1)
  })

  it('locks after 5 failures in 15 minutes → 423, even with the right password', async () => {
    const wrong = await digestFor('land', 'nope')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await s.postForm('/api/login/do', { username: 'land', password: wrong })).status)
    expect(statuses).toEqual([401, 401, 401, 401, 423])
    const r = await s.postForm('/api/login/do', { username: 'land', password: await digestFor('land', 'Land@2026') })
    expect(r.status).toBe(423)
    expect(r.body.message).toBe('账号已锁定，请30分钟后再试')
    const lock = await s.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM account_lock WHERE username = 'land'",
    )
    expect(lock.rows[0].minutes).toBe(30)
  })

  it('rejects bad input with 400, the field named, and no failure counted', async () => {
    const missing = await s.postForm('/api/login/do', { username: 'ops' })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toEqual([{ field: 'password', message: '密码不能为空' }])
    const notHex = await s.postForm('/api/login/do', { username: 'ops', password: 'Ops@2026' })
    expect(notHex.status).toBe(400)
    expect(notHex.body.message).toContain('密码摘要格式错误')
    const failures = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_failure WHERE username = 'ops'")
    expect(failures.rows[0].n).toBe(0)
  })

  it('answers a malformed JSON body without internals', async () => {
    const res = await fetch(`${s.base}/api/login/do`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":',
    })
    const body = await res.json()
    expect(res.status).toBe(400)
    expect(body.message).toBe('请求体不是合法的JSON')
    expect(JSON.stringify(body)).not.toMatch(/at |\.ts|node_modules|SELECT/)
  })
})

describe('tokens', () => {
  it('requires a token except on open paths', async () => {
    expect((await s.get('/api/user/current')).status).toBe(401)
    expect((await s.get('/api/user/current', 'not-a-token')).status).toBe(401)
    const token = await s.login('ops', 'Ops@2026')
    const me = await s.get<{ username: string }>('/api/user/current', token)
    expect(me.status).toBe(200)
    expect(me.body.data.username).toBe('ops')
  })
  it('stops accepting every token of the user once logged out', async () => {
    const token = await s.login('auditor', 'Auditor@2026')
    const otherDevice = await s.login('auditor', 'Auditor@2026')
    expect((await s.postJson('/api/login/logout', {}, token)).status).toBe(200)
    const after = await s.get('/api/user/current', token)
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('登录已过期，请重新登录')
    expect((await s.get('/api/user/current', otherDevice)).status).toBe(401)
  })
  it('refuses an expired token and an idle one', async () => {
    const t1 = await s.login('leader', 'Leader@2026')
    await s.db.query(
      "UPDATE session SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM app_user WHERE username = 'leader')",
    )
    expect((await s.get('/api/user/current', t1)).status).toBe(401)
    const t2 = await s.login('leader', 'Leader@2026')
    await s.db.query(
      "UPDATE session SET last_seen_at = now() - interval '31 minutes' WHERE user_id = (SELECT id FROM app_user WHERE username = 'leader')",
    )
    expect((await s.get('/api/user/current', t2)).status).toBe(401)
  })
  it('revokes all tokens of a disabled user', async () => {
    const token = await s.login('clerk', 'Clerk@2026')
    await s.db.query("UPDATE app_user SET status = 0 WHERE username = 'clerk'")
    expect((await s.get('/api/user/current', token)).status).toBe(401)
    const again = await s.postForm('/api/login/do', { username: 'clerk', password: await digestFor('clerk', 'Clerk@2026') })
    expect(again.status).toBe(403)
    expect(again.body.message).toBe('账号已停用，请联系管理员')
    await s.db.query("UPDATE app_user SET status = 1 WHERE username = 'clerk'")
  })
})

describe('lock screen re-verification', () => {
  it('accepts the right password and refuses a wrong one without ending the session', async () => {
    const token = await s.login('ops', 'Ops@2026')
    const good = await s.postForm('/api/login/verify', { password: await digestFor('ops', 'Ops@2026') }, token)
    expect(good.status).toBe(200)
    const bad = await s.postForm('/api/login/verify', { password: await digestFor('ops', 'bad') }, token)
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual([{ field: 'password', message: '密码错误' }])
    expect((await s.get('/api/user/current', token)).status).toBe(200)
  })
})

/** First leaf, in tree order, of the first group present (docs/product.md §6 landing route). */
function landing(menus: Record<string, MenuItem[]>): string | undefined {
  for (const g of MENU_GROUPS) {
    let item = menus[g]?.[0]
    while (item?.children.length) item = item.children[0]
    if (item) return item.menuRoute
  }
  return undefined
}

describe('menus per demo account (docs/api.md)', () => {
  it.each([
    ['admin', 'Admin@2026', '/system/core'],
    ['leader', 'Leader@2026', '/system/decision/qyzb'],
    ['clerk', 'Clerk@2026', '/system/data/center/sjcj'],
    ['auditor', 'Auditor@2026', '/system/audit/gyyd'],
    ['land', 'Land@2026', '/system/stock'],
    ['county', 'County@2026', '/system/data/center/sjcj'],
    ['plan', 'Plan@2026', '/system/core'],
    ['econ', 'Econ@2026', '/enterprise/appraise/monitoring'],
    ['ops', 'Ops@2026', '/admin/setting/dict'],
  ])('%s (password %s) lands on %s', async (username, password, route) => {
    await s.db.query('DELETE FROM account_lock')
    const r = await s.postForm<LoginResult>('/api/login/do', { username, password: await digestFor(username, password) })
    expect(r.status).toBe(200)
    expect(landing(r.body.data.user.menus)).toBe(route)
  })
})

describe('POST /api/role/query/role/menuMutil', () => {
  it('returns the menus of comma-joined role ids with menuRoute', async () => {
    const token = await s.login('admin', 'Admin@2026')
    const roles = await s.db.query<{ id: number; name: string }>("SELECT id, name FROM role WHERE name IN ('领导', '运维') ORDER BY id")
    const r = await s.postForm<MenuItem[]>('/api/role/query/role/menuMutil', { roleId: roles.rows.map((x) => x.id).join(',') }, token)
    expect(r.status).toBe(200)
    const routes = r.body.data.map((m) => m.menuRoute)
    expect(routes).toContain('/system/decision/qyzb')
    expect(routes).toContain('/admin/setting/rz')
    expect(routes).toContain('/bigData/park')
    expect(routes).not.toContain('/system/core')
    expect(routes).not.toContain('/land/evaluation/evaluationMap')
    const decision = r.body.data.find((m) => m.menuRoute === '/system/decision')
    expect(decision?.children.map((c) => c.menuRoute)).toEqual([
      '/system/decision/qyzb',
      '/system/decision/zbhy',
      '/system/decision/zbqy',
      '/system/decision/zbqs',
    ])
  })
  it('lets a user read only their own roles', async () => {
    const token = await s.login('ops', 'Ops@2026')
    const ids = await s.db.query<{ id: number; name: string }>('SELECT id, name FROM role ORDER BY id')
    const own = ids.rows.find((x) => x.name === '运维')!.id
    const other = ids.rows.find((x) => x.name === '超级管理员')!.id
    expect((await s.postForm('/api/role/query/role/menuMutil', { roleId: String(own) }, token)).status).toBe(200)
    const denied = await s.postForm('/api/role/query/role/menuMutil', { roleId: `${own},${other}` }, token)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('权限不足')
  })
  it('rejects a roleId that is not comma-joined numbers', async () => {
    const token = await s.login('admin', 'Admin@2026')
    const r = await s.postForm('/api/role/query/role/menuMutil', { roleId: '1;drop' }, token)
    expect(r.status).toBe(400)
    expect(r.body.details?.[0]).toEqual({ field: 'roleId', message: '角色ID应为逗号分隔的数字，如 1,3' })
  })
})
