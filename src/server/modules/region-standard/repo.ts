/** SQL of 区域标准 (region_standard). */
import type { RegionStandardView } from '../../../domain/contracts/admin-region-standard'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface Row {
  id: number
  region_code: string
  region_name: string
  region_level: string
  year: number
  tax_per_mu: number | null
  value_added_per_mu: number | null
  revenue_per_mu: number | null
  plot_ratio: number | null
  building_density: number | null
  investment_intensity: number | null
  labor_productivity: number | null
  energy_value_added: number | null
  remark: string
  updated_by: string
  updated_at: Date
}

/** camelCase field → column, for the eight figures. */
export const FIGURE_COLUMNS = {
  taxPerMu: 'tax_per_mu',
  valueAddedPerMu: 'value_added_per_mu',
  revenuePerMu: 'revenue_per_mu',
  plotRatio: 'plot_ratio',
  buildingDensity: 'building_density',
  investmentIntensity: 'investment_intensity',
  laborProductivity: 'labor_productivity',
  energyValueAdded: 'energy_value_added',
} as const
export type Figures = { [K in keyof typeof FIGURE_COLUMNS]?: number | null }

const SELECT = `s.id, s.region_code, r.name AS region_name, r.level AS region_level, s.year, ${Object.values(FIGURE_COLUMNS)
  .map((c) => `s.${c}`)
  .join(', ')},
  s.remark, s.updated_by, s.updated_at`
const FROM = 'region_standard s JOIN region r ON r.code = s.region_code'

const view = (r: Row): RegionStandardView => ({
  id: r.id,
  regionCode: r.region_code,
  regionName: r.region_name,
  regionLevel: r.region_level,
  year: r.year,
  taxPerMu: r.tax_per_mu,
  valueAddedPerMu: r.value_added_per_mu,
  revenuePerMu: r.revenue_per_mu,
  plotRatio: r.plot_ratio,
  buildingDensity: r.building_density,
  investmentIntensity: r.investment_intensity,
  laborProductivity: r.labor_productivity,
  energyValueAdded: r.energy_value_added,
  remark: r.remark,
  updatedBy: r.updated_by,
  updatedAt: iso(r.updated_at) as string,
})

/** Benchmarks of a region and everything below it (or all), by year. */
export async function listStandards(db: Db, f: { regionCode?: string; year?: number }, args: PageArgs): Promise<Page<RegionStandardView>> {
  const where = new Where().addIf(f.year, 's.year = ?')
  if (f.regionCode) {
    where.add(
      `s.region_code IN (WITH RECURSIVE t AS (SELECT code FROM region WHERE code = ? UNION ALL SELECT c.code FROM region c JOIN t ON c.parent_code = t.code) SELECT code FROM t)`,
      f.regionCode,
    )
  }
  const order = orderBy(args, { year: 's.year', regionCode: 's.region_code' }, 's.year DESC, s.region_code')
  return queryPage(db, { select: SELECT, from: FROM, where, order }, args, view)
}

export async function getStandard(db: Db, id: number): Promise<RegionStandardView | undefined> {
  const r = await db.query<Row>(`SELECT ${SELECT} FROM ${FROM} WHERE s.id = $1`, [id])
  return r.rows[0] && view(r.rows[0])
}

export async function findByRegionYear(db: Db, regionCode: string, year: number, exceptId = 0): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM region_standard WHERE region_code = $1 AND year = $2 AND id <> $3', [regionCode, year, exceptId])).rows
      .length > 0
  )
}

const figureValues = (f: Figures) => Object.keys(FIGURE_COLUMNS).map((k) => f[k as keyof Figures] ?? null)

export async function insertStandard(
  db: Db,
  s: { regionCode: string; year: number; remark: string; by: string } & Figures,
): Promise<number> {
  const cols = Object.values(FIGURE_COLUMNS)
  const r = await db.query<{ id: number }>(
    `INSERT INTO region_standard(region_code, year, remark, updated_by, ${cols.join(', ')})
     VALUES ($1, $2, $3, $4, ${cols.map((_, i) => `$${i + 5}`).join(', ')}) RETURNING id`,
    [s.regionCode, s.year, s.remark, s.by, ...figureValues(s)],
  )
  return r.rows[0].id
}

export async function updateStandard(
  db: Db,
  id: number,
  s: { regionCode: string; year: number; remark: string; by: string } & Figures,
): Promise<void> {
  const cols = Object.values(FIGURE_COLUMNS)
  await db.query(
    `UPDATE region_standard SET region_code = $2, year = $3, remark = $4, updated_by = $5, updated_at = now(),
       ${cols.map((c, i) => `${c} = $${i + 6}`).join(', ')} WHERE id = $1`,
    [id, s.regionCode, s.year, s.remark, s.by, ...figureValues(s)],
  )
}

export async function deleteStandard(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM region_standard WHERE id = $1', [id])
}
