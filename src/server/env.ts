/** Server settings from environment variables, validated at start (ARCHITECTURE "Runtime configuration"). */
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

export const envSchema = z.object({
  PORT: intFrom('PORT', 8080, 1, 65535),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'DATA_DIR 不能为空').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL 应为 postgres://用户:密码@主机:端口/库名 形式')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONFIG_FILE: z.string().default('config/config.json'),
  /** Token lifetime (API.md: default 8 h) and idle limit (30 min). */
  TOKEN_TTL_MINUTES: intFrom('TOKEN_TTL_MINUTES', 480, 1, 60 * 24 * 30),
  TOKEN_IDLE_MINUTES: intFrom('TOKEN_IDLE_MINUTES', 30, 1, 60 * 24),
  /** How many demo parcels the embedded engine seeds on first start (DOMAIN "Demo data"). */
  SEED_PARCELS: intFrom('SEED_PARCELS', 6000, 0, 5_000_000),
  /**
   * Boundary files to import on first start, before the demo data is placed, so that demo parcels
   * fall inside their county: comma-separated FILE:crs:level, e.g.
   * `cities.geojson:gcj02:city,counties.geojson:gcj02:county`.
   */
  SEED_BOUNDARIES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return []
      return v.split(',').map((item) => {
        const m = /^(.+):(wgs84|gcj02):(province|city|county)$/.exec(item.trim())
        if (!m) {
          ctx.addIssue({ code: 'custom', message: `SEED_BOUNDARIES 的 "${item}" 应为 文件:wgs84|gcj02:province|city|county` })
          return z.NEVER
        }
        return { file: m[1], crs: m[2] as 'wgs84' | 'gcj02', level: m[3] as 'province' | 'city' | 'county' }
      })
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type ServerEnv = z.infer<typeof envSchema>

/** Parses process.env; throws an Error whose message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const r = envSchema.safeParse(source)
  if (r.success) return r.data
  const lines = r.error.issues.map((i) => `  - ${String(i.path[0] ?? '')}: ${i.message}`)
  throw new Error(`环境变量配置错误：\n${lines.join('\n')}`)
}
