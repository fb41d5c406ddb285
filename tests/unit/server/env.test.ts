/** Server settings (issue 3): production refuses a default or missing token secret; limits are validated. */
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../../src/server/env'

const PROD = { DATABASE_URL: 'postgres://u:p@db:5432/ilp' }
const GOOD = '9f2c1e7a4b8d3f60a5c2e9b7d1f4a8c3e6b9d2f5a8c1e4b7'

describe('TOKEN_SECRET in production (DATABASE_URL set)', () => {
  it.each([
    ['missing', undefined, 'TOKEN_SECRET 使用 DATABASE_URL（生产）时必须设置'],
    ['empty', '', 'TOKEN_SECRET 使用 DATABASE_URL（生产）时必须设置'],
    ['short', 'abc123', 'TOKEN_SECRET 至少32个字符'],
    ['an example value', 'change-me-change-me-change-me-change-me', 'TOKEN_SECRET 不能使用示例或默认值'],
  ])('%s → refused with a message naming it', (_case, secret, message) => {
    expect(() => parseEnv({ ...PROD, TOKEN_SECRET: secret })).toThrow(message)
  })
  it('accepts a long random secret', () => {
    expect(parseEnv({ ...PROD, TOKEN_SECRET: GOOD }).TOKEN_SECRET).toBe(GOOD)
  })
  it('is optional on the embedded engine (a random one is kept in the database)', () => {
    expect(parseEnv({}).TOKEN_SECRET).toBeUndefined()
  })
})

describe('security settings', () => {
  it('has the issue defaults', () => {
    expect(parseEnv({})).toMatchObject({
      TOKEN_TTL_MINUTES: 480,
      TOKEN_IDLE_MINUTES: 30,
      PASSWORD_MAX_AGE_DAYS: 90,
      LOGIN_IP_MAX_FAILURES: 20,
      TRUST_PROXY: 'loopback',
      LOG_RETENTION_DAYS: 365,
      APP_UPLOAD_MAX_MB: 200,
    })
  })
  it('refuses a log retention under 184 days', () => {
    expect(() => parseEnv({ LOG_RETENTION_DAYS: '90' })).toThrow('LOG_RETENTION_DAYS 应为 184–36500 之间的整数，实际为 "90"')
  })
  it('reads TRUST_PROXY as loopback, off, or a list', () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.2')
  })
})

describe('upload limit', () => {
  it('defaults to 50 MB and names the variable when the value is bad', () => {
    expect(parseEnv({}).UPLOAD_MAX_MB).toBe(50)
    expect(parseEnv({ UPLOAD_MAX_MB: '5' }).UPLOAD_MAX_MB).toBe(5)
    expect(() => parseEnv({ UPLOAD_MAX_MB: '0' })).toThrow('UPLOAD_MAX_MB 应为 1–1024 之间的整数，实际为 "0"')
    expect(() => parseEnv({ UPLOAD_MAX_MB: '十' })).toThrow('UPLOAD_MAX_MB 应为 1–1024 之间的整数')
  })
})

describe('DATABASE_READ_URL (a read replica)', () => {
  it('goes with DATABASE_URL, as a postgres:// URL', () => {
    const env = parseEnv({ ...PROD, TOKEN_SECRET: GOOD, DATABASE_READ_URL: 'postgres://u:p@replica:5432/ilp' })
    expect(env.DATABASE_READ_URL).toBe('postgres://u:p@replica:5432/ilp')
    expect(parseEnv({ ...PROD, TOKEN_SECRET: GOOD, DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined()
  })
  it('is refused alone (the embedded engine has no replica) or in another form, naming the setting', () => {
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://u:p@replica:5432/ilp' })).toThrow(
      'DATABASE_READ_URL 只能与 DATABASE_URL 一起设置',
    )
    expect(() => parseEnv({ ...PROD, TOKEN_SECRET: GOOD, DATABASE_READ_URL: 'mysql://replica/ilp' })).toThrow(
      'DATABASE_READ_URL 应为 postgres://用户:密码@主机:端口/库名 形式',
    )
  })
})
