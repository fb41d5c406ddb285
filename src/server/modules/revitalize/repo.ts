/**
 * SQL of 低效用地再开发: the results of an evaluation run to review, the 台账 with its events, the
 * plans with their parcels, milestones, history, reports and 督办, the county tasks, and the
 * overview, effects and map — every read limited by a {@link DataScope} on the row's own district
 * codes (copied from the parcel when the row is made).
 */
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import { recordStep } from '../../common/proceeding'
import type { Page } from '../../../domain/contracts/envelope'
import type { LedgerRow, PlanRow, ReportRow, ReviewRow, SupervisionRow } from '../../../domain/contracts/revitalize'
import type { LedgerState, PlanMethod, PlanState } from '../../../domain/revitalize'
import { mu } from '../../../domain/figures/formulas'
import { effectSums, ledgerOfYear, planDone, planDoneInYear, planFiguresJoin, type EffectSumRow } from '../../figures/revitalize-sql'

const d = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`

/** A plan's state as of today: 实施中 past its deadline is 已逾期. */
export const PLAN_STATE_SQL = `(CASE WHEN rp.state = '实施中' AND rp.deadline < current_date THEN '已逾期' ELSE rp.state END)`

// ---- the parcels ----

/** A parcel as the 台账 and the plans need it. */
export interface ParcelRow {
  id: number
  land_code: string
  name: string
  status: string
  area_m2: number
  plot_ratio: number | null
  building_area: number | null
  enterprise_id: number | null
  province_code: string | null
  city_code: string | null
  county_code: string | null
  town_code: string | null
  in_scope: boolean
}

/** Parcels by id (deleted ones left out), each with whether it lies in the scope. */
export async function parcels(db: Db, scope: DataScope, ids: readonly number[]): Promise<ParcelRow[]> {
  const params: unknown[] = [ids]
  const inScope = scopeCondition(scope, 'p', params)
  const r = await db.query<ParcelRow>(
    `SELECT p.id, p.land_code, p.name, p.status, COALESCE(p.area_m2, 0)::float8 AS area_m2, p.plot_ratio::float8 AS plot_ratio,
            p.building_area::float8 AS building_area, p.enterprise_id, p.province_code, p.city_code, p.county_code, p.town_code,
            COALESCE(${inScope}, false) AS in_scope
     FROM parcel p WHERE p.id = ANY($1::int[]) AND NOT p.deleted ORDER BY p.id`,
    params,
  )
  return r.rows
}

// ---- review of an evaluation run ----

const REVIEW_FROM = `evaluation_result er JOIN parcel p ON p.id = er.parcel_id LEFT JOIN region c ON c.code = p.county_code
  LEFT JOIN enterprise e ON e.id = p.enterprise_id
  LEFT JOIN LATERAL (SELECT l.id, l.state FROM revitalize_ledger l WHERE l.parcel_id = p.id ORDER BY (l.state = '复核剔除'), l.id DESC LIMIT 1) lg ON true`

/** The flagged results of a run with the parcel's 台账 entry (the latest, a withdrawn one last). */
export async function reviewRows(
  db: Db,
  scope: DataScope,
  run: { id: number; items: { indicator: string }[] },
  names: (hits: number[]) => string[],
  f: { keyword?: string; review?: '待认定' | '已认定' | '复核剔除' },
  args: PageArgs,
): Promise<Page<ReviewRow>> {
  const where = new Where().add('er.run_id = ?', run.id).add('er.flagged').add('NOT p.deleted')
  where.raw(scopeCondition(scope, 'p', where.params))
  if (f.keyword) where.add('(p.name ILIKE ? OR p.land_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  // land taken back (已收回) is the government's: nothing to confirm as 低效
  if (f.review === '待认定') where.raw(`(lg.id IS NULL OR lg.state IN ('疑似', '已完成')) AND p.status <> '已收回'`)
  if (f.review === '已认定') where.raw(`lg.state IN ('已认定', '已纳入方案', '实施中')`)
  if (f.review === '复核剔除') where.raw(`lg.state = '复核剔除'`)
  return queryPage<
    {
      parcel_id: number
      land_code: string
      name: string
      county_name: string | null
      enterprise_name: string | null
      status: string
      area_m2: number
      score: number
      hits: number[]
      ledger_id: number | null
      ledger_state: LedgerState | null
    },
    ReviewRow
  >(
    db,
    {
      select: `er.parcel_id, p.land_code, p.name, c.name AS county_name, e.name AS enterprise_name, p.status,
               COALESCE(p.area_m2, 0)::float8 AS area_m2, er.score::float8 AS score, er.hits, lg.id AS ledger_id, lg.state AS ledger_state`,
      from: REVIEW_FROM,
      where,
      order: orderBy(args, { score: 'er.score', area: 'p.area_m2' }, 'er.score DESC, er.parcel_id'),
    },
    args,
    (r) => ({
      parcelId: r.parcel_id,
      landCode: r.land_code,
      parcelName: r.name,
      countyName: r.county_name,
      enterpriseName: r.enterprise_name,
      status: r.status,
      areaMu: mu(r.area_m2) ?? 0,
      score: r.score,
      criteria: names(r.hits),
      ledger: r.ledger_id === null ? null : { id: r.ledger_id, state: r.ledger_state as LedgerState },
    }),
  )
}

/** The result of a parcel in a run. */
export async function result(
  db: Db,
  runId: number,
  parcelId: number,
): Promise<{ score: number; flagged: boolean; hits: number[] } | undefined> {
  const r = await db.query<{ score: number; flagged: boolean; hits: number[] }>(
    'SELECT score::float8 AS score, flagged, hits FROM evaluation_result WHERE run_id = $1 AND parcel_id = $2',
    [runId, parcelId],
  )
  return r.rows[0]
}

// ---- the 台账 ----

/** An entry as the rules need it. */
export interface LedgerEntry {
  id: number
  parcel_id: number
  state: LedgerState
  status_before: string | null
  submission_id: number | null
  confirm_date: string | null
}

/** The live entry of a parcel (not withdrawn, not 销号), locked. */
export async function liveEntry(db: Db, parcelId: number): Promise<LedgerEntry | undefined> {
  const r = await db.query<LedgerEntry>(
    `SELECT id, parcel_id, state, status_before, submission_id::int AS submission_id, ${d('confirm_date')} AS confirm_date
     FROM revitalize_ledger WHERE parcel_id = $1 AND state NOT IN ('复核剔除', '已完成') FOR UPDATE`,
    [parcelId],
  )
  return r.rows[0]
}

/** An entry by id, locked. */
export async function entry(db: Db, id: number): Promise<LedgerEntry | undefined> {
  const r = await db.query<LedgerEntry>(
    `SELECT id, parcel_id, state, status_before, submission_id::int AS submission_id, ${d('confirm_date')} AS confirm_date
     FROM revitalize_ledger WHERE id = $1 FOR UPDATE`,
    [id],
  )
  return r.rows[0]
}

/** A new entry (with its first event); returns its id. */
export async function insertEntry(
  db: Db,
  f: {
    parcel: ParcelRow
    runId: number | null
    batch: string
    criteria: string[]
    score: number | null
    state: LedgerState
    confirmDate: string | null
    unit: string
    reason: string
    actorId: number
  },
): Promise<number> {
  const p = f.parcel
  const r = await db.query<{ id: number }>(
    `INSERT INTO revitalize_ledger(parcel_id, run_id, batch, criteria, score, state, confirm_date, confirm_unit, withdraw_reason,
       status_before, province_code, city_code, county_code, town_code, created_by)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7::date, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      p.id,
      f.runId,
      f.batch,
      f.criteria,
      f.score,
      f.state,
      f.confirmDate,
      f.unit,
      f.reason,
      p.status,
      p.province_code,
      p.city_code,
      p.county_code,
      p.town_code,
      f.actorId,
    ],
  )
  const id = r.rows[0].id
  await addLedgerEvent(db, id, null, '疑似', '由评价结果生成', f.actorId)
  if (f.state !== '疑似') await addLedgerEvent(db, id, '疑似', f.state, f.reason, f.actorId)
  return id
}

