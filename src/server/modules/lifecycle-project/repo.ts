/**
 * SQL of 项目管理 and 一本账: lifecycle projects limited by a {@link DataScope} through their parcel,
 * a stage's waiting and registered projects, deadlines against today, and the registration of a
 * stage date with its history row, in one transaction.
 */
import type { Db } from '../../db/engine'
import { Where, contains, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Page } from '../../../domain/contracts/envelope'
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../../domain/lifecycle'
import { FAILED_EVALUATION_SQL, IN_CONSTRUCTION_SQL, OVERDUE_DAYS_SQL, OVERDUE_SQL, ratioSql, yearlyRowOf } from '../../figures/sql'
import type { Actuals, Judgement } from '../../../domain/lifecycle'
import { STAGE_COLUMN } from '../big-data/repo'

/** 逾期 today: the catalogue's overdueCount fragment (src/server/figures), shared with the globe's count. */
export { OVERDUE_SQL }

// a project's land is its parcel, or — before the data centre approves drawn planned land — its 指界 zone in lp.county_code
const FROM = `lifecycle_project lp LEFT JOIN parcel p ON p.id = lp.parcel_id LEFT JOIN enterprise e ON e.id = lp.enterprise_id
  LEFT JOIN region c ON c.code = COALESCE(p.county_code, lp.county_code) LEFT JOIN dc_submission ls ON ls.id = lp.land_submission_id`

/** 平方米 of the planned land drawn at signing (the 指界 zone), for a project without a parcel. */
const PLANNED_AREA_SQL = `(SELECT ST_Area(ST_Transform(z.geom, 4549)) FROM lifecycle_zone z WHERE z.project_id = lp.id AND z.kind = '指界')`

/**
 * The scope of a project's land (alias lp with p = its parcel, c = the county of its land): the
 * parcel's region codes, or — for drawn planned land without a parcel yet — the county it lies in
 * and that county's city and province. A town user sees planned land once it is a parcel.
 */
export function landScopeCondition(scope: DataScope, params: unknown[]): string {
  const parcel = scopeCondition(scope, 'p', params)
  let planned: string
  if (scope.kind === 'all') planned = 'TRUE'
  else if (scope.kind === 'none' || scope.level === 'town') planned = 'FALSE'
  else {
    params.push(scope.code)
    const code = `$${params.length}`
    planned =
      scope.level === 'county'
        ? `c.code = ${code}`
        : scope.level === 'city'
          ? `c.parent_code = ${code}`
          : `EXISTS (SELECT 1 FROM region cc WHERE cc.code = c.parent_code AND cc.parent_code = ${code})`
  }
  return `((p.id IS NOT NULL AND NOT p.deleted AND ${parcel}) OR (lp.parcel_id IS NULL AND ${planned}))`
}

const d = (col: string) => `to_char(lp.${col}, 'YYYY-MM-DD') AS ${col}`
export const PROJECT_SELECT = `lp.id, lp.name, p.id AS parcel_id, p.land_code, COALESCE(p.name, lp.name) AS parcel_name,
  COALESCE(p.area_m2, ${PLANNED_AREA_SQL}) AS area_m2, lp.land_submission_id, ls.state AS land_submission_state, lp.county_code AS planned_county_code,
  lp.enterprise_id, e.name AS enterprise_name,
  c.name AS county_name, ${Object.values(STAGE_COLUMN).map(d).join(', ')}, ${d('start_deadline')}, ${d('completion_deadline')},
  ${OVERDUE_SQL} AS overdue, (${OVERDUE_DAYS_SQL})::int AS overdue_days, lp.invest_intensity, lp.committed_plot_ratio, lp.committed_tax_per_mu,
  lp.committed_energy_va, lp.committed_emission_va, lp.planned_investment, lp.actual_investment, lp.actual_building_area, lp.actual_plot_ratio AS registered_plot_ratio,
  lp.actual_tax, lp.actual_energy_va, lp.actual_emission_va, lp.acceptance, lp.evaluation, ${d('exit_date')}, lp.exit_reason, lp.exit_outcome,
  COALESCE(p.status, '') AS parcel_status, e.credit_code,
  lp.invest_agreement_no, lp.land_contract_no, ${d('land_contract_date')}, lp.supply_method, lp.supply_price_fen, lp.performance_bond_fen,
  lp.late_penalty_permille::float8 AS late_penalty_permille, lp.tax_penalty_percent::float8 AS tax_penalty_percent,
  COALESCE(p.town_code, lp.town_code) AS town_code, (SELECT t.name FROM region t WHERE t.code = COALESCE(p.town_code, lp.town_code)) AS town_name,
  lp.town_code AS signed_town_code, c.code AS county_code, lp.evaluation_year, lp.evaluated_tax_per_mu,
  (SELECT count(*) FROM lifecycle_breach b WHERE b.project_id = lp.id)::int AS breach_count,
  (SELECT COALESCE(sum(b.penalty_fen), 0) FROM lifecycle_breach b WHERE b.project_id = lp.id)::float8 AS breach_penalty_fen`

