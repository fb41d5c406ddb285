/**
 * 统计报表 (/system/statisticalReport): every figure checked against SQL written independently
 * here and against the walls' own figures, the data scope of a county user, bad filters refused
 * in Chinese, and the exports holding exactly the rows of the list.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../src/domain/appraisal'
import type { OverviewStats } from '../../src/domain/contracts/big-data'
import type { Page } from '../../src/domain/contracts/envelope'
import type {
  AreaReport,
  EnterpriseReport,
  IndustryReport,
  EnterpriseReportRow,
  LowEfficiencyReport,
  LowEfficiencyRow,
  ParcelReportRow,
  ReportRegionOption,
} from '../../src/domain/contracts/statistical-report'
import * as reportRepo from '../../src/server/modules/statistical-report/repo'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'

const MU = 10000 / 15
const REPORT_ROUTES = ['area', 'industry', 'yddw', 'gyyd', 'dxyd'].map((leaf) => `/system/statisticalReport/${leaf}`)

let s: TestServer
let admin: string
let latest: number
/** a county with parcels, and a county clerk of it holding the report pages */
let county: { code: string; name: string; parent: string }
let countyClerk: string
beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  latest = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
  county = await one(
    `SELECT r.code, r.name, r.parent_code AS parent FROM region r JOIN parcel p ON p.county_code = r.code AND NOT p.deleted
     GROUP BY r.code, r.name, r.parent_code ORDER BY count(*) DESC, r.code LIMIT 1`,
  )
  const role = await one<{ id: number }>(`INSERT INTO role(name, code) VALUES ('报表员', 'REPORT') RETURNING id`)
  await s.db.query(`INSERT INTO role_menu(role_id, menu_id) SELECT $1, id FROM menu WHERE menu_route = ANY($2::text[])`, [
    role.id,
    REPORT_ROUTES,
  ])
  countyClerk = (await makeUser(s, admin, { username: 'report_county', regionCode: county.code, roleIds: [role.id] })).token
})
afterAll(() => s?.close())

/** Land in the books on 31 December of a year (the catalogue's 口径, written here independently). */
const inBooks = (year: number, a = 'parcel') =>
  `NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date <= DATE '${year}-12-31')
   AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date <= DATE '${year}-12-31'))`

/** Land in the books today (a report naming no year: its land is today's, issue 29). */
const inBooksToday = (a = 'parcel') =>
  `NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date <= current_date)
   AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date <= current_date))`

/** 低效用地 today (written here independently): confirmed in the 台账 and not 销号 by today, or 闲置. */
const lowToday = (a = 'parcel') =>
  `(${a}.status = '闲置' OR EXISTS (SELECT 1 FROM revitalize_ledger l WHERE l.parcel_id = ${a}.id
     AND l.state IN ('已认定', '已纳入方案', '实施中', '已完成') AND l.confirm_date <= current_date AND (l.closed_date IS NULL OR l.closed_date > current_date)))`

/** 用地企业 of a year: land reported that year, else held in the books. */
const withLand = (year: number, e = 'enterprise') =>
  `COALESCE((SELECT y.land_area_m2 FROM enterprise_yearly y WHERE y.enterprise_id = ${e}.id AND y.year = ${year}),
            (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = ${e}.id AND ${inBooks(year, 'pp')})) > 0`

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

