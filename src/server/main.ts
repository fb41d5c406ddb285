/**
 * `npm start`: opens (creating, migrating and seeding on first start) the database, then serves
 * the web app and the API on one origin.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnv } from './env'
import { openDatabase } from './db/open'
import { DataDirLockedError, openPostgres, type Db } from './db/engine'
import { bootstrap, type BootstrapResult } from './db/seed/bootstrap'
import { appraisalHistoryState, completeAppraisalHistory } from './db/seed/appraisal'
import { DEMO_ACCOUNTS } from './db/seed/people'
import { ENTERPRISE_ACCOUNT } from './db/seed/due-process'
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
  const history = new AbortController()
  let publishing: Promise<void> = Promise.resolve()
  const shutdown = async () => {
    history.abort()
    await publishing
    await app.close()
    await readDb?.close()
    await db.close()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
  await app.listen({ port: env.PORT, host: env.HOST })
  printBanner(`http://${env.HOST}:${env.PORT}`, seeded, !env.DATABASE_URL)
  publishing = publishHistory(db, history.signal)
}

/** The demo's past years of 亩均评价 left by a first start at a province's size (or by a start it interrupted). */
async function publishHistory(db: Db, signal: AbortSignal): Promise<void> {
  const state = await appraisalHistoryState(db)
  if (!state) return
  const span = `${state.years[0]}–${state.years[state.years.length - 1]} 年`
  console.log(`正在生成演示数据的历史亩均评价（${span}），已完成 ${state.done} 年；生成期间系统照常使用`)
  const t0 = Date.now()
  try {
    await completeAppraisalHistory(
      db,
      (s) => console.log(`  历史亩均评价：已完成 ${s.years[s.done - 1]} 年（${s.done}/${s.years.length}）`),
      signal,
    )
    console.log(`历史亩均评价已生成（${span}），用时 ${Math.round((Date.now() - t0) / 1000)} 秒`)
  } catch (err) {
    if (signal.aborted) console.log('历史亩均评价生成暂停，下次启动时继续')
    else console.error('历史亩均评价生成中断（下次启动时继续）：', err)
  }
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
    const e = ENTERPRISE_ACCOUNT
    lines.push(`  ${e.username.padEnd(8)} ${e.password.padEnd(13)} ${e.role}（企业账号：公示中的本企业评价与异议）`)
  }
  console.log(lines.join('\n'))
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) console.error(`启动失败：${err.message}`)
  else if (err instanceof Error && /^(环境变量|运行配置)/.test(err.message)) console.error(`启动失败：${err.message}`)
  else console.error('启动失败：', err)
  process.exit(1)
})
