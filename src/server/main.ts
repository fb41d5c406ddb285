/**
 * `npm start`: opens (creating, migrating and seeding on first start) the database, then serves
 * the web app and the API on one origin.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnv } from './env'
import { openDatabase } from './db/open'
import { DataDirLockedError, openPostgres } from './db/engine'
import { bootstrap, type BootstrapResult } from './db/seed/bootstrap'
import { DEMO_ACCOUNTS } from './db/seed/people'
import { fileConfigSource } from './runtime-config'
import { buildApp } from './app'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

async function main(): Promise<void> {
  const env = parseEnv()
  const config = fileConfigSource(path.resolve(ROOT, env.CONFIG_FILE), (err) => console.error(err.message))
  const dataDir = path.resolve(ROOT, env.DATA_DIR)
  console.log(env.DATABASE_URL ? '正在连接 PostgreSQL + PostGIS …' : `正在打开内置数据库（PGlite + PostGIS）：${dataDir}`)
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
  const seeded = await bootstrap(db, { demo: !env.DATABASE_URL, parcels: env.SEED_PARCELS })
  if (env.DATABASE_READ_URL) console.log('正在连接只读副本（DATABASE_READ_URL）…')
  const readDb = env.DATABASE_READ_URL ? await openPostgres(env.DATABASE_READ_URL) : undefined
  const app = await buildApp({
    db,
    readDb,
    env,
    config,
    webRoot: path.join(ROOT, 'dist'),
    uploadDir: env.UPLOAD_DIR ? path.resolve(ROOT, env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
  })
  const shutdown = async () => {
    await app.close()
    await readDb?.close()
    await db.close()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
  await app.listen({ port: env.PORT, host: env.HOST })
  printBanner(`http://${env.HOST}:${env.PORT}`, seeded, !env.DATABASE_URL)
}

function printBanner(url: string, seeded: BootstrapResult, embedded: boolean): void {
  const lines = [`产业用地一张图 已启动：${url}`]
  if (seeded.kind === 'demo') {
    lines.push(`已初始化演示数据：${seeded.parcels} 个地块，用时 ${seeded.seconds} 秒`)
    lines.push(
      `  各步用时（秒）：${Object.entries(seeded.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join('，')}`,
    )
  }
  if (seeded.kind === 'first-admin') {
    lines.push(`已创建管理员 ${seeded.username}，一次性密码：${seeded.password}（仅显示这一次，首次登录须修改）`)
  } else if (embedded) {
    lines.push('演示账号（仅内置数据库）：')
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(8)} ${a.password.padEnd(13)} ${a.role}`)
  }
  console.log(lines.join('\n'))
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) console.error(`启动失败：${err.message}`)
  else if (err instanceof Error && /^(环境变量|运行配置)/.test(err.message)) console.error(`启动失败：${err.message}`)
  else console.error('启动失败：', err)
  process.exit(1)
})
