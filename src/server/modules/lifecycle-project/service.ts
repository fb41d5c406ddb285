/**
 * The rules of 项目管理 and 一本账 (docs/domain.md "工业用地全生命周期"): a project's current stage as
 * of today, stage registrations in order, once each, dated between the previous stage and today,
 * and the ledger's gaps between achieved figures and commitments.
 */
import type { OnebookRow, ProjectDetail, ProjectRow } from '../../../domain/contracts/lifecycle-project'
import { LIFECYCLE_STAGES, STAGE_NAMES, stageAt, type LifecycleStage } from '../../../domain/lifecycle'
import { roundTo } from '../../../domain/codes/units'
import { mu } from '../../../domain/figures/formulas'
import { todayInProductZone } from '../../../domain/today'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { shown, shownOr0 } from '../../figures/values'
import { badRequest, conflict, notFound } from '../../http/errors'
import { STAGE_COLUMN } from '../big-data/repo'
import * as repo from './repo'

const today = () => todayInProductZone()

/** A project row for the client; the current stage as of today. */
export function projectView(r: repo.ProjectDbRow): ProjectRow {
  const dates = Object.fromEntries(LIFECYCLE_STAGES.map((s) => [s, r[STAGE_COLUMN[s]]])) as Record<LifecycleStage, string | null>
  return {
    id: r.id,
    name: r.name,
    parcelId: r.parcel_id,
    landCode: r.land_code,
    parcelName: r.parcel_name,
    areaMu: shownOr0('landAreaMu', mu(r.area_m2 ?? 0)),
    enterpriseId: r.enterprise_id,
    enterpriseName: r.enterprise_name,
    countyName: r.county_name,
    currentStage:
      stageAt(
        {
          signedDate: dates.xmqy ?? '0000-00-00',
          supplyDate: dates.tdgy,
          startDate: dates.xmkg,
          constructionDate: dates.sgjs,
          completionDate: dates.jgys,
          productionDate: dates.xmtc,
          evaluationDate: dates.xmpj,
          startDeadline: r.start_deadline,
          completionDeadline: r.completion_deadline,
        },
        today(),
      ) ?? 'xmqy',
    dates,
    startDeadline: r.start_deadline,
    completionDeadline: r.completion_deadline,
    overdue: r.overdue,
    overdueDays: r.overdue_days,
    investIntensity: r.invest_intensity,
    committedPlotRatio: r.committed_plot_ratio,
    committedTaxPerMu: r.committed_tax_per_mu,
  }
}

const gap = (actual: number | null, committed: number | null) =>
  actual === null || committed === null ? null : roundTo(actual - committed, 2)

export function onebookView(r: repo.OnebookDbRow): OnebookRow {
  const actualTaxPerMu = shown('taxPerMu', r.actual_tax_per_mu)
  return {
    ...projectView(r),
    actualPlotRatio: r.actual_plot_ratio === null ? null : roundTo(r.actual_plot_ratio, 2),
    actualTaxPerMu,
    plotRatioGap: gap(r.actual_plot_ratio, r.committed_plot_ratio),
    taxGap: gap(r.actual_tax_per_mu, r.committed_tax_per_mu),
  }
}

/** A project of the scope, or 404. */
async function projectOf(db: Db, scope: DataScope, id: number): Promise<repo.ProjectDbRow> {
  const row = await repo.project(db, scope, id)
  if (!row) throw notFound(`项目 ${id} 不存在或不在本账号的数据范围内`)
  return row
}

/** A project with its registrations, newest last. */
export async function projectDetail(db: Db, scope: DataScope, id: number): Promise<ProjectDetail> {
  const row = await projectOf(db, scope, id)
  const events = await repo.events(db, row.id)
  return {
    ...projectView(row),
    events: events.map((e) => ({
      stage: e.stage,
      date: e.stage_date,
      remark: e.remark,
      deadline: e.deadline,
      actor: e.actor,
      at: iso(e.created_at)!,
    })),
  }
}

/**
 * Registers a stage date: once, after the previous stage, not before its date nor after today.
 * `onFound` sees the project before the rules run (the operation log names it either way).
 */
export async function registerStage(
  db: Db,
  scope: DataScope,
  f: { id: number; stage: LifecycleStage; date: string; remark: string; actorId: number },
  onFound: (row: repo.ProjectDbRow) => void,
): Promise<{ project: ProjectRow; message: string }> {
  const { id, stage, date } = f
  const row = await projectOf(db, scope, id)
  onFound(row)
  const name = STAGE_NAMES[stage]
  const existing = row[STAGE_COLUMN[stage]]
  if (existing) throw conflict(`该项目已于 ${existing} 登记${name}，不能重复登记`)
  const prev = LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(stage) - 1]
  const prevDate = row[STAGE_COLUMN[prev]]
  if (!prevDate)
    throw badRequest(`请先登记${STAGE_NAMES[prev]}，再登记${name}`, [{ field: 'stage', message: `请先登记${STAGE_NAMES[prev]}` }])
  const problem =
    date < prevDate ? `${name}日期不能早于${STAGE_NAMES[prev]}日期 ${prevDate}` : date > today() ? `${name}日期不能晚于今天` : null
  if (problem) throw badRequest(problem, [{ field: 'date', message: problem }])
  const done = await repo.registerStage(db, f)
  if (done === 'taken') throw conflict(`该项目已登记${name}，不能重复登记`)
  const project = projectView(await projectOf(db, scope, id))
  const message = done.deadline
    ? `已登记${name}，${stage === 'tdgy' ? '约定开工期限' : '约定竣工期限'}为 ${done.deadline}`
    : `已登记${name}`
  return { project, message }
}