async function xlsxRows(path: string, token: string): Promise<unknown[][]> {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('spreadsheetml')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

/** Every row of a list, page by page (the largest page the lists allow). */
async function allRows<T>(path: string, token: string, page: (body: unknown) => Page<T>): Promise<T[]> {
  const rows: T[] = []
  for (let n = 1; ; n++) {
    const r = await s.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=500&page=${n}`, token)
    expect(r.status).toBe(200)
    const p = page(r.body.data)
    rows.push(...p.list)
    if (rows.length >= p.total || p.list.length === 0) return rows
  }
}

/** A cell of an exported row (blank cells read back as null). */
const cell = (row: unknown[], i: number) => row[i] ?? null

describe('区域统计 /api/cloudChart/report/area', () => {
  it('lists the 11 cities with the figures the province wall shows in total', async () => {
    const r = await s.get<AreaReport>('/api/cloudChart/report/area', admin)
    expect(r.status).toBe(200)
    const d = r.body.data
    const wall = (await s.get<OverviewStats>('/api/bigData/overview', admin)).body.data
    // no year named: land as of today, enterprises of the latest year with figures
    expect([d.year, d.figuresYear]).toEqual([wall.year, latest])
    expect(wall.year).toBe(Number((await one<{ y: string }>("SELECT to_char(current_date, 'YYYY') AS y")).y))
    expect(d.region).toBeNull()
    expect(d.rows.map((x) => x.code)).toEqual(
      (await s.db.query<{ code: string }>(`SELECT code FROM region WHERE parent_code = '330000' ORDER BY sort, code`)).rows.map(
        (x) => x.code,
      ),
    )
    expect(d.rows).toHaveLength(11)
    expect(d.total).toMatchObject({
      code: 'all',
      name: '合计',
      parcelCount: wall.parcelCount,
      areaMu: wall.parcelAreaMu,
      lowCount: wall.lowEfficiencyCount,
      lowAreaMu: wall.lowEfficiencyAreaMu,
      enterpriseCount: wall.enterpriseCount,
      scaleCount: wall.scaleCount,
      tax: wall.tax,
      taxPerMu: wall.taxPerMu,
      valueAddedPerMu: wall.valueAddedPerMu,
    })
    expect(d.total.parcelCount).toBeGreaterThan(0)
    // every parcel has a city: the cities add up to the total
    expect(d.rows.reduce((n, x) => n + x.parcelCount, 0)).toBe(d.total.parcelCount)
    const hz = d.rows.find((x) => x.code === '330100')!
    const sql = await one<{ n: number; m2: number; low: number }>(
      `SELECT count(*)::int AS n, sum(area_m2)::float8 AS m2, count(*) FILTER (WHERE ${lowToday()})::int AS low FROM parcel WHERE ${inBooksToday()} AND city_code = '330100'`,
    )
    expect([hz.name, hz.drillable, hz.parcelCount, hz.lowCount]).toEqual(['杭州市', true, sql.n, sql.low])
    expect(hz.areaMu).toBeCloseTo(sql.m2 / MU, 1)
  })

  it('drills to a city’s counties and a county’s towns, with the path for the breadcrumb', async () => {
    const city = (await s.get<AreaReport>(`/api/cloudChart/report/area?regionCode=${county.parent}&year=${latest - 1}`, admin)).body.data
    expect(city.year).toBe(latest - 1)
    expect(city.region?.code).toBe(county.parent)
    expect(city.path.map((p) => p.level)).toEqual(['province', 'city'])
    const counties = city.rows.filter((x) => x.code !== '')
    expect(counties.map((x) => x.code)).toEqual(
      (await s.db.query<{ code: string }>('SELECT code FROM region WHERE parent_code = $1 ORDER BY sort, code', [county.parent])).rows.map(
        (x) => x.code,
      ),
    )
    // records of the city not yet placed in a county (waiting to be claimed) have a row of their own
    const unplaced = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcel WHERE ${inBooks(latest - 1)} AND city_code = $1 AND county_code IS NULL`,
      [county.parent],
    )
    expect(city.rows.find((x) => x.code === '')?.parcelCount ?? 0).toBe(unplaced.n)
    expect(city.rows.reduce((n, x) => n + x.parcelCount, 0)).toBe(city.total.parcelCount)
    const row = city.rows.find((x) => x.code === county.code)!
    const tax = await one<{ tax: number }>(
      `SELECT COALESCE(sum(y.tax), 0)::float8 AS tax FROM enterprise_yearly y JOIN enterprise e ON e.id = y.enterprise_id
       WHERE NOT e.deleted AND e.county_code = $1 AND y.year = $2 AND ${withLand(latest - 1, 'e')}`,
      [county.code, latest - 1],
    )
    expect(row.tax).toBeCloseTo(tax.tax, 1)
    const towns = (await s.get<AreaReport>(`/api/cloudChart/report/area?regionCode=${county.code}&year=${latest - 1}`, admin)).body.data
    expect(towns.path.map((p) => p.name).at(-1)).toBe(county.name)
    expect(towns.rows.length).toBeGreaterThan(0)
    expect(towns.rows.every((x) => !x.drillable)).toBe(true)
    // towns plus the records without a town make the county
    expect(towns.rows.reduce((n, x) => n + x.parcelCount, 0)).toBe(towns.total.parcelCount)
    expect(towns.total.parcelCount).toBe(row.parcelCount)
  })

  it('keeps a county clerk in the county: own towns by default, 403 for another county, 400 for a bad code', async () => {
    const mine = await s.get<AreaReport>('/api/cloudChart/report/area', countyClerk)
    expect(mine.status).toBe(200)
    expect(mine.body.data.region?.code).toBe(county.code)
    const n = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE ${inBooks(latest)} AND county_code = $1`, [county.code])
    expect(mine.body.data.total.parcelCount).toBe(n.n)
    // asking for the province gives the county, never more
    expect((await s.get<AreaReport>('/api/cloudChart/report/area?regionCode=330000', countyClerk)).body.data.total.parcelCount).toBe(n.n)
    const other = await one<{ code: string }>(
      `SELECT code FROM region WHERE level = 'county' AND code <> $1 AND code LIKE '33%' ORDER BY code LIMIT 1`,
      [county.code],
    )
    const denied = await s.get(`/api/cloudChart/report/area?regionCode=${other.code}`, countyClerk)
    expect([denied.status, denied.body.message]).toEqual([403, '权限不足：该区域不在您的数据范围内'])
    const bad = await s.get('/api/cloudChart/report/area?regionCode=110000', admin)
    expect(bad.status).toBe(400)
    expect(bad.body.details?.[0]).toMatchObject({
      field: 'regionCode',
      message: '区划代码 regionCode 应为浙江省6位（省、市、区县）或9位（乡镇街道）行政区划代码',
    })
    const regions = (await s.get<ReportRegionOption[]>('/api/cloudChart/report/regions', countyClerk)).body.data
    expect(regions).toEqual([{ code: county.parent, name: expect.any(String), children: [{ code: county.code, name: county.name }] }])
    expect((await s.get<ReportRegionOption[]>('/api/cloudChart/report/regions', admin)).body.data).toHaveLength(11)
  })

  it('is refused to an account without a report page', async () => {
    const clerk = await s.login('clerk', 'Clerk@2026')
    for (const path of ['area', 'industry', 'enterprises', 'parcels', 'lowEfficiency', 'parcels/export']) {
      expect((await s.get(`/api/cloudChart/report/${path}`, clerk)).status).toBe(403)
    }
    // the district picker is every page's: the province clerk gets the province's districts
    const regions = await s.get<ReportRegionOption[]>('/api/cloudChart/report/regions', clerk)
    expect([regions.status, regions.body.data.length]).toEqual([200, 11])
  })

  it('exports the rows and the total', async () => {
    const d = (await s.get<AreaReport>('/api/cloudChart/report/area', admin)).body.data
    const rows = await xlsxRows('/api/cloudChart/report/area/export', admin)
    expect(rows[0].slice(0, 3)).toEqual(['地区', '区划代码', '地块数（宗，截至今日）'])
    expect(rows).toHaveLength(1 + d.rows.length + 1)
    expect(rows[1].slice(0, 3)).toEqual([d.rows[0].name, d.rows[0].code, d.rows[0].parcelCount])
    expect(rows.at(-1)!.slice(0, 3)).toEqual(['合计', null, d.total.parcelCount].map((v) => v ?? undefined))
  })
})

describe('行业统计 /api/cloudChart/report/industry', () => {
  it('groups enterprises and their parcels by GB/T 4754 division, in code order, 未分类 last', async () => {
    const d = (await s.get<IndustryReport>('/api/cloudChart/report/industry', admin)).body.data
    const codes = d.rows.map((x) => x.code).filter((c) => c !== '')
    expect(codes).toEqual([...codes].sort())
    expect(codes.every((c) => /^C\d{2}$/.test(c))).toBe(true)
    expect(d.rows.reduce((n, x) => n + x.enterpriseCount, 0)).toBe(d.total.enterpriseCount)
    expect(d.rows.reduce((n, x) => n + x.parcelCount, 0)).toBe(d.total.parcelCount)
    const big = d.rows.filter((x) => x.code !== '').sort((a, b) => b.enterpriseCount - a.enterpriseCount)[0]
    const sql = await one<{ n: number; big: number; parcels: number; m2: number }>(
      `SELECT (SELECT count(*)::int FROM enterprise WHERE NOT deleted AND left(industry_code, 3) = $1 AND ${withLand(latest)}) AS n,
              (SELECT count(*)::int FROM enterprise WHERE NOT deleted AND left(industry_code, 3) = $1 AND scale = '规上' AND ${withLand(latest)}) AS big,
              (SELECT count(*)::int FROM parcel p JOIN enterprise e ON e.id = p.enterprise_id WHERE ${inBooks(latest, 'p')} AND left(e.industry_code, 3) = $1) AS parcels,
              (SELECT sum(p.area_m2)::float8 FROM parcel p JOIN enterprise e ON e.id = p.enterprise_id WHERE ${inBooks(latest, 'p')} AND left(e.industry_code, 3) = $1) AS m2`,
      [big.code],
    )
    expect([big.enterpriseCount, big.scaleCount, big.parcelCount]).toEqual([sql.n, sql.big, sql.parcels])
    expect(big.areaMu).toBeCloseTo(sql.m2 / MU, 1)
    expect(big.name.length).toBeGreaterThan(2)
  })

  it('exports one line per division and the total', async () => {
    const d = (await s.get<IndustryReport>(`/api/cloudChart/report/industry?regionCode=${county.parent}`, admin)).body.data
    expect(d.region?.code).toBe(county.parent)
    const rows = await xlsxRows(`/api/cloudChart/report/industry/export?regionCode=${county.parent}`, admin)
    expect(rows).toHaveLength(d.rows.length + 2)
    expect(rows[1][1]).toBe(d.rows[0].name)
  })
})

describe('用地单位列表 /api/cloudChart/report/enterprises', () => {
  it('filters by industry and scale, sorts by 亩均税收 and carries the year’s figures and class', async () => {
    const r = await s.get<EnterpriseReport>(
      '/api/cloudChart/report/enterprises?industry=C34&scale=规上&sortField=taxPerMu&sortOrder=descend&pageSize=50',
      admin,
    )
    expect(r.status).toBe(200)
    const sql = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise WHERE NOT deleted AND left(industry_code, 3) = 'C34' AND scale = '规上'`,
    )
    expect(r.body.data.page.total).toBe(sql.n)
    const list = r.body.data.page.list
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((x) => x.industryCode?.startsWith('C34') && x.scale === '规上' && x.industryName === '通用设备制造业')).toBe(true)
    const perMu = list.map((x) => x.taxPerMu).filter((v): v is number => v !== null)
    expect(perMu).toEqual([...perMu].sort((a, b) => b - a))
    const first = list[0]
    const fig = await one<{ tax: number; land: number; class: string | null }>(
      `SELECT y.tax::float8 AS tax, COALESCE(y.land_area_m2, (SELECT sum(area_m2) FROM parcel WHERE enterprise_id = e.id AND ${inBooks(latest)}))::float8 AS land,
              (SELECT class FROM enterprise_appraisal_yearly a WHERE a.enterprise_id = e.id AND a.year = y.year) AS class
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $2 WHERE e.id = $1`,
      [first.id, latest],
    )
    expect(first.tax).toBeCloseTo(fig.tax, 1)
    expect(first.taxPerMu).toBeCloseTo(fig.tax / (fig.land / MU), 1)
    expect(first.appraisalClass).toBe(fig.class)
  })

  it('filters by appraisal class and by the county clerk’s scope', async () => {
    const d = (await s.get<EnterpriseReport>('/api/cloudChart/report/enterprises?appraisalClass=D', admin)).body.data
    const sql = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id WHERE NOT e.deleted AND a.year = $1 AND a.class = 'D'`,
      [latest],
    )
    expect(d.page.total).toBe(sql.n)
    expect(d.page.total).toBeGreaterThan(0)
    const mine = (await s.get<EnterpriseReport>('/api/cloudChart/report/enterprises?pageSize=500', countyClerk)).body.data.page
    const n = await one<{ n: number }>('SELECT count(*)::int AS n FROM enterprise WHERE NOT deleted AND county_code = $1', [county.code])
    expect(mine.total).toBe(n.n)
  })

  it('exports every enterprise with the figures and class the list shows for the year, batch after batch', async () => {
    const list = await allRows<EnterpriseReportRow>('/api/cloudChart/report/enterprises', admin, (d) => (d as EnterpriseReport).page)
    const rows = (await xlsxRows('/api/cloudChart/report/enterprises/export', admin)).slice(1)
    const figures = (row: unknown[]) => [7, 8, 9, 10, 11, 12].map((i) => cell(row, i))
    expect(rows.map((row) => [cell(row, 0), ...figures(row)])).toEqual(
      list.map((x) => [
        x.creditCode,
        x.parcelCount,
        x.landAreaMu,
        x.tax,
        x.valueAdded,
        x.taxPerMu,
        x.appraisalClass ? APPRAISAL_CLASS_NAMES[x.appraisalClass as AppraisalClass] : null,
      ]),
    )
    expect(list.some((x) => x.appraisalClass) && list.some((x) => x.taxPerMu !== null)).toBe(true)
  })

  it('walks the export batch by batch to exactly the list’s rows, the year’s figures looked up per row', async () => {
    // batches of 7 rows: the export's per-row lookups of the yearly row and the class
    // (enterpriseYearJoins) against the list's plain joins, over many batch boundaries
    const all = { kind: 'all' } as const
    const walked: reportRepo.EnterpriseRow[] = []
    for await (const batch of reportRepo.eachEnterprise(s.db, all, latest, {}, 7)) walked.push(...batch)
    const list = await reportRepo.enterprises(s.db, all, latest, { page: 1, pageSize: 100_000 })
    expect(walked.length).toBeGreaterThan(7 * 3)
    expect(walked).toEqual(list.list)
    const low: reportRepo.LowRow[] = []
    for await (const batch of reportRepo.eachLowParcel(s.db, all, latest, latest, {}, 7)) low.push(...batch)
    const lowList = await reportRepo.lowParcels(s.db, all, latest, latest, { page: 1, pageSize: 100_000 })
    expect(low.length).toBeGreaterThan(7 * 3)
    expect(low).toEqual(lowList.list)
  })

  it('refuses a bad filter naming the field', async () => {
    const r = await s.get('/api/cloudChart/report/enterprises?industry=X99', admin)
    expect(r.status).toBe(400)
    expect(r.body.details).toEqual([{ field: 'industry', message: '行业 industry 应为制造业大类代码 C13–C43' }])
    const c = await s.get('/api/cloudChart/report/enterprises?appraisalClass=E', admin)
    expect([c.status, c.body.details?.[0].field]).toEqual([400, 'appraisalClass'])
  })
})

describe('工业用地列表 /api/cloudChart/report/parcels', () => {
  it('filters by status and area and exports exactly the filtered rows', async () => {
    const r = await s.get<Page<ParcelReportRow>>(
      '/api/cloudChart/report/parcels?status=闲置&minMu=5&maxMu=200&sortField=areaMu&sortOrder=descend',
      admin,
    )
    expect(r.status).toBe(200)
    const sql = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcel WHERE NOT deleted AND status = '闲置' AND area_m2 BETWEEN $1 AND $2`,
      [5 * MU, 200 * MU],
    )
    expect(r.body.data.total).toBe(sql.n)
    expect(r.body.data.total).toBeGreaterThan(0)
    const areas = r.body.data.list.map((x) => x.areaMu)
    expect(areas).toEqual([...areas].sort((a, b) => b - a))
    expect(r.body.data.list.every((x) => x.status === '闲置' && x.areaMu >= 5 && x.areaMu <= 200)).toBe(true)
    const rows = await xlsxRows(
      '/api/cloudChart/report/parcels/export?status=闲置&minMu=5&maxMu=200&sortField=areaMu&sortOrder=descend',
      admin,
    )
    expect(rows).toHaveLength(sql.n + 1)
    expect(rows[1][0]).toBe(r.body.data.list[0].landCode)
  })

  it('refuses a minimum above the maximum', async () => {
    const r = await s.get('/api/cloudChart/report/parcels?minMu=50&maxMu=10', admin)
    expect(r.status).toBe(400)
    expect(r.body.details).toEqual([{ field: 'minMu', message: '最小面积 minMu 不能大于最大面积 maxMu' }])
  })
})

