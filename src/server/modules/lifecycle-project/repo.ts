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
import { OVERDUE_DAYS_SQL, OVERDUE_SQL, ratioSql, yearlyRowOf } from '../../figures/sql'
import { STAGE_COLUMN } from '../big-data/repo'

/** 逾期 today: the catalogue's overdueCount fragment (src/server/figures), shared with the globe's count. */
export { OVERDUE_SQL }

const FROM = `lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id LEFT JOIN enterprise e ON e.id = lp.enterprise_id
  LEFT JOIN region c ON c.code = p.county_code`

const d = (col: string) => `to_char(lp.${col}, 'YYYY-MM-DD') AS ${col}`
export const PROJECT_SELECT = `lp.id, lp.name, p.id AS parcel_id, p.land_code, p.name AS parcel_name, p.area_m2, lp.enterprise_id, e.name AS enterprise_name,
  c.name AS county_name, ${Object.values(STAGE_COLUMN).map(d).join(', ')}, ${d('start_deadline')}, ${d('completion_deadline')},
  ${OVERDUE_SQL} AS overdue, (${OVERDUE_DAYS_SQL})::int AS overdue_days, lp.invest_intensity, lp.committed_plot_ratio, lp.committed_tax_per_mu`

/** A project row as selected. */
export type ProjectDbRow = {
  id: number
  name: string
  parcel_id: number
  land_code: string
  parcel_name: string
  area_m2: number | null
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
} & Record<(typeof STAGE_COLUMN)[LifecycleStage], string | null>

/** Live projects whose parcel is inside the scope, with the region and keyword filters. */
export function projectWhere(scope: DataScope, f: { keyword?: string }, where = new Where()): Where {
  where
    .add('NOT lp.deleted')
    .add('NOT p.deleted')
    .raw(scopeCondition(scope, 'p', where.params))
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
  if (state === 'pending') return `${reachedPrev} AND ${col} IS NULL`
  return reachedPrev
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
export async function events(
  db: Db,
  id: number,
): Promise<
  { stage: LifecycleStage; stage_date: string; remark: string; deadline: string | null; actor: string; created_at: Date | string }[]
> {
  const r = await db.query<{
    stage: LifecycleStage
    stage_date: string
    remark: string
    deadline: string | null
    actor: string
    created_at: Date | string
  }>(
    `SELECT ev.stage, to_char(ev.stage_date, 'YYYY-MM-DD') AS stage_date, ev.remark, to_char(ev.deadline, 'YYYY-MM-DD') AS deadline, u.real_name AS actor, ev.created_at
     FROM lifecycle_event ev JOIN app_user u ON u.id = ev.actor_id WHERE ev.project_id = $1 ORDER BY ev.id`,
    [id],
  )
  return r.rows
}

/**
 * Writes a stage date, the deadline it sets and the history row, in one transaction; the row is
 * locked and re-read inside it, so two registrations of the same stage cannot both pass.
 * Returns 'taken' when the stage was registered meanwhile.
 */
export async function registerStage(
  db: Db,
  f: { id: number; stage: LifecycleStage; date: string; remark: string; actorId: number },
): Promise<{ deadline: string | null } | 'taken'> {
  const col = STAGE_COLUMN[f.stage]
  return db.transaction(async (tx) => {
    const cur = await tx.query<{ v: string | null }>(`SELECT ${col}::text AS v FROM lifecycle_project WHERE id = $1 FOR UPDATE`, [f.id])
    if (cur.rows[0]?.v) return 'taken'
    // docs/domain.md: start within 12 months of delivery, completion within 24 months of start
    const deadlineCol = f.stage === 'tdgy' ? 'start_deadline' : f.stage === 'xmkg' ? 'completion_deadline' : null
    const months = f.stage === 'tdgy' ? 12 : 24
    const set = deadlineCol ? `, ${deadlineCol} = ($2::date + interval '${months} months')::date` : ''
    const r = await tx.query<{ deadline: string | null }>(
      `UPDATE lifecycle_project SET ${col} = $2::date${set}, updated_at = now() WHERE id = $1
       RETURNING ${deadlineCol ? `to_char(${deadlineCol}, 'YYYY-MM-DD')` : 'NULL::text'} AS deadline`,
      [f.id, f.date],
    )
    const deadline = r.rows[0].deadline
    await tx.query(
      `INSERT INTO lifecycle_event(project_id, stage, stage_date, remark, deadline, actor_id) VALUES ($1, $2, $3::date, $4, $5::date, $6)`,
      [f.id, f.stage, f.date, f.remark, deadline, f.actorId],
    )
    return { deadline }
  })
}

// ---- 一本账 ----

/** 亩均税收 achieved: the holder's 亩均税收 of the year (catalogue taxPerMu of one enterprise, exact; $1 is the year). */
const ACTUAL_TAX_SQL = ratioSql('taxPerMu', yearlyRowOf('$1', 'e', 'y'))
const BELOW_SQL = `(lp.production_date IS NOT NULL AND ${ACTUAL_TAX_SQL} < lp.committed_tax_per_mu)`

/** A 一本账 row: the project plus what was achieved. */
export type OnebookDbRow = ProjectDbRow & { actual_plot_ratio: number | null; actual_tax_per_mu: number | null }

function onebookQuery(
  scope: DataScope,
  year: number,
  f: { keyword?: string; stage?: LifecycleStage; overdue?: 'true' | 'false'; belowCommitment?: 'true' | 'false' },
) {
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
  return { where, from: `${FROM} LEFT JOIN enterprise_yearly y ON y.enterprise_id = lp.enterprise_id AND y.year = ${y}` }
}

export async function onebook(
  db: Db,
  scope: DataScope,
  year: number,
  f: { keyword?: string; stage?: LifecycleStage; overdue?: 'true' | 'false'; belowCommitment?: 'true' | 'false' },
  args: PageArgs,
): Promise<Page<OnebookDbRow>> {
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
  f: { keyword?: string; stage?: LifecycleStage; overdue?: 'true' | 'false'; belowCommitment?: 'true' | 'false' },
): Promise<{ total: number; overdue: number; below: number } & Record<LifecycleStage, number>> {
  const { where, from } = onebookQuery(scope, year, f)
  const byStage = LIFECYCLE_STAGES.map((s, i) => {
    const next = LIFECYCLE_STAGES[i + 1]
    return `count(*) FILTER (WHERE lp.${STAGE_COLUMN[s]} IS NOT NULL${next ? ` AND lp.${STAGE_COLUMN[next]} IS NULL` : ''})::int AS ${s}`
  }).join(', ')
  const r = await db.query<{ total: number; overdue: number; below: number } & Record<LifecycleStage, number>>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue, count(*) FILTER (WHERE ${BELOW_SQL})::int AS below, ${byStage}
     FROM ${from} WHERE ${where.sql}`,
    where.params,
  )
  return r.rows[0]
}
