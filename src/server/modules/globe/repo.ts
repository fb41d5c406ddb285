/** SQL of the globe's read-only API: parcels by box, one parcel, regions, search, lifecycle. */
import type { Db } from '../../db/engine'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import { landScopeCondition } from '../lifecycle-project/repo'

/** Stage date columns of lifecycle_project as camelCase text dates. */
const STAGE_COLUMNS = `lp.signed_date AS "signedDate", lp.supply_date AS "supplyDate", lp.start_date AS "startDate",
  lp.construction_date AS "constructionDate", lp.completion_date AS "completionDate",
  lp.production_date AS "productionDate", lp.evaluation_date AS "evaluationDate",
  lp.start_deadline AS "startDeadline", lp.completion_deadline AS "completionDeadline"`

/**
 * Extrusion height (m): storeys = 容积率 ÷ 建筑密度 (floor area over footprint) × 4.5 m a storey
 * (industrial floors), else 容积率 × 4.5 m; at least a 2 m slab so unbuilt land stays visible.
 */
const HEIGHT_SQL = `GREATEST(2, 4.5 * CASE WHEN p.building_density > 0 THEN COALESCE(p.plot_ratio, 0) / (p.building_density / 100.0)
  ELSE COALESCE(p.plot_ratio, 0) END)`

/** A parcel row for the globe (dates null when the parcel has no project). */
export interface ParcelRow {
  id: number
  landCode: string
  name: string
  status: string
  height: number
  lowEfficiency: boolean | null
  appraisalClass: 'A' | 'B' | 'C' | 'D' | null
  geojson: string
  signedDate: string | null
  supplyDate: string | null
  startDate: string | null
  constructionDate: string | null
  completionDate: string | null
  productionDate: string | null
  evaluationDate: string | null
  startDeadline: string | null
  completionDeadline: string | null
}

/** Parcels intersecting a box, biggest first, at most `limit` (+1 to tell truncation). */
export async function parcelsInBox(
  db: Db,
  q: { bbox: number[]; tolerance: number; limit: number; scope: DataScope },
): Promise<ParcelRow[]> {
  const params: unknown[] = [...q.bbox, q.tolerance, q.limit + 1]
  const r = await db.query<ParcelRow>(
    `SELECT p.id, p.land_code AS "landCode", p.name, p.status, ${HEIGHT_SQL} AS height,
            le.low_efficiency AS "lowEfficiency", a.class AS "appraisalClass",
            ST_AsGeoJSON(CASE WHEN $5::float8 > 0 THEN ST_SimplifyPreserveTopology(p.geom, $5::float8) ELSE p.geom END, 6) AS geojson,
            ${STAGE_COLUMNS}
     FROM parcel p
     LEFT JOIN parcel_low_efficiency le ON le.parcel_id = p.id
     LEFT JOIN enterprise_appraisal a ON a.enterprise_id = p.enterprise_id
     LEFT JOIN lifecycle_project lp ON lp.parcel_id = p.id AND NOT lp.deleted
     WHERE NOT p.deleted AND p.geom IS NOT NULL AND p.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND ${scopeCondition(q.scope, 'p', params)}
     ORDER BY p.area_m2 DESC, p.id LIMIT $6`,
    params,
  )
  return r.rows
}

/** One parcel with its owner, class and key figures, or undefined (also outside the scope). */
export async function parcelInfo(db: Db, id: number, scope: DataScope) {
  const params: unknown[] = [id]
  const r = await db.query<Record<string, unknown>>(
    `SELECT p.id, p.land_code AS "landCode", p.name, p.status, p.land_use_code AS "landUseCode", p.area_m2 AS "areaM2",
            p.plot_ratio AS "plotRatio", p.building_density AS "buildingDensity", p.supply_date AS "supplyDate",
            rg.name AS "countyName", e.name AS "enterpriseName", e.credit_code AS "creditCode",
            a.class AS "appraisalClass", a.tax_per_mu AS "taxPerMu", COALESCE(le.low_efficiency, false) AS "lowEfficiency",
            ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n,
            ${STAGE_COLUMNS}
     FROM parcel p
     LEFT JOIN region rg ON rg.code = p.county_code
     LEFT JOIN enterprise e ON e.id = p.enterprise_id
     LEFT JOIN enterprise_appraisal a ON a.enterprise_id = p.enterprise_id
     LEFT JOIN parcel_low_efficiency le ON le.parcel_id = p.id
     LEFT JOIN lifecycle_project lp ON lp.parcel_id = p.id AND NOT lp.deleted
     WHERE p.id = $1 AND NOT p.deleted AND ${scopeCondition(scope, 'p', params)}`,
    params,
  )
  return r.rows[0]
}

