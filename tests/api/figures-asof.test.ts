/**
 * One as-of for every figure (issue 29): every operation that answers a figure of the catalogue —
 * the walls (/api/bigData/*), the reports and their exports, 辅助决策 and 运行监测, 资源云图, the
 * portal, the globes, 盘活处置 and 低效用地再开发's overviews, the lists' totals — is asked "today"
 * (the current year, and no year at all) for the province, a city and a county. Each answer is
 * filed under (figure key, scope, as-of) with the as-of the answer itself declares (the year it
 * says it counted, read through the catalogue's asOfLabel; an export's header says it in words),
 * and within each group every pair must agree: 0 disagreeing pairs. Nothing here is a seeded number.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClassStat } from '../../src/server/modules/big-data/service'
import type { GroupStat, OverviewStats, PortalOverview, StatYears, YearStat } from '../../src/domain/contracts/big-data'
import type { AreaReport, IndustryReport, LowEfficiencyReport } from '../../src/domain/contracts/statistical-report'
import type { IndicatorTable, IndustryMonitor, TrendPoint } from '../../src/domain/contracts/decision'
import type { RegionStats } from '../../src/domain/contracts/map'
import type { StockStats } from '../../src/domain/contracts/stock'
import type { LowLandFigures } from '../../src/domain/figures/low-land'
import type { LedgerList, RevitalizeOverview } from '../../src/domain/contracts/revitalize'
import { timelineRows, type GlobeLifecycleTimeline, type GlobeParcelPage } from '../../src/domain/contracts/globe'
import type { Onebook } from '../../src/domain/contracts/lifecycle-project'
import { asOfLabel, FIGURES, isStockFigure, yearsWithCurrent, type FigureKey } from '../../src/domain/figures/catalogue'
import { todayInProductZone } from '../../src/domain/today'
import { makeUser, menuIds } from './admin-helpers'
import { startServer, type TestServer } from './harness'

interface Scope {
  level: 'province' | 'city' | 'county'
  code: string
  parent: string | null
  /** the walls' filter of the scope */
  wall: string
  /** the reports' filter of the scope */
  region: string
  /** a user whose data scope it is (the globes read the user's own region) */
  token: string
}

let s: TestServer
let admin: string
const today = todayInProductZone()
const thisYear = Number(today.slice(0, 4))
const scopes: Scope[] = []

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  const busiest = async (column: 'city_code' | 'county_code') =>
    (
      await s.db.query<{ code: string; parent: string }>(
        `SELECT p.${column} AS code, min(r.parent_code) AS parent FROM parcel p JOIN region r ON r.code = p.${column}
         WHERE NOT p.deleted GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      )
    ).rows[0]
  const role = (await s.postJson<{ id: number }>('/api/role/add', { name: '截至今日', code: 'ASOF_GLOBE' }, admin)).body.data.id
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: role, menuIds: await menuIds(s, ['/system/3DMap', '/landLifeCycle/allLifeCycle']) },
    admin,
  )
  scopes.push({ level: 'province', code: '330000', parent: null, wall: '', region: '', token: admin })
  for (const level of ['city', 'county'] as const) {
    const { code, parent } = await busiest(`${level}_code`)
    scopes.push({
      level,
      code,
      parent,
      wall: `${level}Code=${code}`,
      region: `regionCode=${code}`,
      token: (await makeUser(s, admin, { username: `asof_${code}`, regionCode: code, roleIds: [role] })).token,
    })
  }
}, 180_000)
afterAll(() => s?.close())

async function get<T>(path: string, token = admin): Promise<T> {
  const r = await s.get<T>(path, token)
  expect(r.status, `${path}: ${r.body.message}`).toBe(200)
  return r.body.data
}

async function xlsxHeadersAndTotal(path: string): Promise<{ headers: string[]; total: unknown[] }> {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${admin}`, 'X-Requested-With': 'XMLHttpRequest' } })
  expect(res.status).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { headers: rows[0] as string[], total: rows.at(-1)! }
}

