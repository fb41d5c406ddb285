/**
 * A province's data, fast (issue 20): the aggregates of the walls, reports, 决策分析, 运行监测 and
 * the globe are answered from the cache until a write bumps the data version — an approval changes
 * the wall's answer at once — and never cross from one region to another; the big exports walk
 * their rows by keyset, in the list's order, across batch boundaries, without a row lost or doubled.
 */
import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewStats } from '../../src/domain/contracts/big-data'
import type { Page } from '../../src/domain/contracts/envelope'
import type { EnterpriseReport } from '../../src/domain/contracts/statistical-report'
import { eachKeyset, Where } from '../../src/server/db/sql'
import { acceptsGzip, GZIP_FROM_BYTES } from '../../src/server/http/answer-cache'
import { todayInProductZone } from '../../src/domain/today'
import { makeUser } from './admin-helpers'
import { decide, makeRole, proposeUpdate } from './datacenter-helpers'
import { startServer, type TestServer } from './harness'

let s: TestServer
const t: Record<string, string> = {}
/** a county with parcels, and a wall viewer of it */
let county: string
beforeAll(async () => {
  s = await startServer()
  t.admin = await s.login('admin', 'Admin@2026')
  t.clerk = await s.login('clerk', 'Clerk@2026')
  t.auditor = await s.login('auditor', 'Auditor@2026')
  county = (
    await s.db.query<{ code: string }>(
      `SELECT county_code AS code FROM parcel WHERE NOT deleted AND county_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    )
  ).rows[0].code
  const role = await makeRole(s, t.admin, '大屏查看', 'WALL_VIEW', ['/h5'])
  t.countyWall = (await makeUser(s, t.admin, { username: 'wall_county', regionCode: county, roleIds: [role] })).token
})
afterAll(() => s?.close())

async function raw(path: string, token: string) {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  const text = await res.text()
  return { status: res.status, cache: res.headers.get('x-answer-cache'), text, body: JSON.parse(text) as { data: OverviewStats } }
}

const version = async () => Number((await s.db.query<{ v: string }>('SELECT version::text AS v FROM data_version')).rows[0].v)

// this year's wall: a status set today counts from this year on (statuses are read as of 31 December)
const OVERVIEW = `/api/bigData/overview?year=${todayInProductZone().slice(0, 4)}`

describe('answer cache', () => {
  it('answers a wall from the cache until an approval, per region, and right after the approval with the new figure', async () => {
    const first = await raw(OVERVIEW, t.admin)
    const again = await raw(OVERVIEW, t.admin)
    expect([first.status, first.cache, again.cache]).toEqual([200, 'miss', 'hit'])
    expect(again.text).toBe(first.text)
    // the same query in another order is the same entry
    await raw('/api/bigData/byRegion?level=city&year=2024', t.admin)
    expect((await raw('/api/bigData/byRegion?year=2024&level=city', t.admin)).cache).toBe('hit')

    // a county viewer never gets the province's answer: its own entry, its own figures
    const mine = await raw(OVERVIEW, t.countyWall)
    expect([mine.status, mine.cache]).toEqual([200, 'miss'])
    const year = mine.body.data.year
    const inBooks = `NOT deleted AND (supply_date IS NULL OR supply_date <= make_date($1, 12, 31))
      AND NOT (status = '已收回' AND (recovered_date IS NULL OR recovered_date <= make_date($1, 12, 31)))`
    const n = async (where: string) =>
      (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooks} AND ${where}`, [year])).rows[0].n
    expect(mine.body.data.parcelCount).toBe(await n(`county_code = '${county}'`))
    expect(first.body.data.parcelCount).toBe(await n('TRUE'))
    expect(mine.body.data.parcelCount).toBeLessThan(first.body.data.parcelCount)
    expect((await raw(OVERVIEW, t.countyWall)).cache).toBe('hit')

    // a parcel of the county set 闲置 through the data centre: the wall answers the new count right after the approval
    const parcel = (
      await s.db.query<{ id: number }>(
        `SELECT id FROM parcel WHERE ${inBooks} AND county_code = $2 AND status NOT IN ('低效', '闲置', '已收回') ORDER BY id LIMIT 1`,
        [year, county],
      )
    ).rows[0].id
    const before = await version()
    const proposed = await proposeUpdate(s, 'parcel', parcel, { status: '闲置' }, t.clerk)
    expect(proposed.status).toBe(200)
    // a pending submission changes no figure the wall shows, but the version may move: what matters is the approval
    expect((await decide(s, proposed.body.data.id, 'approve', t.auditor)).status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
    const after = await raw(OVERVIEW, t.admin)
    expect(after.cache).toBe('miss')
    expect(after.body.data.lowEfficiencyCount).toBe(first.body.data.lowEfficiencyCount + 1)
    const mineAfter = await raw(OVERVIEW, t.countyWall)
    expect(mineAfter.cache).toBe('miss')
    expect(mineAfter.body.data.lowEfficiencyCount).toBe(mine.body.data.lowEfficiencyCount + 1)
    expect((await raw(OVERVIEW, t.admin)).cache).toBe('hit')

    // a write outside the API (another process, a script) is seen too: the trigger bumps the version in its transaction
    await s.db.query(`UPDATE parcel SET status = '已投产' WHERE id = $1`, [parcel])
    const third = await raw(OVERVIEW, t.countyWall)
    expect(third.cache).toBe('miss')
    expect(third.body.data.lowEfficiencyCount).toBe(mine.body.data.lowEfficiencyCount)
    // sign-ins and the operation log are no business data: they leave the cache alone
    await s.login('clerk', 'Clerk@2026')
    expect((await raw(OVERVIEW, t.countyWall)).cache).toBe('hit')
    // a refused query is never cached nor answered from the cache
    const other = await raw('/api/cloudChart/report/area?regionCode=330200', t.countyWall)
    expect(other.status).toBe(403)
  })

  it('goes up once per writing transaction, however many statements it runs, and again after a rolled-back savepoint', async () => {
    const before = await version()
    const t0 = performance.now()
    await s.db.transaction(async (tx) => {
      for (let i = 0; i < 2000; i++)
        await tx.query(`UPDATE industrial_park SET updated_at = updated_at WHERE id = (SELECT min(id) FROM industrial_park)`)
    })
    const ms = performance.now() - t0
    expect(await version()).toBe(before + 1)
    console.info(`[answer-cache] 2 000 writing statements in one transaction: ${Math.round(ms)} ms`)
    // a bump undone with its savepoint leaves no mark: the next write of the transaction bumps again
    await s.db.transaction(async (tx) => {
      await tx.exec('SAVEPOINT a')
      await tx.query(`UPDATE industrial_park SET updated_at = updated_at WHERE id = (SELECT min(id) FROM industrial_park)`)
      await tx.exec('ROLLBACK TO SAVEPOINT a')
      expect(Number((await tx.query<{ v: string }>('SELECT version::text AS v FROM data_version')).rows[0].v)).toBe(before + 1)
      await tx.query(`UPDATE industrial_park SET updated_at = updated_at WHERE id = (SELECT min(id) FROM industrial_park)`)
    })
    expect(await version()).toBe(before + 2)
    // a transaction that writes nothing bumps nothing
    await s.db.transaction(async (tx) => void (await tx.query('SELECT count(*) FROM parcel')))
    expect(await version()).toBe(before + 2)
  })

  it('aggregates on PostgreSQL without JIT compilation (it cost 1.1 s on a 40 ms wall query)', async () => {
    const jit = s.engine === 'postgres' ? (await s.db.query<{ jit: string }>('SHOW jit')).rows[0].jit : 'off'
    expect(jit).toBe('off')
  })

  it('waits for one computation when twenty walls miss at once', async () => {
    await s.db.query(`UPDATE data_version SET version = version + 1`)
    const answers = await Promise.all(Array.from({ length: 20 }, () => raw('/api/bigData/byIndustry', t.admin)))
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1)
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
  })

  it('keeps a big answer gzipped too and sends it so to a client that accepts it; the same bytes unpacked', async () => {
    const get = (path: string, encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { Authorization: `Bearer ${t.admin}` }
        if (encoding) headers['Accept-Encoding'] = encoding
        http
          .get(`${s.base}${path}`, { headers }, (res) => {
            const parts: Buffer[] = []
            res.on('data', (c: Buffer) => parts.push(c))
            res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(parts) }))
          })
          .on('error', reject)
      })
    const plain = await get('/api/globe/lifecycle')
    const zipped = await get('/api/globe/lifecycle', 'gzip, deflate, br')
    const refused = await get('/api/globe/lifecycle', 'gzip;q=0, identity')
    expect([plain.headers['content-encoding'], zipped.headers['content-encoding'], refused.headers['content-encoding']]).toEqual([
      undefined,
      'gzip',
      undefined,
    ])
    expect([zipped.headers['x-answer-cache'], zipped.headers.vary]).toEqual(['hit', 'Accept-Encoding'])
    expect(plain.bytes.length).toBeGreaterThan(GZIP_FROM_BYTES)
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length)
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 2)
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true)
    expect(refused.bytes.equals(plain.bytes)).toBe(true)
    // a small answer stays as it is
    const small = await get('/api/bigData/byRegion?level=city&year=2024', 'gzip')
    expect([small.headers['content-encoding'], small.bytes.length < GZIP_FROM_BYTES]).toEqual([undefined, true])
    expect(['gzip', 'GZIP;q=0.5', '*', 'br, gzip;q=1'].map(acceptsGzip)).toEqual([true, true, true, true])
    expect(['', 'br', 'gzip;q=0', 'gzip; q=0.000', undefined].map(acceptsGzip)).toEqual([false, false, false, false, false])
  })
})