/** Removes a 疑似 entry that a confirmation or withdrawal replaces (its events go with it). */
export async function deleteSuspect(db: Db, id: number): Promise<void> {
  await db.query(`DELETE FROM revitalize_ledger WHERE id = $1 AND state = '疑似'`, [id])
}

/** Moves an entry to a state with its event; `set` names further columns. */
export async function moveEntry(
  db: Db,
  e: { id: number; state: LedgerState },
  to: LedgerState,
  note: string,
  actorId: number,
  set: {
    closedDate?: string | null
    withdrawReason?: string
    submissionId?: number | null
    /** 销号: the plan, its method and the reason */
    closedBy?: { planId: number; method: string; reason: string }
  } = {},
): Promise<void> {
  await db.query(
    `UPDATE revitalize_ledger SET state = $2::varchar, updated_at = now(),
       closed_date = CASE WHEN $2::varchar = '已完成' THEN COALESCE($3::date, closed_date) ELSE NULL END,
       withdraw_reason = COALESCE($4, withdraw_reason),
       submission_id = COALESCE($5::bigint, submission_id),
       closed_plan_id = CASE WHEN $2::varchar = '已完成' THEN COALESCE($6::int, closed_plan_id) ELSE NULL END,
       closed_method = CASE WHEN $2::varchar = '已完成' THEN COALESCE($7::varchar, closed_method) ELSE NULL END,
       closed_reason = CASE WHEN $2::varchar = '已完成' THEN COALESCE($8::varchar, closed_reason) ELSE '' END
     WHERE id = $1`,
    [
      e.id,
      to,
      set.closedDate ?? null,
      set.withdrawReason ?? null,
      set.submissionId ?? null,
      set.closedBy?.planId ?? null,
      set.closedBy?.method ?? null,
      set.closedBy?.reason ?? null,
    ],
  )
  await addLedgerEvent(db, e.id, e.state, to, note, actorId)
}

/** Records the submission a confirmation wrote the parcel status through. */
export async function linkEntrySubmission(db: Db, id: number, submissionId: number | null): Promise<void> {
  await db.query('UPDATE revitalize_ledger SET submission_id = $2 WHERE id = $1', [id, submissionId])
}

async function addLedgerEvent(db: Db, id: number, from: LedgerState | null, to: LedgerState, note: string, actorId: number): Promise<void> {
  await db.query('INSERT INTO revitalize_ledger_event(ledger_id, from_state, to_state, note, actor_id) VALUES ($1, $2, $3, $4, $5)', [
    id,
    from,
    to,
    note,
    actorId,
  ])
}

const LEDGER_FROM = `revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id LEFT JOIN region c ON c.code = l.county_code
  LEFT JOIN enterprise e ON e.id = p.enterprise_id
  LEFT JOIN LATERAL (SELECT pp.plan_id FROM revitalize_plan_parcel pp JOIN revitalize_plan rp ON rp.id = pp.plan_id
                     WHERE pp.ledger_id = l.id AND NOT rp.deleted AND rp.state <> '终止' ORDER BY pp.plan_id DESC LIMIT 1) lp ON true`

function ledgerWhere(scope: DataScope, f: { keyword?: string; parcelId?: number }): Where {
  const where = new Where()
  where.raw(scopeCondition(scope, 'l', where.params))
  if (f.keyword)
    where.add('(p.name ILIKE ? OR p.land_code ILIKE ? OR e.name ILIKE ?)', contains(f.keyword), contains(f.keyword), contains(f.keyword))
  where.addIf(f.parcelId, 'l.parcel_id = ?')
  return where
}

const LEDGER_SELECT = `l.id, l.parcel_id, p.land_code, p.name, l.county_code, c.name AS county_name, p.enterprise_id, e.name AS enterprise_name,
  p.status AS parcel_status, COALESCE(p.area_m2, 0)::float8 AS area_m2, l.batch, l.criteria, l.score::float8 AS score, l.state,
  ${d('l.confirm_date')} AS confirm_date, l.confirm_unit, ${d('l.closed_date')} AS closed_date, l.closed_method, l.closed_reason, l.withdraw_reason,
  l.submission_id::int AS submission_id, lp.plan_id, ST_AsGeoJSON(p.geom, 6) AS geojson`

interface LedgerDbRow {
  id: number
  parcel_id: number
  land_code: string
  name: string
  county_code: string | null
  county_name: string | null
  enterprise_id: number | null
  enterprise_name: string | null
  parcel_status: string
  area_m2: number
  batch: string
  criteria: string[]
  score: number | null
  state: LedgerState
  confirm_date: string | null
  confirm_unit: string
  closed_date: string | null
  closed_method: string | null
  closed_reason: string
  withdraw_reason: string
  submission_id: number | null
  plan_id: number | null
  geojson: string | null
}

const ledgerView = (r: LedgerDbRow): LedgerRow => ({
  id: r.id,
  parcelId: r.parcel_id,
  landCode: r.land_code,
  parcelName: r.name,
  countyCode: r.county_code,
  countyName: r.county_name,
  enterpriseId: r.enterprise_id,
  enterpriseName: r.enterprise_name,
  parcelStatus: r.parcel_status,
  areaMu: mu(r.area_m2) ?? 0,
  batch: r.batch,
  criteria: r.criteria,
  score: r.score,
  state: r.state,
  confirmDate: r.confirm_date,
  confirmUnit: r.confirm_unit,
  closedDate: r.closed_date,
  closedMethod: r.closed_method,
  closedReason: r.closed_reason,
  withdrawReason: r.withdraw_reason,
  submissionId: r.submission_id,
  planId: r.plan_id,
  geometry: r.geojson ? JSON.parse(r.geojson) : null,
})

