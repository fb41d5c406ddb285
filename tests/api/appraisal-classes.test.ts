/**
 * 亩均效益评价 classes of the seeded demo (docs/domain.md "亩均效益评价"), on this run's engine: the view's
 * classes equal the docs/domain.md quota rules recomputed here from the raw figures, and the seeded
 * distribution is plausible — not a third of the enterprises in D.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

const M2_PER_MU = 10000 / 15
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s?.close())

type Cls = 'A' | 'B' | 'C' | 'D'

/** The docs/domain.md rules in plain TypeScript, from the base tables (not from the view). */
async function expectedClasses(): Promise<Map<number, Cls>> {
  const latest = (await s.db.query<{ year: number }>('SELECT max(year)::int AS year FROM enterprise_yearly')).rows[0].year
  const rows = (
    await s.db.query<{ id: number; county: string; tax: number | null; revenue: number | null; land: number | null }>(
      `SELECT e.id, e.county_code AS county, y.tax::float8 AS tax, y.revenue::float8 AS revenue, y.land_area_m2::float8 AS land
       FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 WHERE NOT e.deleted`,
      [latest],
    )
  ).rows
  const parcels = (
    await s.db.query<{ enterprise_id: number; area_m2: number; status: string; deleted: boolean }>(
      'SELECT enterprise_id, area_m2::float8 AS area_m2, status, deleted FROM parcel WHERE enterprise_id IS NOT NULL',
    )
  ).rows
  const held = new Map<number, number>()
  for (const p of parcels) if (!p.deleted && p.status !== '已收回') held.set(p.enterprise_id, (held.get(p.enterprise_id) ?? 0) + p.area_m2)
  // scope: in production (营业收入 > 0) and holding at least 3 亩
  const inScope = rows
    .filter((r) => r.tax !== null && (r.revenue ?? 0) > 0 && (held.get(r.id) ?? 0) >= 3 * M2_PER_MU)
    .map((r) => ({ ...r, perMu: r.tax! / ((r.land ?? held.get(r.id)!) / M2_PER_MU) }))
  const byCounty = new Map<string, typeof inScope>()
  for (const r of inScope) byCounty.set(r.county, [...(byCounty.get(r.county) ?? []), r])
  const out = new Map<number, Cls>()
  // half away from zero, as SQL's round(numeric)
  const round = (x: number) => Math.floor(x + 0.5)
  for (const list of byCounty.values()) {
    list.sort((a, b) => b.perMu - a.perMu || a.id - b.id)
    const n = list.length
    list.forEach((r, i) => {
      const rank = i + 1
      out.set(r.id, r.perMu < 1 || rank > n - round(n * 0.05) ? 'D' : rank <= round(n * 0.2) ? 'A' : rank <= round(n * 0.6) ? 'B' : 'C')
    })
  }
  return out
}

describe('enterprise_appraisal', () => {
  it('classes every enterprise in scope by the docs/domain.md quotas: A top 20 %, D bottom 5 % and under 1 万元/亩', async () => {
    const want = await expectedClasses()
    const got = (await s.db.query<{ enterprise_id: number; class: Cls }>('SELECT enterprise_id, class FROM enterprise_appraisal')).rows
    expect(got.length).toBe(want.size)
    expect(want.size).toBeGreaterThan(100)
    const wrong = got.filter((r) => want.get(r.enterprise_id) !== r.class)
    expect(wrong).toEqual([])
  })

  it('never makes a county’s only or second enterprise D or A by rank alone', async () => {
    const r = await s.db.query<{ n: number; cls: Cls; under1: boolean }>(
      `SELECT count(*) OVER (PARTITION BY e.county_code)::int AS n, a.class AS cls, a.tax_per_mu < 1 AS under1
       FROM enterprise_appraisal a JOIN enterprise e ON e.id = a.enterprise_id`,
    )
    const small = r.rows.filter((x) => x.n <= 2)
    expect(small.length).toBeGreaterThan(0)
    expect(small.filter((x) => x.cls === 'A')).toEqual([])
    expect(small.filter((x) => x.cls === 'D' && !x.under1)).toEqual([])
  })

  it('comes out plausible in the seeded demo: A 15–25 %, B 35–45 %, C 20–30 %, D 10–16 %', async () => {
    const r = await s.db.query<{ class: Cls; n: number }>('SELECT class, count(*)::int AS n FROM enterprise_appraisal GROUP BY class')
    const total = r.rows.reduce((sum, x) => sum + x.n, 0)
    const share = Object.fromEntries(r.rows.map((x) => [x.class, (100 * x.n) / total])) as Record<Cls, number>
    expect(share.A).toBeGreaterThanOrEqual(15)
    expect(share.A).toBeLessThanOrEqual(25)
    expect(share.B).toBeGreaterThanOrEqual(35)
    expect(share.B).toBeLessThanOrEqual(45)
    expect(share.C).toBeGreaterThanOrEqual(20)
    expect(share.C).toBeLessThanOrEqual(30)
    expect(share.D).toBeGreaterThanOrEqual(10)
    // D also takes every enterprise under 1 万元/亩 beyond the quota, so its share moves with the land of the year
    expect(share.D).toBeLessThanOrEqual(16)
  })
})