/** A project row as selected. */
export type ProjectDbRow = {
  id: number
  name: string
  parcel_id: number | null
  land_code: string | null
  parcel_name: string
  area_m2: number | null
  land_submission_id: number | string | null
  land_submission_state: string | null
  planned_county_code: string | null
  enterprise_id: number | null
  enterprise_name: string | null
  county_name: string | null
  start_deadline: string | null
  completion_deadline: string | null
  overdue: boolean
  overdue_days: number
  invest_intensity: number | null
  committed_plot_ratio: number | null
  committed_tax_per_mu: number | null
  committed_energy_va: number | null
  committed_emission_va: number | null
  planned_investment: number | null
  actual_investment: number | null
  actual_building_area: number | null
  registered_plot_ratio: number | null
  actual_tax: number | null
  actual_energy_va: number | null
  actual_emission_va: number | null
  acceptance: Judgement | string | null
  evaluation: Judgement | string | null
  exit_date: string | null
  exit_reason: string | null
  exit_outcome: '收回' | '保留' | '转让' | null
  parcel_status: string
  credit_code: string | null
  invest_agreement_no: string | null
  land_contract_no: string | null
  land_contract_date: string | null
  supply_method: string | null
  supply_price_fen: number | string | null
  performance_bond_fen: number | string | null
  late_penalty_permille: number | null
  tax_penalty_percent: number | null
  /** the land's 乡镇 (the parcel's, else the one decided at signing) and the one decided at signing */
  town_code: string | null
  town_name: string | null
  signed_town_code: string | null
  /** the county of the land */
  county_code: string | null
  breach_count: number
  breach_penalty_fen: number
  evaluation_year: number | null
  evaluated_tax_per_mu: number | null
} & Record<(typeof STAGE_COLUMN)[LifecycleStage], string | null>

/** Live projects whose parcel is inside the scope, with the region and keyword filters. */
export function projectWhere(scope: DataScope, f: { keyword?: string }, where = new Where()): Where {
  where.add('NOT lp.deleted').raw(landScopeCondition(scope, where.params))
  if (f.keyword)
    where.add('(lp.name ILIKE ? OR p.land_code ILIKE ? OR e.name ILIKE ?)', contains(f.keyword), contains(f.keyword), contains(f.keyword))
  return where
}

const previous = (stage: LifecycleStage): LifecycleStage | null => LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(stage) - 1] ?? null

/** Condition of a stage page's state: waiting for the stage, or registered. */
export function stateCondition(stage: LifecycleStage, state: 'pending' | 'done' | undefined): string {
  const col = `lp.${STAGE_COLUMN[stage]}`
  const prev = previous(stage)
  const reachedPrev = prev ? `lp.${STAGE_COLUMN[prev]} IS NOT NULL` : 'TRUE'
  if (state === 'done') return `${col} IS NOT NULL`
  // an exited project waits for nothing
  if (state === 'pending') return `${reachedPrev} AND ${col} IS NULL AND lp.exit_date IS NULL`
  // both: an exited project shows on the pages of the stages it reached
  return `${reachedPrev} AND (${col} IS NOT NULL OR lp.exit_date IS NULL)`
}

export async function stageProjects(
  db: Db,
  scope: DataScope,
  stage: LifecycleStage,
  f: { keyword?: string; state?: 'pending' | 'done'; overdue?: 'true' | 'false' },
  args: PageArgs,
): Promise<Page<ProjectDbRow>> {
  const where = projectWhere(scope, f).raw(stateCondition(stage, f.state))
  if (f.overdue) where.raw(f.overdue === 'true' ? OVERDUE_SQL : `NOT ${OVERDUE_SQL}`)
  const order = orderBy(
    args,
    {
      name: 'lp.name',
      stageDate: `lp.${STAGE_COLUMN[stage]}`,
      deadline: 'COALESCE(CASE WHEN lp.start_date IS NULL THEN lp.start_deadline END, lp.completion_deadline)',
    },
    `${OVERDUE_SQL} DESC, lp.id`,
  )
  return queryPage<ProjectDbRow>(db, { select: PROJECT_SELECT, from: FROM, where, order }, args)
}

/** Counts of a stage page: waiting, registered, and overdue among the projects the page shows. */
export async function stageCounts(
  db: Db,
  scope: DataScope,
  stage: LifecycleStage,
  f: { keyword?: string },
): Promise<{ pending: number; done: number; overdue: number }> {
  const where = projectWhere(scope, f).raw(stateCondition(stage, undefined))
  const r = await db.query<{ pending: number; done: number; overdue: number }>(
    `SELECT count(*) FILTER (WHERE ${stateCondition(stage, 'pending')})::int AS pending, count(*) FILTER (WHERE ${stateCondition(stage, 'done')})::int AS done,
            count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue
     FROM ${FROM} WHERE ${where.sql}`,
    where.params,
  )
  return r.rows[0]
}

