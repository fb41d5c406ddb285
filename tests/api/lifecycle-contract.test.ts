/**
 * 标准地 双合同 written through (docs/domain.md "工业用地全生命周期", issue 29 part 4): 项目签约 records the
 * 投资建设协议 and the 出让合同 with the money in 分 and the 违约金 rule, every bad input refused naming the
 * field with nothing written; 土地供应 sends 供地方式, 出让价款, 约定开工/竣工 and the 乡镇 to audit and the
 * approval writes them to the parcel; a late start opens a 违约 with its 违约金; 项目评价 reads 亩均税收 from
 * the enterprise's yearly figures through the catalogue's formula and a shortfall is a 违约 too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Onebook, ProjectDetail, ProjectRow, SignTowns, YearFigures } from '../../src/domain/contracts/lifecycle-project'
import { startServer, type TestServer } from './harness'
import { todayInProductZone } from '../../src/domain/today'
import { addMonths } from '../../src/domain/lifecycle'
import { addDays, contractFields } from './lifecycle-contract-fields'

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
  one<{ p: number; e: number; s: number; b: number; st: number }>(
    `SELECT (SELECT count(*)::int FROM lifecycle_project) AS p, (SELECT count(*)::int FROM lifecycle_event) AS e,
            (SELECT count(*)::int FROM dc_submission) AS s, (SELECT count(*)::int FROM lifecycle_breach) AS b,
            (SELECT count(*)::int FROM proceeding_step) AS st`,
  )

describe('标准地 双合同 from signing to 项目评价', () => {
  let parcel: { id: number; land_code: string; area_m2: number; county_code: string }
  let town: { code: string; name: string }
  let otherTown: string
  let ent: {
    code: string
    id: number
    year: number
    tax: number
    land_area_m2: number
    value_added: number
    energy: number
    emissions: number
  }
  let project: ProjectRow
  const signed = addMonths(TODAY, -40)
  const fields = contractFields('双合同01', signed, { latePenaltyPermille: 1.5 })
  const startDeadline = fields.startDeadline
  const supplied = addMonths(signed, 1)
  const started = addDays(startDeadline, 45)
  const body = (patch: Record<string, unknown> = {}) => ({
    name: '双合同测试项目',
    creditCode: ent.code,
    parcelId: parcel.id,
    signedDate: signed,
    plannedInvestment: 50000,
    investIntensity: 1,
    committedPlotRatio: 0.5,
    committedTaxPerMu: 1,
    committedEnergyVa: 0,
    committedEmissionVa: 0,
    townCode: town.code,
    ...fields,
    ...patch,
  })

  beforeAll(async () => {
    // land taken back, without a live project or a submission, whose 乡镇 is not known (as drawn land's is not)
    parcel = await one(
      `SELECT p.id, p.land_code, p.area_m2, p.county_code FROM parcel p
       WHERE NOT p.deleted AND p.county_code IS NOT NULL AND p.geom IS NOT NULL AND p.status = '已收回'
         AND EXISTS (SELECT 1 FROM region t WHERE t.parent_code = p.county_code AND t.level = 'town')
         AND NOT EXISTS (SELECT 1 FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted)
         AND NOT EXISTS (SELECT 1 FROM dc_submission d WHERE d.target_id = p.id AND d.kind = 'parcel')
       ORDER BY p.id DESC LIMIT 1`,
    )
    await s.db.query('UPDATE parcel SET town_code = NULL WHERE id = $1', [parcel.id])
    town = await one(`SELECT code, name FROM region WHERE parent_code = $1 AND level = 'town' ORDER BY code DESC LIMIT 1`, [
      parcel.county_code,
    ])
    otherTown = (
      await one<{ code: string }>(`SELECT code FROM region WHERE level = 'town' AND parent_code <> $1 ORDER BY code LIMIT 1`, [
        parcel.county_code,
      ])
    ).code
    // an enterprise with a full year of figures and its own reported land (the 亩均 denominator)
    ent = await one(
      `SELECT e.credit_code AS code, e.id, y.year::int AS year, y.tax, y.land_area_m2, y.value_added, y.energy, y.emissions
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id
       WHERE NOT e.deleted AND y.tax > 0 AND y.land_area_m2 > 0 AND y.value_added > 0 AND y.energy > 0 AND y.emissions > 0
       ORDER BY y.year DESC, e.id LIMIT 1`,
    )
    expect(parcel && town && ent).toBeTruthy()
  })

  it('offers the towns of the land’s county, none located when the land has no 乡镇', async () => {
    const r = await s.get<SignTowns>(`/api/landLifeCycle/signTowns?parcelId=${parcel.id}`, land)
    expect(r.status).toBe(200)
    expect(r.body.data.countyCode).toBe(parcel.county_code)
    expect(r.body.data.located).toBeNull()
    expect(r.body.data.towns.map((t) => t.code)).toContain(town.code)
  })

  it('judges drawn land as the signing does: the county of a point on its surface, not of a corner', async () => {
    // a square whose first corner lies in one county and whose surface mostly in the neighbour's
    const pair = await one<{ x: number; y: number }>(
      `WITH c AS (SELECT code, geom FROM region WHERE level = 'county' AND geom IS NOT NULL ORDER BY code LIMIT 40),
            e AS (SELECT ST_PointOnSurface(ST_Intersection(ST_Boundary(a.geom), ST_Boundary(b.geom))) AS pt
                  FROM c a JOIN c b ON a.code < b.code AND ST_Intersects(a.geom, b.geom) LIMIT 1)
       SELECT ST_X(pt)::float8 AS x, ST_Y(pt)::float8 AS y FROM e`,
    )
    const d = 0.02
    // corners go round a square centred just across the border: the first corner is tested on its own
    const ring = [
      [pair.x - d, pair.y - d],
      [pair.x + d, pair.y - d],
      [pair.x + d, pair.y + d],
      [pair.x - d, pair.y + d],
      [pair.x - d, pair.y - d],
    ]
    const shape = { type: 'Polygon', coordinates: [ring] }
    const signing = await one<{ county: string | null }>(
      `SELECT (SELECT code FROM region WHERE level = 'county' AND geom IS NOT NULL AND ST_Intersects(geom, ST_PointOnSurface(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326)))
               ORDER BY code LIMIT 1) AS county`,
      [JSON.stringify(shape)],
    )
    const r = await s.get<SignTowns>(`/api/landLifeCycle/signTowns?shape=${encodeURIComponent(JSON.stringify(shape))}`, land)
    expect([r.status, r.body.data.countyCode]).toEqual([200, signing.county])
    expect(r.body.data.towns.every((t) => t.code.startsWith(signing.county ?? '-'))).toBe(true)
    // not a polygon: refused naming the field; a self-crossing one: no county, the signing says why
    const bad = await s.get(`/api/landLifeCycle/signTowns?shape=${encodeURIComponent('{"type":"Point"}')}`, land)
    expect([bad.status, bad.body.details?.[0]?.field]).toEqual([400, 'shape'])
    const bow = {
      type: 'Polygon',
      coordinates: [
        [
          [120, 30],
          [120.1, 30.1],
          [120.1, 30],
          [120, 30.1],
          [120, 30],
        ],
      ],
    }
    const crossed = await s.get<SignTowns>(`/api/landLifeCycle/signTowns?shape=${encodeURIComponent(JSON.stringify(bow))}`, land)
    expect([crossed.status, crossed.body.data.countyCode, crossed.body.data.towns]).toEqual([200, null, []])
  })

  it('refuses bad contracts naming the field, with nothing written', async () => {
    const before = await written()
    const post = (patch: Record<string, unknown>) => s.postJson('/api/landLifeCycle/createProject', body(patch), land)
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ supplyPriceYuan: '-1' }, 400, 'supplyPriceYuan', '出让价款 supplyPriceYuan 不能为负数'],
      [{ supplyPriceYuan: '100.123' }, 400, 'supplyPriceYuan', '出让价款 supplyPriceYuan 应为以元为单位、最多两位小数的金额'],
      [{ performanceBondYuan: -5 }, 400, 'performanceBondYuan', '履约保证金 performanceBondYuan 不能为负数'],
      [{ latePenaltyPermille: 11 }, 400, 'latePenaltyPermille', '逾期违约金比例 latePenaltyPermille 不能大于 10‰'],
      [{ taxPenaltyPercent: -1 }, 400, 'taxPenaltyPercent', '亩均税收违约金比例 taxPenaltyPercent 不能为负数'],
      [{ investAgreementNo: '' }, 400, 'investAgreementNo', '投资建设协议编号 investAgreementNo 至少2个字符'],
      [
        { landContractDate: addDays(signed, -1) },
        400,
        'landContractDate',
        `出让合同签订日期 landContractDate 不能早于投资建设协议签订日期（签约日期）${signed}`,
      ],
      [{ startDeadline: signed }, 400, 'startDeadline', `约定开工日期 startDeadline 不能早于出让合同签订日期 ${fields.landContractDate}`],
      [{ completionDeadline: startDeadline }, 400, 'completionDeadline', '约定竣工日期 completionDeadline 应晚于约定开工日期'],
      [{ supplyMethod: '拍卖' }, 400, 'supplyMethod', '供地方式 supplyMethod「拍卖」不在字典「供地方式」中'],
      [{ townCode: undefined }, 400, 'townCode', '规划用地所在位置没有乡镇界线，所在乡镇 townCode 必填（选择项目所在区县的乡镇、街道）'],
      [{ townCode: otherTown }, 422, 'townCode', `所在乡镇 townCode ${otherTown} 不是项目所在区县的乡镇（街道）`],
    ]
    for (const [patch, status, field, message] of cases) {
      const r = await post(patch)
      expect([r.status, r.body.details?.[0]], JSON.stringify(patch)).toEqual([status, { field, message }])
    }
    expect(await written()).toEqual(before)
  })

  it('signs the two contracts, money kept in 分; a contract number is not used twice', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/createProject', body(), land)
    expect(r.status).toBe(200)
    project = r.body.data
    expect(project.contract).toEqual({
      investAgreementNo: fields.investAgreementNo,
      investAgreementDate: signed,
      landContractNo: fields.landContractNo,
      landContractDate: fields.landContractDate,
      supplyMethod: '出让',
      supplyPriceFen: 1_234_567_891,
      performanceBondFen: 123_456_789,
      latePenaltyPermille: 1.5,
      taxPenaltyPercent: 100,
    })
    expect([project.townCode, project.townName]).toEqual([null, null].map((_, i) => (i === 0 ? town.code : town.name)))
    const stored = await one<{ price: string; bond: string }>(
      'SELECT supply_price_fen::text AS price, performance_bond_fen::text AS bond FROM lifecycle_project WHERE id = $1',
      [project.id],
    )
    expect(stored).toEqual({ price: '1234567891', bond: '123456789' })
    // the same 投资建设协议 number on another parcel: 409 naming the field, nothing written
    const other = await one<{ id: number }>(
      `SELECT p.id FROM parcel p WHERE NOT p.deleted AND p.town_code IS NOT NULL AND p.county_code = $1
         AND NOT EXISTS (SELECT 1 FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted AND lp.exit_date IS NULL)
       ORDER BY p.id LIMIT 1`,
      [parcel.county_code],
    )
    const before = await written()
    const dup = await s.postJson(
      '/api/landLifeCycle/createProject',
      body({ parcelId: other.id, townCode: undefined, landContractNo: '330000-测试-另一份' }),
      land,
    )
    expect([dup.status, dup.body.details?.[0]]).toEqual([
      409,
      {
        field: 'investAgreementNo',
        message: `投资建设协议编号 investAgreementNo ${fields.investAgreementNo} 已被项目「双合同测试项目」使用，同类合同编号不能重复`,
      },
    ])
    expect(await written()).toEqual(before)
  })

  it('土地供应 sends 供地方式, 出让价款, 约定开工/竣工 and the 乡镇 to audit; after approval the parcel has them', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/registerStage', { id: project.id, stage: 'tdgy', date: supplied }, land)
    expect(r.status).toBe(200)
    const sub = await one<{ id: number; payload: Record<string, unknown>; town_code: string }>(
      `SELECT id::int, payload, town_code FROM dc_submission WHERE kind = 'parcel' AND target_id = $1 AND state = '待审核'`,
      [parcel.id],
    )
    expect(sub.payload).toMatchObject({
      supply_date: supplied,
      supply_method: '出让',
      supply_price: 1234.567891,
      agreed_start_date: startDeadline,
      agreed_completion_date: fields.completionDeadline,
    })
    expect(sub.town_code).toBe(town.code)
    const before = await one<{ town: string | null }>('SELECT town_code AS town FROM parcel WHERE id = $1', [parcel.id])
    expect(before.town).toBeNull()
    expect((await s.postJson('/api/audit/update/one', { id: sub.id, decision: 'approve' }, auditor)).status).toBe(200)
    const p = await one<Record<string, unknown>>(
      `SELECT supply_method, supply_price, to_char(supply_date, 'YYYY-MM-DD') AS supply_date, to_char(agreed_start_date, 'YYYY-MM-DD') AS agreed_start,
              to_char(agreed_completion_date, 'YYYY-MM-DD') AS agreed_completion, town_code FROM parcel WHERE id = $1`,
      [parcel.id],
    )
    expect(p).toEqual({
      supply_method: '出让',
      supply_price: 1234.567891,
      supply_date: supplied,
      agreed_start: startDeadline,
      agreed_completion: fields.completionDeadline,
      town_code: town.code,
    })
    // the 万元 on the parcel reads back to the very 分 of the contract
    expect(Math.round(Number(p.supply_price) * 1_000_000)).toBe(1_234_567_891)
  })

  it('a late start opens a 违约 with the 违约金 of the signed rule, in the 办理记录', async () => {
    const r = await s.postJson<ProjectRow>('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmkg', date: started }, land)
    expect(r.status).toBe(200)
    // 1 234 567 891 分 × 1.5 ‰ × 45 days, half up at the 分
    const expected = Number((1_234_567_891n * 15n * 45n + 5_000n) / 10_000n)
    expect(expected).toBe(83_333_333)
    expect(r.body.message).toContain(`违约：逾期开工 45 天，违约金 833 333.33 元`)
    const b = await one<{ kind: string; late_days: number; penalty: string; base: string }>(
      'SELECT kind, late_days, penalty_fen::text AS penalty, base_fen::text AS base FROM lifecycle_breach WHERE project_id = $1',
      [project.id],
    )
    expect(b).toEqual({ kind: '逾期开工', late_days: 45, penalty: String(expected), base: '1234567891' })
    const d = (await s.get<ProjectDetail>(`/api/landLifeCycle/project?id=${project.id}`, land)).body.data
    expect(d.breachCount).toBe(1)
    expect(d.breachPenaltyFen).toBe(expected)
    expect(d.breaches[0]).toMatchObject({
      kind: '逾期开工',
      foundDate: started,
      lateDays: 45,
      penaltyFen: expected,
      rule: '每逾期一日按出让价款的 1.5‰ 计',
    })
    expect(d.steps.map((x) => [x.action, x.from, x.to])).toEqual([['违约认定', '项目开工', '违约']])
    expect(d.steps[0].note).toContain('违约金 833 333.33 元')
  })

  it('项目评价 reads 亩均税收 of the enterprise’s year through the catalogue formula; a year without figures is refused', async () => {
    // completed on the agreed day: no 逾期竣工
    const comp = fields.completionDeadline
    for (const [stage, date, extra] of [
      ['sgjs', addDays(started, 10), {}],
      ['jgys', comp, { actuals: { investment: 90000, buildingArea: Math.round(parcel.area_m2), plotRatio: 1 } }],
      ['xmtc', addMonths(TODAY, -2), {}],
    ] as const) {
      const r = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage, date, ...extra }, land)
      expect(r.status, `${stage} ${r.body.message}`).toBe(200)
    }
    // committed above what the enterprise reached, so that the evaluation falls short
    const taxPerMu = ent.tax / (ent.land_area_m2 / MU)
    const committed = Math.ceil(taxPerMu) + 5
    expect((await s.postJson('/api/landLifeCycle/updateProject', { id: project.id, committedTaxPerMu: committed }, land)).status).toBe(200)

    const before = await written()
    const none = await s.postJson('/api/landLifeCycle/registerStage', { id: project.id, stage: 'xmpj', date: TODAY, year: 2001 }, land)
    expect([none.status, none.body.details?.[0].field]).toEqual([422, 'year'])
    expect(none.body.message).toContain('没有 2001 年度的报送数据')
    const typed = await s.postJson(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'xmpj', date: TODAY, year: ent.year, actuals: { tax: 100 } },
      land,
    )
    expect([typed.status, typed.body.details?.[0].field]).toEqual([400, 'actuals.tax'])
    expect(await written()).toEqual(before)

    const preview = (await s.get<YearFigures>(`/api/landLifeCycle/yearFigures?id=${project.id}&year=${ent.year}`, land)).body.data
    expect(preview.reported).toBe(true)
    expect(preview.years).toContain(ent.year)
    expect(preview.figures.find((f) => f.key === 'taxPerMu')!.value).toBe(Math.round(taxPerMu * 100) / 100)

    const r = await s.postJson<ProjectRow>(
      '/api/landLifeCycle/registerStage',
      { id: project.id, stage: 'xmpj', date: TODAY, year: ent.year },
      land,
    )
    expect(r.status).toBe(200)
    const item = r.body.data.evaluation!.items.find((i) => i.key === 'taxPerMu')!
    expect(item.actual).toBe(Math.round(taxPerMu * 100) / 100)
    expect(item.passed).toBe(false)
    expect(item.basis?.year).toBe(ent.year)
    const energy = r.body.data.evaluation!.items.find((i) => i.key === 'energyVa')!
    expect(energy.actual).toBe(Math.round((ent.value_added / ent.energy) * 100) / 100)
    const exact = await one<{ v: number }>('SELECT evaluated_tax_per_mu AS v FROM lifecycle_project WHERE id = $1', [project.id])
    expect(exact.v).toBeCloseTo(taxPerMu, 9)

    // the shortfall: (committed − actual) × 亩 × 100 %, in 分
    const areaMu = parcel.area_m2 / MU
    const penalty = Math.round((committed - exact.v) * areaMu * 10_000 * 100)
    const b = await one<{ penalty: string; committed: number; actual: number }>(
      `SELECT penalty_fen::text AS penalty, committed, actual FROM lifecycle_breach WHERE project_id = $1 AND kind = '亩均税收未达承诺'`,
      [project.id],
    )
    expect(b).toEqual({ penalty: String(penalty), committed, actual: exact.v })

    // 一本账: one judgement, the evaluation, and its 亩均税收 is that same value
    const book = (await s.get<Onebook>(`/api/landLifeCycle/onebook?keyword=${encodeURIComponent('双合同测试项目')}`, land)).body.data
    const row = book.page.list[0]
    expect(row.judgement?.stage).toBe('xmpj')
    expect(row.judgement?.passed).toBe(false)
    expect(row.actualTaxPerMu).toBe(item.actual)
    expect(row.breachCount).toBe(2)
    expect(row.breachPenaltyFen).toBe(83_333_333 + penalty)
  })
})
