/** SQL of the parcel and enterprise detail drawers. */
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'

const PARCEL_COLUMNS = `p.id, p.land_code, p.name, p.land_use_code, p.planning_use_code, p.area_m2, p.plot_ratio,
  p.building_density, p.building_area, p.supply_date, p.supply_method, p.supply_price, p.use_term_years,
  p.agreed_start_date, p.agreed_completion_date, p.actual_start_date, p.actual_completion_date, p.status,
  p.location_desc, p.county_code, (SELECT name FROM region r WHERE r.code = p.county_code) AS county_name,
  p.enterprise_id, ST_AsGeoJSON(p.geom, 7) AS geometry`

const ENTERPRISE_COLUMNS = `e.id, e.credit_code, e.name, e.industry_code, e.scale, e.legal_person, e.established_date,
  e.registered_capital, e.employees, e.address, e.status, e.county_code,
  (SELECT name FROM region r WHERE r.code = e.county_code) AS county_name, ST_X(e.location) AS lng, ST_Y(e.location) AS lat`

/** One parcel in the user's scope, with its geometry as GeoJSON text. */
export async function parcelById(db: Db, id: number, scope: DataScope): Promise<Record<string, unknown> | undefined> {
  const params: unknown[] = [id]
  const r = await db.query(
    `SELECT ${PARCEL_COLUMNS} FROM parcel p WHERE p.id = $1 AND NOT p.deleted AND ${scopeCondition(scope, 'p', params)}`,
    params,
  )
  return r.rows[0]
}

/** One enterprise in the user's scope. */
export async function enterpriseById(db: Db, id: number, scope: DataScope): Promise<Record<string, unknown> | undefined> {
  const params: unknown[] = [id]
  const r = await db.query(
    `SELECT ${ENTERPRISE_COLUMNS} FROM enterprise e WHERE e.id = $1 AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  return r.rows[0]
}

/** The parcels an enterprise uses. */
export async function parcelsOfEnterprise(db: Db, enterpriseId: number): Promise<Record<string, unknown>[]> {
  const r = await db.query(
    `SELECT p.id, p.land_code, p.name, p.area_m2, p.status FROM parcel p WHERE p.enterprise_id = $1 AND NOT p.deleted ORDER BY p.land_code`,
    [enterpriseId],
  )
  return r.rows
}

/** An enterprise's yearly figures, oldest first. */
export async function yearlyOf(db: Db, enterpriseId: number): Promise<Record<string, unknown>[]> {
  const r = await db.query(
    `SELECT year, tax, value_added, revenue, energy, employees, land_area_m2 FROM enterprise_yearly WHERE enterprise_id = $1 ORDER BY year`,
    [enterpriseId],
  )
  return r.rows
}
