/**
 * The rules of 整治提升 (docs/domain.md "整治提升"): only the C and D enterprises of a year are
 * regulated, dates are not after today (deadlines after it), progress never goes back, a closed
 * plan is not changed again, one plan per enterprise and year. Routes hand in the caller's scope.
 */
import { PLAN_OUTCOMES, type PlanDetail, type RegulationAbstract, type RegulationAbstractRow } from '../../../domain/contracts/regulation'
import { todayInProductZone } from '../../../domain/today'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { isUniqueViolation } from '../../db/sql'
import { badRequest, conflict, notFound } from '../../http/errors'
import * as repo from './repo'
import type { Proposer } from '../datacenter/proposal'
import { openFromRegulation } from '../revitalize/service'

type Plan = NonNullable<Awaited<ReturnType<typeof repo.plan>>>

const fieldProblem = (field: string, message: string) => badRequest(message, [{ field, message }])

function notAfterToday(field: string, date: string, message: string): void {
  if (date > todayInProductZone()) throw fieldProblem(field, message)
}

function deadlineAfterToday(deadline: string | undefined): void {
  if (deadline && deadline <= todayInProductZone()) throw fieldProblem('deadline', '完成期限应晚于今天')
}

/** The C or D class of an enterprise in a year, or the reason it cannot be regulated. */
async function regulatedClass(db: Db, scope: DataScope, enterpriseId: number, year: number): Promise<string> {
  const found = await repo.targetClass(db, scope, enterpriseId, year)
  if (!found.inScope) throw notFound(`企业 ${enterpriseId} 不存在或不在本账号的数据范围内`)
  if (found.class !== 'C' && found.class !== 'D') {
    const message = `该企业${year}年亩均效益评价${found.class ? `为${found.class}类` : '无结果'}，只有C类、D类企业需要整治`
    throw fieldProblem('enterpriseId', message)
  }
  return found.class
}

/** A plan of the scope, or 404. */
export async function livePlan(db: Db, scope: DataScope, id: number): Promise<Plan> {
  const plan = await repo.plan(db, scope, id)
  if (!plan) throw notFound(`整治方案 ${id} 不存在或不在本账号的数据范围内`)
  return plan
}

/** A plan that may still change (not closed), or 404 / 409. */
export async function openPlan(db: Db, scope: DataScope, id: number): Promise<Plan> {
  const plan = await livePlan(db, scope, id)
  if (plan.outcome) throw conflict(`该方案已于 ${plan.outcomeDate} 办结（${plan.outcome}），不能再修改`)
  return plan
}

/** 整治概况: the county rows, their total and the outcomes of the year. */
export async function abstract(db: Db, scope: DataScope, year: number): Promise<RegulationAbstract> {
  const [rows, outs] = await Promise.all([repo.abstractRows(db, scope, year), repo.outcomes(db, scope, year)])
  const list: RegulationAbstractRow[] = rows.map((r) => ({
    code: r.code ?? '',
    name: r.name ?? '未落区县',
    classC: r.c,
    classD: r.d,
    checked: r.checked,
    confirmed: r.confirmed,
    planned: r.planned,
    closed: r.closed,
    overdue: r.overdue,
    improved: r.improved,
  }))
  const counted = ['classC', 'classD', 'checked', 'confirmed', 'planned', 'closed', 'overdue', 'improved'] as const
  const total: RegulationAbstractRow = {
    code: 'all',
    name: '合计',
    classC: 0,
    classD: 0,
    checked: 0,
    confirmed: 0,
    planned: 0,
    closed: 0,
    overdue: 0,
    improved: 0,
  }
  for (const r of list) for (const k of counted) total[k] += r[k]
  return { year, rows: list, total, outcomes: PLAN_OUTCOMES.map((o) => ({ outcome: o, count: outs.find((x) => x.outcome === o)?.n ?? 0 })) }
}

/** 整治核查: records a check of a C or D enterprise. */
export async function addCheck(db: Db, scope: DataScope, f: Parameters<typeof repo.addCheck>[1]): Promise<void> {
  await regulatedClass(db, scope, f.enterpriseId, f.year)
  notAfterToday('date', f.date, '核查日期不能晚于今天')
  await repo.addCheck(db, f)
}

/** A plan with its progress reports. */
export async function planDetail(db: Db, scope: DataScope, id: number): Promise<PlanDetail> {
  const plan = await livePlan(db, scope, id)
  return { ...plan, reports: await repo.reports(db, plan.id) }
}

/** 新增整治方案: one per enterprise and year, for a C or D enterprise, with a deadline after today. */
export async function addPlan(db: Db, scope: DataScope, f: Omit<Parameters<typeof repo.insertPlan>[1], 'startClass'>): Promise<Plan> {
  const startClass = await regulatedClass(db, scope, f.enterpriseId, f.year)
  deadlineAfterToday(f.deadline)
  try {
    return await livePlan(db, scope, await repo.insertPlan(db, { ...f, startClass }))
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`该企业${f.year}年已有整治方案，请在原方案上修改`)
    throw err
  }
}

/** 修改整治方案 of an open plan. */
export async function updatePlan(db: Db, plan: Plan, patch: Parameters<typeof repo.updatePlan>[2]): Promise<void> {
  deadlineAfterToday(patch.deadline)
  await repo.updatePlan(db, plan.id, patch)
}

/** 报告整治进展: progress never below the last report, a date not after today. */
export async function report(db: Db, plan: Plan, f: { progress: number; date: string; note: string; actorId: number }): Promise<void> {
  if (f.progress < plan.progress) throw fieldProblem('progress', `进度不能低于上次报告的 ${plan.progress}%`)
  notAfterToday('date', f.date, '报告日期不能晚于今天')
  await repo.addReport(db, { planId: plan.id, ...f })
}

/**
 * 办结整治方案 with its outcome, on a date not after today. 腾退 and 关停淘汰 open (or link) a 盘活
 * plan for the enterprise's land in the same transaction (docs/domain.md 低效用地, issue 16); the
 * returned id is that plan's.
 */
export async function close(db: Db, f: Parameters<typeof repo.closePlan>[1], plan: Plan, p: Proposer): Promise<number | null> {
  notAfterToday('date', f.date, '办结日期不能晚于今天')
  return db.transaction(async (tx) => {
    await repo.closePlan(tx, f)
    if (f.outcome !== '腾退' && f.outcome !== '关停淘汰') return null
    return openFromRegulation(tx, p, {
      regulationPlanId: plan.id,
      enterpriseId: plan.enterpriseId,
      outcome: f.outcome,
      date: f.date,
      owner: plan.owner,
      actorId: p.id,
    })
  })
}