/** The 台账, newest confirmation first. */
export async function ledger(
  db: Db,
  scope: DataScope,
  f: { keyword?: string; state?: LedgerState; parcelId?: number; unplanned?: boolean },
  args: PageArgs,
): Promise<Page<LedgerRow>> {
  const where = ledgerWhere(scope, f)
  where.addIf(f.state, 'l.state = ?')
  if (f.unplanned) where.raw(`l.state = '已认定'`)
  return queryPage<LedgerDbRow, LedgerRow>(
    db,
    {
      select: LEDGER_SELECT,
      from: LEDGER_FROM,
      where,
      order: orderBy(args, { confirmDate: 'l.confirm_date', area: 'p.area_m2' }, 'l.confirm_date DESC NULLS LAST, l.id DESC'),
    },
    args,
    ledgerView,
  )
}

/** Count and area of the 台账 by state. */
export async function ledgerCounts(
  db: Db,
  scope: DataScope,
  f: { keyword?: string },
): Promise<{ state: LedgerState; n: number; m2: number }[]> {
  const where = ledgerWhere(scope, f)
  const r = await db.query<{ state: LedgerState; n: number; m2: number }>(
    `SELECT l.state, count(*)::int AS n, COALESCE(sum(p.area_m2), 0)::float8 AS m2 FROM ${LEDGER_FROM} WHERE ${where.sql} GROUP BY l.state`,
    where.params,
  )
  return r.rows
}

// ---- plans ----

/** A plan's own row as the rules need it. */
export interface PlanDbRow {
  id: number
  name: string
  method: PlanMethod
  sub_method: string | null
  enterprise_id: number | null
  planned_area_m2: number
  target_plot_ratio: number | null
  target_building_m2: number | null
  target_investment: number | null
  target_tax: number | null
  target_output: number | null
  details: Record<string, string | number>
  start_date: string
  deadline: string
  resp_unit: string
  resp_person: string
  state: PlanState
  stored_state: PlanState
  progress: number
  note: string
  completed_date: string | null
  accepted_date: string | null
  stopped_reason: string | null
  actual_area_m2: number | null
  actual_building_m2: number | null
  actual_investment: number | null
  result_note: string
  plot_ratio_before: number | null
  plot_ratio_after: number | null
  base_year: number | null
  regulation_plan_id: number | null
  submission_id: number | null
  county_code: string | null
  county_name: string | null
  enterprise_name: string | null
  parcel_count: number
  land_codes: string[]
  last_report_date: string | null
  created_by: number
  approved_by: number | null
  holder_after_id: number | null
  holder_after_name: string | null
  holder_after_code: string | null
  land_use_after: string | null
  planning_use_after: string | null
  status_after: string | null
}

const PLAN_FROM = `revitalize_plan rp LEFT JOIN region c ON c.code = rp.county_code LEFT JOIN enterprise e ON e.id = rp.enterprise_id
  LEFT JOIN LATERAL (SELECT count(*)::int AS n, array_agg(pa.land_code ORDER BY pa.land_code) AS codes
                     FROM revitalize_plan_parcel pp JOIN parcel pa ON pa.id = pp.parcel_id WHERE pp.plan_id = rp.id) pc ON true
  LEFT JOIN LATERAL (SELECT max(rr.report_date) AS last FROM revitalize_report rr WHERE rr.plan_id = rp.id AND NOT rr.deleted) lr ON true
  LEFT JOIN enterprise ha ON ha.id = rp.holder_after_id`

const PLAN_SELECT = `rp.id, rp.name, rp.method, rp.sub_method, rp.enterprise_id, rp.planned_area_m2::float8 AS planned_area_m2,
  rp.target_plot_ratio::float8 AS target_plot_ratio, rp.target_building_m2::float8 AS target_building_m2,
  rp.target_investment::float8 AS target_investment, rp.target_tax::float8 AS target_tax, rp.target_output::float8 AS target_output,
  rp.details, ${d('rp.start_date')} AS start_date, ${d('rp.deadline')} AS deadline, rp.resp_unit, rp.resp_person,
  ${PLAN_STATE_SQL} AS state, rp.state AS stored_state, rp.progress, rp.note, ${d('rp.completed_date')} AS completed_date,
  ${d('rp.accepted_date')} AS accepted_date, rp.stopped_reason, rp.actual_area_m2::float8 AS actual_area_m2,
  rp.actual_building_m2::float8 AS actual_building_m2, rp.actual_investment::float8 AS actual_investment, rp.result_note,
  rp.plot_ratio_before::float8 AS plot_ratio_before, rp.plot_ratio_after::float8 AS plot_ratio_after, rp.base_year,
  rp.regulation_plan_id, rp.submission_id::int AS submission_id, rp.county_code, c.name AS county_name, e.name AS enterprise_name,
  COALESCE(pc.n, 0) AS parcel_count, COALESCE(pc.codes, '{}') AS land_codes, ${d('lr.last')} AS last_report_date,
  rp.created_by, rp.approved_by, rp.holder_after_id, ha.name AS holder_after_name, ha.credit_code AS holder_after_code,
  rp.land_use_after, rp.planning_use_after, rp.status_after`

/** A plan row as a list shows it. */
export const planRowView = (r: PlanDbRow): PlanRow => ({
  id: r.id,
  name: r.name,
  method: r.method,
  subMethod: r.sub_method,
  state: r.state,
  progress: r.progress,
  countyCode: r.county_code,
  countyName: r.county_name,
  enterpriseName: r.enterprise_name,
  parcelCount: r.parcel_count,
  landCodes: r.land_codes,
  plannedAreaMu: mu(r.planned_area_m2) ?? 0,
  startDate: r.start_date,
  deadline: r.deadline,
  respUnit: r.resp_unit,
  respPerson: r.resp_person,
  completedDate: r.completed_date,
  lastReportDate: r.last_report_date,
  regulationPlanId: r.regulation_plan_id,
})

/** Locks a plan's row for a change. */
export async function lockPlan(db: Db, id: number): Promise<void> {
  await db.query('SELECT id FROM revitalize_plan WHERE id = $1 FOR UPDATE', [id])
}

