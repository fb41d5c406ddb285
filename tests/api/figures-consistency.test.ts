/**
 * One figure, one value (issue 14): for the province, two cities and two counties, in two years,
 * every endpoint that shows a figure of the catalogue (src/domain/figures) — the walls
 * (/api/bigData/*), the reports (/api/cloudChart/report/* and their exports), 辅助决策
 * (/api/decision/*), 运行监测 (/api/function/monitor/*), 资源云图 statistics, the globe's 低效 theme
 * and lifecycle globe, and 一本账 — answers the same value for it. Nothing here is a seeded number:
 * the scopes are picked from the database and every endpoint is held to the others. Runs on both
 * engines like the rest of the API suite.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClassStat } from '../../src/server/modules/big-data/service'
import type { GroupStat, OverviewStats, PortalOverview, YearStat } from '../../src/domain/contracts/big-data'
import type { AreaReport, EnterpriseReport, IndustryReport, LowEfficiencyReport } from '../../src/domain/contracts/statistical-report'
import type { EnterpriseMonitor, IndicatorTable, IndustryMonitor, TrendPoint } from '../../src/domain/contracts/decision'
import type { RegionStats } from '../../src/domain/contracts/map'
import { timelineRows, type GlobeLifecycleTimeline, type GlobeParcelPage } from '../../src/domain/contracts/globe'
import { stageAt } from '../../src/domain/lifecycle'
import type { Onebook } from '../../src/domain/contracts/lifecycle-project'
import type { CatalogueEntry } from '../../src/domain/figures/listing'
import { FIGURE_KEYS } from '../../src/domain/figures/catalogue'
import { todayInProductZone } from '../../src/domain/today'
import { officialAreaM2 } from '../../src/domain/figures/area'
import { forDisplay, mu } from '../../src/domain/figures/formulas'
import type { Page } from '../../src/domain/contracts/envelope'
import type { ParcelReportRow } from '../../src/domain/contracts/statistical-report'
import { makeUser, menuIds } from './admin-helpers'
import { startServer, type TestServer } from './harness'

/** A scope: the province, a city or a county, with a user whose data scope it is. */
interface Scope {
  level: 'province' | 'city' | 'county'
  code: string
  /** the /api/bigData/* filter of the scope */
  wall: string
  token: string
}

let s: TestServer
let admin: string
let latest: number
let years: number[]
const scopes: Scope[] = []

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  latest = (await s.db.query<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).rows[0].y
  // two years apart, so land supplied in between and enterprises that started reporting make a difference
  years = [latest, latest - 4]
  const busiest = async (column: 'city_code' | 'county_code') =>
    (
      await s.db.query<{ code: string }>(
        `SELECT p.${column} AS code FROM parcel p JOIN enterprise e ON e.id = p.enterprise_id
         WHERE NOT p.deleted AND p.${column} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`,
      )
    ).rows.map((r) => r.code)
  scopes.push({ level: 'province', code: '330000', wall: '', token: admin })
  // the region users read the globe: a role holding its pages (三维地图, 全生命周期总览)
  const globeRole = (await s.postJson<{ id: number }>('/api/role/add', { name: '地球查看', code: 'FIG_GLOBE' }, admin)).body.data.id
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: globeRole, menuIds: await menuIds(s, ['/system/3DMap', '/landLifeCycle/allLifeCycle']) },
    admin,
  )
  for (const code of await busiest('city_code')) {
    scopes.push({
      level: 'city',
      code,
      wall: `cityCode=${code}`,
      token: (await makeUser(s, admin, { username: `fig_${code}`, regionCode: code, roleIds: [globeRole] })).token,
    })
  }
  for (const code of await busiest('county_code')) {
    scopes.push({
      level: 'county',
      code,
      wall: `countyCode=${code}`,
      token: (await makeUser(s, admin, { username: `fig_${code}`, regionCode: code, roleIds: [globeRole] })).token,
    })
  }
}, 180_000)
afterAll(() => s?.close())

/** GET as a user, 200 expected, the envelope's data. */
async function get<T>(path: string, token = admin): Promise<T> {
  const r = await s.get<T>(path, token)
  expect(r.status, `${path}: ${r.body.message}`).toBe(200)
  return r.body.data
}

