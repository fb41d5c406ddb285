/**
 * 项目签约 on planned land drawn on the map (/api/landLifeCycle/createProject with plannedShape): the
 * shape is checked (closed polygon, area > 0, valid, inside the user's region) with nothing written
 * on a refusal; it becomes the project's 指界 zone and a 草稿 新增 submission of the data centre;
 * 土地供应 gives the 宗地代码 and sends that draft to audit, later stages fold their facts into it,
 * and the auditor's approval creates the parcel and links it to the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Onebook, ProjectDetail, ProjectRow, StageProjects } from '../../src/domain/contracts/lifecycle-project'
import { timelineRows, type GlobeLifecycleProject, type GlobeLifecycleTimeline } from '../../src/domain/contracts/globe'
import { startServer, type TestServer } from './harness'
import { todayInProductZone } from '../../src/domain/today'
import { addMonths } from '../../src/domain/lifecycle'
import { contractFields } from './lifecycle-contract-fields'

const MU = 10000 / 15
const TODAY = todayInProductZone()

let s: TestServer
let land: string
let auditor: string
beforeAll(async () => {
  s = await startServer()
  land = await s.login('land', 'Land@2026')
  auditor = await s.login('auditor', 'Auditor@2026')
})
afterAll(() => s?.close())

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}
const written = () =>
  one<{ p: number; e: number; z: number; s: number }>(
    `SELECT (SELECT count(*)::int FROM lifecycle_project) AS p, (SELECT count(*)::int FROM lifecycle_event) AS e,
            (SELECT count(*)::int FROM lifecycle_zone) AS z, (SELECT count(*)::int FROM dc_submission) AS s`,
  )

/** A square of `half` degrees around a point, as a closed GeoJSON polygon. */
const square = (x: number, y: number, half = 0.001) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x - half, y - half],
      [x + half, y - half],
      [x + half, y + half],
      [x - half, y + half],
      [x - half, y - half],
    ],
  ],
})