/** One project inside the scope. */
export async function project(db: Db, scope: DataScope, id: number): Promise<ProjectDbRow | undefined> {
  const where = projectWhere(scope, {}).add('lp.id = ?', id)
  return (await db.query<ProjectDbRow>(`SELECT ${PROJECT_SELECT} FROM ${FROM} WHERE ${where.sql}`, where.params)).rows[0]
}

/** The registrations of a project, oldest first. */
export type EventDbRow = {
  stage: LifecycleStage | 'tc'
  stage_date: string
  remark: string
  deadline: string | null
  late_days: number | null
  actuals: Actuals | string | null
  judgement: Judgement | string | null
  submission_id: number | string | null
  submission_state: string | null
  actor: string
  created_at: Date | string
}

export async function events(db: Db, id: number): Promise<EventDbRow[]> {
  const r = await db.query<EventDbRow>(
    `SELECT ev.stage, to_char(ev.stage_date, 'YYYY-MM-DD') AS stage_date, ev.remark, to_char(ev.deadline, 'YYYY-MM-DD') AS deadline,
            ev.late_days, ev.actuals, ev.judgement, ev.submission_id, s.state AS submission_state, u.real_name AS actor, ev.created_at
     FROM lifecycle_event ev JOIN app_user u ON u.id = ev.actor_id LEFT JOIN dc_submission s ON s.id = ev.submission_id
     WHERE ev.project_id = $1 ORDER BY ev.id`,
    [id],
  )
  return r.rows
}

/** The edits of a project, oldest first. */
export async function edits(db: Db, id: number) {
  const r = await db.query<{ changes: unknown; actor: string; created_at: Date | string }>(
    `SELECT h.changes, u.real_name AS actor, h.created_at FROM lifecycle_project_history h JOIN app_user u ON u.id = h.actor_id
     WHERE h.project_id = $1 ORDER BY h.id`,
    [id],
  )
  return r.rows
}

/** A parcel of the scope that a project may be signed on, with the live project it already carries. */
export async function parcelForSigning(db: Db, scope: DataScope, parcelId: number) {
  const w = new Where().add('p.id = ?', parcelId).add('NOT p.deleted')
  w.raw(scopeCondition(scope, 'p', w.params))
  const r = await db.query<{ id: number; land_code: string; county_code: string | null; project: string | null }>(
    `SELECT p.id, p.land_code, p.county_code,
            (SELECT lp.name FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted AND lp.exit_date IS NULL LIMIT 1) AS project
     FROM parcel p WHERE ${w.sql}`,
    w.params,
  )
  return r.rows[0]
}

/** Parcels of the scope a project may be signed on (no live project), by 宗地代码 or name; at most 20. */
export async function signableParcels(db: Db, scope: DataScope, keyword: string | undefined) {
  const w = new Where()
    .add('NOT p.deleted')
    .add(`NOT EXISTS (SELECT 1 FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted AND lp.exit_date IS NULL)`)
  w.raw(scopeCondition(scope, 'p', w.params))
  if (keyword) w.add('(p.land_code ILIKE ? OR p.name ILIKE ?)', contains(keyword), contains(keyword))
  const r = await db.query<{
    id: number
    land_code: string
    name: string
    area_m2: number | null
    status: string
    county_name: string | null
  }>(
    `SELECT p.id, p.land_code, p.name, p.area_m2, p.status, c.name AS county_name FROM parcel p LEFT JOIN region c ON c.code = p.county_code
     WHERE ${w.sql} ORDER BY p.land_code LIMIT 20`,
    w.params,
  )
  return r.rows
}

/** An enterprise by 统一社会信用代码. */
export async function enterpriseByCreditCode(db: Db, code: string): Promise<{ id: number; name: string } | undefined> {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM enterprise WHERE credit_code = $1 AND NOT deleted', [code]))
    .rows[0]
}

/** The project columns a signing or an edit writes. */
export const PROJECT_COLUMNS = {
  name: 'name',
  plannedInvestment: 'planned_investment',
  investIntensity: 'invest_intensity',
  committedPlotRatio: 'committed_plot_ratio',
  committedTaxPerMu: 'committed_tax_per_mu',
  committedEnergyVa: 'committed_energy_va',
  committedEmissionVa: 'committed_emission_va',
  startDeadline: 'start_deadline',
  completionDeadline: 'completion_deadline',
} as const
export type ProjectField = keyof typeof PROJECT_COLUMNS

