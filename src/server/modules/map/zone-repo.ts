/**
 * SQL of the zone toggles (docs/product.md §2.7): the 指界 / 勘测定界 / 竣工 / 建新 shapes of lifecycle projects
 * (lifecycle_zone), scoped by the region of the project's parcel.
 */
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'

/** A parcel and its project's zone shapes (one row per zone; a parcel without zones gives one row with kind null). */
export interface ParcelZoneRow {
  parcel_id: number
  land_code: string
  parcel_name: string
  project: string | null
  kind: string | null
  geometry: string | null
}

/** The zone shapes of one parcel in the scope; empty when the parcel is missing or outside it. */
export async function parcelZoneRows(db: Db, parcelId: number, scope: DataScope): Promise<ParcelZoneRow[]> {
  const params: unknown[] = [parcelId]
  const r = await db.query<ParcelZoneRow>(
    `SELECT t.id AS parcel_id, t.land_code, t.name AS parcel_name, lp.name AS project, z.kind, ST_AsGeoJSON(z.geom, 7) AS geometry
     FROM parcel t
     LEFT JOIN lifecycle_project lp ON lp.parcel_id = t.id AND NOT lp.deleted
     LEFT JOIN lifecycle_zone z ON z.project_id = lp.id
     WHERE t.id = $1 AND NOT t.deleted AND ${scopeCondition(scope, 't', params)}
     ORDER BY lp.id, z.kind`,
    params,
  )
  return r.rows
}

/** Count and extent of each zone kind in the scope. */
export async function zoneExtentRows(
  db: Db,
  scope: DataScope,
): Promise<{ kind: string; n: number; w: number; s: number; e: number; n_: number }[]> {
  const params: unknown[] = []
  const r = await db.query<{ kind: string; n: number; w: number; s: number; e: number; n_: number }>(
    `SELECT z.kind, count(*)::int AS n, ST_XMin(ST_Extent(z.geom)) AS w, ST_YMin(ST_Extent(z.geom)) AS s,
            ST_XMax(ST_Extent(z.geom)) AS e, ST_YMax(ST_Extent(z.geom)) AS n_
     FROM lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id JOIN parcel t ON t.id = lp.parcel_id
     WHERE NOT lp.deleted AND NOT t.deleted AND ${scopeCondition(scope, 't', params)}
     GROUP BY z.kind`,
    params,
  )
  return r.rows
}