/** The parcels of an enterprise in the books today (not 已收回), with the enterprise's name. */
export async function enterpriseParcels(db: Db, enterpriseId: number): Promise<(ParcelRow & { enterprise_name: string | null })[]> {
  const r = await db.query<ParcelRow & { enterprise_name: string | null }>(
    `SELECT p.id, p.land_code, p.name, p.status, COALESCE(p.area_m2, 0)::float8 AS area_m2, p.plot_ratio::float8 AS plot_ratio,
            p.building_area::float8 AS building_area, p.enterprise_id, p.province_code, p.city_code, p.county_code, p.town_code,
            true AS in_scope, e.name AS enterprise_name
     FROM parcel p JOIN enterprise e ON e.id = p.enterprise_id
     WHERE p.enterprise_id = $1 AND NOT p.deleted AND p.status <> '已收回' AND p.area_m2 > 0 ORDER BY p.id`,
    [enterpriseId],
  )
  return r.rows
}

/** Links a plan to the 整治提升 plan that led to it. */
export async function linkRegulation(db: Db, planId: number, regulationPlanId: number): Promise<void> {
  await db.query('UPDATE revitalize_plan SET regulation_plan_id = COALESCE(regulation_plan_id, $2), updated_at = now() WHERE id = $1', [
    planId,
    regulationPlanId,
  ])
}

/** A county with whether it lies in the scope. */
export async function county(db: Db, scope: DataScope, code: string): Promise<{ code: string; inScope: boolean } | undefined> {
  const params: unknown[] = [code]
  const cond = scopeCondition(scope, 'r', params)
  const r = await db.query<{ code: string; in_scope: boolean }>(
    `SELECT r.code, COALESCE(${cond}, false) AS in_scope FROM (SELECT x.code, pc.parent_code AS province_code, x.parent_code AS city_code,
       x.code AS county_code, NULL::varchar AS town_code FROM region x LEFT JOIN region pc ON pc.code = x.parent_code
       WHERE x.code = $1 AND x.level = 'county') r`,
    params,
  )
  const row = r.rows[0]
  return row && { code: row.code, inScope: row.in_scope }
}

/** A plan of the scope (not deleted), locked with `lock`. */
export async function plan(db: Db, scope: DataScope, id: number, lock = false): Promise<PlanDbRow | undefined> {
  if (lock) await db.query('SELECT id FROM revitalize_plan WHERE id = $1 FOR UPDATE', [id])
  const where = new Where().add('rp.id = ?', id).add('NOT rp.deleted')
  where.raw(scopeCondition(scope, 'rp', where.params))
  const r = await db.query<PlanDbRow>(`SELECT ${PLAN_SELECT} FROM ${PLAN_FROM} WHERE ${where.sql}`, where.params)
  return r.rows[0]
}

function planWhere(scope: DataScope, f: { keyword?: string; method?: PlanMethod; year?: number }): Where {
  const where = new Where().add('NOT rp.deleted')
  where.raw(scopeCondition(scope, 'rp', where.params))
  if (f.keyword) {
    where.add(
      `(rp.name ILIKE ? OR e.name ILIKE ? OR rp.resp_unit ILIKE ? OR EXISTS (SELECT 1 FROM revitalize_plan_parcel kp JOIN parcel kpa ON kpa.id = kp.parcel_id WHERE kp.plan_id = rp.id AND (kpa.land_code ILIKE ? OR kpa.name ILIKE ?)))`,
      ...Array(5).fill(contains(f.keyword)),
    )
  }
  where.addIf(f.method, 'rp.method = ?')
  if (f.year)
    where.add(
      'extract(year FROM rp.start_date)::int <= ? AND (rp.completed_date IS NULL OR extract(year FROM rp.completed_date)::int >= ?)',
      f.year,
      f.year,
    )
  return where
}

/** The plans, the riskiest states first then the nearest deadline. */
export async function plans(
  db: Db,
  scope: DataScope,
  f: { keyword?: string; method?: PlanMethod; year?: number; state?: PlanState; states?: readonly PlanState[] },
  args: PageArgs,
): Promise<Page<PlanDbRow>> {
  const where = planWhere(scope, f)
  where.addIf(f.state, `${PLAN_STATE_SQL} = ?`)
  if (f.states) where.add(`${PLAN_STATE_SQL} = ANY(?::text[])`, f.states)
  return queryPage<PlanDbRow>(
    db,
    {
      select: PLAN_SELECT,
      from: PLAN_FROM,
      where,
      order: orderBy(args, { deadline: 'rp.deadline', progress: 'rp.progress', startDate: 'rp.start_date' }, 'rp.id DESC'),
    },
    args,
  )
}

/** Every running plan of the scope (for the supervision list, which orders by risk in memory over this bounded set). */
export async function runningPlans(
  db: Db,
  scope: DataScope,
  f: { keyword?: string },
): Promise<(PlanDbRow & { open_supervisions: number })[]> {
  const where = planWhere(scope, f).raw(`rp.state = '实施中'`)
  const r = await db.query<PlanDbRow & { open_supervisions: number }>(
    `SELECT ${PLAN_SELECT}, (SELECT count(*)::int FROM revitalize_supervision s WHERE s.plan_id = rp.id AND s.reply IS NULL) AS open_supervisions
     FROM ${PLAN_FROM} WHERE ${where.sql} ORDER BY rp.id`,
    where.params,
  )
  return r.rows
}

/** Plan counts by state. */
export async function planCounts(db: Db, scope: DataScope, f: { keyword?: string; method?: PlanMethod; year?: number }) {
  const where = planWhere(scope, f)
  const r = await db.query<{ state: PlanState; n: number }>(
    `SELECT ${PLAN_STATE_SQL} AS state, count(*)::int AS n FROM ${PLAN_FROM} WHERE ${where.sql} GROUP BY 1`,
    where.params,
  )
  return r.rows
}

/** The plan's columns a write sets. */
export interface PlanWrite {
  name: string
  method: PlanMethod
  subMethod: string | null
  enterpriseId: number | null
  plannedAreaM2: number
  targetPlotRatio: number | null
  targetBuildingM2: number | null
  targetInvestment: number | null
  targetTax: number | null
  targetOutput: number | null
  details: Record<string, unknown>
  startDate: string
  deadline: string
  respUnit: string
  respPerson: string
  note: string
  plotRatioBefore: number | null
  baseYear: number
  region: Pick<ParcelRow, 'province_code' | 'city_code' | 'county_code' | 'town_code'>
}

const PLAN_COLUMNS = `name, method, sub_method, enterprise_id, planned_area_m2, target_plot_ratio, target_building_m2, target_investment,
  target_tax, target_output, details, start_date, deadline, resp_unit, resp_person, note, plot_ratio_before, base_year,
  province_code, city_code, county_code, town_code`