/** The 标准地 双合同 of a signing, as stored (money in 分). */
export interface ContractColumns {
  investAgreementNo: string
  landContractNo: string
  landContractDate: string
  supplyMethod: string
  supplyPriceFen: number
  performanceBondFen: number
  latePenaltyPermille: number
  taxPenaltyPercent: number
  townCode: string
}

/** Inserts a signed project and its 项目签约 history row, in one transaction; returns the id. */
export async function insertProject(
  db: Db,
  f: Record<ProjectField, unknown> & {
    parcelId: number | null
    enterpriseId: number
    countyCode: string | null
    signedDate: string
    remark: string
    actorId: number
    contract: ContractColumns
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const cols = Object.values(PROJECT_COLUMNS)
    const values = (Object.keys(PROJECT_COLUMNS) as ProjectField[]).map((k) => f[k] ?? null)
    const c = f.contract
    const r = await tx.query<{ id: number }>(
      `INSERT INTO lifecycle_project (parcel_id, enterprise_id, county_code, signed_date, invest_agreement_no, land_contract_no, land_contract_date,
         supply_method, supply_price_fen, performance_bond_fen, late_penalty_permille, tax_penalty_percent, town_code, ${cols.join(', ')})
       VALUES ($1, $2, $3, $4::date, $5, $6, $7::date, $8, $9::bigint, $10::bigint, $11::numeric, $12::numeric, $13,
         ${cols.map((col, i) => (col.endsWith('deadline') ? `$${i + 14}::date` : `$${i + 14}`)).join(', ')}) RETURNING id`,
      [
        f.parcelId,
        f.enterpriseId,
        f.countyCode,
        f.signedDate,
        c.investAgreementNo,
        c.landContractNo,
        c.landContractDate,
        c.supplyMethod,
        c.supplyPriceFen,
        c.performanceBondFen,
        c.latePenaltyPermille,
        c.taxPenaltyPercent,
        c.townCode,
        ...values,
      ],
    )
    const id = r.rows[0].id
    await tx.query(`INSERT INTO lifecycle_event(project_id, stage, stage_date, remark, actor_id) VALUES ($1, 'xmqy', $2::date, $3, $4)`, [
      id,
      f.signedDate,
      f.remark,
      f.actorId,
    ])
    return id
  })
}

// ---- planned land drawn at signing ----

/**
 * What the database makes of a drawn shape: 平方米 (EPSG:4549) and the county its inner point lies
 * in. Where the counties of a city have no imported outline (the default start ships city outlines
 * and county seats only, docs/architecture.md "Boundaries"), the county is the one of that city
 * whose seat is nearest the inner point.
 */
export async function shapeFacts(db: Db, geojson: unknown): Promise<{ area: number; county: string | null; countyName: string | null }> {
  const r = await db.query<{ area: number; county: string | null; county_name: string | null }>(
    `WITH g AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326) AS g), p AS (SELECT g, ST_PointOnSurface(g) AS pt FROM g)
     SELECT ST_Area(ST_Transform(p.g, 4549))::float8 AS area, COALESCE(r.code, s.code) AS county, COALESCE(r.name, s.name) AS county_name
     FROM p
     LEFT JOIN LATERAL (SELECT code, name FROM region WHERE level = 'county' AND geom IS NOT NULL AND ST_Intersects(geom, p.pt)
                        ORDER BY code LIMIT 1) r ON true
     LEFT JOIN LATERAL (SELECT c.code, c.name FROM region city JOIN region c ON c.parent_code = city.code AND c.level = 'county'
                        WHERE city.level = 'city' AND city.geom IS NOT NULL AND ST_Intersects(city.geom, p.pt) AND c.center IS NOT NULL
                          AND NOT EXISTS (SELECT 1 FROM region k WHERE k.parent_code = city.code AND k.level = 'county' AND k.geom IS NOT NULL)
                        ORDER BY ST_Distance(c.center, p.pt), c.code LIMIT 1) s ON r.code IS NULL`,
    [JSON.stringify(geojson)],
  )
  const row = r.rows[0]
  return { area: row.area, county: row.county, countyName: row.county_name }
}

/**
 * Whether a drawn shape lies wholly inside a region's outline; a region without one is judged by
 * its nearest enclosing region that has one (a county by its city), null when none has.
 */
export async function shapeInsideRegion(db: Db, geojson: unknown, code: string): Promise<{ inside: boolean | null; name: string | null }> {
  const r = await db.query<{ inside: boolean | null; name: string }>(
    `WITH RECURSIVE up AS (
       SELECT code, name, parent_code, geom, 0 AS depth FROM region WHERE code = $2
       UNION ALL
       SELECT x.code, x.name, x.parent_code, x.geom, up.depth + 1 FROM region x JOIN up ON x.code = up.parent_code WHERE up.geom IS NULL
     )
     SELECT CASE WHEN geom IS NULL THEN NULL ELSE ST_CoveredBy(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326), geom) END AS inside, name
     FROM up ORDER BY depth DESC LIMIT 1`,
    [JSON.stringify(geojson), code],
  )
  return { inside: r.rows[0]?.inside ?? null, name: r.rows[0]?.name ?? null }
}

