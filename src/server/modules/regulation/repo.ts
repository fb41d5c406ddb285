/**
 * SQL of 整治提升: the C and D enterprises of a year (view enterprise_appraisal_yearly) with their
 * latest check and live plan, the plans with their state against today, the reports, and the
 * writes — every read limited by a {@link DataScope} on the enterprise.
 */
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Page } from '../../../domain/contracts/envelope'
import type {
  CheckResult,
  PlanOutcome,
  PlanState,
  PlanTarget,
  RegulationPlan,
  RegulationTarget,
} from '../../../domain/contracts/regulation'
import { industryName } from '../../../domain/codes/industry'
import { roundTo } from '../../../domain/codes/units'

export const PLAN_STATE_SQL = `CASE WHEN rp.outcome IS NOT NULL THEN '已办结' WHEN rp.deadline < current_date THEN '已逾期' ELSE '实施中' END`

/** C and D enterprises of the year inside the scope (aliases a, e, c), with the year as $1. */
function targetWhere(
  scope: DataScope,
  year: number,
  f: { keyword?: string; class?: 'C' | 'D'; checked?: 'yes' | 'no'; planned?: 'yes' | 'no' },
): Where {
  const where = new Where().add('a.year = ?', year).add(`a.class IN ('C', 'D')`).add('NOT e.deleted')
  where.raw(scopeCondition(scope, 'e', where.params))
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.class, 'a.class = ?')
  if (f.checked) where.raw(`ck.result IS ${f.checked === 'yes' ? 'NOT ' : ''}NULL`)
  if (f.planned) where.raw(`rp.id IS ${f.planned === 'yes' ? 'NOT ' : ''}NULL`)
  return where
}

const TARGET_FROM = `enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
  LEFT JOIN region c ON c.code = e.county_code
  LEFT JOIN LATERAL (SELECT rc.result, rc.note, to_char(rc.check_date, 'YYYY-MM-DD') AS check_date, u.real_name AS actor
                     FROM regulation_check rc JOIN app_user u ON u.id = rc.actor_id
                     WHERE rc.enterprise_id = e.id AND rc.year = a.year ORDER BY rc.id DESC LIMIT 1) ck ON true
  LEFT JOIN regulation_plan rp ON rp.enterprise_id = e.id AND rp.year = a.year AND NOT rp.deleted`

interface TargetRow {
  id: number
  name: string
  credit_code: string
  county_name: string | null
  industry_code: string | null
  class: 'C' | 'D'
  tax_per_mu: number | null
  result: CheckResult | null
  note: string | null
  check_date: string | null
  actor: string | null
  plan_id: number | null
  target: PlanTarget | null
  deadline: string | null
  progress: number | null
  state: PlanState | null
}

export async function targets(
  db: Db,
  scope: DataScope,
  year: number,
  f: Parameters<typeof targetWhere>[2],
  args: PageArgs,
): Promise<Page<RegulationTarget>> {
  const where = targetWhere(scope, year, f)
  return queryPage<TargetRow, RegulationTarget>(
    db,
    {
      select: `e.id, e.name, e.credit_code, c.name AS county_name, e.industry_code, a.class, a.tax_per_mu::float8 AS tax_per_mu,
        ck.result, ck.note, ck.check_date, ck.actor, rp.id AS plan_id, rp.target, to_char(rp.deadline, 'YYYY-MM-DD') AS deadline, rp.progress,
        CASE WHEN rp.id IS NULL THEN NULL ELSE ${PLAN_STATE_SQL} END AS state`,
      from: TARGET_FROM,
      where,
      order: orderBy(args, { name: 'e.name', taxPerMu: 'a.tax_per_mu' }, `a.class DESC, a.tax_per_mu, e.id`),
    },
    args,
    (r) => ({
      enterpriseId: r.id,
      name: r.name,
      creditCode: r.credit_code,
      countyName: r.county_name,
      industryName: r.industry_code ? (industryName(r.industry_code) ?? null) : null,
      class: r.class,
      taxPerMu: r.tax_per_mu === null ? null : roundTo(r.tax_per_mu, 2),
      check: r.result ? { result: r.result, note: r.note ?? '', date: r.check_date!, actor: r.actor! } : null,
      plan: r.plan_id ? { id: r.plan_id, target: r.target!, deadline: r.deadline!, progress: r.progress!, state: r.state! } : null,
    }),
  )
}