const planValues = (w: PlanWrite): unknown[] => [
  w.name,
  w.method,
  w.subMethod,
  w.enterpriseId,
  w.plannedAreaM2,
  w.targetPlotRatio,
  w.targetBuildingM2,
  w.targetInvestment,
  w.targetTax,
  w.targetOutput,
  JSON.stringify(w.details),
  w.startDate,
  w.deadline,
  w.respUnit,
  w.respPerson,
  w.note,
  w.plotRatioBefore,
  w.baseYear,
  w.region.province_code,
  w.region.city_code,
  w.region.county_code,
  w.region.town_code,
]

/** A new plan; returns its id. */
export async function insertPlan(
  db: Db,
  w: PlanWrite,
  state: PlanState,
  actorId: number,
  regulationPlanId: number | null = null,
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO revitalize_plan(${PLAN_COLUMNS}, state, created_by, regulation_plan_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::date, $13::date, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
     RETURNING id`,
    [...planValues(w), state, actorId, regulationPlanId],
  )
  return r.rows[0].id
}

/** Overwrites a plan's columns. */
export async function updatePlan(db: Db, id: number, w: PlanWrite): Promise<void> {
  const cols = PLAN_COLUMNS.split(',').map((c) => c.trim())
  const casts: Record<string, string> = { details: '::jsonb', start_date: '::date', deadline: '::date' }
  await db.query(
    `UPDATE revitalize_plan SET ${cols.map((c, i) => `${c} = $${i + 2}${casts[c] ?? ''}`).join(', ')}, updated_at = now() WHERE id = $1`,
    [id, ...planValues(w)],
  )
}

/** The parcels of a plan. */
export async function planParcels(db: Db, planId: number) {
  const r = await db.query<{
    parcel_id: number
    ledger_id: number | null
    land_code: string
    name: string
    area_m2: number
    planned_area_m2: number
    status: string
    geojson: string | null
  }>(
    `SELECT pp.parcel_id, pp.ledger_id, p.land_code, p.name, COALESCE(p.area_m2, 0)::float8 AS area_m2,
            pp.planned_area_m2::float8 AS planned_area_m2, p.status, ST_AsGeoJSON(p.geom, 6) AS geojson
     FROM revitalize_plan_parcel pp JOIN parcel p ON p.id = pp.parcel_id WHERE pp.plan_id = $1 ORDER BY p.land_code`,
    [planId],
  )
  return r.rows
}

/** Replaces a plan's parcels. */
export async function setPlanParcels(
  db: Db,
  planId: number,
  list: readonly { parcelId: number; ledgerId: number | null; plannedAreaM2: number }[],
): Promise<void> {
  await db.query('DELETE FROM revitalize_plan_parcel WHERE plan_id = $1', [planId])
  for (const x of list) {
    await db.query('INSERT INTO revitalize_plan_parcel(plan_id, parcel_id, ledger_id, planned_area_m2) VALUES ($1, $2, $3, $4)', [
      planId,
      x.parcelId,
      x.ledgerId,
      x.plannedAreaM2,
    ])
  }
}

/** Live plans (not deleted, not 终止, not this one) holding any of the parcels. */
export async function otherLivePlans(
  db: Db,
  parcelIds: readonly number[],
  exceptId: number | null,
): Promise<{ parcel_id: number; plan_id: number }[]> {
  const r = await db.query<{ parcel_id: number; plan_id: number }>(
    `SELECT pp.parcel_id, rp.id AS plan_id FROM revitalize_plan_parcel pp JOIN revitalize_plan rp ON rp.id = pp.plan_id
     WHERE pp.parcel_id = ANY($1::int[]) AND NOT rp.deleted AND rp.state NOT IN ('终止', '已完成', '已验收') AND rp.id <> COALESCE($2, 0)`,
    [parcelIds, exceptId],
  )
  return r.rows
}

/** The milestones of a plan. */
export async function milestones(db: Db, planId: number) {
  const r = await db.query<{ id: number; name: string; due_date: string; done_date: string | null }>(
    `SELECT id, name, ${d('due_date')} AS due_date, ${d('done_date')} AS done_date FROM revitalize_milestone WHERE plan_id = $1 ORDER BY sort, id`,
    [planId],
  )
  return r.rows.map((m) => ({ id: m.id, name: m.name, dueDate: m.due_date, doneDate: m.done_date }))
}

/** Replaces the milestones of a plan. */
export async function setMilestones(
  db: Db,
  planId: number,
  list: readonly { name: string; dueDate: string; doneDate?: string | null }[],
): Promise<void> {
  await db.query('DELETE FROM revitalize_milestone WHERE plan_id = $1', [planId])
  let i = 0
  for (const m of list) {
    await db.query('INSERT INTO revitalize_milestone(plan_id, name, due_date, done_date, sort) VALUES ($1, $2, $3::date, $4::date, $5)', [
      planId,
      m.name,
      m.dueDate,
      m.doneDate ?? null,
      i++,
    ])
  }
}

/** Adds a history row of a plan. */
/**
 * Keeps a step of a plan twice, in the same transaction: in the plan's edit history (the fields
 * changed) and in its 办理记录 (who, when, from which state to which, the note — docs/domain.md
 * "闲置土地：听证告知、政府原因与报批", issue 28).
 */
export async function addHistory(
  db: Db,
  planId: number,
  action: string,
  changes: unknown[],
  actorId: number,
  step: { from?: string; to?: string; note?: string } = {},
): Promise<void> {
  await db.query('INSERT INTO revitalize_plan_history(plan_id, action, changes, actor_id) VALUES ($1, $2, $3::jsonb, $4)', [
    planId,
    action,
    JSON.stringify(changes),
    actorId,
  ])
  await recordPlanStep(db, planId, action, actorId, step)
}

/** Writes one step of a plan's 办理记录 (inside the transaction of the step). */
export async function recordPlanStep(
  db: Db,
  planId: number,
  action: string,
  actorId: number,
  step: { from?: string; to?: string; note?: string } = {},
): Promise<void> {
  const u = await db.query<{ real_name: string }>('SELECT real_name FROM app_user WHERE id = $1', [actorId])
  await recordStep(
    db,
    { id: actorId, realName: u.rows[0]?.real_name ?? `#${actorId}` },
    { subject: 'revitalize_plan', subjectId: planId, action, ...step },
  )
}

/** Who submitted the plan for 审核 last (提交 or 新建并提交), or null. */
export async function planSubmitter(db: Db, planId: number): Promise<number | null> {
  const r = await db.query<{ actor_id: number }>(
    `SELECT actor_id FROM revitalize_plan_history WHERE plan_id = $1 AND action IN ('提交', '新建并提交') ORDER BY id DESC LIMIT 1`,
    [planId],
  )
  return r.rows[0]?.actor_id ?? null
}

/** Marks who approved (审核通过) a plan. */
export async function setPlanApprover(db: Db, planId: number, approverId: number): Promise<void> {
  await db.query('UPDATE revitalize_plan SET approved_by = $2, approved_at = now() WHERE id = $1', [planId, approverId])
}

