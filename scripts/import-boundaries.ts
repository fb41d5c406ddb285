/**
 * 行政区划边界导入:
 *   npm run import:boundaries -- FILE --crs wgs84|gcj02 --level city|county
 * (also --level province). Opens the configured database (DATABASE_URL, else PGlite under
 * DATA_DIR, default ./data), seeds the region table first when it is empty, imports in one
 * transaction and prints a summary. Exit codes: 0 done, 1 failed, 2 bad arguments.
 */
import fs from 'node:fs'
import path from 'node:path'
import { importBoundaries, type BoundaryCrs, type BoundaryLevel } from '../src/server/db/boundary-import'
import { openDatabase } from '../src/server/db/open'
import { seedRegions } from '../src/server/db/seed/regions'

const USAGE = '用法：npm run import:boundaries -- 文件.geojson --crs wgs84|gcj02 --level city|county|province'

const LEVEL_NAMES: Record<BoundaryLevel, string> = { province: '省级', city: '市级', county: '县级' }

interface Args {
  file: string
  crs: BoundaryCrs
  level: BoundaryLevel
}

/** Parses argv; returns a Chinese error message instead of throwing. */
function parseArgs(argv: string[]): Args | string {
  const files: string[] = []
  const flags: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a.startsWith('--')) {
      const eq = a.indexOf('=')
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2)
      const value = eq > 0 ? a.slice(eq + 1) : argv[++i]
      if (name !== 'crs' && name !== 'level') return `未知参数 --${name}`
      if (value === undefined || value.startsWith('--')) return `参数 --${name} 缺少取值`
      flags[name] = value.toLowerCase()
    } else {
      files.push(a)
    }
  }
  if (files.length !== 1) return files.length === 0 ? '缺少边界文件路径' : `只能指定一个文件，得到 ${files.length} 个`
  const crs = flags['crs']
  if (crs !== 'wgs84' && crs !== 'gcj02') return crs ? `--crs 应为 wgs84 或 gcj02，得到 "${crs}"` : '缺少 --crs（wgs84 或 gcj02）'
  const level = flags['level']
  if (level !== 'city' && level !== 'county' && level !== 'province') {
    return level ? `--level 应为 city、county 或 province，得到 "${level}"` : '缺少 --level（city 或 county）'
  }
  return { file: path.resolve(files[0]!), crs, level }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2))
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`)
    return 2
  }
  // check the file before opening (and possibly creating) the database
  try {
    fs.accessSync(args.file, fs.constants.R_OK)
  } catch {
    console.error(`无法读取边界文件：${args.file}`)
    return 1
  }

  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' })
  try {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM region')
    if (rows[0]!.n === 0) {
      const seeded = await seedRegions(db)
      const c = seeded.counts
      console.log(`区划表为空，已写入行政区划：省 ${c.province}、市 ${c.city}、县 ${c.county}、乡镇街道 ${c.town}`)
    }
    const started = Date.now()
    const r = await importBoundaries(db, args)
    const invalid = await db.query<{ code: string }>(
      'SELECT code FROM region WHERE level = $1 AND geom IS NOT NULL AND NOT ST_IsValid(geom) ORDER BY code',
      [args.level],
    )
    const crsText = args.crs === 'gcj02' ? 'GCJ-02 → WGS84' : 'WGS84'
    console.log(`已导入${LEVEL_NAMES[args.level]}边界：${args.file}（${crsText}，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒）`)
    console.log(`  更新区划 ${r.updated} 个`)
    if (r.unknownCodes.length) console.log(`  未匹配的区划码 ${r.unknownCodes.length} 个（已跳过）：${r.unknownCodes.join('、')}`)
    if (r.featuresWithoutCode) console.log(`  缺少区划码的要素 ${r.featuresWithoutCode} 个（已跳过）`)
    if (r.emptyCodes.length) console.log(`  修复后几何为空的区划 ${r.emptyCodes.length} 个（未更新）：${r.emptyCodes.join('、')}`)
    console.log(invalid.rows.length ? `  几何无效：${invalid.rows.map((x) => x.code).join('、')}` : '  几何有效性检查：全部有效')
    return invalid.rows.length ? 1 : 0
  } finally {
    await db.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // BoundaryImportError and DataDirLockedError carry Chinese messages meant for the operator
    const message = err instanceof Error ? err.message : String(err)
    console.error(`边界导入失败：${message}`)
    process.exit(1)
  },
)