const q = (...parts: string[]) => parts.filter(Boolean).join('&')

/** One answer: a figure's value as an operation gave it, filed under its scope and the as-of it declares. */
interface Answer {
  key: FigureKey
  scope: string
  asOf: string
  where: string
  value: unknown
}
const answers: Answer[] = []

/**
 * Files the figures of one answer: `years` is what the answer says it counted — a stock figure is
 * of `year` (the current year: today), a yearly one of `figuresYear`.
 */
function file(
  scope: string,
  where: string,
  years: { year: number | null; figuresYear?: number | null },
  values: Partial<Record<FigureKey, unknown>>,
) {
  for (const [key, value] of Object.entries(values) as [FigureKey, unknown][]) {
    if (value === undefined) continue
    const year = isStockFigure(key) ? years.year : (years.figuresYear ?? years.year)
    answers.push({ key, scope, where, value, asOf: asOfLabel(key, year, today) })
  }
}

/** Files the figure columns of an export's total row under the as-of its header states: 低效用地数（宗，截至今日）. */
function fileExport(scope: string, where: string, x: { headers: string[]; total: unknown[] }, keys: FigureKey[]) {
  for (const key of keys) {
    const f = FIGURES[key]
    const i = x.headers.findIndex((h) => h.startsWith(`${f.name}（${f.unit}，`))
    expect(i, `${where}: a column ${f.name} with its as-of`).toBeGreaterThanOrEqual(0)
    const asOf = x.headers[i].slice(`${f.name}（${f.unit}，`.length, -1)
    answers.push({ key, scope, where, value: x.total[i], asOf })
  }
}

const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0)