/** The rows of an xlsx export. */
async function xlsx(path: string): Promise<{ headers: string[]; rows: unknown[][]; notes: (string | undefined)[] }> {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${admin}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(res.status).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  const all: unknown[][] = []
  sheet.eachRow((row) => all.push((row.values as unknown[]).slice(1)))
  const notes = (all[0] ?? []).map((_, i) => {
    const note = sheet.getRow(1).getCell(i + 1).note
    return typeof note === 'string' ? note : note?.texts?.map((t) => t.text).join('')
  })
  return { headers: all[0] as string[], rows: all.slice(1), notes }
}

/**
 * Every answer for one figure, by the endpoint that gave it: they must all be equal (and there
 * must be at least two, or the figure was not compared at all).
 */
function same(figure: string, answers: Record<string, unknown>) {
  const entries = Object.entries(answers)
  expect(entries.length, `${figure}: compared on fewer than two endpoints`).toBeGreaterThan(1)
  const [first, value] = entries[0]
  for (const [where, v] of entries.slice(1)) expect(v, `${figure}: ${where} ≠ ${first}`).toStrictEqual(value)
}

const q = (...parts: string[]) => parts.filter(Boolean).join('&')

describe('one value per figure on every endpoint', () => {
  it('has the scopes it needs: the province, two cities, two counties', () => {
    expect(scopes.map((x) => x.level)).toEqual(['province', 'city', 'city', 'county', 'county'])
  })

  it.each([0, 1])('land, enterprise and 亩均 figures of year #%i agree on walls, reports, decision, monitor and exports', async (yi) => {
    const year = years[yi]
    for (const sc of scopes) {
      const region = sc.level === 'province' ? '' : `regionCode=${sc.code}`
      const label = `${sc.code} ${year}`
      const wall = await get<OverviewStats>(`/api/bigData/overview?${q(`year=${year}`, sc.wall)}`)
      const area = await get<AreaReport>(`/api/cloudChart/report/area?${q(`year=${year}`, region)}`)
      const industry = await get<IndustryReport>(`/api/cloudChart/report/industry?${q(`year=${year}`, region)}`)
      const low = await get<LowEfficiencyReport>(`/api/cloudChart/report/lowEfficiency?${q(`year=${year}`, region, 'pageSize=1')}`)
      const byRegion = await get<IndicatorTable>(`/api/decision/byRegion?${q(`year=${year}`, region)}`)
      const byIndustry = await get<IndicatorTable>(`/api/decision/byIndustry?${q(`year=${year}`, region)}`)
      const hy = await get<IndustryMonitor>(`/api/function/monitor/getHyMonitor?${q(`year=${year}`, region)}`)
      const qy = await get<EnterpriseMonitor>(`/api/function/monitor/getQyMonitor?${q(`year=${year}`, region, 'pageSize=1')}`)
      const wallTrend = (await get<YearStat[]>(`/api/bigData/trend?${sc.wall}`)).find((t) => t.year === year)!
      const decisionTrend = (await get<TrendPoint[]>(`/api/decision/trend?${region}`)).find((t) => t.year === year)!
      const bands = await get<ClassStat[]>(`/api/bigData/classes?${q(`year=${year}`, sc.wall, 'by=taxBand')}`)
      const scale = await get<ClassStat[]>(`/api/bigData/classes?${q(`year=${year}`, sc.wall, 'by=scale')}`)
      const appraisal = await get<ClassStat[]>(`/api/bigData/classes?${q(`year=${year}`, sc.wall, 'by=appraisal')}`)
      const classD = await get<EnterpriseReport>(
        `/api/cloudChart/report/enterprises?${q(`year=${year}`, region, 'appraisalClass=D', 'pageSize=1')}`,
      )
      const areaExport = await xlsx(`/api/cloudChart/report/area/export?${q(`year=${year}`, region)}`)
      // a figure's header names it, its unit and its as-of: 地块数（宗，截至 2025 年末）
      const exported = (name: string) => areaExport.rows.at(-1)![areaExport.headers.findIndex((h) => h.startsWith(`${name}（`))]

      // the row of this scope in its parent's grouped tables (a city in the province, a county in its city)
      let parentRow: GroupStat | undefined
      let parentAreaRow: AreaReport['rows'][number] | undefined
      let parentDecisionRow: IndicatorTable['rows'][number] | undefined
      if (sc.level !== 'province') {
        const parent =
          sc.level === 'city'
            ? '330000'
            : (await s.db.query<{ p: string }>('SELECT parent_code AS p FROM region WHERE code = $1', [sc.code])).rows[0].p
        const wallLevel = sc.level === 'city' ? 'level=city' : `level=county&cityCode=${parent}`
        parentRow = (await get<GroupStat[]>(`/api/bigData/byRegion?${q(`year=${year}`, wallLevel)}`)).find((r) => r.key === sc.code)
        const parentRegion = parent === '330000' ? '' : `regionCode=${parent}`
        parentAreaRow = (await get<AreaReport>(`/api/cloudChart/report/area?${q(`year=${year}`, parentRegion)}`)).rows.find(
          (r) => r.code === sc.code,
        )
        parentDecisionRow = (await get<IndicatorTable>(`/api/decision/byRegion?${q(`year=${year}`, parentRegion)}`)).rows.find(
          (r) => r.code === sc.code,
        )
        expect(parentRow && parentAreaRow && parentDecisionRow, `${label}: a row in the parent's tables`).toBeTruthy()
      }
      // 资源云图 and the portal show land as of today (figures-asof.test.ts holds them to the walls' today), enterprises of the latest year
      const stats = year === latest ? await get<RegionStats>(`/api/cloudChart/statistics?regionCode=${sc.code}`) : undefined
      const portal =
        year === latest && sc.level === 'province'
          ? (
              (await s.app.inject({ method: 'GET', url: '/api/show/overview', headers: { host: 'portal.zj.internal' } })).json() as {
                data: PortalOverview
              }
            ).data
          : undefined
      const opt = (key: string, v: unknown) => (v === undefined ? {} : { [key]: v })

      same(`地块数 ${label}`, {
        wall: wall.parcelCount,
        area: area.total.parcelCount,
        industry: industry.total.parcelCount,
        export: exported('地块数'),
        ...opt('wall byRegion', parentRow?.parcelCount),
        ...opt('area parent row', parentAreaRow?.parcelCount),
      })
      same(`用地面积 ${label}`, {
        wall: wall.parcelAreaMu,
        area: area.total.areaMu,
        industry: industry.total.areaMu,
        export: exported('用地面积'),
        ...opt('wall byRegion', parentRow?.areaMu),
      })
      same(`低效用地数 ${label}`, {
        wall: wall.lowEfficiencyCount,
        area: area.total.lowCount,
        list: low.count,
        export: exported('低效用地数'),
      })
      same(`低效用地面积 ${label}`, { wall: wall.lowEfficiencyAreaMu, area: area.total.lowAreaMu, list: low.areaMu })
      same(`闲置用地数 ${label}`, { wall: wall.idleCount, area: area.total.idleCount, list: low.idleCount })
      same(`用地企业数 ${label}`, {
        wall: wall.enterpriseCount,
        area: area.total.enterpriseCount,
        industry: industry.total.enterpriseCount,
        'wall 规上+规下': scale.reduce((n, c) => n + c.count, 0),
        export: exported('用地企业数'),
        ...opt('wall byRegion', parentRow?.enterpriseCount),
        ...opt('资源云图', stats?.enterprises),
      })
      same(`规上企业数 ${label}`, {
        wall: wall.scaleCount,
        area: area.total.scaleCount,
        industry: industry.total.scaleCount,
        'wall classes': scale.find((c) => c.key === '规上')?.count ?? 0,
      })
      same(`参评企业数 ${label}`, {
        wall: wall.ratedEnterpriseCount,
        area: area.total.ratedEnterpriseCount,
        'decision byRegion': byRegion.total.enterpriseCount,
        'decision byIndustry': byIndustry.total.enterpriseCount,
        'monitor 行业': hy.total.enterpriseCount,
        'wall trend': wallTrend.ratedEnterpriseCount,
        'decision trend': decisionTrend.enterpriseCount,
        'wall 亩均税收分档': bands.reduce((n, b) => n + b.count, 0),
        ...opt('decision parent row', parentDecisionRow?.enterpriseCount),
      })
      same(`参评用地面积 ${label}`, {
        wall: wall.ratedLandMu,
        area: area.total.ratedLandMu,
        decision: byRegion.total.landMu,
        'wall trend': wallTrend.ratedLandMu,
      })
      same(`实缴税金 ${label}`, {
        wall: wall.tax,
        area: area.total.tax,
        industry: industry.total.tax,
        decision: byRegion.total.tax,
        'monitor 行业': hy.total.tax,
        'wall trend': wallTrend.tax,
        'decision trend': decisionTrend.tax,
        'tooltip numerator': wall.parts.taxPerMu?.numerator,
        ...opt('资源云图', stats?.tax),
      })
      same(`亩均税收 ${label}`, {
        wall: wall.taxPerMu,
        area: area.total.taxPerMu,
        industry: industry.total.taxPerMu,
        export: exported('亩均税收'),
        'decision byRegion': byRegion.total.values.taxPerMu,
        'decision byIndustry': byIndustry.total.values.taxPerMu,
        'monitor 行业': hy.total.taxPerMu,
        'wall trend': wallTrend.taxPerMu,
        'decision trend': decisionTrend.values.taxPerMu,
        ...opt('wall byRegion', parentRow?.taxPerMu),
        ...opt('area parent row', parentAreaRow?.taxPerMu),
        ...opt('decision parent row', parentDecisionRow?.values.taxPerMu),
        ...opt('portal', portal?.taxPerMu),
      })
      same(`亩均增加值 ${label}`, {
        wall: wall.valueAddedPerMu,
        area: area.total.valueAddedPerMu,
        industry: industry.total.valueAddedPerMu,
        'decision byRegion': byRegion.total.values.valueAddedPerMu,
        'decision byIndustry': byIndustry.total.values.valueAddedPerMu,
        'wall trend': wallTrend.valueAddedPerMu,
        'decision trend': decisionTrend.values.valueAddedPerMu,
      })
      for (const k of ['laborProductivity', 'energyEfficiency', 'emissionEfficiency', 'rdRatio'] as const) {
        same(`${k} ${label}`, {
          'decision byRegion': byRegion.total.values[k],
          'decision byIndustry': byIndustry.total.values[k],
          'decision trend': decisionTrend.values[k],
        })
      }
      // a ratio's tooltip: its parts are the figures shown beside it, and their quotient is the ratio
      same(`亩均税收 parts ${label}`, {
        wall: wall.parts.taxPerMu,
        area: area.total.parts.taxPerMu,
        decision: byRegion.total.parts.taxPerMu,
        'wall trend': wallTrend.parts.taxPerMu,
      })
      if (wall.ratedLandMu > 0)
        expect(Math.abs(wall.tax / wall.ratedLandMu - wall.taxPerMu!), `${label}: 亩均税收 = 实缴税金 ÷ 参评用地面积`).toBeLessThan(0.01)
      // 亩均税收 < 1, compared unrounded
      same(`亩均税收低于1万元企业数 ${label}`, {
        'wall 分档': bands.find((b) => b.key === 'lt1')!.count,
        'monitor 预警': qy.bySignal.find((x) => x.signal === 'lowTax')!.count,
      })
      same(`评价 D 类 ${label}`, { wall: appraisal.find((c) => c.key === 'D')!.count, 'enterprise list': classD.page.total })
      // 评价范围企业数: one population, the enterprises classed in the year's published batch
      const published = (
        await s.db.query<{ id: number }>(
          `SELECT a.enterprise_id AS id FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
           WHERE a.year = $1 AND NOT e.deleted AND ($2 = '330000' OR e.city_code = $2 OR e.county_code = $2)`,
          [year, sc.code],
        )
      ).rows.map((r) => r.id)
      expect(published.length, `${label}: the demo publishes the year`).toBeGreaterThan(0)
      same(`评价范围企业数 ${label}`, {
        wall: wall.appraisedEnterpriseCount,
        'wall A+B+C+D': appraisal.reduce((n, c) => n + c.count, 0),
        'published batch': published.length,
      })
      const top = await get<{ id: number }[]>(`/api/bigData/topEnterprises?${q(`year=${year}`, sc.wall, 'limit=20')}`)
      expect(top.length, `${label}: 亩均税收 TOP20`).toBe(Math.min(20, published.length))
      expect(
        top.filter((t) => !published.includes(t.id)),
        `${label}: the ranking lists 评价范围企业 only`,
      ).toEqual([])
    }
  })

  it('counts today’s 低效用地 on the globe as the walls and reports count this year’s', async () => {
    const year = Number(todayInProductZone().slice(0, 4))
    for (const sc of scopes) {
      const region = sc.level === 'province' ? '' : `regionCode=${sc.code}`
      const globe = await get<GlobeParcelPage>('/api/globe/parcels?bbox=117,26,124,32&zoom=14&limit=60000', sc.token)
      expect(globe.truncated).toBe(false)
      same(`低效用地数 ${sc.code} today`, {
        globe: globe.parcels.filter((p) => p.lowEfficiency).length,
        wall: (await get<OverviewStats>(`/api/bigData/overview?${q(`year=${year}`, sc.wall)}`)).lowEfficiencyCount,
        list: (await get<LowEfficiencyReport>(`/api/cloudChart/report/lowEfficiency?${q(`year=${year}`, region, 'pageSize=1')}`)).count,
      })
    }
  })

  it('counts 逾期 and 在建 to today on the lifecycle globe as on 一本账', async () => {
    for (const sc of scopes) {
      const region = sc.level === 'province' ? '' : `regionCode=${sc.code}`
      const book = await get<Onebook>(`/api/landLifeCycle/onebook?${q(region, 'pageSize=1')}`)
      const timeline = await get<GlobeLifecycleTimeline>('/api/globe/lifecycle', sc.token)
      const globe = timelineRows(timeline)
      same(`项目数 ${sc.code}`, { onebook: book.total, globe: globe.length })
      same(`逾期项目数 ${sc.code}`, {
        onebook: book.overdue,
        globe: globe.filter((p) => p.overdue).length,
        'onebook filter': (await get<Onebook>(`/api/landLifeCycle/onebook?${q(region, 'overdue=true', 'pageSize=1')}`)).page.total,
      })
      const stage = (k: string) => book.byStage.find((x) => x.stage === k)!.count
      same(`在建项目数 ${sc.code}`, {
        onebook: stage('xmkg') + stage('sgjs'),
        globe: globe.filter((p) => ['xmkg', 'sgjs'].includes(stageAt(p, timeline.asOf) ?? '')).length,
      })
    }
  })

  it('measures a shape in the record editor as the database and the lists do: one 亩', async () => {
    const list = await get<Page<ParcelReportRow>>('/api/cloudChart/report/parcels?pageSize=50&sortField=areaMu&sortOrder=descend')
    const shapes = (
      await s.db.query<{ id: number; geojson: string }>(
        'SELECT id, ST_AsGeoJSON(geom, 9) AS geojson FROM parcel WHERE id = ANY($1::int[])',
        [list.list.map((p) => p.id)],
      )
    ).rows
    expect(shapes.length).toBe(list.list.length)
    for (const row of list.list) {
      const shape = JSON.parse(shapes.find((x) => x.id === row.id)!.geojson)
      same(`面积 ${row.landCode}`, { editor: forDisplay(mu(officialAreaM2(shape)), 2), list: row.areaMu })
    }
  })

  it('notes each exported figure column with its 口径', async () => {
    const { headers, notes } = await xlsx(`/api/cloudChart/report/area/export?year=${latest}`)
    const tax = headers.indexOf(`亩均税收（万元/亩，${latest} 年度）`)
    expect(notes[tax]).toContain('参评企业当年实缴税金合计 ÷ 其当年用地面积合计')
    expect(notes[headers.indexOf(`用地企业数（家，${latest} 年度）`)]).toContain('统计年度末有用地的企业数')
    expect(headers).toContain(`低效用地数（宗，截至 ${latest} 年末）`)
  })

  it('reads 低效 and 规上 as they stood at the end of the year: a 认定 today moves today, not the last year', async () => {
    const thisYear = Number(todayInProductZone().slice(0, 4))
    expect(latest, 'the statistical years end before today').toBeLessThan(thisYear)
    const p = (
      await s.db.query<{ id: number; land_code: string }>(
        `SELECT id, land_code FROM parcel WHERE NOT deleted AND status = '已投产' AND supply_date < make_date($1, 1, 1) ORDER BY id LIMIT 1`,
        [latest],
      )
    ).rows[0]
    const e = (
      await s.db.query<{ id: number; credit_code: string }>(
        `SELECT e.id, e.credit_code FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
         WHERE NOT e.deleted AND e.scale = '规下' AND y.land_area_m2 > 0 ORDER BY e.id LIMIT 1`,
        [latest],
      )
    ).rows[0]
    const lowList = (year: number) => get<LowEfficiencyReport>(`/api/cloudChart/report/lowEfficiency?year=${year}&keyword=${p.land_code}`)
    const bigList = (year: number) =>
      get<EnterpriseReport>(`/api/cloudChart/report/enterprises?year=${year}&scale=${encodeURIComponent('规上')}&keyword=${e.credit_code}`)
    const before = {
      last: await get<OverviewStats>(`/api/bigData/overview?year=${latest}`),
      now: await get<OverviewStats>(`/api/bigData/overview?year=${thisYear}`),
    }
    // whoever writes (an approval, an import, a write-through), the database keeps the change; 低效用地
    // is the 台账 of record: the parcel is confirmed (认定) today
    await s.db.query(`UPDATE parcel SET status = '低效' WHERE id = $1`, [p.id])
    await s.db.query(
      `INSERT INTO revitalize_ledger (parcel_id, batch, state, confirm_date, created_by, county_code)
       SELECT id, '测试批次', '已认定', current_date, 1, county_code FROM parcel WHERE id = $1`,
      [p.id],
    )
    await s.db.query(`UPDATE enterprise SET scale = '规上' WHERE id = $1`, [e.id])
    expect((await s.db.query('SELECT old_status, new_status FROM parcel_status_change WHERE parcel_id = $1', [p.id])).rows).toEqual([
      { old_status: '已投产', new_status: '低效' },
    ])
    const after = {
      last: await get<OverviewStats>(`/api/bigData/overview?year=${latest}`),
      now: await get<OverviewStats>(`/api/bigData/overview?year=${thisYear}`),
    }
    expect([after.last.lowEfficiencyCount, after.last.scaleCount], `${latest}: as it stood`).toEqual([
      before.last.lowEfficiencyCount,
      before.last.scaleCount,
    ])
    expect(after.now.lowEfficiencyCount, `${thisYear}: today's status`).toBe(before.now.lowEfficiencyCount + 1)
    expect([(await lowList(latest)).count, (await lowList(thisYear)).count]).toEqual([0, 1])
    expect((await lowList(thisYear)).page.list[0]).toMatchObject({ landCode: p.land_code, status: '低效' })
    // the enterprises' figures of this year are not reported yet: the list answers the latest year that has them
    expect([(await bigList(latest)).page.total, (await bigList(thisYear)).page.total]).toEqual([0, 0])
    expect((await bigList(thisYear)).year).toBe(latest)
    const byScale = await get<ClassStat[]>(`/api/bigData/classes?year=${latest}&by=scale`)
    expect(byScale.find((c) => c.key === '规上')?.count).toBe(before.last.scaleCount)
  })

  it('answers the catalogue to any signed-in user, in the envelope, and nobody else', async () => {
    const clerk = scopes.at(-1)!.token
    const r = await s.get<CatalogueEntry[]>('/api/figures/catalogue', clerk)
    expect([r.status, r.body.code]).toEqual([200, 200])
    expect(r.body.data.map((e) => e.key)).toEqual(FIGURE_KEYS)
    expect(r.body.data.find((e) => e.key === 'ratedEnterpriseCount')).toMatchObject({
      name: '参评企业数',
      unit: '家',
      digits: 0,
      population: '参评企业',
      asOf: 'year',
    })
    expect(r.body.data.find((e) => e.key === 'lowEfficiencyCount')?.asOf).toBe('yearEnd')
    expect(r.body.data.find((e) => e.key === 'taxPerMu')?.caliber).toContain('÷')
    expect((await s.get('/api/figures/catalogue')).status).toBe(401)
  })
})