/** The class of an enterprise in a year when it is C or D and inside the scope; undefined otherwise, null when out of scope. */
export async function targetClass(
  db: Db,
  scope: DataScope,
  enterpriseId: number,
  year: number,
): Promise<{ inScope: boolean; class: string | null }> {
  const params: unknown[] = [enterpriseId, year]
  const r = await db.query<{ class: string | null }>(
    `SELECT (SELECT a.class FROM enterprise_appraisal_yearly a WHERE a.enterprise_id = e.id AND a.year = $2) AS class
     FROM enterprise e WHERE e.id = $1 AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  return r.rows[0] ? { inScope: true, class: r.rows[0].class } : { inScope: false, class: null }
}

/** Counts by county for the abstract, and the closed plans by outcome. */
export async function abstractRows(
  db: Db,
  scope: DataScope,
  year: number,
): Promise<
  {
    code: string | null
    name: string | null
    c: number
    d: number
    checked: number
    confirmed: number
    planned: number
    closed: number
    overdue: number
    improved: number
  }[]
> {
  const where = targetWhere(scope, year, {})
  const r = await db.query<{
    code: string | null
    name: string | null
    c: number
    d: number
    checked: number
    confirmed: number
    planned: number
    closed: number
    overdue: number
    improved: number
  }>(
    `SELECT e.county_code AS code, c.name, count(*) FILTER (WHERE a.class = 'C')::int AS c, count(*) FILTER (WHERE a.class = 'D')::int AS d,
            count(ck.result)::int AS checked, count(*) FILTER (WHERE ck.result = '属实')::int AS confirmed, count(rp.id)::int AS planned,
            count(*) FILTER (WHERE rp.outcome IS NOT NULL)::int AS closed, count(*) FILTER (WHERE rp.id IS NOT NULL AND rp.outcome IS NULL AND rp.deadline < current_date)::int AS overdue,
            count(*) FILTER (WHERE rp.outcome = '提升')::int AS improved
     FROM ${TARGET_FROM} WHERE ${where.sql} GROUP BY 1, 2 ORDER BY 1`,
    where.params,
  )
  return r.rows
}

export async function outcomes(db: Db, scope: DataScope, year: number): Promise<{ outcome: PlanOutcome; n: number }[]> {
  const params: unknown[] = [year]
  const r = await db.query<{ outcome: PlanOutcome; n: number }>(
    `SELECT rp.outcome, count(*)::int AS n FROM regulation_plan rp JOIN enterprise e ON e.id = rp.enterprise_id
     WHERE NOT rp.deleted AND rp.year = $1 AND rp.outcome IS NOT NULL AND ${scopeCondition(scope, 'e', params)} GROUP BY 1`,
    params,
  )
  return r.rows
}

export async function addCheck(
  db: Db,
  f: { enterpriseId: number; year: number; result: CheckResult; note: string; date: string; actorId: number },
): Promise<void> {
  await db.query(
    'INSERT INTO regulation_check(enterprise_id, year, result, note, check_date, actor_id) VALUES ($1, $2, $3, $4, $5::date, $6)',
    [f.enterpriseId, f.year, f.result, f.note, f.date, f.actorId],
  )
}

// ---- plans ----

const PLAN_SELECT = `rp.id, rp.enterprise_id, e.name AS enterprise_name, e.credit_code, c.name AS county_name, rp.year::int AS year, rp.start_class,
  rp.target, rp.measures, rp.owner, to_char(rp.deadline, 'YYYY-MM-DD') AS deadline, rp.progress, ${PLAN_STATE_SQL} AS state,
  CASE WHEN rp.outcome IS NULL AND rp.deadline < current_date THEN current_date - rp.deadline ELSE 0 END AS overdue_days,
  rp.outcome, to_char(rp.outcome_date, 'YYYY-MM-DD') AS outcome_date, rp.outcome_note, u.real_name AS created_by, rp.created_at, rp.updated_at`
const PLAN_FROM = `regulation_plan rp JOIN enterprise e ON e.id = rp.enterprise_id LEFT JOIN region c ON c.code = e.county_code JOIN app_user u ON u.id = rp.created_by`

interface PlanRow {
  id: number
  enterprise_id: number
  enterprise_name: string
  credit_code: string
  county_name: string | null
  year: number
  start_class: string
  target: PlanTarget
  measures: string
  owner: string
  deadline: string
  progress: number
  state: PlanState
  overdue_days: number
  outcome: PlanOutcome | null
  outcome_date: string | null
  outcome_note: string
  created_by: string
  created_at: Date | string
  updated_at: Date | string
}

const planView = (r: PlanRow): RegulationPlan & { outcomeNote: string } => ({
  id: r.id,
  enterpriseId: r.enterprise_id,
  enterpriseName: r.enterprise_name,
  creditCode: r.credit_code,
  countyName: r.county_name,
  year: r.year,
  class: r.start_class,
  target: r.target,
  measures: r.measures,
  owner: r.owner,
  deadline: r.deadline,
  progress: r.progress,
  state: r.state,
  overdueDays: r.overdue_days,
  outcome: r.outcome,
  outcomeDate: r.outcome_date,
  createdBy: r.created_by,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  outcomeNote: r.outcome_note,
})

function planWhere(scope: DataScope, year: number, f: { keyword?: string; target?: PlanTarget }): Where {
  const where = new Where().add('NOT rp.deleted').add('rp.year = ?', year)
  where.raw(scopeCondition(scope, 'e', where.params))
  if (f.keyword)
    where.add(
      '(e.name ILIKE ? OR e.credit_code ILIKE ? OR rp.owner ILIKE ?)',
      contains(f.keyword),
      contains(f.keyword),
      contains(f.keyword),
    )
  where.addIf(f.target, 'rp.target = ?')
  return where
}

export async function plans(
  db: Db,
  scope: DataScope,
  year: number,
  f: { keyword?: string; target?: PlanTarget; state?: PlanState },
  args: PageArgs,
): Promise<Page<RegulationPlan>> {
  const where = planWhere(scope, year, f)
  where.addIf(f.state, `${PLAN_STATE_SQL} = ?`)
  const order = orderBy(
    args,
    { deadline: 'rp.deadline', progress: 'rp.progress', name: 'e.name' },
    `(${PLAN_STATE_SQL}) = '已逾期' DESC, rp.deadline, rp.id`,
  )
  return queryPage<PlanRow, RegulationPlan>(db, { select: PLAN_SELECT, from: PLAN_FROM, where, order }, args, (r) => {
    const { outcomeNote: _n, ...plan } = planView(r)
    return plan
  })
}

export async function planCounts(
  db: Db,
  scope: DataScope,
  year: number,
  f: { keyword?: string; target?: PlanTarget },
): Promise<Record<PlanState, number>> {
  const where = planWhere(scope, year, f)
  const r = await db.query<{ state: PlanState; n: number }>(
    `SELECT ${PLAN_STATE_SQL} AS state, count(*)::int AS n FROM ${PLAN_FROM} WHERE ${where.sql} GROUP BY 1`,
    where.params,
  )
  const counts: Record<PlanState, number> = { 实施中: 0, 已逾期: 0, 已办结: 0 }
  for (const x of r.rows) counts[x.state] = x.n
  return counts
}

/** A live plan inside the scope. */
export async function plan(db: Db, scope: DataScope, id: number): Promise<(RegulationPlan & { outcomeNote: string }) | undefined> {
  const where = new Where().add('NOT rp.deleted').add('rp.id = ?', id)
  where.raw(scopeCondition(scope, 'e', where.params))
  const r = await db.query<PlanRow>(`SELECT ${PLAN_SELECT} FROM ${PLAN_FROM} WHERE ${where.sql}`, where.params)
  return r.rows[0] && planView(r.rows[0])
}

export async function reports(
  db: Db,
  planId: number,
): Promise<{ progress: number; date: string; note: string; actor: string; at: string }[]> {
  const r = await db.query<{ progress: number; date: string; note: string; actor: string; created_at: Date | string }>(
    `SELECT rr.progress, to_char(rr.report_date, 'YYYY-MM-DD') AS date, rr.note, u.real_name AS actor, rr.created_at
     FROM regulation_report rr JOIN app_user u ON u.id = rr.actor_id WHERE rr.plan_id = $1 ORDER BY rr.id`,
    [planId],
  )
  return r.rows.map(({ created_at, ...x }) => ({ ...x, at: iso(created_at)! }))
}

export async function insertPlan(
  db: Db,
  f: {
    enterpriseId: number
    year: number
    startClass: string
    target: PlanTarget
    measures: string
    owner: string
    deadline: string
    actorId: number
  },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO regulation_plan(enterprise_id, year, start_class, target, measures, owner, deadline, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8) RETURNING id`,
    [f.enterpriseId, f.year, f.startClass, f.target, f.measures, f.owner, f.deadline, f.actorId],
  )
  return r.rows[0].id
}

