/**
 * Account security targets of issue 3 (GB/T 22239-2019 level 3, OWASP ASVS where they agree),
 * each a test: password policy enforced by the server, history of 5, expiry, forced change,
 * per-account lockout with a per-IP throttle, admin unlock, token revocation, session limits,
 * and a complete, unalterable operation log without secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDigest } from '../../src/domain/password-digest'
import { rsaOaepEncrypt, type RsaPublicJwk } from '../../src/domain/rsa-oaep'
import type { LoginResult } from '../../src/domain/contracts/auth'
import { purgeOldLogs } from '../../src/server/modules/log/retention'
import { startServer, type TestServer } from './harness'
import { changePassword, digestFor, makeUser } from './admin-helpers'

let s: TestServer
let admin: string
/** Everything secret a test sent: none of it may reach the operation log. */
const secrets = new Set<string>()

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
})
afterAll(() => s?.close())

/** A sign-in from a given client address (the server trusts X-Forwarded-For from loopback). */
async function loginFrom(ip: string, username: string, password: string) {
  const digest = await digestFor(s, username, password)
  secrets.add(digest)
  return s.call<LoginResult>('/api/login/do', {
    method: 'POST',
    body: new URLSearchParams({ username, password: digest }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
  })
}

describe('password policy, checked by the server on the encrypted new password', () => {
  it.each([
    ['too short', 'Ab1!', '密码至少8位'],
    ['two classes', 'abcdefgh12', '密码须包含小写字母、大写字母、数字、特殊字符中的至少3类'],
    ['contains the username', 'Pw_policy1#A', '密码不能包含用户名'],
  ])('%s → 400 naming the rule, nothing changed', async (_case, weak, rule) => {
    const u = await makeUser(s, admin, { username: `pw_policy${weak.length}`, password: 'Start#2026ok' })
    const before = (await s.db.query<{ password_hash: string }>('SELECT password_hash FROM app_user WHERE id = $1', [u.id])).rows[0]
      .password_hash
    const r = await changePassword(
      s,
      u.token,
      `pw_policy${weak.length}`,
      'Start#2026ok',
      weak.replace('Pw_policy1', `Pw_policy${weak.length}`),
    )
    expect(r.status).toBe(400)
    expect(r.body.details?.map((d) => d.message)).toContain(rule)
    expect(
      (await s.db.query<{ password_hash: string }>('SELECT password_hash FROM app_user WHERE id = $1', [u.id])).rows[0].password_hash,
    ).toBe(before)
    secrets.add(weak)
  })

  it('refuses a wrong current password (field oldPassword) and a ciphertext it cannot read', async () => {
    const u = await makeUser(s, admin, { username: 'pw_old', password: 'Start#2026ok' })
    const wrong = await changePassword(s, u.token, 'pw_old', 'Wrong#2026ok', 'Another#2026ok')
    expect(wrong.status).toBe(400)
    expect(wrong.body.details).toEqual([{ field: 'oldPassword', message: '原密码错误' }])
    const garbage = await s.postJson(
      '/api/user/update/password',
      { oldPassword: await digestFor(s, 'pw_old', 'Start#2026ok'), newPassword: Buffer.from('x'.repeat(256)).toString('base64') },
      u.token,
    )
    expect(garbage.status).toBe(400)
    expect(garbage.body.message).toBe('新密码无法解密，请刷新页面后重试')
  })

  it('a plain password sent instead of the ciphertext is refused: the wire never carries it in clear', async () => {
    const u = await makeUser(s, admin, { username: 'pw_plain', password: 'Start#2026ok' })
    const r = await s.postJson(
      '/api/user/update/password',
      { oldPassword: await digestFor(s, 'pw_plain', 'Start#2026ok'), newPassword: 'Plain#2026ok' },
      u.token,
    )
    expect(r.status).toBe(400)
  })
})

describe('password history: the last 5 may not be used again', () => {
  it('refuses each of the last five and accepts the sixth back', async () => {
    const passwords = ['Hist#2026a0', 'Hist#2026a1', 'Hist#2026a2', 'Hist#2026a3', 'Hist#2026a4', 'Hist#2026a5']
    const u = await makeUser(s, admin, { username: 'history', password: passwords[0] })
    let token = u.token
    for (let i = 1; i < passwords.length; i++) {
      const r = await changePassword(s, token, 'history', passwords[i - 1], passwords[i])
      expect(r.status, r.body.message).toBe(200)
      token = await s.login('history', passwords[i])
    }
    // history now holds a1…a5 (a5 is the current one)
    for (const old of passwords.slice(1)) {
      const r = await changePassword(s, token, 'history', passwords[5], old)
      expect(r.status).toBe(400)
      expect(r.body.message).toBe('新密码不能与最近5次使用过的密码相同')
    }
    const back = await changePassword(s, token, 'history', passwords[5], passwords[0])
    expect(back.status).toBe(200)
    passwords.forEach((p) => secrets.add(p))
    const rows = await s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM password_history h JOIN app_user u ON u.id = h.user_id WHERE u.username = 'history'",
    )
    expect(rows.rows[0].n).toBe(5)
  })
})