/** Keeps the drawn planned land as the project's 指界 zone. */
export async function insertPlannedZone(db: Db, projectId: number, geojson: unknown): Promise<void> {
  await db.query(
    `INSERT INTO lifecycle_zone(project_id, kind, geom) VALUES ($1, '指界', ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON($2::text), 4326)))
     ON CONFLICT (project_id, kind) DO UPDATE SET geom = EXCLUDED.geom`,
    [projectId, JSON.stringify(geojson)],
  )
}

/** The 指界 zone of a project as GeoJSON (the planned land drawn at signing). */
export async function plannedZone(db: Db, projectId: number): Promise<unknown | null> {
  const r = await db.query<{ g: unknown }>(
    `SELECT ST_AsGeoJSON(geom, 9)::json AS g FROM lifecycle_zone WHERE project_id = $1 AND kind = '指界'`,
    [projectId],
  )
  const g = r.rows[0]?.g ?? null
  return typeof g === 'string' ? JSON.parse(g) : g
}

/** Links the data-centre 新增 submission of the planned land. */
export async function setLandSubmission(db: Db, projectId: number, submissionId: number): Promise<void> {
  await db.query('UPDATE lifecycle_project SET land_submission_id = $2, updated_at = now() WHERE id = $1', [projectId, submissionId])
}

/** Writes an edit and its history row, in one transaction. */
export async function updateProject(
  db: Db,
  id: number,
  set: Partial<Record<ProjectField, unknown>>,
  changes: { field: string; label: string; before: unknown; after: unknown }[],
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const keys = Object.keys(set) as ProjectField[]
    await tx.query(
      `UPDATE lifecycle_project SET ${keys.map((k, i) => `${PROJECT_COLUMNS[k]} = $${i + 2}${k.endsWith('Deadline') ? '::date' : ''}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...keys.map((k) => set[k] ?? null)],
    )
    await tx.query('INSERT INTO lifecycle_project_history(project_id, changes, actor_id) VALUES ($1, $2::jsonb, $3)', [
      id,
      JSON.stringify(changes),
      actorId,
    ])
  })
}

/** The open (待审核) data-centre submission a registration of this project wrote its parcel facts through, locked. */
export async function openWriteThrough(db: Db, projectId: number): Promise<{ id: number; payload: Record<string, unknown> } | undefined> {
  const r = await db.query<{ id: number | string; payload: Record<string, unknown> | string }>(
    `SELECT s.id, s.payload FROM dc_submission s
     WHERE s.state = '待审核' AND s.id IN (SELECT submission_id FROM lifecycle_event WHERE project_id = $1 AND submission_id IS NOT NULL)
     ORDER BY s.id DESC LIMIT 1 FOR UPDATE`,
    [projectId],
  )
  const row = r.rows[0]
  if (!row) return undefined
  return { id: Number(row.id), payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload }
}

/**
 * Writes a stage date, the deadline it sets and the history row, in one transaction; the row is
 * locked and re-read inside it, so two registrations of the same stage cannot both pass.
 * Returns 'taken' when the stage was registered meanwhile.
 */
export async function registerStage(
  db: Db,
  f: {
    id: number
    stage: LifecycleStage
    date: string
    remark: string
    actorId: number
    lateDays: number | null
    /** columns of actual figures and judgements to set with the stage */
    set: Record<string, unknown>
    actuals: Actuals | null
    judgement: Judgement | null
  },
): Promise<{ deadline: string | null; eventId: number } | 'taken'> {
  const col = STAGE_COLUMN[f.stage]
  return db.transaction(async (tx) => {
    const cur = await tx.query<{ v: string | null; x: string | null }>(
      `SELECT ${col}::text AS v, exit_date::text AS x FROM lifecycle_project WHERE id = $1 FOR UPDATE`,
      [f.id],
    )
    if (cur.rows[0]?.v || cur.rows[0]?.x) return 'taken'
    // docs/domain.md: start within 12 months of delivery, completion within 24 months of start — unless agreed at signing
    const deadlineCol = f.stage === 'tdgy' ? 'start_deadline' : f.stage === 'xmkg' ? 'completion_deadline' : null
    const months = f.stage === 'tdgy' ? 12 : 24
    const set = deadlineCol ? `, ${deadlineCol} = COALESCE(${deadlineCol}, ($2::date + interval '${months} months')::date)` : ''
    const extra = Object.keys(f.set)
    const params: unknown[] = [
      f.id,
      f.date,
      ...extra.map((k) => (f.set[k] !== null && typeof f.set[k] === 'object' ? JSON.stringify(f.set[k]) : f.set[k])),
    ]
    const r = await tx.query<{ deadline: string | null }>(
      `UPDATE lifecycle_project SET ${col} = $2::date${set}${extra.map((k, i) => `, ${k} = $${i + 3}`).join('')}, updated_at = now() WHERE id = $1
       RETURNING ${deadlineCol ? `to_char(${deadlineCol}, 'YYYY-MM-DD')` : 'NULL::text'} AS deadline`,
      params,
    )
    const deadline = r.rows[0].deadline
    const ev = await tx.query<{ id: number | string }>(
      `INSERT INTO lifecycle_event(project_id, stage, stage_date, remark, deadline, actor_id, late_days, actuals, judgement)
       VALUES ($1, $2, $3::date, $4, $5::date, $6, $7, $8::jsonb, $9::jsonb) RETURNING id`,
      [
        f.id,
        f.stage,
        f.date,
        f.remark,
        deadline,
        f.actorId,
        f.lateDays,
        f.actuals ? JSON.stringify(f.actuals) : null,
        f.judgement ? JSON.stringify(f.judgement) : null,
      ],
    )
    return { deadline, eventId: Number(ev.rows[0].id) }
  })
}

