/**
 * 低效用地评价 (/api/modes/*, /api/inefficient/*): models refused when their weights do not add
 * up, a run scoring every parcel of the scope as independent SQL scores it, the abstract and the
 * shapes agreeing with the results, the data scope and the export.
 */
import ExcelJS from 'exceljs'
import { figureHeader } from '../../src/server/figures/values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  EvaluationAbstract,
  EvaluationModel,
  EvaluationRun,
  FlaggedShapes,
  ResultList,
} from '../../src/domain/contracts/land-evaluation'
import { score } from '../../src/server/modules/land-evaluation/service'
import { makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'

let s: TestServer
let land: string
let year: number
let model: EvaluationModel
beforeAll(async () => {
  s = await startServer()
  land = await s.login('land', 'Land@2026')
  year = (await one<{ y: number }>('SELECT max(year)::int AS y FROM enterprise_yearly')).y
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

describe('评价模型', () => {
  it('offers the default model of five indicators worth 100', async () => {
    const list = (await s.get<EvaluationModel[]>('/api/modes/GetModeList', land)).body.data
    expect(list.map((m) => m.name)).toEqual(['低效用地认定模型（默认）'])
    model = list[0]
    expect(model.items.reduce((t, i) => t + i.weight, 0)).toBe(100)
    expect(model).toMatchObject({ passScore: 60, runCount: 0, updatedBy: '系统' })
  })

  it('refuses weights that do not add up to 100, an unknown indicator and a taken name, writing nothing', async () => {
    const items = [
      { indicator: 'plotRatio', operator: '<', threshold: 1, weight: 50 },
      { indicator: 'idleYears', operator: '>=', threshold: 2, weight: 40 },
    ]
    const ninety = await s.postJson('/api/modes/SaveMode', { name: '两项模型', passScore: 50, items }, land)
    expect([ninety.status, ninety.body.details]).toEqual([400, [{ field: 'items', message: '各项指标的权重之和应为100' }]])
    const unknown = await s.postJson(
      '/api/modes/SaveMode',
      { name: '两项模型', passScore: 50, items: [{ ...items[0], indicator: 'x', weight: 100 }] },
      land,
    )
    expect([unknown.status, unknown.body.details?.[0].field]).toEqual([400, 'items.0.indicator'])
    const dup = await s.postJson(
      '/api/modes/SaveMode',
      { name: '低效用地认定模型（默认）', passScore: 50, items: [{ ...items[0], weight: 100 }] },
      land,
    )
    expect([dup.status, dup.body.message]).toEqual([409, '已有名为“低效用地认定模型（默认）”的评价模型，请换一个名称'])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM evaluation_model')).n).toBe(1)
    const saved = await s.postJson<EvaluationModel>(
      '/api/modes/SaveMode',
      { name: '两项模型', passScore: 50, items: [items[0], { ...items[1], weight: 50 }] },
      land,
    )
    expect([saved.status, saved.body.data.updatedBy]).toEqual([200, '陈土地'])
  })
})

describe('评价', () => {
  let run: EvaluationRun
  it('scores every parcel of the province as the model says, storing each result', async () => {
    const r = await s.postJson<EvaluationRun>('/api/inefficient/run', { modelId: model.id, year }, land)
    expect(r.status).toBe(200)
    run = r.body.data
    // the land in the books at the end of the year (catalogue 口径): supplied by then, not recovered by then
    const END = `make_date(${year}, 12, 31)`
    const inBooks = (a: string) => `NOT ${a}.deleted AND (${a}.supply_date IS NULL OR ${a}.supply_date <= ${END})
      AND NOT (${a}.status = '已收回' AND (${a}.recovered_date IS NULL OR ${a}.recovered_date <= ${END}))`
    const parcels = await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel p WHERE ${inBooks('p')}`)
    expect(run).toMatchObject({ modelName: '低效用地认定模型（默认）', year, passScore: 60, parcelCount: parcels.n, runBy: '陈土地' })
    expect(r.body.message).toBe(`已评价 ${parcels.n} 宗地块，疑似低效 ${run.flaggedCount} 宗`)
    // the flagged count from SQL written here: the same five conditions and weights
    const built = `(p.status <> '已供未建' AND p.actual_start_date <= LEAST(current_date, ${END}))`
    const x = await one<{ n: number }>(
      `WITH f AS (
         SELECT p.id,
                -- unbuilt land (not started by then) is judged by the 闲置 rules, never by a 容积率 or 建筑密度 of 0 (issue 16)
                CASE WHEN ${built} THEN p.plot_ratio END AS plot_ratio, CASE WHEN ${built} THEN p.building_density END AS building_density,
                y.tax / NULLIF(COALESCE(y.land_area_m2, (SELECT sum(area_m2) FROM parcel q WHERE q.enterprise_id = e.id AND ${inBooks('q')})) / (10000.0 / 15), 0) AS tpm,
                CASE WHEN (p.actual_start_date IS NULL OR p.actual_start_date > LEAST(current_date, ${END})) AND p.agreed_start_date < LEAST(current_date, ${END})
                     THEN (LEAST(current_date, ${END}) - p.agreed_start_date) / 365.25 ELSE 0 END AS idle,
                e.status IN ('停产', '半停产') AS stopped
         FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
         WHERE ${inBooks('p')})
       SELECT count(*)::int AS n FROM f WHERE
         (CASE WHEN round(plot_ratio::numeric, 2) < 1.0 THEN 25 ELSE 0 END + CASE WHEN round(building_density::numeric, 1) < 30 THEN 15 ELSE 0 END
          + CASE WHEN round(tpm::numeric, 2) < 5 THEN 20 ELSE 0 END + CASE WHEN round(idle::numeric, 2) >= 1 THEN 25 ELSE 0 END + CASE WHEN stopped THEN 15 ELSE 0 END) >= 60`,
      [year],
    )
    expect(run.flaggedCount).toBe(x.n)
    expect(run.flaggedCount).toBeGreaterThan(0)
    // no unbuilt parcel short of its agreed start (or a year past it) is 疑似低效: 0 容积率 and 0 建筑密度 are not counted
    const unbuilt = await one<{ all: number; flagged: number; ratio_hits: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE er.flagged)::int AS flagged,
              count(*) FILTER (WHERE 0 = ANY(er.hits) OR 1 = ANY(er.hits))::int AS ratio_hits
       FROM evaluation_result er JOIN parcel p ON p.id = er.parcel_id
       WHERE er.run_id = $1 AND NOT ${built} AND (p.agreed_start_date IS NULL OR p.agreed_start_date > LEAST(current_date, ${END}) - 365)`,
      [run.id],
    )
    expect(unbuilt.all).toBeGreaterThan(0)
    expect([unbuilt.flagged, unbuilt.ratio_hits]).toEqual([0, 0])
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM evaluation_result WHERE run_id = $1', [run.id])).n).toBe(parcels.n)
  })

  it('lists the flagged results highest first, each hit worth its weight', async () => {
    const r = (await s.get<ResultList>(`/api/inefficient/results?runId=${run.id}&flagged=true&pageSize=500`, land)).body.data
    expect(r.page.total).toBe(run.flaggedCount)
    const scores = r.page.list.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    for (const x of r.page.list) {
      expect(x.score).toBe(x.hits.reduce((t, i) => t + model.items[i].weight, 0))
      expect(x.score).toBeGreaterThanOrEqual(60)
    }
    const idle = (await s.get<ResultList>(`/api/inefficient/results?runId=${run.id}&indicator=idleYears`, land)).body.data
    const idleIndex = model.items.findIndex((i) => i.indicator === 'idleYears')
    const n = await one<{ n: number }>('SELECT count(*)::int AS n FROM evaluation_result WHERE run_id = $1 AND $2 = ANY(hits)', [
      run.id,
      idleIndex,
    ])
    expect(idle.page.total).toBe(n.n)
  })

  it('sums the abstract from the results, and draws every flagged parcel', async () => {
    const a = (await s.get<EvaluationAbstract>('/api/inefficient/abstract', land)).body.data
    expect(a.run?.id).toBe(run.id)
    expect(a.byCounty.reduce((t, c) => t + c.flaggedCount, 0)).toBe(run.flaggedCount)
    expect(a.scoreBands.reduce((t, b) => t + b.count, 0)).toBe(run.parcelCount)
    expect(a.flaggedListed + a.flaggedNew).toBe(run.flaggedCount)
    const listed = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM evaluation_result er JOIN parcel p ON p.id = er.parcel_id WHERE er.run_id = $1 AND er.flagged AND p.status IN ('低效', '闲置')`,
      [run.id],
    )
    expect(a.flaggedListed).toBe(listed.n)
    const shapes = (await s.get<FlaggedShapes>(`/api/inefficient/shapes?runId=${run.id}`, land)).body.data
    expect(shapes.total).toBe(run.flaggedCount)
    expect(shapes.features).toHaveLength(Math.min(5000, run.flaggedCount))
    expect(shapes.features[0].geometry).toMatchObject({ type: 'MultiPolygon' })
  })

  it('exports the flagged results with the hits in words', async () => {
    const res = await fetch(`${s.base}/api/inefficient/results/export?runId=${run.id}&flagged=true`, {
      headers: { Authorization: `Bearer ${land}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.rowCount).toBe(run.flaggedCount + 1)
    expect(String(sheet.getRow(2).getCell(9).value)).toMatch(/（\d+分）/)
    // the area column carries its 口径 from the figures catalogue, read on hover
    expect(sheet.getRow(1).getCell(5).value).toBe('面积（亩）')
    const note = sheet.getRow(1).getCell(5).note
    expect(typeof note === 'string' ? note : note?.texts?.map((t) => t.text).join('')).toBe(figureHeader('landAreaMu').note)
  })

  it('keeps a county user to the county: runs there cover its parcels, the province’s run is not theirs', async () => {
    const county = await one<{ code: string; n: number }>(
      `SELECT county_code AS code, count(*)::int AS n FROM parcel WHERE NOT deleted AND status <> '已收回' AND county_code IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    )
    const role = (
      await s.db.query<{ id: number }>(
        `SELECT ur.role_id AS id FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE u.username = 'land'`,
      )
    ).rows[0].id
    const { token } = await makeUser(s, await s.login('admin', 'Admin@2026'), {
      username: 'evaluation_county',
      regionCode: county.code,
      roleIds: [role],
    })
    expect((await s.get(`/api/inefficient/results?runId=${run.id}`, token)).status).toBe(404)
    const mine = (await s.postJson<EvaluationRun>('/api/inefficient/run', { modelId: model.id, year }, token)).body.data
    expect(mine.parcelCount).toBe(county.n)
    expect((await s.get<EvaluationRun[]>('/api/inefficient/runs', token)).body.data.map((r) => r.id)).toEqual([mine.id])
    // the province user sees both
    expect((await s.get<EvaluationRun[]>('/api/inefficient/runs', land)).body.data.map((r) => r.id)).toEqual([mine.id, run.id])
  })

  it('scores a parcel with unknown figures as meeting none of their conditions', () => {
    const p = {
      id: 1,
      area_m2: 1000,
      plot_ratio: null,
      density: null,
      tax_per_mu: null,
      value_added_per_mu: null,
      idle_years: 0,
      stopped: 0,
      closed_date: null,
    }
    expect(score(p, model.items, 60, 2025)).toMatchObject({ score: 0, flagged: false, hits: [] })
    expect(score({ ...p, plot_ratio: 0.5, idle_years: 2, stopped: 1 }, model.items, 60, 2025)).toMatchObject({ score: 65, flagged: true })
  })

  it('scores a parcel 销号 in or after the run’s year but does not flag it; a year that began after the 销号 flags it again', () => {
    const low = { id: 1, area_m2: 1000, plot_ratio: 0.5, density: 20, tax_per_mu: 1, value_added_per_mu: 5, idle_years: 2, stopped: 1 }
    expect(score({ ...low, closed_date: '2026-03-01' }, model.items, 60, 2025)).toMatchObject({
      score: 100,
      flagged: false,
      closedDate: '2026-03-01',
    })
    // the figures of the 销号's own year cannot judge it either; a year that began after it can
    expect(score({ ...low, closed_date: '2025-01-01' }, model.items, 60, 2025)).toMatchObject({ flagged: false })
    expect(score({ ...low, closed_date: '2024-12-31' }, model.items, 60, 2025)).toMatchObject({ flagged: true, closedDate: null })
    expect(score({ ...low, closed_date: '2026-03-01' }, model.items, 60, 2027)).toMatchObject({ flagged: true, closedDate: null })
  })
})
