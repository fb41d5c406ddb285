/**
 * SQL of 低效用地评价: models, the indicator values of every parcel of a scope for a year, runs and
 * their results — reads limited by a {@link DataScope} (runs by the district they carry, results
 * by their parcel).
 */
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Page } from '../../../domain/contracts/envelope'
import type { EvaluationIndicator, EvaluationModel, EvaluationRun, ModelItem } from '../../../domain/contracts/land-evaluation'
import { mu } from '../../../domain/figures/formulas'
import { parcelOfYear, ratioSql, yearlyRowOf } from '../../figures/sql'
import { shownOr0 } from '../../figures/values'

// ---- models ----

interface ModelRow {
  id: number
  name: string
  description: string
  pass_score: number
  items: ModelItem[]
  run_count: number
  updated_by: string | null
  updated_at: Date | string
}

const modelView = (r: ModelRow): EvaluationModel => ({
  id: r.id,
  name: r.name,
  description: r.description,
  passScore: r.pass_score,
  items: r.items,
  runCount: r.run_count,
  updatedBy: r.updated_by ?? '系统',
  updatedAt: iso(r.updated_at)!,
})

const MODEL_SELECT = `SELECT m.id, m.name, m.description, m.pass_score, m.items, u.real_name AS updated_by, m.updated_at,
  (SELECT count(*)::int FROM evaluation_run r WHERE r.model_id = m.id) AS run_count
  FROM evaluation_model m LEFT JOIN app_user u ON u.id = m.updated_by WHERE NOT m.deleted`

export async function models(db: Db): Promise<EvaluationModel[]> {
  return (await db.query<ModelRow>(`${MODEL_SELECT} ORDER BY m.id`)).rows.map(modelView)
}

export async function model(db: Db, id: number): Promise<EvaluationModel | undefined> {
  const r = await db.query<ModelRow>(`${MODEL_SELECT} AND m.id = $1`, [id])
  return r.rows[0] && modelView(r.rows[0])
}

export async function insertModel(
  db: Db,
  f: { name: string; description: string; passScore: number; items: ModelItem[]; userId: number },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO evaluation_model(name, description, pass_score, items, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id',
    [f.name, f.description, f.passScore, JSON.stringify(f.items), f.userId],
  )
  return r.rows[0].id
}

export async function updateModel(
  db: Db,
  id: number,
  f: { name: string; description: string; passScore: number; items: ModelItem[]; userId: number },
): Promise<void> {
  await db.query(
    'UPDATE evaluation_model SET name = $2, description = $3, pass_score = $4, items = $5::jsonb, updated_by = $6, updated_at = now() WHERE id = $1',
    [id, f.name, f.description, f.passScore, JSON.stringify(f.items), f.userId],
  )
}

export async function deleteModel(db: Db, id: number): Promise<void> {
  await db.query('UPDATE evaluation_model SET deleted = true, updated_at = now() WHERE id = $1', [id])
}

// ---- the indicator values of the parcels ----

/** One parcel's facts for a run. */
export interface ParcelFacts {
  id: number
  area_m2: number | null
  plot_ratio: number | null
  density: number | null
  tax_per_mu: number | null
  value_added_per_mu: number | null
  idle_years: number
  stopped: number
  /** 销号 date of the parcel's latest 已完成 台账 entry, or null */
  closed_date: string | null
}

/**
 * Every parcel of the scope in the books at the end of the year (src/server/figures: supplied by
 * then, not recovered by then) with the values a model tests: the holder's 亩均 figures of that
 * year by the catalogue's fragments, and how long an agreed start has been missed by the year's end
 * (or today, for the year under way).
 */
export async function parcelFacts(db: Db, scope: DataScope, year: number): Promise<ParcelFacts[]> {
  const params: unknown[] = [year]
  const holder = yearlyRowOf('$1')
  const asOf = `LEAST(current_date, make_date($1::int, 12, 31))`
  // unbuilt land (not started by then) has no 容积率 or 建筑密度 to judge: the 闲置 rules judge it
  // (idleYears), so a 0 never makes it 疑似低效 (issue 16)
  const unbuilt = `(p.status = '已供未建' OR p.actual_start_date IS NULL OR p.actual_start_date > ${asOf})`
  const r = await db.query<ParcelFacts>(
    `SELECT p.id, p.area_m2::float8 AS area_m2,
            CASE WHEN ${unbuilt} THEN NULL ELSE p.plot_ratio::float8 END AS plot_ratio,
            CASE WHEN ${unbuilt} THEN NULL ELSE p.building_density::float8 END AS density,
            ${ratioSql('taxPerMu', holder)} AS tax_per_mu, ${ratioSql('valueAddedPerMu', holder)} AS value_added_per_mu,
            CASE WHEN (p.actual_start_date IS NULL OR p.actual_start_date > ${asOf}) AND p.agreed_start_date < ${asOf}
                 THEN ((${asOf} - p.agreed_start_date) / 365.25)::float8 ELSE 0 END AS idle_years,
            CASE WHEN e.status IN ('停产', '半停产') THEN 1 ELSE 0 END AS stopped,
            (SELECT to_char(max(l.closed_date), 'YYYY-MM-DD') FROM revitalize_ledger l WHERE l.parcel_id = p.id AND l.state = '已完成') AS closed_date
     FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id
     LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
     WHERE ${parcelOfYear('p', '$1')} AND ${scopeCondition(scope, 'p', params)}
     ORDER BY p.id`,
    params,
  )
  return r.rows
}