/** The plans of the scope waiting for 审核 (处置审定), oldest first, with their author and submitter. */
export async function pendingPlans(
  db: Db,
  scope: DataScope,
): Promise<
  {
    id: number
    name: string
    method: string
    county_name: string | null
    land_codes: string[]
    start_date: string
    deadline: string
    author: string
    submitted_by: string | null
  }[]
> {
  const params: unknown[] = []
  const r = await db.query<{
    id: number
    name: string
    method: string
    county_name: string | null
    land_codes: string[]
    start_date: string
    deadline: string
    author: string
    submitted_by: string | null
  }>(
    `SELECT rp.id, rp.name, rp.method, c.name AS county_name,
            COALESCE((SELECT array_agg(pa.land_code ORDER BY pa.land_code) FROM revitalize_plan_parcel pp JOIN parcel pa ON pa.id = pp.parcel_id
                      WHERE pp.plan_id = rp.id), '{}') AS land_codes,
            to_char(rp.start_date, 'YYYY-MM-DD') AS start_date, to_char(rp.deadline, 'YYYY-MM-DD') AS deadline, a.real_name AS author,
            (SELECT u.real_name FROM revitalize_plan_history h JOIN app_user u ON u.id = h.actor_id
              WHERE h.plan_id = rp.id AND h.action IN ('提交', '新建并提交') ORDER BY h.id DESC LIMIT 1) AS submitted_by
     FROM revitalize_plan rp LEFT JOIN region c ON c.code = rp.county_code JOIN app_user a ON a.id = rp.created_by
     WHERE NOT rp.deleted AND rp.state = '待审核' AND ${scopeCondition(scope, 'rp', params)}
     ORDER BY rp.updated_at, rp.id`,
    params,
  )
  return r.rows
}

/** The history of a plan, oldest first. */
export async function history(db: Db, planId: number) {
  const r = await db.query<{ action: string; changes: unknown; actor: string; at: Date | string }>(
    `SELECT h.action, h.changes, u.real_name AS actor, h.created_at AS at FROM revitalize_plan_history h JOIN app_user u ON u.id = h.actor_id
     WHERE h.plan_id = $1 ORDER BY h.id`,
    [planId],
  )
  return r.rows.map((h) => ({
    action: h.action,
    changes: (typeof h.changes === 'string' ? JSON.parse(h.changes) : h.changes) as {
      field: string
      label: string
      before: unknown
      after: unknown
    }[],
    actor: h.actor,
    at: iso(h.at) ?? '',
  }))
}

/** Sets a plan's state (and the columns of that step). */
export async function setPlanState(
  db: Db,
  id: number,
  state: PlanState,
  set: {
    completedDate?: string
    acceptedDate?: string
    stoppedReason?: string
    actualAreaM2?: number | null
    actualBuildingM2?: number | null
    actualInvestment?: number | null
    plotRatioAfter?: number | null
    resultNote?: string
    submissionId?: number | null
    progress?: number
    /** what 办结 wrote to the parcels besides 容积率 (docs/domain.md 盘活的效果) */
    outcome?: { holderAfterId: number | null; landUseAfter: string | null; planningUseAfter: string | null; statusAfter: string }
  } = {},
): Promise<void> {
  await db.query(
    `UPDATE revitalize_plan SET state = $2, updated_at = now(),
       completed_date = COALESCE($3::date, completed_date), accepted_date = COALESCE($4::date, accepted_date),
       stopped_reason = COALESCE($5, stopped_reason), actual_area_m2 = COALESCE($6, actual_area_m2),
       actual_building_m2 = COALESCE($7, actual_building_m2), actual_investment = COALESCE($8, actual_investment),
       plot_ratio_after = COALESCE($9, plot_ratio_after), result_note = COALESCE($10, result_note),
       submission_id = COALESCE($11::bigint, submission_id), progress = COALESCE($12, progress),
       holder_after_id = COALESCE($13::int, holder_after_id), land_use_after = COALESCE($14::varchar, land_use_after),
       planning_use_after = COALESCE($15::varchar, planning_use_after), status_after = COALESCE($16::varchar, status_after)
     WHERE id = $1`,
    [
      id,
      state,
      set.completedDate ?? null,
      set.acceptedDate ?? null,
      set.stoppedReason ?? null,
      set.actualAreaM2 ?? null,
      set.actualBuildingM2 ?? null,
      set.actualInvestment ?? null,
      set.plotRatioAfter ?? null,
      set.resultNote ?? null,
      set.submissionId ?? null,
      set.progress ?? null,
      set.outcome?.holderAfterId ?? null,
      set.outcome?.landUseAfter ?? null,
      set.outcome?.planningUseAfter ?? null,
      set.outcome?.statusAfter ?? null,
    ],
  )
}

/** What 办结 wrote to a plan's parcels besides 容积率 (setPlanState's `outcome`). */
export type PlanOutcome = {
  holderAfterId: number | null
  landUseAfter: string | null
  planningUseAfter: string | null
  statusAfter: string
} | null

