/** Server settings from environment variables, validated at start (docs/architecture.md "Runtime configuration"). */
import { z } from 'zod'

const intFrom = (name: string, def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def
      const n = Number(v)
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} 应为 ${min}–${max} 之间的整数，实际为 "${v}"` })
        return z.NEVER
      }
      return n
    })

export const envSchema = z
  .object({
    PORT: intFrom('PORT', 8080, 1, 65535),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().min(1, 'DATA_DIR 不能为空').default('./data'),
    /** Where uploaded files are kept (default DATA_DIR/uploads); several API processes on one PostgreSQL share it. */
    UPLOAD_DIR: z.string().min(1, 'UPLOAD_DIR 不能为空').optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL 应为 postgres://用户:密码@主机:端口/库名 形式')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** A read-only replica of DATABASE_URL for the walls', reports' and globes' reads (used while it has caught up). */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_READ_URL 应为 postgres://用户:密码@主机:端口/库名 形式')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CONFIG_FILE: z.string().default('config/config.json'),
    /** Token lifetime (docs/api.md: default 8 h) and idle limit (30 min). */
    TOKEN_TTL_MINUTES: intFrom('TOKEN_TTL_MINUTES', 480, 1, 60 * 24 * 30),
    TOKEN_IDLE_MINUTES: intFrom('TOKEN_IDLE_MINUTES', 30, 1, 60 * 24),
    /** How many demo parcels the embedded engine seeds on first start (docs/domain.md "Demo data"). */
    SEED_PARCELS: intFrom('SEED_PARCELS', 6000, 0, 5_000_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Key of the token and fake-salt HMACs. Required, at least 32 characters and not a known
     * example, when DATABASE_URL is set (production); the embedded engine keeps a random one in the
     * database when it is not given.
     */
    TOKEN_SECRET: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    /** Days after which a password must be changed (GB/T 22239 8.1.4.1 a; default 90). */
    PASSWORD_MAX_AGE_DAYS: intFrom('PASSWORD_MAX_AGE_DAYS', 90, 1, 3650),
    /** Failed sign-ins one client address may make in 15 minutes before it is throttled (429). */
    LOGIN_IP_MAX_FAILURES: intFrom('LOGIN_IP_MAX_FAILURES', 20, 5, 10000),
    /**
     * Which peers may set X-Forwarded-For (Fastify trustProxy): `loopback` (a proxy on the same
     * host), `false`, or addresses/CIDRs separated by commas. The client address decides the sign-in
     * throttle and is written to the operation log, so it must not be taken from anyone.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v): string | boolean => (!v || v === 'loopback' ? 'loopback' : v === 'false' ? false : v)),
    /** Days the operation log is kept (GB/T 22239 8.1.4.3 c: at least 184, i.e. six months). */
    LOG_RETENTION_DAYS: intFrom('LOG_RETENTION_DAYS', 365, 184, 36500),
    /** Largest app package /api/app/version/upload accepts, in MB. */
    APP_UPLOAD_MAX_MB: intFrom('APP_UPLOAD_MAX_MB', 200, 1, 4096),
    /**
     * Where the reform portal (/show) is served (docs/product.md §5, issue 18): its origin — the Host a portal
     * request names (with the port only when given here) — and the addresses its requests come from
     * (the portal host or its proxy, on the connection itself; `loopback` = this machine).
     */
    PORTAL_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'PORTAL_ORIGIN 应为 http(s)://主机[:端口] 形式' })
      .default('http://portal.zj.internal'),
    PORTAL_PEERS: z
      .string()
      .regex(/^\s*(loopback|[0-9a-fA-F:.]+)(\s*,\s*(loopback|[0-9a-fA-F:.]+))*\s*$/, 'PORTAL_PEERS 应为 loopback 或以逗号分隔的IP地址')
      .default('loopback'),
    /**
     * Seconds an import job (staging, checks) may stay silent before another API process on the same
     * database takes it over and continues it (docs/architecture.md "Several API processes").
     */
    JOB_STALE_SECONDS: intFrom('JOB_STALE_SECONDS', 30, 1, 3600),
    /** Largest file /api/base/file/*, /api/document/upload/file and the data-centre import accept, in MB. */
    UPLOAD_MAX_MB: intFrom('UPLOAD_MAX_MB', 50, 1, 1024),
    /**
     * Test-only: `1` lets an administrator move the product's calendar (`PUT /api/test/clock`), so the
     * e2e run can pass a 公示期. Refused with DATABASE_URL or NODE_ENV=production.
     */
    TEST_CLOCK: z
      .enum(['0', '1', ''], { error: 'TEST_CLOCK 只能为 1（仅测试）或不设置' })
      .optional()
      .transform((v) => v === '1'),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_READ_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'DATABASE_READ_URL 只能与 DATABASE_URL 一起设置（它是 DATABASE_URL 的只读副本）',
      })
    if (env.TEST_CLOCK && (env.DATABASE_URL || env.NODE_ENV === 'production'))
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'TEST_CLOCK 只供测试使用，生产环境（DATABASE_URL 或 NODE_ENV=production）不能设置',
      })
    if (!env.DATABASE_URL) return
    const secret = env.TOKEN_SECRET
    const why = !secret
      ? '使用 DATABASE_URL（生产）时必须设置'
      : secret.length < 32
        ? '至少32个字符'
        : KNOWN_SECRETS.some((k) => secret.toLowerCase().includes(k))
          ? '不能使用示例或默认值'
          : null
    if (why) ctx.addIssue({ code: 'custom', path: ['TOKEN_SECRET'], message: `TOKEN_SECRET ${why}（可用 openssl rand -hex 32 生成）` })
  })

/** Secrets that appear in examples and defaults: a deployment using one of them is refused. */
export const KNOWN_SECRETS = [
  'change-me',
  'changeme',
  'change_me',
  'default',
  'example',
  'secret-key',
  'your-secret',
  'token-secret',
  '0123456789abcdef0123',
]

export type ServerEnv = z.infer<typeof envSchema>

/** Parses process.env; throws an Error whose message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const r = envSchema.safeParse(source)
  if (r.success) return r.data
  const lines = r.error.issues.map((i) => `  - ${String(i.path[0] ?? '')}: ${i.message}`)
  throw new Error(`环境变量配置错误：\n${lines.join('\n')}`)
}