// ---- runs ----

interface RunRow {
  id: number
  model_id: number
  model_name: string
  year: number
  pass_score: number
  items: ModelItem[]
  region_name: string | null
  parcel_count: number
  flagged_count: number
  flagged_m2: number
  run_by: string
  run_at: Date | string
}

const runView = (r: RunRow): EvaluationRun => ({
  id: r.id,
  modelId: r.model_id,
  modelName: r.model_name,
  year: r.year,
  passScore: r.pass_score,
  regionName: r.region_name,
  parcelCount: r.parcel_count,
  flaggedCount: r.flagged_count,
  flaggedAreaMu: shownOr0('landAreaMu', mu(r.flagged_m2)),
  runBy: r.run_by,
  runAt: iso(r.run_at)!,
})

/** Runs visible in a scope (those made for the scope's district or inside it), newest first. */
function runQuery(scope: DataScope, extra?: (w: Where) => void) {
  const where = new Where()
  where.raw(scopeCondition(scope, 'r', where.params))
  extra?.(where)
  return {
    sql: `SELECT r.id, r.model_id, r.model_name, r.year::int AS year, r.pass_score, r.items, reg.name AS region_name, r.parcel_count, r.flagged_count,
            r.flagged_m2, u.real_name AS run_by, r.run_at
          FROM evaluation_run r JOIN app_user u ON u.id = r.run_by
          LEFT JOIN region reg ON reg.code = COALESCE(r.town_code, r.county_code, r.city_code, r.province_code)
          WHERE ${where.sql} ORDER BY r.id DESC`,
    params: where.params,
  }
}

export async function runs(db: Db, scope: DataScope): Promise<(EvaluationRun & { items: ModelItem[] })[]> {
  const q = runQuery(scope)
  return (await db.query<RunRow>(q.sql, q.params)).rows.map((r) => ({ ...runView(r), items: r.items }))
}

export async function run(db: Db, scope: DataScope, id?: number): Promise<(EvaluationRun & { items: ModelItem[] }) | undefined> {
  const q = runQuery(scope, id === undefined ? undefined : (w) => w.add('r.id = ?', id))
  const r = (await db.query<RunRow>(`${q.sql} LIMIT 1`, q.params)).rows[0]
  return r && { ...runView(r), items: r.items }
}

/** One parcel's scored result. */
export interface ScoredParcel {
  id: number
  score: number
  flagged: boolean
  vals: Record<EvaluationIndicator, number | null>
  hits: number[]
  m2: number
  /** 销号 after the figures the run read: scored, never flagged */
  closedDate: string | null
}