describe('first sign-in and expiry force a change; until then only the change is possible', () => {
  it('a new account signs in with mustChangePassword and is refused everything else', async () => {
    const ops = await s.login('ops', 'Ops@2026')
    const added = await s.postJson<{ id: number; password: string }>(
      '/api/user/add',
      {
        username: 'newbie',
        realName: '新人',
        roleIds: [(await s.db.query<{ id: number }>("SELECT id FROM role WHERE name = '运维'")).rows[0].id],
      },
      ops,
    )
    secrets.add(added.body.data.password)
    const login = await loginFrom('10.0.0.9', 'newbie', added.body.data.password)
    expect(login.body.data.user).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'initial' })
    const token = login.body.data.token
    const refused = await s.get('/api/user/query', token)
    expect([refused.status, refused.body.message]).toEqual([403, '请先修改密码（初始密码或密码已过期）'])
    expect((await s.get('/api/user/current', token)).status).toBe(200)
    expect((await changePassword(s, token, 'newbie', added.body.data.password, 'Fresh#Pass26x')).status).toBe(200)
    expect((await s.get('/api/user/current', token)).status).toBe(401)
    const fresh = await s.login('newbie', 'Fresh#Pass26x')
    expect((await s.get('/api/user/query', fresh)).status).toBe(200)
    secrets.add('Fresh#Pass26x')
  })

  it('a password older than 90 days forces a change at sign-in', async () => {
    const u = await makeUser(s, admin, { username: 'expiring', password: 'Expire#2026a' })
    await s.db.query("UPDATE app_user SET password_changed_at = now() - interval '91 days' WHERE id = $1", [u.id])
    const login = await loginFrom('10.0.0.9', 'expiring', 'Expire#2026a')
    expect(login.body.data.user).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'expired' })
    expect((await s.get('/api/dict/query/items/code?code=parcel_status', login.body.data.token)).status).toBe(403)
    await s.db.query("UPDATE app_user SET password_changed_at = now() - interval '89 days' WHERE id = $1", [u.id])
    const ok = await loginFrom('10.0.0.9', 'expiring', 'Expire#2026a')
    expect(ok.body.data.user.mustChangePassword).toBe(false)
  })
})

describe('lockout per account, throttle per client address, admin unlock', () => {
  const attacker = '203.0.113.7'
  const office = '198.51.100.20'

  it('one client locks at most four accounts, then gets 429 without locking anyone else', async () => {
    for (const name of ['leader', 'clerk', 'auditor', 'land']) {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await loginFrom(attacker, name, `Guess#${i}x`)).status)
      expect(statuses).toEqual([401, 401, 401, 401, 423])
    }
    const throttled = await loginFrom(attacker, 'ops', 'Guess#0x')
    expect([throttled.status, throttled.body.message]).toEqual([429, '登录失败次数过多，请15分钟后再试'])
    const opsFailures = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_failure WHERE username = 'ops'")
    expect(opsFailures.rows[0].n).toBe(0)
    // another client is not affected
    expect((await loginFrom(office, 'ops', 'Ops@2026')).status).toBe(200)
    // even the right password does not open a locked account
    expect((await loginFrom(office, 'leader', 'Leader@2026')).status).toBe(423)
  })

  it('an admin unlocks an account before its 30 minutes are over', async () => {
    const leader = (await s.db.query<{ id: number }>("SELECT id FROM app_user WHERE username = 'leader'")).rows[0].id
    const list = await s.get<{ list: { username: string; lockedUntil: number | null }[] }>('/api/user/query?username=leader', admin)
    expect(list.body.data.list[0].lockedUntil).toBeGreaterThan(Date.now() + 29 * 60_000)
    expect((await s.postJson('/api/user/unlock', { id: leader }, admin)).status).toBe(200)
    expect((await loginFrom(office, 'leader', 'Leader@2026')).status).toBe(200)
  })
})

describe('sessions', () => {
  it('a password change ends every token of the user at once', async () => {
    const u = await makeUser(s, admin, { username: 'revoke', password: 'Rv#2026aaa' })
    const second = await s.login('revoke', 'Rv#2026aaa')
    expect((await changePassword(s, u.token, 'revoke', 'Rv#2026aaa', 'Rv#2026bbb')).status).toBe(200)
    expect((await s.get('/api/user/current', u.token)).status).toBe(401)
    expect((await s.get('/api/user/current', second)).status).toBe(401)
    secrets.add('Rv#2026aaa').add('Rv#2026bbb')
  })

  it('idle and absolute limits are configurable', async () => {
    const short = await startServer({ TOKEN_TTL_MINUTES: 60, TOKEN_IDLE_MINUTES: 5 })
    try {
      const before = Date.now()
      const salt = (await short.get<{ salt: string }>('/api/user/getSalt?username=ops')).body.data.salt
      const r = await short.postForm<LoginResult>('/api/login/do', { username: 'ops', password: passwordDigest(salt, 'Ops@2026') })
      expect(r.body.data.expiresAt).toBeGreaterThan(before + 59 * 60_000)
      expect(r.body.data.expiresAt).toBeLessThan(Date.now() + 61 * 60_000)
      await short.db.query("UPDATE session SET last_seen_at = now() - interval '6 minutes'")
      expect((await short.get('/api/user/current', r.body.data.token)).status).toBe(401)
    } finally {
      await short.close()
    }
  })
})