/** The enterprise of the scope with a credit code (not deleted), the new holder of a 办结. */
export async function enterpriseByCode(
  db: Db,
  scope: DataScope,
  creditCode: string,
): Promise<{ id: number; credit_code: string } | undefined> {
  const params: unknown[] = [creditCode]
  const r = await db.query<{ id: number; credit_code: string }>(
    `SELECT e.id, e.credit_code FROM enterprise e WHERE upper(e.credit_code) = upper($1) AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  return r.rows[0]
}

/** Marks a draft deleted. */
export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.query(`UPDATE revitalize_plan SET deleted = true, updated_at = now() WHERE id = $1`, [id])
}

/** The plan an 整治提升 plan already opened, if any. */
export async function planOfRegulation(db: Db, regulationPlanId: number): Promise<number | undefined> {
  const r = await db.query<{ id: number }>(
    `SELECT id FROM revitalize_plan WHERE regulation_plan_id = $1 AND NOT deleted AND state <> '终止' ORDER BY id DESC LIMIT 1`,
    [regulationPlanId],
  )
  return r.rows[0]?.id
}

// ---- reports and 督办 ----

/** The reports of a plan, oldest first. */
export async function reports(db: Db, planId: number): Promise<ReportRow[]> {
  const r = await db.query<{
    id: number
    report_date: string
    progress: number
    done_items: string
    difficulties: string
    next_steps: string
    photo_ids: (number | string)[]
    photos: { id: number | string; name: string; size: number | string }[]
    actor: string
    created_at: Date | string
  }>(
    `SELECT rr.id::int AS id, ${d('rr.report_date')} AS report_date, rr.progress, rr.done_items, rr.difficulties, rr.next_steps, rr.photo_ids,
            COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.original_name, 'size', f.size) ORDER BY p.ord)
                      FROM unnest(rr.photo_ids) WITH ORDINALITY p(fid, ord) JOIN upload_file f ON f.id = p.fid), '[]') AS photos,
            u.real_name AS actor, rr.created_at
     FROM revitalize_report rr JOIN app_user u ON u.id = rr.actor_id WHERE rr.plan_id = $1 AND NOT rr.deleted ORDER BY rr.report_date, rr.id`,
    [planId],
  )
  return r.rows.map((x) => ({
    id: x.id,
    reportDate: x.report_date,
    progress: x.progress,
    doneItems: x.done_items,
    difficulties: x.difficulties,
    nextSteps: x.next_steps,
    photoIds: x.photo_ids.map(Number),
    photos: x.photos.map((f) => ({ id: Number(f.id), name: f.name, size: Number(f.size) })),
    actor: x.actor,
    createdAt: iso(x.created_at) ?? '',
  }))
}

/** A report with its plan id. */
export async function report(db: Db, id: number): Promise<{ id: number; plan_id: number; photo_ids: number[] } | undefined> {
  const r = await db.query<{ id: number; plan_id: number; photo_ids: number[] }>(
    'SELECT id::int AS id, plan_id, ARRAY(SELECT unnest(photo_ids)::int) AS photo_ids FROM revitalize_report WHERE id = $1 AND NOT deleted',
    [id],
  )
  return r.rows[0]
}

/** Writes a report (new, or over an existing one) and the plan's progress. */
export async function saveReport(
  db: Db,
  f: {
    id?: number
    planId: number
    reportDate: string
    progress: number
    doneItems: string
    difficulties: string
    nextSteps: string
    photoIds: number[]
    actorId: number
  },
): Promise<number> {
  let id = f.id
  if (id === undefined) {
    const r = await db.query<{ id: number }>(
      `INSERT INTO revitalize_report(plan_id, report_date, progress, done_items, difficulties, next_steps, photo_ids, actor_id)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7::bigint[], $8) RETURNING id::int AS id`,
      [f.planId, f.reportDate, f.progress, f.doneItems, f.difficulties, f.nextSteps, f.photoIds, f.actorId],
    )
    id = r.rows[0].id
  } else {
    await db.query(
      `UPDATE revitalize_report SET report_date = $2::date, progress = $3, done_items = $4, difficulties = $5, next_steps = $6,
         photo_ids = $7::bigint[], actor_id = $8 WHERE id = $1`,
      [id, f.reportDate, f.progress, f.doneItems, f.difficulties, f.nextSteps, f.photoIds, f.actorId],
    )
  }
  await syncProgress(db, f.planId)
  return id
}

/** Deletes a report (kept, marked deleted) and puts the plan's progress back to the last one left. */
export async function deleteReport(db: Db, id: number, planId: number): Promise<void> {
  await db.query('UPDATE revitalize_report SET deleted = true WHERE id = $1', [id])
  await syncProgress(db, planId)
}

async function syncProgress(db: Db, planId: number): Promise<void> {
  await db.query(
    `UPDATE revitalize_plan SET progress = COALESCE((SELECT progress FROM revitalize_report WHERE plan_id = $1 AND NOT deleted
       ORDER BY report_date DESC, id DESC LIMIT 1), 0), updated_at = now() WHERE id = $1`,
    [planId],
  )
}

/** The 督办 of a plan, newest first. */
export async function supervisions(db: Db, planId: number): Promise<SupervisionRow[]> {
  const r = await db.query<{
    id: number
    content: string
    reply_deadline: string
    issued_by: string
    issued_at: Date | string
    reply: string | null
    replied_at: Date | string | null
    overdue: boolean
  }>(
    `SELECT s.id, s.content, ${d('s.reply_deadline')} AS reply_deadline, u.real_name AS issued_by, s.issued_at, s.reply, s.replied_at,
            (s.reply IS NULL AND s.reply_deadline < current_date) AS overdue
     FROM revitalize_supervision s JOIN app_user u ON u.id = s.issued_by WHERE s.plan_id = $1 ORDER BY s.id DESC`,
    [planId],
  )
  return r.rows.map((s) => ({
    id: s.id,
    content: s.content,
    replyDeadline: s.reply_deadline,
    issuedBy: s.issued_by,
    issuedAt: iso(s.issued_at) ?? '',
    reply: s.reply,
    repliedAt: iso(s.replied_at),
    overdue: s.overdue,
  }))
}

/** A 督办 by id, with its plan. */
export async function supervision(db: Db, id: number): Promise<{ id: number; plan_id: number; reply: string | null } | undefined> {
  const r = await db.query<{ id: number; plan_id: number; reply: string | null }>(
    'SELECT id, plan_id, reply FROM revitalize_supervision WHERE id = $1 FOR UPDATE',
    [id],
  )
  return r.rows[0]
}

export async function insertSupervision(
  db: Db,
  f: { planId: number; content: string; replyDeadline: string; actorId: number },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO revitalize_supervision(plan_id, content, reply_deadline, issued_by) VALUES ($1, $2, $3::date, $4) RETURNING id',
    [f.planId, f.content, f.replyDeadline, f.actorId],
  )
  return r.rows[0].id
}

export async function replySupervision(db: Db, id: number, reply: string, actorId: number): Promise<void> {
  await db.query('UPDATE revitalize_supervision SET reply = $2, replied_by = $3, replied_at = now() WHERE id = $1', [id, reply, actorId])
}

// ---- write-through submissions ----

/** A submission still waiting for audit, with its target and payload. */
export async function pendingSubmission(
  db: Db,
  id: number | null,
  parcelId: number,
): Promise<{ id: number; payload: Record<string, unknown> } | undefined> {
  if (id === null) return undefined
  const r = await db.query<{ id: number; payload: Record<string, unknown> | string }>(
    `SELECT id::int AS id, payload FROM dc_submission WHERE id = $1 AND state = '待审核' AND kind = 'parcel' AND target_id = $2 FOR UPDATE`,
    [id, parcelId],
  )
  const row = r.rows[0]
  return row && { id: row.id, payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload }
}

// ---- tasks, overview, effects, map ----

/** Sets a county's task of a year. */
export async function upsertTask(db: Db, f: { countyCode: string; year: number; taskMu: number; actorId: number }): Promise<void> {
  await db.query(
    `INSERT INTO revitalize_task(county_code, year, task_mu, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (county_code, year) DO UPDATE SET task_mu = EXCLUDED.task_mu, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [f.countyCode, f.year, f.taskMu, f.actorId],
  )
}