/** Writes a run and all its results in one transaction; returns the run's id. */
export async function insertRun(
  db: Db,
  f: {
    modelId: number
    modelName: string
    passScore: number
    items: ModelItem[]
    year: number
    codes: Record<'province' | 'city' | 'county' | 'town', string | null>
    userId: number
  },
  results: ScoredParcel[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const flagged = results.filter((r) => r.flagged)
    const r = await tx.query<{ id: number }>(
      `INSERT INTO evaluation_run(model_id, year, model_name, pass_score, items, province_code, city_code, county_code, town_code, parcel_count, flagged_count, flagged_m2, run_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        f.modelId,
        f.year,
        f.modelName,
        f.passScore,
        JSON.stringify(f.items),
        f.codes.province,
        f.codes.city,
        f.codes.county,
        f.codes.town,
        results.length,
        flagged.length,
        flagged.reduce((s, x) => s + x.m2, 0),
        f.userId,
      ],
    )
    const runId = r.rows[0].id
    for (let i = 0; i < results.length; i += 5000) {
      const part = results.slice(i, i + 5000)
      await tx.query(
        `INSERT INTO evaluation_result(run_id, parcel_id, score, flagged, vals, hits, closed_date)
         SELECT $1, x.parcel_id, x.score, x.flagged, x.vals::jsonb, ARRAY(SELECT jsonb_array_elements_text(x.hits::jsonb)::int), x.closed_date
         FROM unnest($2::int[], $3::float8[], $4::boolean[], $5::text[], $6::text[], $7::date[]) AS x(parcel_id, score, flagged, vals, hits, closed_date)`,
        [
          runId,
          part.map((p) => p.id),
          part.map((p) => p.score),
          part.map((p) => p.flagged),
          part.map((p) => JSON.stringify(p.vals)),
          part.map((p) => JSON.stringify(p.hits)),
          part.map((p) => p.closedDate),
        ],
      )
    }
    return runId
  })
}

// ---- results ----

interface ResultRow {
  parcel_id: number
  land_code: string
  name: string
  county_name: string | null
  status: string
  area_m2: number | null
  enterprise_name: string | null
  score: number
  flagged: boolean
  vals: Record<EvaluationIndicator, number | null>
  hits: number[]
  closed_date: string | null
}

function resultWhere(scope: DataScope, runId: number, f: { flagged?: 'true' | 'false'; hitIndexes?: number[]; keyword?: string }): Where {
  const where = new Where().add('er.run_id = ?', runId).add('NOT p.deleted')
  where.raw(scopeCondition(scope, 'p', where.params))
  if (f.flagged) where.add('er.flagged = ?', f.flagged === 'true')
  if (f.hitIndexes) where.add('er.hits && ?::int[]', f.hitIndexes)
  if (f.keyword) where.add('(p.name ILIKE ? OR p.land_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  return where
}

const RESULT_FROM = `evaluation_result er JOIN parcel p ON p.id = er.parcel_id LEFT JOIN region c ON c.code = p.county_code LEFT JOIN enterprise e ON e.id = p.enterprise_id`

export async function results(
  db: Db,
  scope: DataScope,
  runId: number,
  f: { flagged?: 'true' | 'false'; hitIndexes?: number[]; keyword?: string },
  args: PageArgs,
): Promise<Page<ResultRow>> {
  const where = resultWhere(scope, runId, f)
  const order = orderBy(args, { score: 'er.score', areaMu: 'p.area_m2', landCode: 'p.land_code' }, 'er.score DESC, p.id')
  return queryPage<ResultRow>(
    db,
    {
      select: `er.parcel_id, p.land_code, p.name, c.name AS county_name, p.status, p.area_m2::float8 AS area_m2, e.name AS enterprise_name, er.score, er.flagged, er.vals, er.hits,
              to_char(er.closed_date, 'YYYY-MM-DD') AS closed_date`,
      from: RESULT_FROM,
      where,
      order,
    },
    args,
  )
}

/** The abstract's sums of a run inside the scope. */
export async function abstractSums(db: Db, scope: DataScope, runId: number, itemCount: number) {
  const where = resultWhere(scope, runId, {})
  const byItem = Array.from({ length: itemCount }, (_, i) => `count(*) FILTER (WHERE ${i} = ANY(er.hits))::int AS i${i}`).join(', ')
  const [counties, totals, bands] = await Promise.all([
    db.query<{ code: string | null; name: string | null; n: number; flagged: number; m2: number }>(
      `SELECT p.county_code AS code, c.name, count(*)::int AS n, count(*) FILTER (WHERE er.flagged)::int AS flagged,
              COALESCE(sum(p.area_m2) FILTER (WHERE er.flagged), 0)::float8 AS m2
       FROM ${RESULT_FROM} WHERE ${where.sql} GROUP BY 1, 2 ORDER BY 1`,
      where.params,
    ),
    db.query<Record<string, number>>(
      `SELECT ${byItem ? `${byItem}, ` : ''}count(*) FILTER (WHERE er.flagged AND p.status IN ('低效', '闲置'))::int AS listed,
              count(*) FILTER (WHERE er.flagged AND p.status NOT IN ('低效', '闲置'))::int AS fresh
       FROM ${RESULT_FROM} WHERE ${where.sql}`,
      where.params,
    ),
    db.query<{ band: number; n: number }>(
      `SELECT least(floor(er.score / 10), 9)::int AS band, count(*)::int AS n FROM ${RESULT_FROM} WHERE ${where.sql} GROUP BY 1`,
      where.params,
    ),
  ])
  return { counties: counties.rows, totals: totals.rows[0], bands: bands.rows }
}

/** The flagged parcels of a run as GeoJSON features, highest scores first. */
export async function flaggedShapes(
  db: Db,
  scope: DataScope,
  runId: number,
  limit: number,
): Promise<{ rows: { parcel_id: number; land_code: string; name: string; score: number; geojson: string }[]; total: number }> {
  const where = resultWhere(scope, runId, { flagged: 'true' }).add('p.geom IS NOT NULL')
  const [rows, total] = await Promise.all([
    db.query<{ parcel_id: number; land_code: string; name: string; score: number; geojson: string }>(
      `SELECT er.parcel_id, p.land_code, p.name, er.score, ST_AsGeoJSON(p.geom, 6) AS geojson FROM ${RESULT_FROM} WHERE ${where.sql}
       ORDER BY er.score DESC, p.id LIMIT ${Math.trunc(limit)}`,
      where.params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${RESULT_FROM} WHERE ${where.sql}`, where.params),
  ])
  return { rows: rows.rows, total: total.rows[0].n }
}