describe('one as-of for every figure (issue 29)', () => {
  it('offers the current year where stock figures are shown, and means today when no year is named', async () => {
    const years = await get<StatYears>('/api/bigData/years')
    expect(years.today).toBe(today)
    expect(yearsWithCurrent(years.years, years.today)).toContain(thisYear)
    const latest = years.latest
    const wall = await get<OverviewStats>('/api/bigData/overview')
    expect([wall.year, wall.figuresYear], 'the walls by default: land today, enterprises of the latest year').toEqual([thisYear, latest])
    const now = await get<OverviewStats>(`/api/bigData/overview?year=${thisYear}`)
    expect([now.year, now.figuresYear], 'the current year: land today, enterprises of the latest year with figures').toEqual([
      thisYear,
      latest,
    ])
    expect(now.ratedEnterpriseCount, 'a year without enterprise figures falls back, never zero').toBeGreaterThan(0)
    const report = await get<AreaReport>(`/api/cloudChart/report/area?year=${thisYear}`)
    expect([report.year, report.figuresYear]).toEqual([thisYear, latest])
    // no query breaks for a year without enterprise_yearly rows
    for (const path of [
      `/api/cloudChart/report/industry?year=${thisYear}`,
      `/api/cloudChart/report/enterprises?year=${thisYear}&pageSize=1`,
      `/api/cloudChart/report/lowEfficiency?year=${thisYear}&pageSize=1`,
      `/api/decision/byIndustry?year=${thisYear}`,
      `/api/function/monitor/getQyMonitor?year=${thisYear}&pageSize=1`,
      `/api/bigData/topEnterprises?year=${thisYear}&limit=5`,
      `/api/bigData/classes?year=${thisYear}&by=appraisal`,
    ])
      await get(path)
  })

  it('answers every catalogue figure alike at the province, a city and a county, today: 0 disagreeing pairs', async () => {
    expect(scopes.map((x) => x.level)).toEqual(['province', 'city', 'county'])
    for (const sc of scopes) {
      const at = sc.code
      for (const [tag, year] of [[`year=${thisYear}`, `year=${thisYear}`] as const, ['no year', ''] as const]) {
        const wall = await get<OverviewStats>(`/api/bigData/overview?${q(year, sc.wall)}`)
        file(at, `wall overview (${tag})`, wall, {
          parcelCount: wall.parcelCount,
          landAreaMu: wall.parcelAreaMu,
          lowEfficiencyCount: wall.lowEfficiencyCount,
          lowEfficiencyAreaMu: wall.lowEfficiencyAreaMu,
          idleCount: wall.idleCount,
          landEnterpriseCount: wall.enterpriseCount,
          scaleAboveCount: wall.scaleCount,
          ratedEnterpriseCount: wall.ratedEnterpriseCount,
          appraisedEnterpriseCount: wall.appraisedEnterpriseCount,
          tax: wall.tax,
          ratedLandMu: wall.ratedLandMu,
          taxPerMu: wall.taxPerMu,
          valueAddedPerMu: wall.valueAddedPerMu,
        })
        const area = await get<AreaReport>(`/api/cloudChart/report/area?${q(year, sc.region)}`)
        file(at, `区域统计 (${tag})`, area, {
          parcelCount: area.total.parcelCount,
          landAreaMu: area.total.areaMu,
          lowEfficiencyCount: area.total.lowCount,
          lowEfficiencyAreaMu: area.total.lowAreaMu,
          idleCount: area.total.idleCount,
          landEnterpriseCount: area.total.enterpriseCount,
          scaleAboveCount: area.total.scaleCount,
          ratedEnterpriseCount: area.total.ratedEnterpriseCount,
          tax: area.total.tax,
          ratedLandMu: area.total.ratedLandMu,
          taxPerMu: area.total.taxPerMu,
          valueAddedPerMu: area.total.valueAddedPerMu,
        })
        const low = await get<LowEfficiencyReport>(`/api/cloudChart/report/lowEfficiency?${q(year, sc.region, 'pageSize=1')}`)
        file(at, `低效用地 list (${tag})`, low, {
          lowEfficiencyCount: low.count,
          lowEfficiencyAreaMu: low.areaMu,
          idleCount: low.idleCount,
        })
        const byRegion = await get<IndicatorTable>(`/api/decision/byRegion?${q(year, sc.region)}`)
        file(
          at,
          `决策分析 by region (${tag})`,
          { year: null, figuresYear: byRegion.year },
          {
            ratedEnterpriseCount: byRegion.total.enterpriseCount,
            tax: byRegion.total.tax,
            ratedLandMu: byRegion.total.landMu,
            taxPerMu: byRegion.total.values.taxPerMu,
            valueAddedPerMu: byRegion.total.values.valueAddedPerMu,
          },
        )
      }
      const year = `year=${thisYear}`
      const wallYears = await get<OverviewStats>(`/api/bigData/overview?${q(year, sc.wall)}`)
      const industry = await get<IndustryReport>(`/api/cloudChart/report/industry?${q(year, sc.region)}`)
      file(at, '行业统计', industry, {
        parcelCount: industry.total.parcelCount,
        landAreaMu: industry.total.areaMu,
        landEnterpriseCount: industry.total.enterpriseCount,
        tax: industry.total.tax,
        taxPerMu: industry.total.taxPerMu,
      })
      fileExport(at, '区域统计 export', await xlsxHeadersAndTotal(`/api/cloudChart/report/area/export?${q(year, sc.region)}`), [
        'parcelCount',
        'landAreaMu',
        'lowEfficiencyCount',
        'lowEfficiencyAreaMu',
        'landEnterpriseCount',
        'taxPerMu',
      ])
      fileExport(at, '行业统计 export', await xlsxHeadersAndTotal(`/api/cloudChart/report/industry/export?${q(year, sc.region)}`), [
        'parcelCount',
        'tax',
      ])
      const byIndustry = await get<IndicatorTable>(`/api/decision/byIndustry?${q(year, sc.region)}`)
      file(
        at,
        '决策分析 by industry',
        { year: null, figuresYear: byIndustry.year },
        {
          ratedEnterpriseCount: byIndustry.total.enterpriseCount,
          taxPerMu: byIndustry.total.values.taxPerMu,
        },
      )
      const hy = await get<IndustryMonitor>(`/api/function/monitor/getHyMonitor?${q(year, sc.region)}`)
      file(
        at,
        '运行监测 行业',
        { year: null, figuresYear: hy.year },
        {
          ratedEnterpriseCount: hy.total.enterpriseCount,
          tax: hy.total.tax,
          taxPerMu: hy.total.taxPerMu,
        },
      )
      const decisionTrend = (await get<TrendPoint[]>(`/api/decision/trend?${sc.region}`)).find((t) => t.year === wallYears.figuresYear)
      if (decisionTrend)
        file(
          at,
          '决策分析 trend',
          { year: null, figuresYear: decisionTrend.year },
          {
            ratedEnterpriseCount: decisionTrend.enterpriseCount,
            taxPerMu: decisionTrend.values.taxPerMu,
          },
        )
      const wallTrend = (await get<YearStat[]>(`/api/bigData/trend?${sc.wall}`)).find((t) => t.year === wallYears.figuresYear)
      if (wallTrend)
        file(
          at,
          'wall trend',
          { year: null, figuresYear: wallTrend.year },
          {
            ratedEnterpriseCount: wallTrend.ratedEnterpriseCount,
            tax: wallTrend.tax,
            taxPerMu: wallTrend.taxPerMu,
          },
        )
      const classes = async (by: string) => get<ClassStat[]>(`/api/bigData/classes?${q(year, sc.wall, `by=${by}`)}`)
      const status = await classes('status')
      file(at, 'wall 用地状态', wallYears, {
        parcelCount: sum(status),
        idleCount: status.find((c) => c.key === '闲置')?.count ?? 0,
      })
      file(at, 'wall 规上/规下', wallYears, { landEnterpriseCount: sum(await classes('scale')) })
      file(at, 'wall 评价类别', wallYears, { appraisedEnterpriseCount: sum(await classes('appraisal')) })
      file(at, 'wall 亩均税收分档', wallYears, { ratedEnterpriseCount: sum(await classes('taxBand')) })
      if (sc.parent !== null) {
        const level = sc.level === 'city' ? 'level=city' : `level=county&cityCode=${sc.parent}`
        const row = (await get<GroupStat[]>(`/api/bigData/byRegion?${q(year, level)}`)).find((r) => r.key === sc.code)!
        file(at, 'wall byRegion row', wallYears, {
          parcelCount: row.parcelCount,
          landAreaMu: row.areaMu,
          landEnterpriseCount: row.enterpriseCount,
          taxPerMu: row.taxPerMu,
        })
      }
      const stats = await get<RegionStats>(`/api/cloudChart/statistics?regionCode=${sc.code}`)
      file(
        at,
        '资源云图',
        { year: thisYear, figuresYear: stats.year },
        {
          parcelCount: stats.parcels,
          landAreaMu: stats.areaMu,
          landEnterpriseCount: stats.enterprises,
          tax: stats.tax,
        },
      )
      if (sc.level === 'province') {
        const portal = (
          (await s.app.inject({ method: 'GET', url: '/api/show/overview', headers: { host: 'portal.zj.internal' } })).json() as {
            data: PortalOverview
          }
        ).data
        file(at, 'portal', portal, {
          parcelCount: portal.parcelCount,
          lowEfficiencyCount: portal.lowEfficiencyCount,
          taxPerMu: portal.taxPerMu,
        })
      }
      // the globe's 低效 theme draws today's land of the user's own region
      const globe = await get<GlobeParcelPage>('/api/globe/parcels?bbox=117,26,124,32&zoom=14&limit=60000', sc.token)
      expect(globe.truncated).toBe(false)
      file(at, 'globe 低效用地', { year: thisYear }, { lowEfficiencyCount: globe.parcels.filter((p) => p.lowEfficiency).length })
      // 盘活处置: its own population (盘活处置用地) and, beside it, 低效用地 as the walls count it
      const stock = await get<StockStats>(`/api/stock/stats?${sc.region}`)
      file(at, '盘活处置 overview', stock.lowEfficiency, {
        lowEfficiencyCount: stock.lowEfficiency.count,
        lowEfficiencyAreaMu: stock.lowEfficiency.areaMu,
        idleCount: stock.lowEfficiency.idleCount,
      })
      const lowLand = await get<LowLandFigures>(`/api/stock/lowLand?${sc.region}`)
      file(at, '低效用地 and 疑似 (盘活 pages)', lowLand, {
        lowEfficiencyCount: lowLand.lowEfficiencyCount,
        lowEfficiencyAreaMu: lowLand.lowEfficiencyAreaMu,
        idleCount: lowLand.idleCount,
        suspectedLowCount: lowLand.suspectedLowCount,
        suspectedLowAreaMu: lowLand.suspectedLowAreaMu,
      })
      // 低效用地再开发: the 台账's entries (含销号) and 疑似 as the 台账 list counts them today
      const ledger = await get<LedgerList>(`/api/landInefficient/getLandIneInfo?${q(sc.region, 'page=1', 'pageSize=1')}`)
      const byState = (state: string) => ledger.counts.find((c) => c.state === state)
      file(
        at,
        '台账 list',
        { year: thisYear },
        {
          suspectedLowCount: byState('疑似')?.count ?? 0,
          suspectedLowAreaMu: byState('疑似')?.areaMu ?? 0,
          ledgerCount: ['已认定', '已纳入方案', '实施中', '已完成'].reduce((n, st) => n + (byState(st)?.count ?? 0), 0),
        },
      )
      const overview = await get<RevitalizeOverview>(`/api/revitalize/getOverView?${q(year, sc.region)}`)
      file(at, '盘活概况', overview, { ledgerCount: overview.kpis.ledgerCount })
      // lifecycle projects, today
      const book = await get<Onebook>(`/api/landLifeCycle/onebook?${q(sc.region, 'pageSize=1')}`)
      const timeline = timelineRows(await get<GlobeLifecycleTimeline>('/api/globe/lifecycle', sc.token))
      file(at, '一本账', { year: thisYear }, { projectCount: book.total, overdueCount: book.overdue })
      file(
        at,
        'lifecycle globe',
        { year: thisYear },
        {
          projectCount: timeline.length,
          overdueCount: timeline.filter((p) => p.overdue).length,
        },
      )
    }

    const groups = new Map<string, Answer[]>()
    for (const a of answers) {
      const g = `${a.key} · ${a.scope} · ${a.asOf}`
      groups.set(g, [...(groups.get(g) ?? []), a])
    }
    const disagreeing: string[] = []
    let pairs = 0
    for (const [g, list] of groups)
      for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) {
          pairs++
          if (JSON.stringify(list[i].value) !== JSON.stringify(list[j].value))
            disagreeing.push(`${g}: ${list[i].where} ${JSON.stringify(list[i].value)} ≠ ${list[j].where} ${JSON.stringify(list[j].value)}`)
        }
    const alone = [...groups].filter(([, list]) => list.length < 2).map(([g, list]) => `${g} (${list[0].where})`)
    expect(disagreeing, `${disagreeing.length} disagreeing pairs of ${pairs}`).toEqual([])
    expect(alone, 'every figure is compared on at least two operations').toEqual([])
    // today is what the answers declare for the stock figures: one as-of, 截至今日
    expect(new Set(answers.filter((a) => isStockFigure(a.key)).map((a) => a.asOf))).toEqual(new Set(['截至今日']))
    expect(pairs).toBeGreaterThan(300)
  })
})