/** The counties of the scope with their 台账, plans, done area and task of the year. */
export async function countyRows(db: Db, scope: DataScope, year: number) {
  const params: unknown[] = [year]
  const inScope = scopeCondition(scope, 'r', params)
  const r = await db.query<{
    code: string
    name: string
    ledger_count: number
    ledger_m2: number
    unplanned_count: number
    plan_count: number
    running_count: number
    overdue_count: number
    done_count: number
    done_m2: number
    task_mu: number | null
  }>(
    `WITH r AS (SELECT x.code, x.name, pc.parent_code AS province_code, x.parent_code AS city_code, x.code AS county_code,
                       NULL::varchar AS town_code
                FROM region x LEFT JOIN region pc ON pc.code = x.parent_code WHERE x.level = 'county')
     SELECT r.code, r.name,
       (SELECT count(*)::int FROM revitalize_ledger l WHERE l.county_code = r.code AND ${ledgerOfYear('l', '$1')}) AS ledger_count,
       (SELECT COALESCE(sum(p.area_m2), 0)::float8 FROM revitalize_ledger l JOIN parcel p ON p.id = l.parcel_id
         WHERE l.county_code = r.code AND ${ledgerOfYear('l', '$1')}) AS ledger_m2,
       (SELECT count(*)::int FROM revitalize_ledger l WHERE l.county_code = r.code AND l.state = '已认定') AS unplanned_count,
       (SELECT count(*)::int FROM revitalize_plan rp WHERE rp.county_code = r.code AND NOT rp.deleted AND rp.state <> '终止') AS plan_count,
       (SELECT count(*)::int FROM revitalize_plan rp WHERE rp.county_code = r.code AND NOT rp.deleted AND ${PLAN_STATE_SQL} = '实施中') AS running_count,
       (SELECT count(*)::int FROM revitalize_plan rp WHERE rp.county_code = r.code AND NOT rp.deleted AND ${PLAN_STATE_SQL} = '已逾期') AS overdue_count,
       (SELECT count(*)::int FROM revitalize_plan rp WHERE rp.county_code = r.code AND ${planDoneInYear('rp', '$1')}) AS done_count,
       (SELECT COALESCE(sum(rp.planned_area_m2), 0)::float8 FROM revitalize_plan rp WHERE rp.county_code = r.code AND ${planDoneInYear('rp', '$1')}) AS done_m2,
       (SELECT t.task_mu::float8 FROM revitalize_task t WHERE t.county_code = r.code AND t.year = $1) AS task_mu
     FROM r WHERE ${inScope}
       AND (EXISTS (SELECT 1 FROM revitalize_ledger l WHERE l.county_code = r.code) OR EXISTS (SELECT 1 FROM revitalize_task t WHERE t.county_code = r.code)
            OR EXISTS (SELECT 1 FROM parcel p WHERE p.county_code = r.code AND NOT p.deleted))
     ORDER BY r.code`,
    params,
  )
  return r.rows
}

/** Plans by method: count, planned area and done in the year. */
export async function methodRows(db: Db, scope: DataScope, year: number) {
  const where = new Where(year).add('NOT rp.deleted').add(`rp.state <> '终止'`)
  where.raw(scopeCondition(scope, 'rp', where.params))
  const r = await db.query<{ method: PlanMethod; n: number; m2: number; done: number }>(
    `SELECT rp.method, count(*)::int AS n, COALESCE(sum(rp.planned_area_m2), 0)::float8 AS m2,
            count(*) FILTER (WHERE ${planDoneInYear('rp', '$1')})::int AS done
     FROM revitalize_plan rp WHERE ${where.sql} GROUP BY rp.method`,
    where.params,
  )
  return r.rows
}

/** The effect sums of the plans done in a year, grouped by `group` (county, method, year, plan) or in total. */
export async function effectGroups(
  db: Db,
  scope: DataScope,
  year: number | null,
  group: 'total' | 'county' | 'method' | 'year' | 'plan',
  method?: PlanMethod,
  /** plans only: the next `limit` plans after `afterId` (the export's keyset) */
  keyset?: { afterId: number; limit: number },
): Promise<
  (EffectSumRow & { key: string | null; label: string | null; completed_date?: string; plan_name?: string; method?: PlanMethod })[]
> {
  const where = new Where()
  if (year !== null) where.raw(planDoneInYear('rp', `$${where.params.push(year)}`))
  else where.raw(planDone('rp'))
  where.raw(scopeCondition(scope, 'rp', where.params))
  where.addIf(method, 'rp.method = ?')
  if (keyset) where.add('rp.id > ?', keyset.afterId)
  const by = {
    total: { key: 'NULL::text', label: 'NULL::text', group: '' },
    county: { key: 'rp.county_code', label: 'max(c.name)', group: 'GROUP BY rp.county_code' },
    method: { key: 'rp.method', label: 'rp.method', group: 'GROUP BY rp.method' },
    year: { key: `extract(year FROM rp.completed_date)::int::text`, label: 'NULL::text', group: 'GROUP BY 1' },
    plan: {
      key: 'rp.id::text',
      label: 'max(c.name)',
      group: `GROUP BY rp.id`,
    },
  }[group]
  const extra =
    group === 'plan' ? `, ${d('max(rp.completed_date)')} AS completed_date, max(rp.name) AS plan_name, max(rp.method) AS method` : ''
  const r = await db.query<
    EffectSumRow & { key: string | null; label: string | null; completed_date?: string; plan_name?: string; method?: PlanMethod }
  >(
    `SELECT ${by.key} AS key, ${by.label} AS label, ${effectSums('rp')}${extra}
     FROM revitalize_plan rp LEFT JOIN region c ON c.code = rp.county_code ${planFiguresJoin('rp')}
     WHERE ${where.sql} ${by.group} ${group === 'plan' ? 'ORDER BY rp.id' : 'ORDER BY 1'}${keyset ? ` LIMIT ${Math.trunc(keyset.limit)}` : ''}`,
    where.params,
  )
  return r.rows
}

/** The parcels of the done plans (a year's, or all) with their shapes. */
export async function doneParcels(db: Db, scope: DataScope, year: number | null) {
  const where = new Where().add('p.geom IS NOT NULL')
  if (year !== null) where.raw(planDoneInYear('rp', `$${where.params.push(year)}`))
  else where.raw(planDone('rp'))
  where.raw(scopeCondition(scope, 'rp', where.params))
  const r = await db.query<{ plan_id: number; parcel_id: number; land_code: string; name: string; geojson: string }>(
    `SELECT rp.id AS plan_id, p.id AS parcel_id, p.land_code, p.name, ST_AsGeoJSON(p.geom, 6) AS geojson
     FROM revitalize_plan rp JOIN revitalize_plan_parcel pp ON pp.plan_id = rp.id JOIN parcel p ON p.id = pp.parcel_id
     WHERE ${where.sql} ORDER BY rp.id, p.id`,
    where.params,
  )
  return r.rows
}
