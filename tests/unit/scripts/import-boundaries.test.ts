import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import gcoord from 'gcoord'
import { openPglite } from '../../../src/server/db/engine'
import { SHIPPED_CITY_OUTLINES } from '../../../src/server/db/seed/outlines'

const COUNTY_FIXTURE = path.resolve(process.cwd(), 'tests/fixtures/boundaries/zhejiang-counties-fixture.geojson')
let dataDir: string

/** Runs the CLI as `npm run import:boundaries -- …` would (tsx), against an embedded database in dataDir. */
function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  delete env.DATABASE_URL
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-boundaries.ts', ...args], {
    cwd: process.cwd(),
    env,
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** WGS84 → GCJ-02 for every position of a GeoJSON coordinates array. */
function shift(coordinates: unknown[]): unknown[] {
  if (typeof coordinates[0] === 'number') return gcoord.transform(coordinates as [number, number], gcoord.WGS84, gcoord.GCJ02)
  return coordinates.map((c) => shift(c as unknown[]))
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-boundaries-cli-'))
})

afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('scripts/import-boundaries.ts', { timeout: 180_000 }, () => {
  it.each([
    [[], '缺少边界文件路径'],
    [['a.geojson', '--level', 'city'], '缺少 --crs（wgs84 或 gcj02）'],
    [['a.geojson', '--crs', 'bd09', '--level', 'city'], '--crs 应为 wgs84 或 gcj02，得到 "bd09"'],
    [['a.geojson', '--crs', 'wgs84'], '缺少 --level（city 或 county）'],
    [['a.geojson', '--crs', 'wgs84', '--level', 'town'], '--level 应为 city、county 或 province，得到 "town"'],
    [['a.geojson', 'b.geojson', '--crs', 'wgs84', '--level', 'city'], '只能指定一个文件，得到 2 个'],
    [['a.geojson', '--crs', 'wgs84', '--level', 'city', '--force', 'x'], '未知参数 --force'],
  ])('exits 2 with usage on bad arguments %j', (args, message) => {
    const r = cli(...args)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(message)
    expect(r.stderr).toContain('用法：npm run import:boundaries -- 文件.geojson --crs wgs84|gcj02')
    expect(fs.readdirSync(dataDir)).toEqual([]) // no database was created
  })

  it('exits 1 on an unreadable file without creating a database', () => {
    const r = cli(path.join(dataDir, 'missing.geojson'), '--crs', 'wgs84', '--level', 'city')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('无法读取边界文件')
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it('seeds regions into an empty database, imports, and reports in Chinese', () => {
    // the county fixture as a GCJ-02 file (what Gaode or DataV hand out), in a folder of its own
    const gcjDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-boundaries-gcj-'))
    const gcjFile = path.join(gcjDir, 'counties-gcj02.geojson')
    const fc = JSON.parse(fs.readFileSync(COUNTY_FIXTURE, 'utf8'), (key, value) =>
      key === 'coordinates' ? shift(value as unknown[]) : value,
    ) as unknown
    fs.writeFileSync(gcjFile, JSON.stringify(fc))
    const first = cli(gcjFile, '--crs', 'gcj02', '--level', 'county')
    fs.rmSync(gcjDir, { recursive: true, force: true })
    expect(first.stderr).not.toMatch(/失败|Error/)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('区划表为空，已写入行政区划：省 1、市 11、县 90、乡镇街道 1387')
    expect(first.stdout).toContain('已导入县级边界')
    expect(first.stdout).toContain('GCJ-02 → WGS84')
    expect(first.stdout).toContain('更新区划 90 个')
    expect(first.stdout).toContain('几何有效性检查：全部有效')

    const second = cli(SHIPPED_CITY_OUTLINES, '--crs=wgs84', '--level=city')
    expect(second.code).toBe(0)
    expect(second.stdout).not.toContain('区划表为空')
    expect(second.stdout).toContain('更新区划 11 个')
  })

  it('left the boundaries in the embedded database and released its lock', async () => {
    const db = await openPglite(dataDir)
    try {
      const { rows } = await db.query<{ level: string; n: number; invalid: number }>(
        `SELECT level, count(geom)::int AS n, sum((NOT ST_IsValid(geom))::int)::int AS invalid
           FROM region WHERE level IN ('city', 'county') GROUP BY level ORDER BY level`,
      )
      expect(rows).toEqual([
        { level: 'city', n: 11, invalid: 0 },
        { level: 'county', n: 90, invalid: 0 },
      ])
    } finally {
      await db.close()
    }
  })
})