/** Links a registration to the submission that carries its parcel facts. */
export async function linkSubmission(db: Db, eventId: number, submissionId: number): Promise<void> {
  await db.query('UPDATE lifecycle_event SET submission_id = $2 WHERE id = $1', [eventId, submissionId])
}

/** 退出: the exit columns and the history row, in one transaction; 'taken' when the project exited meanwhile. */
export async function exitProject(
  db: Db,
  f: { id: number; date: string; reason: string; outcome: string; actorId: number },
): Promise<{ eventId: number } | 'taken'> {
  return db.transaction(async (tx) => {
    const cur = await tx.query<{ x: string | null }>('SELECT exit_date::text AS x FROM lifecycle_project WHERE id = $1 FOR UPDATE', [f.id])
    if (cur.rows[0]?.x) return 'taken'
    await tx.query(
      'UPDATE lifecycle_project SET exit_date = $2::date, exit_reason = $3, exit_outcome = $4, updated_at = now() WHERE id = $1',
      [f.id, f.date, f.reason, f.outcome],
    )
    const ev = await tx.query<{ id: number | string }>(
      `INSERT INTO lifecycle_event(project_id, stage, stage_date, remark, actor_id) VALUES ($1, 'tc', $2::date, $3, $4) RETURNING id`,
      [f.id, f.date, `${f.reason}（土地${f.outcome}）`, f.actorId],
    )
    return { eventId: Number(ev.rows[0].id) }
  })
}

// ---- 一本账 ----

/**
 * 亩均税收 achieved: the one 项目评价 judged (of its year, exact; the judgement's item for an evaluation
 * made before the year was kept), else the holder's 亩均税收 of the year (catalogue taxPerMu of one
 * enterprise, exact; $1 is the year) — so 一本账's figure is the judged one.
 */
const ACTUAL_TAX_SQL = `(CASE WHEN lp.evaluation IS NOT NULL THEN COALESCE(lp.evaluated_tax_per_mu,
    (SELECT (i->>'actual')::float8 FROM jsonb_array_elements(lp.evaluation->'items') i WHERE i->>'key' = 'taxPerMu' LIMIT 1))
  ELSE ${ratioSql('taxPerMu', yearlyRowOf('$1', 'e', 'y'))} END)`
const BELOW_SQL = `(lp.production_date IS NOT NULL AND ${ACTUAL_TAX_SQL} < lp.committed_tax_per_mu)`

/** A 一本账 row: the project plus what was achieved. */
export type OnebookDbRow = ProjectDbRow & { actual_plot_ratio: number | null; actual_tax_per_mu: number | null }

/** The ledger's filters. */
export type OnebookFilter = {
  keyword?: string
  stage?: LifecycleStage
  overdue?: 'true' | 'false'
  belowCommitment?: 'true' | 'false'
  failedEvaluation?: 'true' | 'false'
}

function onebookQuery(scope: DataScope, year: number, f: OnebookFilter) {
  const where = new Where()
  const y = `$${where.params.push(year)}`
  projectWhere(scope, f, where)
  if (f.stage) {
    // the stage reached today: this one registered and the next not
    const next = LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(f.stage) + 1]
    where.raw(`lp.${STAGE_COLUMN[f.stage]} IS NOT NULL${next ? ` AND lp.${STAGE_COLUMN[next]} IS NULL` : ''}`)
  }
  if (f.overdue) where.raw(f.overdue === 'true' ? OVERDUE_SQL : `NOT ${OVERDUE_SQL}`)
  if (f.belowCommitment) where.raw(f.belowCommitment === 'true' ? BELOW_SQL : `NOT COALESCE(${BELOW_SQL}, false)`)
  if (f.failedEvaluation) where.raw(f.failedEvaluation === 'true' ? FAILED_EVALUATION_SQL : `NOT ${FAILED_EVALUATION_SQL}`)
  return { where, from: `${FROM} LEFT JOIN enterprise_yearly y ON y.enterprise_id = lp.enterprise_id AND y.year = ${y}` }
}