describe('operation log', () => {
  it('records sign-in, failure, lock, throttle, sign-out, denial and writes with time, user, IP, module, action, target and result', async () => {
    const ops = await loginFrom('192.0.2.44', 'ops', 'Ops@2026')
    await s.call(
      '/api/login/logout',
      { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.44' } },
      ops.body.data.token,
    )
    const clerk = await s.login('clerk', 'Clerk@2026').catch(() => null)
    if (clerk) await s.get('/api/user/query', clerk)
    const rows = await s.db.query<{
      at: Date
      username: string
      ip: string
      module: string
      action: string
      target: string
      success: boolean
      status: number
    }>('SELECT at, username, ip, module, action, target, success, status FROM operation_log ORDER BY id')
    const find = (pred: (r: (typeof rows.rows)[number]) => boolean) => rows.rows.find(pred)
    expect(find((r) => r.action === '登录' && r.username === 'ops' && r.ip === '192.0.2.44' && r.success)).toBeDefined()
    expect(find((r) => r.action === '退出登录' && r.username === 'ops' && r.ip === '192.0.2.44')).toBeDefined()
    expect(
      find((r) => r.action === '登录失败' && r.username === 'clerk' && r.ip === '203.0.113.7' && r.status === 401 && r.target === 'clerk'),
    ).toBeDefined()
    expect(find((r) => r.action === '账号锁定' && r.username === 'land' && r.status === 423)).toBeDefined()
    expect(find((r) => r.action === '登录限流' && r.username === 'ops' && r.status === 429)).toBeDefined()
    expect(find((r) => r.action === '解除锁定' && r.module === 'user' && r.target === 'leader' && r.username === 'admin')).toBeDefined()
    expect(find((r) => r.action === '修改本人密码' && r.target === 'revoke' && r.success)).toBeDefined()
    expect(find((r) => r.action === '访问被拒绝' && r.status === 403 && !r.success)).toBeDefined()
    expect(rows.rows.every((r) => r.at instanceof Date || !Number.isNaN(Date.parse(String(r.at))))).toBe(true)
  })

  it('never holds a password, a digest or a ciphertext', async () => {
    const key = (await s.get<RsaPublicJwk>('/api/login/publicKey')).body.data
    const u = await makeUser(s, admin, { username: 'secretive', password: 'Secret#2026a' })
    const cipher = rsaOaepEncrypt(key, 'Secret#2026b')
    await s.postJson(
      '/api/user/update/password',
      { oldPassword: await digestFor(s, 'secretive', 'Secret#2026a'), newPassword: cipher },
      u.token,
    )
    secrets
      .add('Secret#2026a')
      .add('Secret#2026b')
      .add(cipher)
      .add(await digestFor(s, 'secretive', 'Secret#2026b'))
    const all = JSON.stringify((await s.db.query('SELECT * FROM operation_log')).rows)
    for (const secret of secrets) expect(all.includes(secret), secret).toBe(false)
    expect(all).not.toMatch(/[0-9a-f]{64}/)
  })

  it('cannot be changed or removed: no API call exists, and the database refuses', async () => {
    const doc = (await (await fetch(`${s.base}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/log/'))
        .sort(),
    ).toEqual(['/api/log/export', '/api/log/getPage'])
    for (const path of ['/api/log/delete', '/api/log/edit', '/api/log/clear'])
      expect((await s.postJson(path, { id: 1 }, admin)).status).toBe(404)
    await expect(s.db.query('DELETE FROM operation_log')).rejects.toThrow('操作日志至少保留184天')
    await expect(s.db.query("UPDATE operation_log SET username = 'x'")).rejects.toThrow('操作日志不可修改')
  })

  it('keeps rows at least 184 days; the retention removes only older ones', async () => {
    await s.db.query(
      `INSERT INTO operation_log(at, username, module, action, method, path, status, success) VALUES
        (now() - interval '400 days', 'old', 'test', '过期', 'POST', '/x', 200, true),
        (now() - interval '200 days', 'mid', 'test', '半年以上', 'POST', '/x', 200, true),
        (now() - interval '100 days', 'new', 'test', '百日', 'POST', '/x', 200, true)`,
    )
    expect(await purgeOldLogs(s.db, 365)).toBe(1)
    expect(await purgeOldLogs(s.db, 100)).toBe(1) // below 184 the floor of 184 applies
    const left = await s.db.query<{ username: string }>("SELECT username FROM operation_log WHERE module = 'test'")
    expect(left.rows.map((r) => r.username)).toEqual(['new'])
  })
})