describe('低效用地 /api/cloudChart/report/lowEfficiency', () => {
  it('lists the 低效 and 闲置 parcels with the criteria each meets, counted per criterion', async () => {
    const d = (await s.get<LowEfficiencyReport>('/api/cloudChart/report/lowEfficiency?pageSize=500', admin)).body.data
    const wall = (await s.get<OverviewStats>('/api/bigData/overview', admin)).body.data
    expect([d.count, d.areaMu]).toEqual([wall.lowEfficiencyCount, wall.lowEfficiencyAreaMu])
    expect(d.idleCount + d.lowCount).toBe(d.count)
    const plot = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcel WHERE ${inBooksToday()} AND ${lowToday()} AND plot_ratio > 0 AND plot_ratio < 1.0`,
    )
    expect(plot.n).toBeGreaterThan(0)
    expect(d.byReason.find((x) => x.reason === 'plotRatio')).toMatchObject({ name: '容积率低于1.0', count: plot.n })
    expect(d.byReason.find((x) => x.reason === 'idle')!.count).toBeGreaterThanOrEqual(d.idleCount)
    for (const row of d.page.list) {
      expect(row.reasons.includes('plotRatio')).toBe(row.plotRatio !== null && row.plotRatio > 0 && row.plotRatio < 1)
      // nothing built is 闲置, not a low ratio
      if (row.plotRatio === 0) expect(row.reasons).not.toContain('plotRatio')
      if (row.status === '闲置') expect(row.reasons).toContain('idle')
    }
    const filtered = (await s.get<LowEfficiencyReport>('/api/cloudChart/report/lowEfficiency?reason=plotRatio', admin)).body.data
    expect(filtered.count).toBe(plot.n)
    expect(filtered.page.list.every((x) => x.reasons.includes('plotRatio'))).toBe(true)
  })

  it('exports every 低效用地 of the year with the holder’s 亩均税收 the list shows', async () => {
    const list = await allRows<LowEfficiencyRow>('/api/cloudChart/report/lowEfficiency', admin, (d) => (d as LowEfficiencyReport).page)
    const [header, ...rows] = await xlsxRows('/api/cloudChart/report/lowEfficiency/export', admin)
    const taxPerMu = header.length - 1
    expect(rows.map((row) => [cell(row, 0), cell(row, taxPerMu)])).toEqual(list.map((x) => [x.landCode, x.taxPerMu]))
    expect(list.filter((x) => x.taxPerMu !== null).length).toBeGreaterThan(0)
  })

  it('exports the list with the criteria in words', async () => {
    const d = (await s.get<LowEfficiencyReport>('/api/cloudChart/report/lowEfficiency?status=闲置', admin)).body.data
    const rows = await xlsxRows('/api/cloudChart/report/lowEfficiency/export?status=闲置', admin)
    expect(rows).toHaveLength(d.count + 1)
    expect(rows[0].at(-2)).toBe('认定原因')
    expect(String(rows[1].at(-2))).toContain('闲置：约定开工满一年未开工')
  })
})