export async function onebook(db: Db, scope: DataScope, year: number, f: OnebookFilter, args: PageArgs): Promise<Page<OnebookDbRow>> {
  const { where, from } = onebookQuery(scope, year, f)
  const select = `${PROJECT_SELECT}, p.plot_ratio::float8 AS actual_plot_ratio, (${ACTUAL_TAX_SQL})::float8 AS actual_tax_per_mu`
  const order = orderBy(
    args,
    { name: 'lp.name', signedDate: 'lp.signed_date', taxGap: `(${ACTUAL_TAX_SQL} - lp.committed_tax_per_mu)` },
    'lp.id',
  )
  return queryPage<OnebookDbRow>(db, { select, from, where, order }, args)
}

/** Counts of the ledger under the filters: all, overdue, below the commitment, and by the stage reached. */
export async function onebookCounts(
  db: Db,
  scope: DataScope,
  year: number,
  f: OnebookFilter,
): Promise<{ total: number; overdue: number; below: number; failed: number; exited: number } & Record<LifecycleStage, number>> {
  const { where, from } = onebookQuery(scope, year, f)
  const byStage = LIFECYCLE_STAGES.map((s, i) => {
    const next = LIFECYCLE_STAGES[i + 1]
    return `count(*) FILTER (WHERE lp.${STAGE_COLUMN[s]} IS NOT NULL${next ? ` AND lp.${STAGE_COLUMN[next]} IS NULL` : ''})::int AS ${s}`
  }).join(', ')
  const r = await db.query<
    { total: number; overdue: number; below: number; failed: number; exited: number } & Record<LifecycleStage, number>
  >(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue, count(*) FILTER (WHERE ${BELOW_SQL})::int AS below,
            count(*) FILTER (WHERE ${FAILED_EVALUATION_SQL})::int AS failed, count(*) FILTER (WHERE lp.exit_date IS NOT NULL)::int AS exited, ${byStage}
     FROM ${from} WHERE ${where.sql}`,
    where.params,
  )
  return r.rows[0]
}

/**
 * The lifecycle's figures as of today over the projects of the scope (catalogue projectCount,
 * inConstructionCount, overdueCount, failedEvaluationCount) — the walls' 逾期 is this count, the
 * same fragment 一本账 counts with.
 */
export async function todayFigures(
  db: Db,
  scope: DataScope,
): Promise<{ projectCount: number; inConstructionCount: number; overdueCount: number; failedEvaluationCount: number }> {
  const where = projectWhere(scope, {})
  const r = await db.query<{ projectCount: number; inConstructionCount: number; overdueCount: number; failedEvaluationCount: number }>(
    `SELECT count(*)::int AS "projectCount", count(*) FILTER (WHERE ${IN_CONSTRUCTION_SQL})::int AS "inConstructionCount",
            count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS "overdueCount", count(*) FILTER (WHERE ${FAILED_EVALUATION_SQL})::int AS "failedEvaluationCount"
     FROM ${FROM} WHERE ${where.sql}`,
    where.params,
  )
  return r.rows[0]
}

// ---- 标准地 双合同 and 违约 ----

/** The project already holding a contract number of a kind (live projects), if any. */
export async function contractNoHolder(
  db: Db,
  column: 'invest_agreement_no' | 'land_contract_no',
  no: string,
): Promise<{ id: number; name: string } | undefined> {
  const r = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM lifecycle_project WHERE ${column} = $1 AND NOT deleted LIMIT 1`,
    [no],
  )
  return r.rows[0]
}

