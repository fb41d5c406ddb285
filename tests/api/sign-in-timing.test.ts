/**
 * Sign-in timing reveals nothing (issue 18 finding 5): a wrong password for a real account and any
 * password for an unknown name do the same work — one scrypt — so their answers take as long. The medians
 * of 15 alternating attempts each are compared as a ratio, never as absolute times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDigest } from '../../src/domain/password-digest'
import { startServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  // the per-address throttle would answer 429 before the password is looked at
  s = await startServer({ LOGIN_IP_MAX_FAILURES: 1000 })
})
afterAll(() => s?.close())

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function attempt(username: string): Promise<number> {
  // the account lock (5 failures) would answer 423 before the password is looked at: start each try clean
  await s.db.query('DELETE FROM login_failure')
  const salt = (await s.get<{ salt: string }>(`/api/user/getSalt?username=${encodeURIComponent(username)}`)).body.data.salt
  const t0 = performance.now()
  const r = await s.postForm('/api/login/do', { username, password: passwordDigest(salt, 'Wrong@2026x') })
  const ms = performance.now() - t0
  expect([r.status, r.body.message]).toEqual([401, '用户名或密码错误'])
  return ms
}

describe('sign-in timing', () => {
  it('answers an unknown name as slowly as a wrong password of a real one (medians of 15 attempts each)', async () => {
    await attempt('clerk')
    await attempt('no-such-user-0')
    const real: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 15; i++) {
      real.push(await attempt('clerk'))
      unknown.push(await attempt(`no-such-user-${i}`))
    }
    const ratio = median(real) / median(unknown)
    // before the dummy hash the unknown name answered about six times faster
    expect(ratio, `real ${median(real).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.67)
  })
})