describe('planned land drawn at signing', () => {
  let county: { code: string; name: string; x: number; y: number }
  let credit: { code: string; name: string }
  let project: ProjectRow
  const signed = addMonths(TODAY, -6)
  let town: string
  const landCode = () => `${county.code}001001GB09876`
  // the 双合同 of each signing, its numbers made unique by the project's name
  const contract = (name: string) =>
    contractFields(name, signed, { startDeadline: addMonths(signed, 12), completionDeadline: addMonths(signed, 36) })
  const body = (patch: Record<string, unknown> = {}) => ({
    ...contract(String(patch.name ?? '规划用地绘制测试项目')),
    // no town outline is loaded: the 乡镇 is chosen on the form
    townCode: town,
    name: '规划用地绘制测试项目',
    creditCode: credit.code,
    plannedShape: square(county.x, county.y),
    signedDate: signed,
    plannedInvestment: 30000,
    investIntensity: 350,
    committedPlotRatio: 2,
    committedTaxPerMu: 25,
    committedEnergyVa: 2,
    committedEmissionVa: 20,
    ...patch,
  })

  beforeAll(async () => {
    // a point inside a county outline, away from its edge (its inner point), and an enterprise of the master data
    county = await one(
      `SELECT code, name, ST_X(ST_PointOnSurface(geom)) AS x, ST_Y(ST_PointOnSurface(geom)) AS y FROM region
       WHERE level = 'county' AND geom IS NOT NULL AND code LIKE '33%' ORDER BY ST_Area(geom) DESC LIMIT 1`,
    )
    credit = await one(`SELECT credit_code AS code, name FROM enterprise WHERE NOT deleted ORDER BY id LIMIT 1`)
    expect(county.code).toMatch(/^33\d{4}$/)
    town = (
      await one<{ code: string }>(`SELECT code FROM region WHERE parent_code = $1 AND level = 'town' ORDER BY code LIMIT 1`, [county.code])
    ).code
  })

  it('refuses shapes that are not closed, of no area, invalid or outside the region, and a missing or double land, writing nothing', async () => {
    const before = await written()
    const { x, y } = county
    const post = (patch: Record<string, unknown>) => s.postJson('/api/landLifeCycle/createProject', body(patch), land)
    const open = square(x, y)
    open.coordinates[0].pop()
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ plannedShape: open }, 400, 'plannedShape', '规划用地图形 plannedShape 应为闭合多边形：边界的终点须回到起点'],
      [
        {
          plannedShape: {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 0.001, y],
                [x, y],
              ],
            ],
          },
        },
        400,
        'plannedShape',
        '规划用地图形 plannedShape 应为闭合多边形：每条边界至少 3 个拐点并回到起点',
      ],
      [{ plannedShape: { type: 'Point', coordinates: [x, y] } }, 400, 'plannedShape', /GeoJSON 多边形/],
      [
        {
          plannedShape: {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 0.001, y],
                [x + 0.002, y],
                [x, y],
              ],
            ],
          },
        },
        422,
        'plannedShape',
        '规划用地图形 plannedShape 的面积须大于 0（拐点不能共线或重合）',
      ],
      [
        {
          // a lopsided bow tie: the ring crosses itself (its two loops do not cancel out to no area)
          plannedShape: {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 0.002, y + 0.002],
                [x + 0.002, y],
                [x, y + 0.001],
                [x, y],
              ],
            ],
          },
        },
        422,
        'plannedShape',
        /^规划用地图形 plannedShape 图形无效（Self-intersection/,
      ],
      // 北京: in no county of 浙江省
      [{ plannedShape: square(116.4, 39.9) }, 422, 'plannedShape', '规划用地图形 plannedShape 不在浙江省任何区县范围内'],
      [{ plannedShape: undefined }, 400, 'parcelId', '规划用地必填：选择地块 parcelId，或在地图上绘制规划用地图形 plannedShape'],
      [{ parcelId: 1 }, 400, 'plannedShape', '规划用地只能是地块 parcelId 或绘制的图形 plannedShape 之一'],
    ]
    for (const [patch, status, field, message] of cases) {
      const r = await post(patch)
      // the field by its path in the body (plannedShape.coordinates.0 names the ring)
      expect([r.status, r.body.details?.[0]?.field.split('.')[0]], JSON.stringify(patch)).toEqual([status, field])
      if (typeof message === 'string') expect(r.body.details?.[0]?.message).toBe(message)
      else expect(r.body.details?.[0]?.message).toMatch(message)
    }
    expect(await written()).toEqual(before)
  })

  it('signs on the drawn land: a 指界 zone and a draft parcel in the data centre, no parcel yet', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/createProject', body(), land)
    expect([r.status, r.body.message]).toEqual([200, '已签约项目「规划用地绘制测试项目」'])
    project = r.body.data
    const zone = await one<{ m2: number; kind: string }>(
      `SELECT kind, ST_Area(ST_Transform(geom, 4549))::float8 AS m2 FROM lifecycle_zone WHERE project_id = $1`,
      [project.id],
    )
    expect(zone.kind).toBe('指界')
    const sub = await one<{ id: number; state: string; action: string; payload: Record<string, unknown>; county_code: string }>(
      `SELECT id::int, state, action, payload, county_code FROM dc_submission WHERE id = $1`,
      [project.landSubmission!.id],
    )
    expect(project).toMatchObject({
      parcelId: null,
      landCode: null,
      parcelName: '规划用地绘制测试项目',
      countyName: county.name,
      currentStage: 'xmqy',
      landSubmission: { id: sub.id, state: '草稿' },
      areaMu: Math.round((zone.m2 / MU) * 100) / 100,
    })
    expect(project.areaMu).toBeGreaterThan(0)
    expect(sub).toMatchObject({ state: '草稿', action: 'create', county_code: county.code })
    expect(sub.payload).toMatchObject({ name: '规划用地绘制测试项目', land_use_code: '0601', county_code: county.code })
    expect((sub.payload.geom as { type: string }).type).toBe('Polygon')
    // listed on the signing page of the user's region
    const list = (
      await s.get<StageProjects>(`/api/landLifeCycle/projects?stage=tdgy&state=pending&keyword=${encodeURIComponent('规划用地绘制')}`, land)
    ).body.data
    expect(list.page.list.map((p) => [p.id, p.parcelId])).toEqual([[project.id, null]])
  })

  it('土地供应 needs the 宗地代码 and sends the draft to audit with the supply facts; later stages join it', async () => {
    const before = await written()
    const supplied = addMonths(TODAY, -4)
    const none = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'tdgy', date: supplied }, land)
    expect([none.status, none.body.details?.[0]]).toEqual([
      400,
      { field: 'landCode', message: '规划用地尚未入库，土地供应须填写新地块的宗地代码 landCode' },
    ])
    const bad = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'tdgy', date: supplied, landCode: '3301' },
      land,
    )
    expect([bad.status, bad.body.details?.[0]]).toEqual([400, { field: 'landCode', message: '宗地代码 landCode 应为19位' }])
    const early = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmkg', date: supplied }, land)
    expect([early.status, early.body.message]).toEqual([400, '请先登记土地供应，再登记项目开工'])
    expect(await written()).toEqual(before)

    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'tdgy', date: supplied, landCode: landCode().toLowerCase() },
      land,
    )
    expect(r.status).toBe(200)
    const id = project.landSubmission!.id
    expect(r.body.message).toBe(`已登记土地供应，约定开工期限为 ${addMonths(signed, 12)}，地块信息变更已提交数据中心审核（提交 #${id}）`)
    expect(r.body.data.landSubmission).toEqual({ id, state: '待审核' })
    const sub = await one<{ payload: Record<string, unknown> }>(`SELECT payload FROM dc_submission WHERE id = $1`, [id])
    expect(sub.payload).toMatchObject({
      land_code: landCode(),
      status: '已供未建',
      supply_date: supplied,
      owner_credit_code: credit.code,
      land_use_code: '0601',
      // what the 出让合同 says of the land
      supply_method: '出让',
      supply_price: 1234.567891,
      agreed_start_date: addMonths(signed, 12),
      agreed_completion_date: addMonths(signed, 36),
    })
    expect(await one<{ n: number }>(`SELECT count(*)::int AS n FROM parcel WHERE land_code = $1`, [landCode()])).toEqual({ n: 0 })

    // 开工 folds its facts into the same pending 新增
    const started = addMonths(TODAY, -1)
    const st = await s.postJson<ProjectRow>('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmkg', date: started }, land)
    expect(st.status).toBe(200)
    expect(st.body.message).toContain(`（提交 #${id}）`)
    const folded = await one<{ payload: Record<string, unknown>; n: number }>(
      `SELECT payload, (SELECT count(*)::int FROM dc_submission WHERE created_by = d.created_by AND payload->>'land_code' = $2) AS n
       FROM dc_submission d WHERE id = $1`,
      [id, landCode()],
    )
    expect(folded.payload).toMatchObject({ status: '在建', actual_start_date: started, supply_date: supplied })
    expect(folded.n).toBe(1)
  })

  it('the approval creates the parcel and links it to the project', async () => {
    const id = project.landSubmission!.id
    const ok = await s.postJson<{ recordId: number }>('/api/audit/update/one', { id, decision: 'approve' }, auditor)
    expect(ok.status).toBe(200)
    const parcel = await one<{ id: number; status: string; supply_date: string; county_code: string; owner: string; area_m2: number }>(
      `SELECT p.id, p.status, to_char(p.supply_date, 'YYYY-MM-DD') AS supply_date, p.county_code, e.credit_code AS owner, p.area_m2,
              p.town_code, p.supply_method, p.supply_price, to_char(p.agreed_start_date, 'YYYY-MM-DD') AS agreed_start
       FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id WHERE p.land_code = $1`,
      [landCode()],
    )
    // the 出让合同's facts and the 乡镇 chosen at signing (never 未落到下级区划)
    expect(parcel).toMatchObject({
      status: '在建',
      supply_date: addMonths(TODAY, -4),
      county_code: county.code,
      owner: credit.code,
      town_code: town,
      supply_method: '出让',
      supply_price: 1234.567891,
      agreed_start: addMonths(signed, 12),
    })
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    expect(d).toMatchObject({ parcelId: parcel.id, landCode: landCode(), landSubmission: { id, state: '已通过' } })
    expect(d.areaMu).toBe(Math.round((parcel.area_m2 / MU) * 100) / 100)
    expect(d.events.map((e) => [e.stage, e.submission?.state ?? null])).toEqual([
      ['xmqy', null],
      ['tdgy', '已通过'],
      ['xmkg', '已通过'],
    ])
    // the bad input not covered elsewhere: a stage dated before the previous one, actual figures where
    // the stage takes none or of no known item, commitments out of range and crossed deadlines on an edit
    const before = await written()
    const started = d.dates.xmkg!
    const cases: [string, Record<string, unknown>, number, { field: string; message: string }][] = [
      [
        '/api/landLifeCycle/registerStage',
        { id: project.id, stage: 'sgjs', date: addMonths(started, -1) },
        400,
        { field: 'date', message: `施工建设日期不能早于项目开工日期 ${started}` },
      ],
      [
        '/api/landLifeCycle/registerStage',
        { id: project.id, stage: 'sgjs', date: TODAY, actuals: { plotRatio: 1.2 } },
        400,
        { field: 'actuals.plotRatio', message: '施工建设不登记实际指标（actuals.plotRatio），实际指标在竣工验收时填写' },
      ],
      [
        '/api/landLifeCycle/registerStage',
        { id: project.id, stage: 'sgjs', date: TODAY, actuals: { output: 5 } },
        400,
        expect.objectContaining({ field: 'actuals' }),
      ],
      [
        '/api/landLifeCycle/updateProject',
        { id: project.id, committedPlotRatio: 12 },
        400,
        { field: 'committedPlotRatio', message: '容积率 committedPlotRatio 不能大于 10' },
      ],
      [
        '/api/landLifeCycle/updateProject',
        { id: project.id, committedTaxPerMu: -3 },
        400,
        { field: 'committedTaxPerMu', message: '亩均税收 committedTaxPerMu 不能为负数' },
      ],
      [
        '/api/landLifeCycle/updateProject',
        { id: project.id, completionDeadline: addMonths(signed, 1), startDeadline: addMonths(signed, 2) },
        400,
        { field: 'completionDeadline', message: '约定竣工期限 completionDeadline 不能早于约定开工期限' },
      ],
    ]
    for (const [path, b, status, detail] of cases) {
      const r = await s.postJson(path, b, land)
      expect([r.status, r.body.details?.[0]], JSON.stringify(b)).toEqual([status, detail])
    }
    expect(await written()).toEqual(before)
    // with a parcel, a 宗地代码 is refused
    const code = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'sgjs', date: TODAY, landCode: landCode() },
      land,
    )
    expect([code.status, code.body.details?.[0]]).toEqual([
      400,
      { field: 'landCode', message: `宗地代码 landCode 只在规划用地尚未入库时的土地供应填写，该项目的地块为 ${landCode()}` },
    ])
  })

  it('planned land past its agreed start deadline is 逾期, the same count on 一本账, the globe and the wall', async () => {
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/createProject',
      body({ name: '规划用地逾期测试项目', plannedShape: square(county.x + 0.004, county.y + 0.004), startDeadline: addMonths(TODAY, -1) }),
      land,
    )
    expect(r.status).toBe(200)
    expect([r.body.data.parcelId, r.body.data.overdue, r.body.data.overdueDays]).toEqual([
      null,
      true,
      Math.round((Date.parse(TODAY) - Date.parse(addMonths(TODAY, -1))) / 86_400_000),
    ])
    const book = (await s.get<Onebook>('/api/landLifeCycle/onebook?pageSize=1', land)).body.data
    const wall = (await s.get<{ overdueCount: number; projectCount: number }>('/api/bigData/lifecycleToday', land)).body.data
    const globe = timelineRows((await s.get<GlobeLifecycleTimeline>('/api/globe/lifecycle', land)).body.data)
    const sql = await one<{ n: number; all: number }>(
      `SELECT count(*) FILTER (WHERE exit_date IS NULL AND ((start_date IS NULL AND start_deadline < current_date)
                 OR (completion_date IS NULL AND completion_deadline < current_date)))::int AS n, count(*)::int AS all
       FROM lifecycle_project lp WHERE NOT deleted AND (parcel_id IS NULL OR EXISTS (SELECT 1 FROM parcel p WHERE p.id = lp.parcel_id AND NOT p.deleted))`,
    )
    expect([book.overdue, wall.overdueCount, globe.filter((p) => p.overdue).length]).toEqual([sql.n, sql.n, sql.n])
    expect([book.total, wall.projectCount, globe.length]).toEqual([sql.all, sql.all, sql.all])
    expect(globe.find((p) => p.id === r.body.data.id)?.overdue).toBe(true)
    const onGlobe = (await s.get<GlobeLifecycleProject>(`/api/globe/lifecycle/${r.body.data.id}`, land)).body.data
    expect(onGlobe).toMatchObject({ parcelId: null, landCode: null, overdue: true })
  })

  it('where counties have no imported outline (the default start), the county is the nearest seat in the city and the shape must lie in the city', async () => {
    // the default start ships city outlines and county seats only: take the outlines of one city's counties away
    const city = await one<{ code: string; name: string }>(
      `SELECT c.code, c.name FROM region c WHERE c.level = 'city' AND c.geom IS NOT NULL AND c.code LIKE '33%'
         AND (SELECT count(*) FROM region k WHERE k.parent_code = c.code AND k.level = 'county' AND k.center IS NOT NULL
                AND ST_Intersects(c.geom, k.center)) >= 2
       ORDER BY c.code LIMIT 1`,
    )
    await s.db.query(`UPDATE region SET geom = NULL WHERE parent_code = $1 AND level = 'county'`, [city.code])
    const seat = await one<{ code: string; name: string; x: number; y: number }>(
      `SELECT k.code, k.name, ST_X(k.center) AS x, ST_Y(k.center) AS y FROM region k JOIN region c ON c.code = k.parent_code
       WHERE k.parent_code = $1 AND k.level = 'county' AND ST_Intersects(c.geom, ST_Buffer(k.center, 0.01)) ORDER BY k.code LIMIT 1`,
      [city.code],
    )
    // across the city's edge: refused naming the city, nothing written (for the whole province — the super user — the
    // shape must lie in the county it falls in, judged by its city while the county has no outline)
    const before = await written()
    const admin = await s.login('admin', 'Admin@2026')
    const wide = await s.postJson(
      '/api/landLifeCycle/createProject',
      body({ name: '跨市规划用地', plannedShape: square(seat.x, seat.y, 1.5) }),
      admin,
    )
    expect([wide.status, wide.body.details?.[0]]).toEqual([
      422,
      { field: 'plannedShape', message: `规划用地图形 plannedShape 须整体位于${city.name}范围内` },
    ])
    expect(await written()).toEqual(before)
    // beside the seat: signed, its draft parcel in that county
    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/createProject',
      body({
        name: '无区县边界的规划用地',
        plannedShape: square(seat.x + 0.002, seat.y + 0.002),
        townCode: (
          await one<{ code: string }>(`SELECT code FROM region WHERE parent_code = $1 AND level = 'town' ORDER BY code LIMIT 1`, [
            seat.code,
          ])
        ).code,
      }),
      land,
    )
    expect(r.status).toBe(200)
    const sub = await one<{ county_code: string }>(`SELECT county_code FROM dc_submission WHERE id = $1`, [r.body.data.landSubmission!.id])
    expect([sub.county_code, r.body.data.countyName]).toEqual([seat.code, seat.name])
  })
})