async function sheet(path: string): Promise<unknown[][]> {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${t.admin}` } })
  expect(res.status).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

describe('exports by keyset', () => {
  it('exports every parcel once, in the list’s order, across batches', async () => {
    const rows = await sheet('/api/cloudChart/report/parcels/export?sortField=areaMu&sortOrder=descend')
    const sql = (
      await s.db.query<{ code: string }>(`SELECT land_code AS code FROM parcel WHERE NOT deleted ORDER BY area_m2 DESC NULLS LAST, id`)
    ).rows
    expect(sql.length).toBeGreaterThan(200)
    expect(rows.length - 1).toBe(sql.length)
    expect(rows.slice(1).map((r) => r[0])).toEqual(sql.map((r) => r.code))
    // by name: ties (equal names) go by id
    const byName = await sheet('/api/cloudChart/report/parcels/export?sortField=name')
    const names = (
      await s.db.query<{ code: string }>(`SELECT land_code AS code FROM parcel WHERE NOT deleted ORDER BY name NULLS LAST, id`)
    ).rows
    expect(byName.slice(1).map((r) => r[0])).toEqual(names.map((r) => r.code))
    // the walk itself, in small batches so that every sort crosses many batch boundaries, nulls and ties included
    for (const [sort, order] of [
      [{ expr: 'p.area_m2', type: 'float8', desc: true }, 'p.area_m2 DESC NULLS LAST, p.id'],
      [{ expr: 'p.name', type: 'text' }, 'p.name NULLS LAST, p.id'],
      [{ expr: 'p.supply_date', type: 'date', desc: true }, 'p.supply_date DESC NULLS LAST, p.id'],
      [{ expr: 'p.plot_ratio', type: 'float8' }, 'p.plot_ratio NULLS LAST, p.id'],
      [undefined, 'p.id'],
    ] as const) {
      const walked: number[] = []
      const where = new Where().add('NOT p.deleted')
      for await (const batch of eachKeyset<{ id: number }>(s.db, { select: 'p.id', from: 'parcel p', where, key: 'p.id', sort }, 37)) {
        expect(batch.length).toBeLessThanOrEqual(37)
        walked.push(...batch.map((r) => r.id))
      }
      const ids = (await s.db.query<{ id: number }>(`SELECT p.id FROM parcel p WHERE NOT p.deleted ORDER BY ${order}`)).rows.map(
        (r) => r.id,
      )
      expect(walked).toEqual(ids)
    }
  })

  it('exports the enterprises sorted by 亩均税收 exactly as the list pages them, the unrated last', async () => {
    const list: string[] = []
    for (let page = 1; ; page++) {
      const r = await s.get<EnterpriseReport>(
        `/api/cloudChart/report/enterprises?sortField=taxPerMu&sortOrder=descend&pageSize=500&page=${page}`,
        t.admin,
      )
      const p: Page<{ creditCode: string }> = r.body.data.page
      list.push(...p.list.map((x) => x.creditCode))
      if (page * 500 >= p.total) break
    }
    const rows = await sheet('/api/cloudChart/report/enterprises/export?sortField=taxPerMu&sortOrder=descend')
    expect(list.length).toBeGreaterThan(100)
    expect(rows.slice(1).map((r) => r[0])).toEqual(list)
    const perMu = rows.slice(1).map((r) => (typeof r[11] === 'number' ? r[11] : null))
    const firstNull = perMu.indexOf(null)
    expect(firstNull).toBeGreaterThan(0)
    expect(perMu.slice(firstNull).every((v) => v === null)).toBe(true)
  })
})