/** Whether a value is an item of a dict (the data dictionary maintained under 字典管理). */
export async function dictHas(db: Db, dict: string, value: string): Promise<boolean> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dict_item i JOIN dict d ON d.id = i.dict_id WHERE d.code = $1 AND i.value = $2 AND i.status = 1`,
    [dict, value],
  )
  return r.rows[0].n > 0
}

/** The towns of a county, and the town (with an outline) a shape's inner point lies in, if any. */
export async function townsOf(db: Db, county: string): Promise<{ code: string; name: string }[]> {
  const r = await db.query<{ code: string; name: string }>(
    `SELECT code, name FROM region WHERE parent_code = $1 AND level = 'town' ORDER BY sort, code`,
    [county],
  )
  return r.rows
}

/** The town whose outline holds the inner point of a parcel (by id) or of a GeoJSON shape; null where no town outline is loaded. */
export async function locatedTown(db: Db, land: { parcelId: number } | { shape: unknown }): Promise<{ code: string; name: string } | null> {
  const point =
    'parcelId' in land
      ? `(SELECT ST_PointOnSurface(geom) FROM parcel WHERE id = $1)`
      : `ST_PointOnSurface(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326))`
  const r = await db.query<{ code: string; name: string }>(
    `SELECT code, name FROM region WHERE level = 'town' AND geom IS NOT NULL AND ST_Intersects(geom, ${point}) ORDER BY code LIMIT 1`,
    ['parcelId' in land ? land.parcelId : JSON.stringify(land.shape)],
  )
  return r.rows[0] ?? null
}

/** A parcel's own 乡镇 and county. */
export async function parcelTown(db: Db, parcelId: number): Promise<{ town_code: string | null; county_code: string | null } | undefined> {
  return (
    await db.query<{ town_code: string | null; county_code: string | null }>('SELECT town_code, county_code FROM parcel WHERE id = $1', [
      parcelId,
    ])
  ).rows[0]
}

/** A 违约 record as stored. */
export type BreachDbRow = {
  id: number
  kind: '逾期开工' | '逾期竣工' | '亩均税收未达承诺'
  found_date: string
  late_days: number | null
  committed: number | null
  actual: number | null
  base_fen: number | string
  penalty_fen: number | string
  rule: string
  created_at: Date | string
}

/** The 违约 records of a project, oldest first. */
export async function breaches(db: Db, projectId: number): Promise<BreachDbRow[]> {
  const r = await db.query<BreachDbRow>(
    `SELECT id, kind, to_char(found_date, 'YYYY-MM-DD') AS found_date, late_days, committed, actual, base_fen, penalty_fen, rule, created_at
     FROM lifecycle_breach WHERE project_id = $1 ORDER BY id`,
    [projectId],
  )
  return r.rows
}

/** Opens a 违约 record (one per kind and project); returns its id, or null when the kind is already recorded. */
export async function insertBreach(
  db: Db,
  b: {
    projectId: number
    kind: string
    eventId: number
    foundDate: string
    lateDays: number | null
    committed: number | null
    actual: number | null
    baseFen: number
    penaltyFen: number
    rule: string
    actorId: number
  },
): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO lifecycle_breach(project_id, kind, event_id, found_date, late_days, committed, actual, base_fen, penalty_fen, rule, actor_id)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8::bigint, $9::bigint, $10, $11) ON CONFLICT (project_id, kind) DO NOTHING RETURNING id`,
    [b.projectId, b.kind, b.eventId, b.foundDate, b.lateDays, b.committed, b.actual, b.baseFen, b.penaltyFen, b.rule, b.actorId],
  )
  return r.rows[0]?.id ?? null
}

/** The figures of an enterprise's year that 项目评价 judges, through the catalogue's formulas, and their sources. */
export async function enterpriseYear(
  db: Db,
  enterpriseId: number,
  year: number,
): Promise<{
  reported: boolean
  tax_per_mu: number | null
  energy_va: number | null
  emission_va: number | null
  sources: Record<string, { source: string; reported_date: string }> | string | null
}> {
  const r = await db.query<{
    reported: boolean
    tax_per_mu: number | null
    energy_va: number | null
    emission_va: number | null
    sources: Record<string, { source: string; reported_date: string }> | string | null
  }>(
    `SELECT (y.id IS NOT NULL) AS reported, (${ratioSql('taxPerMu', yearlyRowOf('$2', 'e', 'y'))})::float8 AS tax_per_mu,
            (${ratioSql('energyEfficiency', yearlyRowOf('$2', 'e', 'y'))})::float8 AS energy_va,
            (${ratioSql('emissionEfficiency', yearlyRowOf('$2', 'e', 'y'))})::float8 AS emission_va,
            (SELECT json_object_agg(s.item, json_build_object('source', s.source, 'reported_date', to_char(s.reported_date, 'YYYY-MM-DD')))
               FROM appraisal_input_source s WHERE s.enterprise_id = e.id AND s.year = $2) AS sources
     FROM enterprise e LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $2 WHERE e.id = $1`,
    [enterpriseId, year],
  )
  return r.rows[0] ?? { reported: false, tax_per_mu: null, energy_va: null, emission_va: null, sources: null }
}

/** The years an enterprise reported figures for, newest first. */
export async function reportedYears(db: Db, enterpriseId: number): Promise<number[]> {
  const r = await db.query<{ year: number }>('SELECT year FROM enterprise_yearly WHERE enterprise_id = $1 ORDER BY year DESC', [
    enterpriseId,
  ])
  return r.rows.map((x) => Number(x.year))
}

/** Sets the 乡镇 a data-centre submission belongs to (its region; the approval writes the project's town to the parcel, migration 0330). */
export async function setSubmissionTown(db: Db, submissionId: number, townCode: string): Promise<void> {
  await db.query("UPDATE dc_submission SET town_code = $2 WHERE id = $1 AND state = '待审核'", [submissionId, townCode])
}