/** Parcels whose name or 宗地代码 contains the keyword (at most 20). */
export async function searchParcels(db: Db, keyword: string, scope: DataScope) {
  const params: unknown[] = [`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]
  const r = await db.query<{ id: number; landCode: string; name: string; w: number; s: number; e: number; n: number }>(
    `SELECT p.id, p.land_code AS "landCode", p.name, ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n
     FROM parcel p
     WHERE NOT p.deleted AND p.geom IS NOT NULL AND (p.name ILIKE $1 OR p.land_code ILIKE $1) AND ${scopeCondition(scope, 'p', params)}
     ORDER BY p.land_code LIMIT 20`,
    params,
  )
  return r.rows
}

/** Province, cities and counties with their boxes (the district picker's tree). */
export async function regions(db: Db) {
  const r = await db.query<{
    code: string
    name: string
    level: 'province' | 'city' | 'county'
    parentCode: string | null
    w: number | null
    s: number | null
    e: number | null
    n: number | null
    cx: number | null
    cy: number | null
  }>(
    `SELECT code, name, level, parent_code AS "parentCode", ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n,
            ST_X(center) AS cx, ST_Y(center) AS cy
     FROM region WHERE level IN ('province', 'city', 'county') AND code LIKE '33%' ORDER BY level <> 'province', parent_code, sort, code`,
  )
  return r.rows
}

/** Simplified boundaries of one level. */
export async function regionOutlines(db: Db, level: 'province' | 'city' | 'county', tolerance: number) {
  const r = await db.query<{ code: string; name: string; geojson: string; cx: number | null; cy: number | null }>(
    `SELECT code, name, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, $2::float8), 5) AS geojson,
            ST_X(COALESCE(center, ST_PointOnSurface(geom))) AS cx, ST_Y(COALESCE(center, ST_PointOnSurface(geom))) AS cy
     FROM region WHERE level = $1::text AND geom IS NOT NULL AND code LIKE '33%' ORDER BY code`,
    [level, tolerance],
  )
  return r.rows
}

/** The joins that place a lifecycle project `lp` in the user's region (its parcel, or the county of planned land). */
const PROJECT_LAND_JOINS = `LEFT JOIN parcel p ON p.id = lp.parcel_id
     LEFT JOIN region c ON c.code = COALESCE(p.county_code, lp.county_code)`

/** A timeline row: id, name, stage dates as day numbers (since 1970-01-01), a point. */
export interface TimelineRow {
  id: number
  name: string
  lng: number | null
  lat: number | null
  [day: string]: unknown
}

const dayOf = (col: string) => `(lp.${col} - DATE '1970-01-01') AS "${col}"`

/**
 * Every lifecycle project in scope (on a parcel, or on planned land drawn at signing) for the
 * timeline: stage dates as day numbers and a point — the centre of its survey boundary (勘测定界),
 * else of its first zone, else of its parcel. One pass over the zones, not one look-up per project:
 * a province holds tens of thousands of projects. Shapes come by view (`lifecycleZonesInBox`).
 */
export async function lifecycleTimeline(db: Db, scope: DataScope, dateColumns: readonly string[]) {
  const params: unknown[] = []
  const r = await db.query<TimelineRow>(
    `WITH pt AS (
       SELECT DISTINCT ON (project_id) project_id, (ST_XMin(geom) + ST_XMax(geom)) / 2 AS lng, (ST_YMin(geom) + ST_YMax(geom)) / 2 AS lat
       FROM lifecycle_zone ORDER BY project_id, kind <> '勘测定界', kind
     )
     SELECT lp.id, lp.name, ${dateColumns.map(dayOf).join(', ')},
            COALESCE(pt.lng, (ST_XMin(p.geom) + ST_XMax(p.geom)) / 2) AS lng, COALESCE(pt.lat, (ST_YMin(p.geom) + ST_YMax(p.geom)) / 2) AS lat
     FROM lifecycle_project lp
     ${PROJECT_LAND_JOINS}
     LEFT JOIN pt ON pt.project_id = lp.id
     WHERE NOT lp.deleted AND ${landScopeCondition(scope, params)}
     ORDER BY lp.id`,
    params,
  )
  return r.rows
}

/** One lifecycle project in scope with its stage dates, commitments and the box of its zones (else its parcel), or undefined. */
export async function lifecycleProject(db: Db, id: number, scope: DataScope) {
  const params: unknown[] = [id]
  const r = await db.query<
    Record<string, unknown> & { id: number; w: number | null; s: number | null; e: number | null; n: number | null }
  >(
    `SELECT lp.id, lp.name, lp.parcel_id AS "parcelId", p.land_code AS "landCode", e.name AS "enterpriseName",
            lp.invest_intensity AS "investIntensity", lp.committed_plot_ratio AS "committedPlotRatio",
            lp.committed_tax_per_mu AS "committedTaxPerMu", ${STAGE_COLUMNS}, lp.exit_date AS "exitDate",
            ST_XMin(bx.b) AS w, ST_YMin(bx.b) AS s, ST_XMax(bx.b) AS e, ST_YMax(bx.b) AS n
     FROM lifecycle_project lp
     ${PROJECT_LAND_JOINS}
     LEFT JOIN enterprise e ON e.id = lp.enterprise_id
     LEFT JOIN LATERAL (
       SELECT COALESCE((SELECT ST_Extent(z.geom) FROM lifecycle_zone z WHERE z.project_id = lp.id), Box2D(p.geom)) AS b
     ) bx ON true
     WHERE lp.id = $1 AND NOT lp.deleted AND ${landScopeCondition(scope, params)}`,
    params,
  )
  return r.rows[0]
}

/** Zones (指界, 勘测定界, 竣工, 建新) of in-scope projects meeting a box, biggest first, at most `limit` (+1 to tell truncation). */
export async function lifecycleZonesInBox(db: Db, q: { bbox: number[]; tolerance: number; limit: number; scope: DataScope }) {
  const params: unknown[] = [...q.bbox, q.tolerance, q.limit + 1]
  const r = await db.query<{ projectId: number; kind: string; geojson: string }>(
    `SELECT z.project_id AS "projectId", z.kind,
            ST_AsGeoJSON(CASE WHEN $5::float8 > 0 THEN ST_SimplifyPreserveTopology(z.geom, $5::float8) ELSE z.geom END, 6) AS geojson
     FROM lifecycle_zone z
     JOIN lifecycle_project lp ON lp.id = z.project_id AND NOT lp.deleted
     ${PROJECT_LAND_JOINS}
     WHERE z.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND ${landScopeCondition(q.scope, params)}
     ORDER BY ST_Area(z.geom) DESC, z.id LIMIT $6`,
    params,
  )
  return r.rows
}