export async function updatePlan(
  db: Db,
  id: number,
  f: { target?: PlanTarget; measures?: string; owner?: string; deadline?: string },
): Promise<void> {
  await db.query(
    `UPDATE regulation_plan SET target = COALESCE($2, target), measures = COALESCE($3, measures), owner = COALESCE($4, owner),
       deadline = COALESCE($5::date, deadline), updated_at = now() WHERE id = $1`,
    [id, f.target ?? null, f.measures ?? null, f.owner ?? null, f.deadline ?? null],
  )
}

export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.query('UPDATE regulation_plan SET deleted = true, updated_at = now() WHERE id = $1', [id])
}

/** Writes a progress report and the plan's progress together. */
export async function addReport(
  db: Db,
  f: { planId: number; progress: number; date: string; note: string; actorId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO regulation_report(plan_id, progress, report_date, note, actor_id) VALUES ($1, $2, $3::date, $4, $5)', [
      f.planId,
      f.progress,
      f.date,
      f.note,
      f.actorId,
    ])
    await tx.query('UPDATE regulation_plan SET progress = $2, updated_at = now() WHERE id = $1', [f.planId, f.progress])
  })
}

/** Closes a plan with its outcome (a reached target completes the progress). */
export async function closePlan(db: Db, f: { id: number; outcome: PlanOutcome; date: string; note: string }): Promise<void> {
  await db.query(
    `UPDATE regulation_plan SET outcome = $2::text, outcome_date = $3::date, outcome_note = $4,
       progress = CASE WHEN $5 THEN 100 ELSE progress END, updated_at = now() WHERE id = $1 AND outcome IS NULL`,
    [f.id, f.outcome, f.date, f.note, f.outcome !== '未达成'],
  )
}
