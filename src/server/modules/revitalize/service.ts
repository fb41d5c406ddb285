/**
 * The rules of 低效用地再开发 (docs/domain.md 低效用地): flagged results confirmed into the 台账 (or
 * withdrawn), the parcel status written through an audited data-centre submission; plans whose
 * planned area stays within the parcel, with a deadline not before the start and the fields their
 * method needs; a state machine where only drafts are deleted; progress reports whose date and
 * percentage never go back; 督办 and 办结 with the effects, 收回收储 sending 已收回 and 销号 the
 * entry, 企业自主再开发 sending the new 容积率 and 建筑面积. Routes hand in the caller's scope.
 */
import type {
  LedgerActionBody,
  PlanDetail,
  PlanEffects,
  PlanFields,
  RevitalizeOverview,
  EffectRow,
  EffectSummary,
  EffectMap,
  SuperviseList,
  SuperviseRow,
} from '../../../domain/contracts/revitalize'
import type { FieldError } from '../../../domain/contracts/envelope'
import { EVALUATION_INDICATORS, type ModelItem } from '../../../domain/contracts/land-evaluation'
import { FIGURES } from '../../../domain/figures/catalogue'
import { mu } from '../../../domain/figures/formulas'
import { roundTo } from '../../../domain/codes/units'
import {
  DETAIL_FIELDS,
  DONE_STATES,
  METHOD_FIELDS,
  PLAN_ACTIONS,
  PLAN_METHODS,
  PLAN_STATES,
  COMPLETION_FACTS,
  DEFAULT_STATUS_AFTER,
  METHOD_EFFECTS,
  RECOVERING_PLAN_METHODS,
  RUNNING_STATES,
  SUB_METHODS,
  planRisk,
  type LedgerState,
  type PlanAction,
  type PlanMethod,
  type PlanState,
  type CompletionFact,
  type StatusAfter,
} from '../../../domain/revitalize'
import {
  LAND_USE_CODES,
  PLANNING_TO_LAND_USE,
  RECLAIMED_LAND_USE_CODES,
  isLandUseCode,
  isPlanningUseCode,
  isReclaimedLandUseCode,
} from '../../../domain/codes/land-use'
import { OWNER_LINK } from '../datacenter/record-repo'
import { todayInProductZone } from '../../../domain/today'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import type { PageArgs } from '../../db/sql'
import { AppError, badRequest, forbidden, notFound } from '../../http/errors'
import { assertSecondAccount, stepsOf } from '../../common/proceeding'
import type { PendingPlan, ProceedingStepView } from '../../../domain/contracts/stock'
import type { Proposer } from '../datacenter/proposal'
import { sendParcelFacts, type OpenSubmission } from '../datacenter/write-through'
import * as evaluation from '../land-evaluation/repo'
import type { EffectSumRow } from '../../figures/revitalize-sql'
import * as repo from './repo'

const today = () => todayInProductZone()
const M2_PER_MU = 10000 / 15

const fieldProblem = (field: string, message: string, status = 400) => new AppError(status, message, [{ field, message }])
/** A rule of a record's state was broken (422, nothing written). */
const stateProblem = (field: string, message: string) => fieldProblem(field, message, 422)

// ---- write-through ----

/**
 * Sends parcel facts to the data centre as a 修改 submission, 待审核 at once (the auditor's approval
 * writes the parcel). A submission of ours on the same parcel still waiting for audit takes the new
 * facts too, so successive steps do not conflict at approval. Returns the submission id, or null
 * when nothing changes.
 */
async function writeThrough(
  db: Db,
  p: Proposer,
  parcelId: number,
  facts: Record<string, unknown>,
  remark: string,
  openIds: readonly (number | null)[],
): Promise<number | null> {
  let open: OpenSubmission | undefined
  for (const id of openIds) open ??= await repo.pendingSubmission(db, id, parcelId)
  return sendParcelFacts(db, p, parcelId, facts, remark, open)
}

// ---- parcels of the scope ----

/** The parcels named, all in the scope: 404 for an unknown one, 403 for one outside the scope. */
async function scopedParcels(db: Db, scope: DataScope, ids: readonly number[], field: string): Promise<Map<number, repo.ParcelRow>> {
  const rows = await repo.parcels(db, scope, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length) throw fieldProblem(field, `地块 ${missing.join('、')} 不存在`, 404)
  const outside = rows.filter((r) => !r.in_scope)
  if (outside.length) {
    const message = `地块 ${outside.map((r) => r.land_code).join('、')} 不在本账号的数据范围内，不能处理`
    throw new AppError(403, message, [{ field, message }])
  }
  return byId
}

// ---- 台账 ----

/** The Chinese sentences of the items a result met. */
export function criteriaOf(items: readonly ModelItem[], hits: readonly number[]): string[] {
  return hits
    .map((i) => items[i])
    .filter(Boolean)
    .map((it) => `${EVALUATION_INDICATORS[it.indicator].name}${it.operator}${it.threshold}${EVALUATION_INDICATORS[it.indicator].unit}`)
}

/** The run of a review (the newest of the scope without an id). */
export async function reviewRun(db: Db, scope: DataScope, runId?: number) {
  const run = await evaluation.run(db, scope, runId)
  if (runId !== undefined && !run) throw notFound(`评价批次 ${runId} 不存在或不在本账号的数据范围内`)
  return run
}

/**
 * 认定 or 剔除 flagged results of a run: 认定 makes a 已认定 entry (with its 认定日期, batch and unit)
 * and sends the parcel's 低效 status to audit; 剔除 records 复核剔除 with its reason (an entry
 * already in a plan cannot be withdrawn) and sends a status the confirmation changed back. All or
 * nothing.
 */
export async function ledgerAction(
  db: Db,
  scope: DataScope,
  p: Proposer,
  f: LedgerActionBody & { actorId: number },
): Promise<{ done: number; submissions: number }> {
  const run = await reviewRun(db, scope, f.runId)
  if (!run) throw notFound(`评价批次 ${f.runId} 不存在或不在本账号的数据范围内`)
  const ids = [...new Set(f.parcelIds)]
  const byId = await scopedParcels(db, scope, ids, 'parcelIds')
  const date = f.date ?? today()
  if (date > today()) throw fieldProblem('date', '认定日期不能晚于今天')
  if (date < run.runAt.slice(0, 10)) throw fieldProblem('date', `认定日期不能早于评价日期 ${run.runAt.slice(0, 10)}`)
  const batch = f.batch || `${run.year}年${run.modelName}`
  return db.transaction(async (tx) => {
    let submissions = 0
    for (const id of ids) {
      const parcel = byId.get(id) as repo.ParcelRow
      const res = await repo.result(tx, run.id, id)
      if (!res) throw fieldProblem('parcelIds', `地块 ${parcel.land_code} 不在评价批次 ${run.id} 的结果中`)
      if (!res.flagged)
        throw fieldProblem('parcelIds', `地块 ${parcel.land_code} 评分 ${res.score} 未达到疑似低效分数线 ${run.passScore}，不能认定`)
      const live = await repo.liveEntry(tx, id)
      const criteria = criteriaOf(run.items, res.hits)
      if (f.action === '认定') {
        if (parcel.status === '已收回') throw stateProblem('parcelIds', `地块 ${parcel.land_code} 已收回，不能认定为低效用地`)
        if (live && live.state !== '疑似')
          throw stateProblem('parcelIds', `地块 ${parcel.land_code} 已在低效用地台账中（${live.state}），不能重复认定`)
        if (live) await repo.deleteSuspect(tx, live.id)
        const entryId = await repo.insertEntry(tx, {
          parcel,
          runId: run.id,
          batch,
          criteria,
          score: res.score,
          state: '已认定',
          confirmDate: date,
          unit: f.unit ?? '',
          reason: '认定为低效用地',
          actorId: f.actorId,
        })
        if (!['低效', '闲置', '已收回'].includes(parcel.status)) {
          const sub = await writeThrough(tx, p, id, { status: '低效' }, `低效用地认定·${batch}`, [])
          if (sub !== null) submissions++
          await repo.linkEntrySubmission(tx, entryId, sub)
        }
      } else {
        if (live && live.state !== '疑似' && live.state !== '已认定') {
          throw stateProblem('parcelIds', `地块 ${parcel.land_code} 已纳入盘活方案（${live.state}），须先终止方案才能复核剔除`)
        }
        if (live?.state === '已认定') {
          await repo.moveEntry(tx, live, '复核剔除', f.reason ?? '', f.actorId, { withdrawReason: f.reason ?? '' })
          if (live.status_before && live.status_before !== '低效') {
            const sub = await writeThrough(tx, p, id, { status: live.status_before }, `低效用地复核剔除·${parcel.land_code}`, [
              live.submission_id,
            ])
            if (sub !== null) submissions++
          }
        } else {
          if (live) await repo.deleteSuspect(tx, live.id)
          await repo.insertEntry(tx, {
            parcel,
            runId: run.id,
            batch,
            criteria,
            score: res.score,
            state: '复核剔除',
            confirmDate: null,
            unit: f.unit ?? '',
            reason: f.reason ?? '',
            actorId: f.actorId,
          })
        }
      }
    }
    return { done: ids.length, submissions }
  })
}

// ---- plans ----

/** A plan of the scope, or 404. */
export async function planOf(db: Db, scope: DataScope, id: number, lock = false): Promise<repo.PlanDbRow> {
  const plan = await repo.plan(db, scope, id, lock)
  if (!plan) throw notFound(`盘活方案 ${id} 不存在或不在本账号的数据范围内`)
  return plan
}

/** The method-specific fields a plan lacks, as field errors. */
function missingDetails(method: PlanMethod, subMethod: string | null | undefined, details: Record<string, unknown>): FieldError[] {
  const issues: FieldError[] = []
  const subs = SUB_METHODS[method]
  if (subs.length && !subs.includes(subMethod ?? '')) {
    issues.push({ field: 'subMethod', message: `${method}须选择细分方式 subMethod：${subs.join('、')}` })
  }
  if (!subs.length && subMethod) issues.push({ field: 'subMethod', message: `${method}没有细分方式，subMethod 应为空` })
  for (const k of METHOD_FIELDS[method]) {
    const v = details[k]
    if (v === undefined || v === null || v === '') {
      issues.push({ field: `details.${k}`, message: `${method}须填写${DETAIL_FIELDS[k].name} details.${k}` })
    }
  }
  return issues
}

/** Checks a plan's fields against its parcels and the rules; returns what to write and the parcels with their entries. */
async function checkPlan(
  db: Db,
  scope: DataScope,
  f: PlanFields,
  planId: number | null,
): Promise<{ write: repo.PlanWrite; parcels: { parcelId: number; ledgerId: number | null; plannedAreaM2: number }[] }> {
  const issues: FieldError[] = []
  if (f.deadline < f.startDate) issues.push({ field: 'deadline', message: `完成期限 ${f.deadline} 不能早于开始日期 ${f.startDate}` })
  issues.push(...missingDetails(f.method, f.subMethod, f.details))
  const ids = f.parcels.map((x) => x.parcelId)
  const dup = ids.find((id, i) => ids.indexOf(id) !== i)
  if (dup !== undefined) issues.push({ field: 'parcels', message: `地块 ${dup} 在方案中重复出现` })
  for (const m of f.milestones) {
    if (m.dueDate < f.startDate || m.dueDate > f.deadline) {
      issues.push({ field: 'milestones.dueDate', message: `节点「${m.name}」的日期 ${m.dueDate} 应在开始日期与完成期限之间` })
    }
  }
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('；'), issues)
  const byId = await scopedParcels(db, scope, ids, 'parcels')
  const list: { parcelId: number; ledgerId: number | null; plannedAreaM2: number }[] = []
  f.parcels.forEach((x, i) => {
    const parcel = byId.get(x.parcelId) as repo.ParcelRow
    const areaMu = roundTo(mu(parcel.area_m2) ?? 0, 2)
    if (x.plannedAreaMu <= 0) issues.push({ field: `parcels.${i}.plannedAreaMu`, message: `地块 ${parcel.land_code} 的计划面积应大于0` })
    // compared at the two digits both are shown with (the whole parcel's 21.4326… 亩 is its 21.43)
    else if (roundTo(x.plannedAreaMu, 2) > areaMu) {
      issues.push({
        field: `parcels.${i}.plannedAreaMu`,
        message: `地块 ${parcel.land_code} 的计划面积 ${x.plannedAreaMu} 亩不能大于地块面积 ${areaMu} 亩`,
      })
    }
    list.push({ parcelId: x.parcelId, ledgerId: null, plannedAreaM2: Math.min(x.plannedAreaMu * M2_PER_MU, parcel.area_m2) })
  })
  const counties = new Set([...byId.values()].map((p) => p.county_code))
  if (counties.size > 1) issues.push({ field: 'parcels', message: '一个方案的地块应在同一区县' })
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('；'), issues)
  for (const x of list) {
    const parcel = byId.get(x.parcelId) as repo.ParcelRow
    const live = await repo.liveEntry(db, x.parcelId)
    const mine = planId !== null && (await repo.planParcels(db, planId)).some((pp) => pp.parcel_id === x.parcelId)
    if (!live || (live.state !== '已认定' && !mine)) {
      const why = live ? `台账状态为${live.state}` : '不在低效用地台账中，须先认定'
      throw fieldProblem('parcels', `地块 ${parcel.land_code} ${why}，不能纳入方案`, 422)
    }
    x.ledgerId = live.id
  }
  const others = await repo.otherLivePlans(db, ids, planId)
  if (others.length) throw fieldProblem('parcels', `地块 ${others[0].parcel_id} 已在盘活方案 ${others[0].plan_id} 中`, 422)
  const first = byId.get(ids[0]) as repo.ParcelRow
  const weighted = list.filter((x) => byId.get(x.parcelId)?.plot_ratio != null)
  const den = weighted.reduce((s, x) => s + x.plannedAreaM2, 0)
  const plotRatioBefore = den > 0 ? weighted.reduce((s, x) => s + (byId.get(x.parcelId)?.plot_ratio ?? 0) * x.plannedAreaM2, 0) / den : null
  const details = Object.fromEntries(Object.entries(f.details).filter(([, v]) => v !== undefined && v !== ''))
  return {
    parcels: list,
    write: {
      name: f.name,
      method: f.method,
      subMethod: f.subMethod || null,
      enterpriseId: first.enterprise_id,
      plannedAreaM2: list.reduce((s, x) => s + x.plannedAreaM2, 0),
      targetPlotRatio: f.targetPlotRatio ?? null,
      targetBuildingM2: f.targetBuildingM2 ?? null,
      targetInvestment: f.targetInvestment ?? null,
      targetTax: f.targetTax ?? null,
      targetOutput: f.targetOutput ?? null,
      details,
      startDate: f.startDate,
      deadline: f.deadline,
      respUnit: f.respUnit,
      respPerson: f.respPerson,
      note: f.note,
      plotRatioBefore,
      baseYear: Number(f.startDate.slice(0, 4)) - 1,
      region: first,
    },
  }
}

/** Moves the entries of a plan's parcels to a state. */
async function moveEntries(
  db: Db,
  planId: number,
  to: LedgerState,
  note: string,
  actorId: number,
  closedDate?: string,
  closedBy?: { planId: number; method: string; reason: string },
): Promise<void> {
  for (const pp of await repo.planParcels(db, planId)) {
    if (pp.ledger_id === null) continue
    const e = await repo.entry(db, pp.ledger_id)
    if (e && e.state !== to && e.state !== '复核剔除' && e.state !== '已完成')
      await repo.moveEntry(db, e, to, note, actorId, { closedDate, closedBy })
  }
}

/** 新增盘活方案 (草稿, or 待审核 with `submit`); the entries become 已纳入方案. */
export async function addPlan(db: Db, scope: DataScope, f: PlanFields & { actorId: number }): Promise<number> {
  const checked = await checkPlan(db, scope, f, null)
  return db.transaction(async (tx) => {
    const id = await repo.insertPlan(tx, checked.write, f.submit ? '待审核' : '草稿', f.actorId)
    await repo.setPlanParcels(tx, id, checked.parcels)
    await repo.setMilestones(tx, id, f.milestones)
    await repo.addHistory(tx, id, f.submit ? '新建并提交' : '新建', [], f.actorId, { to: f.submit ? '待审核' : '草稿', note: f.name })
    await moveEntries(tx, id, '已纳入方案', `纳入盘活方案 #${id}`, f.actorId)
    return id
  })
}

const EDIT_LABELS: Record<string, string> = {
  name: '方案名称',
  method: '盘活方式',
  subMethod: '细分方式',
  plannedAreaM2: '计划面积（平方米）',
  targetPlotRatio: '目标容积率',
  targetBuildingM2: '新增建筑面积',
  targetInvestment: '新增投资',
  targetTax: '预计新增税收',
  targetOutput: '预计新增产值',
  details: '方式信息',
  startDate: '开始日期',
  deadline: '完成期限',
  respUnit: '责任单位',
  respPerson: '责任人',
  note: '备注',
}

/** A value as text with object keys in order (jsonb keeps its own key order). */
const canon = (v: unknown): string =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? JSON.stringify(Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))))
    : JSON.stringify(v ?? null)

const currentWrite = (p: repo.PlanDbRow): Record<string, unknown> => ({
  name: p.name,
  method: p.method,
  subMethod: p.sub_method,
  plannedAreaM2: roundTo(p.planned_area_m2, 2),
  targetPlotRatio: p.target_plot_ratio,
  targetBuildingM2: p.target_building_m2,
  targetInvestment: p.target_investment,
  targetTax: p.target_tax,
  targetOutput: p.target_output,
  details: p.details,
  startDate: p.start_date,
  deadline: p.deadline,
  respUnit: p.resp_unit,
  respPerson: p.resp_person,
  note: p.note,
})

/** 修改盘活方案 (草稿, 待审核, 实施中, 已逾期) with its history; 422 when nothing changed. */
export async function updatePlan(db: Db, scope: DataScope, id: number, f: PlanFields & { actorId: number }): Promise<void> {
  const plan = await planOf(db, scope, id)
  if (!['草稿', '待审核', '实施中', '已逾期'].includes(plan.state)) throw stateProblem('id', `方案状态为${plan.state}，不能修改`)
  const checked = await checkPlan(db, scope, f, id)
  const before = currentWrite(plan)
  const after: Record<string, unknown> = { ...checked.write, plannedAreaM2: roundTo(checked.write.plannedAreaM2, 2) }
  const changes = Object.keys(EDIT_LABELS)
    .filter((k) => canon(before[k]) !== canon(after[k]))
    .map((k) => ({ field: k, label: EDIT_LABELS[k], before: before[k] ?? null, after: after[k] ?? null }))
  const oldParcels = (await repo.planParcels(db, id)).map((x) => `${x.parcel_id}:${roundTo(x.planned_area_m2, 2)}`).join(',')
  const newParcels = checked.parcels.map((x) => `${x.parcelId}:${roundTo(x.plannedAreaM2, 2)}`).join(',')
  if (oldParcels !== newParcels) changes.push({ field: 'parcels', label: '地块', before: oldParcels, after: newParcels })
  const oldMs = JSON.stringify(await repo.milestones(db, id).then((m) => m.map((x) => [x.name, x.dueDate, x.doneDate])))
  const newMs = JSON.stringify(f.milestones.map((x) => [x.name, x.dueDate, x.doneDate ?? null]))
  if (oldMs !== newMs) changes.push({ field: 'milestones', label: '节点', before: null, after: f.milestones.length })
  if (changes.length === 0) throw new AppError(422, '与当前方案相比没有任何修改，无需保存')
  await db.transaction(async (tx) => {
    await repo.lockPlan(tx, id)
    const old = await repo.planParcels(tx, id)
    await repo.updatePlan(tx, id, checked.write)
    await repo.setPlanParcels(tx, id, checked.parcels)
    await repo.setMilestones(tx, id, f.milestones)
    await repo.addHistory(tx, id, '修改', changes, f.actorId, {
      from: plan.state,
      to: plan.state,
      note: changes.map((x) => x.label).join('、'),
    })
    const kept = new Set(checked.parcels.map((x) => x.parcelId))
    for (const o of old.filter((x) => !kept.has(x.parcel_id) && x.ledger_id !== null)) {
      const e = await repo.entry(tx, o.ledger_id as number)
      if (e) await repo.moveEntry(tx, e, '已认定', `移出盘活方案 #${id}`, f.actorId)
    }
    const to: LedgerState = RUNNING_STATES.includes(plan.state) ? '实施中' : '已纳入方案'
    await moveEntries(tx, id, to, `纳入盘活方案 #${id}`, f.actorId)
  })
}

/** 删除盘活方案: drafts only (422 otherwise); the entries go back to 已认定. */
export async function deletePlan(db: Db, scope: DataScope, id: number, actorId: number): Promise<repo.PlanDbRow> {
  const plan = await planOf(db, scope, id)
  if (plan.state !== '草稿') throw stateProblem('id', `只能删除草稿状态的方案，该方案为${plan.state}`)
  await db.transaction(async (tx) => {
    await moveEntries(tx, id, '已认定', `盘活方案 #${id} 已删除`, actorId)
    await repo.deletePlan(tx, id)
    await repo.addHistory(tx, id, '删除', [], actorId, { from: plan.state, to: '已删除' })
  })
  return plan
}

/** The 审核 actions of a plan: only an account holding the land 审定 grant (/land/approve) takes them. */
export const APPROVING_ACTIONS: readonly PlanAction[] = ['审核通过', '退回']

/**
 * A state change of checkPhcz: 提交 (complete fields), 退回, 审核通过 (entries 实施中), 验收, 终止
 * (entries back to 已认定). 审核通过 and 退回 need the land 审定 grant (`canApprove`), and 审核通过 is
 * refused to whoever wrote or submitted the plan (四眼, issue 28).
 */
export async function planAction(
  db: Db,
  scope: DataScope,
  f: { id: number; action: PlanAction; note: string; actorId: number; canApprove: boolean },
): Promise<PlanState> {
  const plan = await planOf(db, scope, f.id)
  const step = PLAN_ACTIONS[f.action]
  if (APPROVING_ACTIONS.includes(f.action) && !f.canApprove)
    throw forbidden(`${f.action}盘活方案须由持有“处置审定”权限的人员办理，请提请科室负责人在处置审定页面审定`)
  if (!(step.from as readonly string[]).includes(plan.state)) {
    throw stateProblem('action', `方案状态为${plan.state}，不能${f.action}（${f.action}须为${step.from.join('或')}状态）`)
  }
  if (f.action === '审核通过')
    assertSecondAccount(
      f.actorId,
      [
        { what: '编制了该方案', by: plan.created_by },
        { what: '提交了该方案审核', by: await repo.planSubmitter(db, f.id) },
      ],
      '审核通过该方案',
    )
  if (f.action === '提交') {
    const issues = missingDetails(plan.method, plan.sub_method, plan.details)
    if (issues.length) throw new AppError(422, `方案信息不完整，不能提交：${issues.map((i) => i.message).join('；')}`, issues)
  }
  if ((f.action === '终止' || f.action === '退回') && !f.note) throw fieldProblem('note', `${f.action}须填写说明 note`)
  await db.transaction(async (tx) => {
    await repo.lockPlan(tx, f.id)
    await repo.setPlanState(tx, f.id, step.to, {
      acceptedDate: f.action === '验收' ? today() : undefined,
      stoppedReason: f.action === '终止' ? f.note : undefined,
    })
    await repo.addHistory(tx, f.id, f.action, f.note ? [{ field: 'note', label: '说明', before: null, after: f.note }] : [], f.actorId, {
      from: plan.state,
      to: step.to,
      note: f.note,
    })
    if (f.action === '审核通过') await repo.setPlanApprover(tx, f.id, f.actorId)
    if (f.action === '审核通过') await moveEntries(tx, f.id, '实施中', `盘活方案 #${f.id} 审核通过，开始实施`, f.actorId)
    if (f.action === '终止') await moveEntries(tx, f.id, '已认定', `盘活方案 #${f.id} 终止：${f.note}`, f.actorId)
  })
  return step.to
}

/** A plan with its parcels, milestones, reports, 督办, history, effects and risk. */
export async function planDetail(db: Db, scope: DataScope, id: number): Promise<PlanDetail> {
  const plan = await planOf(db, scope, id)
  const [parcels, milestones, reports, supervisions, history] = await Promise.all([
    repo.planParcels(db, id),
    repo.milestones(db, id),
    repo.reports(db, id),
    repo.supervisions(db, id),
    repo.history(db, id),
  ])
  const done = DONE_STATES.includes(plan.state)
  const fx = done ? (await repo.effectGroups(db, scope, null, 'plan')).find((r) => Number(r.key) === id) : undefined
  return {
    ...repo.planRowView(plan),
    targetPlotRatio: plan.target_plot_ratio,
    targetBuildingM2: plan.target_building_m2,
    targetInvestment: plan.target_investment,
    targetTax: plan.target_tax,
    targetOutput: plan.target_output,
    details: plan.details,
    note: plan.note,
    acceptedDate: plan.accepted_date,
    stoppedReason: plan.stopped_reason,
    effects: fx ? effectsOf(fx) : null,
    outcome: done
      ? {
          statusAfter: plan.status_after,
          holder:
            plan.holder_after_id === null
              ? null
              : { id: plan.holder_after_id, name: plan.holder_after_name ?? '', creditCode: plan.holder_after_code ?? '' },
          landUseAfter: plan.land_use_after,
          planningUseAfter: plan.planning_use_after,
          plotRatioAfter: plan.plot_ratio_after,
        }
      : null,
    submissionId: plan.submission_id,
    parcels: parcels.map((x) => ({
      parcelId: x.parcel_id,
      ledgerId: x.ledger_id,
      landCode: x.land_code,
      name: x.name,
      areaMu: mu(x.area_m2) ?? 0,
      plannedAreaMu: mu(x.planned_area_m2) ?? 0,
      status: x.status,
      geometry: x.geojson ? JSON.parse(x.geojson) : null,
    })),
    milestones,
    reports,
    supervisions,
    history,
    risk: planRisk(
      {
        state: plan.state,
        startDate: plan.start_date,
        deadline: plan.deadline,
        progress: plan.progress,
        lastReportDate: plan.last_report_date,
      },
      today(),
    ),
  }
}

// ---- progress reports ----

/** A running plan of the scope (实施中 or 已逾期), or 404 / 422. */
async function runningPlan(db: Db, scope: DataScope, id: number, field: string): Promise<repo.PlanDbRow> {
  const plan = await planOf(db, scope, id)
  if (!RUNNING_STATES.includes(plan.state))
    throw stateProblem(field, `方案状态为${plan.state}，只有实施中或已逾期的方案可以报告进度、督办和办结`)
  return plan
}

/** The report before which a new (or changed) one must not go back. */
function checkReport(
  plan: repo.PlanDbRow,
  previous: { reportDate: string; progress: number } | undefined,
  f: { reportDate: string; progress: number },
): void {
  const issues: FieldError[] = []
  if (f.reportDate > today()) issues.push({ field: 'reportDate', message: '报告日期 reportDate 不能晚于今天' })
  if (f.reportDate < plan.start_date)
    issues.push({ field: 'reportDate', message: `报告日期 reportDate 不能早于方案开始日期 ${plan.start_date}` })
  if (previous && f.reportDate < previous.reportDate) {
    issues.push({ field: 'reportDate', message: `报告日期 reportDate 不能早于上次报告的 ${previous.reportDate}` })
  }
  if (previous && f.progress < previous.progress) {
    issues.push({ field: 'progress', message: `进度 progress 不能低于上次报告的 ${previous.progress}%` })
  }
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('；'), issues)
}

/** The 代码 a progress report's photos are filed under in the file store. */
export const REPORT_PHOTO_DM = 'revitalize_report'

/**
 * A report's photos are pictures uploaded for a report (POST /api/phczReport/upload) by the one who
 * reports; photos the report already holds stay allowed when it is changed.
 */
async function checkPhotos(db: Db, photoIds: readonly number[], actorId: number, held: readonly number[] = []): Promise<void> {
  const fresh = photoIds.filter((x) => !held.includes(x))
  if (new Set(photoIds).size !== photoIds.length) throw fieldProblem('photoIds', '照片 photoIds 不能重复')
  if (fresh.length === 0) return
  const r = await db.query<{ id: number }>(
    'SELECT id::int AS id FROM upload_file WHERE id = ANY($1::bigint[]) AND dm = $2 AND uploaded_by = $3',
    [fresh, REPORT_PHOTO_DM, actorId],
  )
  const found = new Set(r.rows.map((x) => x.id))
  const bad = fresh.find((x) => !found.has(x))
  if (bad !== undefined) throw fieldProblem('photoIds', `照片 #${bad} 不存在或不是本人为进度报告上传的图片，请重新上传`)
}

/** A photo of a report in the user's region, or 404: the file id to send. */
export async function reportPhoto(db: Db, scope: DataScope, reportId: number, fileId: number): Promise<number> {
  const r = await repo.report(db, reportId)
  if (!r) throw notFound(`进度报告 ${reportId} 不存在`)
  await planOf(db, scope, r.plan_id)
  if (!r.photo_ids.includes(fileId)) throw notFound(`进度报告 ${reportId} 没有照片 #${fileId}`)
  return fileId
}

/** phczReport/save: a new report of a running plan. */
export async function saveReport(
  db: Db,
  scope: DataScope,
  f: {
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
  const plan = await runningPlan(db, scope, f.planId, 'planId')
  await checkPhotos(db, f.photoIds, f.actorId)
  return db.transaction(async (tx) => {
    await repo.lockPlan(tx, plan.id)
    checkReport(plan, (await repo.reports(tx, plan.id)).at(-1), f)
    const id = await repo.saveReport(tx, f)
    await repo.recordPlanStep(tx, plan.id, '报告进度', f.actorId, {
      from: plan.state,
      to: plan.state,
      note: `${f.reportDate} 进度 ${f.progress}%：${f.doneItems}`,
    })
    return id
  })
}

/** The latest report of its plan, or 404 / 422. */
async function latestReport(db: Db, scope: DataScope, id: number, verb: string) {
  const r = await repo.report(db, id)
  if (!r) throw notFound(`进度报告 ${id} 不存在`)
  const plan = await runningPlan(db, scope, r.plan_id, 'id')
  const list = await repo.reports(db, plan.id)
  if (list.at(-1)?.id !== id) throw stateProblem('id', `只能${verb}该方案最近一次的进度报告`)
  return { plan, list }
}

/** phczReport/update: changes the latest report; it still does not go back from the one before. */
export async function updateReport(
  db: Db,
  scope: DataScope,
  f: {
    id: number
    reportDate: string
    progress: number
    doneItems: string
    difficulties: string
    nextSteps: string
    photoIds: number[]
    actorId: number
  },
): Promise<number> {
  const { plan, list } = await latestReport(db, scope, f.id, '修改')
  checkReport(plan, list.at(-2), f)
  await checkPhotos(db, f.photoIds, f.actorId, list.at(-1)?.photoIds)
  return db.transaction(async (tx) => repo.saveReport(tx, { ...f, planId: plan.id }))
}

/** phczReport/delete: deletes the latest report; the plan's progress goes back to the one before. */
export async function deleteReport(db: Db, scope: DataScope, id: number): Promise<number> {
  const { plan } = await latestReport(db, scope, id, '删除')
  await db.transaction(async (tx) => repo.deleteReport(tx, id, plan.id))
  return plan.id
}

// ---- supervision ----

/** phczReport/getList: the running plans by risk (overdue, silent for 30 days, behind the straight line), highest first. */
export async function superviseList(
  db: Db,
  scope: DataScope,
  f: { keyword?: string; level?: '高' | '中' | '低' | '无' },
  args: PageArgs,
): Promise<SuperviseList> {
  const now = today()
  const rows: SuperviseRow[] = (await repo.runningPlans(db, scope, f)).map((r) => ({
    ...repo.planRowView(r),
    openSupervisions: r.open_supervisions,
    risk: planRisk(
      { state: r.state, startDate: r.start_date, deadline: r.deadline, progress: r.progress, lastReportDate: r.last_report_date },
      now,
    ),
  }))
  rows.sort((a, b) => b.risk.score - a.risk.score || a.deadline.localeCompare(b.deadline) || a.id - b.id)
  const counts = (['高', '中', '低', '无'] as const).map((level) => ({ level, count: rows.filter((r) => r.risk.level === level).length }))
  const list = f.level ? rows.filter((r) => r.risk.level === f.level) : rows
  const start = (args.page - 1) * args.pageSize
  return { counts, page: { list: list.slice(start, start + args.pageSize), total: list.length, page: args.page, pageSize: args.pageSize } }
}

/** 督办 a running plan with a reply deadline not before today. */
export async function supervise(
  db: Db,
  scope: DataScope,
  f: { planId: number; content: string; replyDeadline: string; actorId: number },
): Promise<number> {
  const plan = await runningPlan(db, scope, f.planId, 'planId')
  if (f.replyDeadline < today()) throw fieldProblem('replyDeadline', '回复期限 replyDeadline 不能早于今天')
  return db.transaction(async (tx) => {
    const id = await repo.insertSupervision(tx, f)
    await repo.addHistory(tx, plan.id, '督办', [{ field: 'content', label: '督办内容', before: null, after: f.content }], f.actorId, {
      from: plan.state,
      to: plan.state,
      note: `${f.content}（回复期限 ${f.replyDeadline}）`,
    })
    return id
  })
}

/** The reply to a 督办, once. */
export async function reply(db: Db, scope: DataScope, f: { supervisionId: number; reply: string; actorId: number }): Promise<number> {
  const s = await repo.supervision(db, f.supervisionId)
  if (!s) throw notFound(`督办 ${f.supervisionId} 不存在`)
  await planOf(db, scope, s.plan_id)
  if (s.reply !== null) throw stateProblem('supervisionId', '该督办已回复，不能重复回复')
  const plan = await planOf(db, scope, s.plan_id)
  await db.transaction(async (tx) => {
    await repo.replySupervision(tx, s.id, f.reply, f.actorId)
    await repo.recordPlanStep(tx, s.plan_id, '回复督办', f.actorId, { from: plan.state, to: plan.state, note: f.reply })
  })
  return s.plan_id
}

/** The 办结 fields of a plan beyond its effects: the facts its method writes to the parcels. */
export interface CompletionFields {
  plotRatioAfter?: number | null
  buildingAreaAfter?: number | null
  holderCreditCode?: string | null
  landUseAfter?: string | null
  planningUseAfter?: string | null
  statusAfter?: StatusAfter | null
}

/**
 * The facts a method's 办结 writes (docs/domain.md 盘活的效果): the fields it requires are given, the
 * ones it does not take are refused, codes are known, and the new holder is an enterprise of the
 * scope. Returns the parcel facts shared by every parcel of the plan (容积率 and 建筑面积 are per
 * parcel) and what the plan keeps.
 */
async function completionFacts(
  db: Db,
  scope: DataScope,
  method: PlanMethod,
  f: CompletionFields,
): Promise<{ issues: FieldError[]; shared: Record<string, unknown>; outcome: NonNullable<repo.PlanOutcome> }> {
  const rule = METHOD_EFFECTS[method]
  const issues: FieldError[] = []
  for (const k of rule.required) {
    if (f[k] == null) issues.push({ field: k, message: `${method}办结须填写${COMPLETION_FACTS[k]} ${k}（报数据中心审核）` })
  }
  for (const k of Object.keys(COMPLETION_FACTS) as CompletionFact[]) {
    if (f[k] != null && !rule.required.includes(k) && !rule.optional.includes(k)) {
      issues.push({ field: k, message: `${method}办结不填写${COMPLETION_FACTS[k]} ${k}` })
    }
  }
  if (f.landUseAfter != null) {
    const ok = rule.recovers ? isReclaimedLandUseCode(f.landUseAfter) : isLandUseCode(f.landUseAfter)
    if (!ok) {
      const codes = rule.recovers ? RECLAIMED_LAND_USE_CODES : LAND_USE_CODES
      const list = Object.entries(codes).map(([c, n]) => `${c} ${n}`)
      issues.push({ field: 'landUseAfter', message: `盘活后现状地类 landUseAfter 应为 ${list.join('、')} 之一` })
    }
  }
  if (f.planningUseAfter != null && !isPlanningUseCode(f.planningUseAfter)) {
    issues.push({
      field: 'planningUseAfter',
      message: `盘活后规划用途 planningUseAfter ${f.planningUseAfter} 不是工业或仓储用地的规划用途代码`,
    })
  }
  let holder: { id: number; credit_code: string } | undefined
  if (f.holderCreditCode != null) {
    holder = await repo.enterpriseByCode(db, scope, f.holderCreditCode)
    if (!holder) {
      issues.push({
        field: 'holderCreditCode',
        message: `新用地单位 ${f.holderCreditCode} 不是本账号数据范围内的企业，请先在数据中心录入该企业`,
      })
    }
  }
  const statusAfter = rule.recovers ? '已收回' : (f.statusAfter ?? DEFAULT_STATUS_AFTER)
  // 用途调整 without a 现状地类 takes the one its new 规划用途 falls under
  const landUse =
    f.landUseAfter ??
    (f.planningUseAfter != null && isPlanningUseCode(f.planningUseAfter) ? PLANNING_TO_LAND_USE[f.planningUseAfter] : null)
  const shared: Record<string, unknown> = { status: statusAfter }
  if (holder) shared[OWNER_LINK] = holder.credit_code
  if (landUse) shared.land_use_code = landUse
  if (f.planningUseAfter != null) shared.planning_use_code = f.planningUseAfter
  return {
    issues,
    shared,
    outcome: { holderAfterId: holder?.id ?? null, landUseAfter: landUse, planningUseAfter: f.planningUseAfter ?? null, statusAfter },
  }
}

/**
 * 办结 a running plan with its actual effects (docs/domain.md 盘活的效果): every parcel of the plan
 * leaves 低效 through an audited data-centre submission with its method's facts — 已收回 for
 * 收回收储 and 复垦, else the new status with the new 容积率 and 建筑面积, holder, 用途 or 规划条件 — and
 * the entries are 销号 with the date, the method and the reason.
 */
export async function complete(
  db: Db,
  scope: DataScope,
  p: Proposer,
  f: CompletionFields & {
    planId: number
    completedDate: string
    freedAreaMu?: number | null
    newBuildingM2?: number | null
    newInvestment?: number | null
    resultNote: string
    actorId: number
  },
): Promise<{ submissions: number[] }> {
  const plan = await runningPlan(db, scope, f.planId, 'planId')
  const issues: FieldError[] = []
  if (f.completedDate > today()) issues.push({ field: 'completedDate', message: '办结日期 completedDate 不能晚于今天' })
  if (f.completedDate < plan.start_date)
    issues.push({ field: 'completedDate', message: `办结日期 completedDate 不能早于方案开始日期 ${plan.start_date}` })
  const recover = RECOVERING_PLAN_METHODS.includes(plan.method)
  const facts = await completionFacts(db, scope, plan.method, f)
  issues.push(...facts.issues)
  const plannedMu = mu(plan.planned_area_m2) ?? 0
  if (f.freedAreaMu != null && f.freedAreaMu > roundTo(plannedMu, 2)) {
    issues.push({ field: 'freedAreaMu', message: `腾出面积 freedAreaMu ${f.freedAreaMu} 亩不能大于计划面积 ${roundTo(plannedMu, 2)} 亩` })
  }
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('；'), issues)
  return db.transaction(async (tx) => {
    await repo.lockPlan(tx, plan.id)
    const parcels = await repo.planParcels(tx, plan.id)
    const submissions: number[] = []
    const openIds: (number | null)[] = [plan.submission_id]
    for (const pp of parcels) {
      const parcelFacts: Record<string, unknown> = { ...facts.shared }
      if (f.plotRatioAfter != null) parcelFacts.plot_ratio = f.plotRatioAfter
      if (f.buildingAreaAfter != null) {
        const share = plan.planned_area_m2 > 0 ? pp.planned_area_m2 / plan.planned_area_m2 : 1
        parcelFacts.building_area = roundTo(f.buildingAreaAfter * share, 2)
      }
      const entry = pp.ledger_id === null ? undefined : await repo.entry(tx, pp.ledger_id)
      const sub = await writeThrough(tx, p, pp.parcel_id, parcelFacts, `盘活方案·${plan.name}·办结（${plan.method}）`, [
        ...openIds,
        entry?.submission_id ?? null,
      ])
      if (sub !== null && !submissions.includes(sub)) submissions.push(sub)
    }
    await repo.setPlanState(tx, plan.id, '已完成', {
      completedDate: f.completedDate,
      actualAreaM2: f.freedAreaMu != null ? f.freedAreaMu * M2_PER_MU : recover ? plan.planned_area_m2 : null,
      actualBuildingM2: f.newBuildingM2 ?? null,
      actualInvestment: f.newInvestment ?? null,
      plotRatioAfter: f.plotRatioAfter ?? null,
      resultNote: f.resultNote,
      submissionId: submissions[0] ?? null,
      progress: 100,
      outcome: facts.outcome,
    })
    await repo.addHistory(
      tx,
      plan.id,
      '办结',
      [{ field: 'completedDate', label: '办结日期', before: null, after: f.completedDate }],
      f.actorId,
      { from: plan.state, to: '已完成', note: `${f.completedDate}${f.resultNote ? `：${f.resultNote}` : ''}` },
    )
    const reason = `盘活方案 #${plan.id}「${plan.name}」${plan.method}办结：${METHOD_EFFECTS[plan.method].effect}${f.resultNote ? `；${f.resultNote}` : ''}`
    await moveEntries(tx, plan.id, '已完成', `盘活方案 #${plan.id} 办结，销号`, f.actorId, f.completedDate, {
      planId: plan.id,
      method: plan.method,
      reason: reason.slice(0, 500),
    })
    return { submissions }
  })
}

// ---- 整治提升 → 盘活 ----

/**
 * An 整治提升 plan closed as 腾退 or 关停淘汰 opens a 收回收储 draft for the enterprise's parcels in
 * the books — confirming them into the 台账 first — or links the live plan that already holds one
 * of them. Returns the 盘活 plan's id, or null when the enterprise holds no land.
 */
export async function openFromRegulation(
  db: Db,
  p: Proposer,
  f: { regulationPlanId: number; enterpriseId: number; outcome: string; date: string; owner: string; actorId: number },
): Promise<number | null> {
  const existing = await repo.planOfRegulation(db, f.regulationPlanId)
  if (existing) return existing
  const parcels = await repo.enterpriseParcels(db, f.enterpriseId)
  if (parcels.length === 0) return null
  const linked = await repo.otherLivePlans(
    db,
    parcels.map((x) => x.id),
    null,
  )
  if (linked.length) {
    await repo.linkRegulation(db, linked[0].plan_id, f.regulationPlanId)
    await repo.addHistory(db, linked[0].plan_id, `关联整治提升（${f.outcome}）`, [], f.actorId, {
      note: `整治提升方案 #${f.regulationPlanId}`,
    })
    return linked[0].plan_id
  }
  const list: { parcelId: number; ledgerId: number | null; plannedAreaM2: number }[] = []
  for (const parcel of parcels) {
    let live = await repo.liveEntry(db, parcel.id)
    if (!live) {
      const id = await repo.insertEntry(db, {
        parcel,
        runId: null,
        batch: `整治提升转入（${f.outcome}）`,
        criteria: [`整治提升结果：${f.outcome}`],
        score: null,
        state: '已认定',
        confirmDate: f.date,
        unit: '',
        reason: `整治提升方案 #${f.regulationPlanId} 办结为${f.outcome}`,
        actorId: f.actorId,
      })
      if (!['低效', '闲置', '已收回'].includes(parcel.status)) {
        await repo.linkEntrySubmission(
          db,
          id,
          await writeThrough(db, p, parcel.id, { status: '低效' }, `整治提升${f.outcome}转入低效用地台账`, []),
        )
      }
      live = await repo.entry(db, id)
    }
    list.push({ parcelId: parcel.id, ledgerId: live?.id ?? null, plannedAreaM2: parcel.area_m2 })
  }
  const first = parcels[0]
  const deadline = `${Number(f.date.slice(0, 4)) + 1}${f.date.slice(4)}`
  const id = await repo.insertPlan(
    db,
    {
      name: `${first.enterprise_name ?? first.name}${f.outcome}用地收储`,
      method: '收回收储',
      subMethod: f.outcome === '关停淘汰' ? '依法收回' : '协商收购',
      enterpriseId: f.enterpriseId,
      plannedAreaM2: list.reduce((s, x) => s + x.plannedAreaM2, 0),
      targetPlotRatio: null,
      targetBuildingM2: null,
      targetInvestment: null,
      targetTax: null,
      targetOutput: null,
      details: {},
      startDate: f.date,
      deadline: deadline.endsWith('-02-29') ? deadline.replace('-02-29', '-02-28') : deadline,
      respUnit: f.owner,
      respPerson: f.owner,
      note: `由整治提升方案 #${f.regulationPlanId}（${f.outcome}）转入，请补充收储机构和补偿金额后提交审核`,
      plotRatioBefore: null,
      baseYear: Number(f.date.slice(0, 4)) - 1,
      region: first,
    },
    '草稿',
    f.actorId,
    f.regulationPlanId,
  )
  await repo.setPlanParcels(db, id, list)
  await repo.addHistory(db, id, `由整治提升（${f.outcome}）转入`, [], f.actorId, {
    to: '草稿',
    note: `整治提升方案 #${f.regulationPlanId}`,
  })
  await moveEntries(db, id, '已纳入方案', `纳入盘活方案 #${id}`, f.actorId)
  return id
}

// ---- overview, effects, map ----

/** The catalogue's effect figures of a group of plans. */
export function effectsOf(r: EffectSumRow): PlanEffects {
  return {
    freedAreaMu: FIGURES.freedAreaMu.formula(r.freed_m2),
    newBuildingM2: FIGURES.newBuildingArea.formula(r.new_building_m2),
    newInvestment: FIGURES.newInvestment.formula(r.new_investment),
    newTax: FIGURES.newTax.formula(r.new_tax),
    newOutput: FIGURES.newOutput.formula(r.new_output),
    plotRatioBefore: FIGURES.plotRatioBefore.formula(r.prb_num, r.prb_den),
    plotRatioAfter: FIGURES.plotRatioAfter.formula(r.pra_num, r.pra_den),
    taxPerMuBefore: FIGURES.taxPerMuBefore.formula(r.tpb_num, r.tpb_den),
    taxPerMuAfter: FIGURES.taxPerMuAfter.formula(r.tpa_num, r.tpa_den),
  }
}

/** 盘活概况 of a year: KPIs, counties with task completion, methods and states. */
export async function overview(db: Db, scope: DataScope, year: number): Promise<RevitalizeOverview> {
  const [counties, methods, states, total] = await Promise.all([
    repo.countyRows(db, scope, year),
    repo.methodRows(db, scope, year),
    repo.planCounts(db, scope, {}),
    repo.effectGroups(db, scope, year, 'total'),
  ])
  const rows = counties.map((c) => ({
    code: c.code,
    name: c.name,
    ledgerCount: FIGURES.ledgerCount.formula(c.ledger_count),
    ledgerAreaMu: FIGURES.ledgerAreaMu.formula(c.ledger_m2) ?? 0,
    unplannedCount: c.unplanned_count,
    planCount: c.plan_count,
    runningCount: c.running_count,
    overdueCount: c.overdue_count,
    doneCount: c.done_count,
    doneAreaMu: FIGURES.revitalizedAreaMu.formula(c.done_m2) ?? 0,
    taskMu: c.task_mu,
    completionRate: FIGURES.revitalizeCompletionRate.formula(mu(c.done_m2), c.task_mu),
  }))
  // counties with work of the year (a 台账, a plan or a task) first, each part by code: a province's
  // table should not open on dozens of counties that only hold parcels
  const idle = (c: (typeof rows)[number]) => (c.ledgerCount > 0 || c.planCount > 0 || c.taskMu !== null ? 0 : 1)
  rows.sort((a, b) => idle(a) - idle(b) || a.code.localeCompare(b.code))
  const sum = (k: 'ledger_count' | 'ledger_m2' | 'plan_count' | 'running_count' | 'overdue_count' | 'done_count' | 'done_m2') =>
    counties.reduce((s, c) => s + c[k], 0)
  const taskMu = counties.reduce((s, c) => s + (c.task_mu ?? 0), 0)
  const hasTask = counties.some((c) => c.task_mu !== null)
  return {
    year,
    kpis: {
      ledgerCount: sum('ledger_count'),
      ledgerAreaMu: FIGURES.ledgerAreaMu.formula(sum('ledger_m2')) ?? 0,
      planCount: sum('plan_count'),
      runningCount: sum('running_count'),
      overdueCount: sum('overdue_count'),
      doneCount: sum('done_count'),
      freedAreaMu: FIGURES.freedAreaMu.formula(total[0]?.freed_m2 ?? 0) ?? 0,
      taskMu,
      completionRate: hasTask ? FIGURES.revitalizeCompletionRate.formula(mu(sum('done_m2')), taskMu) : null,
    },
    counties: rows,
    methods: PLAN_METHODS.map((m) => {
      const r = methods.find((x) => x.method === m)
      return { method: m, count: r?.n ?? 0, areaMu: mu(r?.m2 ?? 0) ?? 0, doneCount: r?.done ?? 0 }
    }),
    states: PLAN_STATES.map((s) => ({ state: s, count: states.find((x) => x.state === s)?.n ?? 0 })),
  }
}

/** 成效概况 of a year: the total, by year (all years), by county, by method, and each plan. */
export async function effects(db: Db, scope: DataScope, year: number, method?: PlanMethod): Promise<EffectSummary> {
  const [total, byYear, byCounty, byMethod, plans] = await Promise.all([
    repo.effectGroups(db, scope, year, 'total', method),
    repo.effectGroups(db, scope, null, 'year', method),
    repo.effectGroups(db, scope, year, 'county', method),
    repo.effectGroups(db, scope, year, 'method', method),
    repo.effectGroups(db, scope, year, 'plan', method),
  ])
  const none: EffectSumRow = {
    plan_count: 0,
    revitalized_m2: 0,
    freed_m2: null,
    new_building_m2: null,
    new_investment: null,
    new_tax: null,
    new_output: null,
    prb_num: null,
    prb_den: null,
    pra_num: null,
    pra_den: null,
    tpb_num: null,
    tpb_den: null,
    tpa_num: null,
    tpa_den: null,
  }
  return {
    year,
    total: { planCount: total[0]?.plan_count ?? 0, ...effectsOf(total[0] ?? none) },
    byYear: byYear.map((r) => ({ year: Number(r.key), planCount: r.plan_count, ...effectsOf(r) })),
    byCounty: byCounty.map((r) => ({ code: r.key ?? '', name: r.label ?? '未落区县', planCount: r.plan_count, ...effectsOf(r) })),
    byMethod: byMethod.map((r) => ({ method: r.key as PlanMethod, planCount: r.plan_count, ...effectsOf(r) })),
    plans: plans.map(effectRowOf),
  }
}

type EffectPlanRow = Awaited<ReturnType<typeof repo.effectGroups>>[number]

const effectRowOf = (r: EffectPlanRow): EffectRow => ({
  planId: Number(r.key),
  name: r.plan_name ?? '',
  method: r.method as PlanMethod,
  countyName: r.label,
  completedDate: r.completed_date ?? '',
  year: Number((r.completed_date ?? '0').slice(0, 4)),
  ...effectsOf(r),
})

/** Rows of an effects export page. */
const EXPORT_PAGE = 500

/** The done plans of a year (and method) with their effects, in pages read by keyset on the plan id (the xlsx export). */
export async function* effectRows(db: Db, scope: DataScope, year: number, method?: PlanMethod): AsyncIterable<EffectRow[]> {
  let afterId = 0
  for (;;) {
    const rows = await repo.effectGroups(db, scope, year, 'plan', method, { afterId, limit: EXPORT_PAGE })
    if (rows.length === 0) return
    yield rows.map(effectRowOf)
    if (rows.length < EXPORT_PAGE) return
    afterId = Number(rows[rows.length - 1].key)
  }
}

/** 成效地图: the parcels of the done plans (a year's, or all), each with its plan's effects. */
export async function effectMap(db: Db, scope: DataScope, year: number | null): Promise<EffectMap> {
  const [shapes, plans] = await Promise.all([repo.doneParcels(db, scope, year), repo.effectGroups(db, scope, year, 'plan')])
  const byPlan = new Map(plans.map((r) => [Number(r.key), r]))
  return {
    year,
    features: shapes.flatMap((s) => {
      const r = byPlan.get(s.plan_id)
      if (!r) return []
      return [
        {
          planId: s.plan_id,
          planName: r.plan_name ?? '',
          method: r.method as PlanMethod,
          parcelId: s.parcel_id,
          landCode: s.land_code,
          name: s.name,
          completedDate: r.completed_date ?? '',
          year: Number((r.completed_date ?? '0').slice(0, 4)),
          geometry: JSON.parse(s.geojson),
          effects: effectsOf(r),
        },
      ]
    }),
  }
}

/** Throws 403 when a county is outside the scope. */
export function assertCounty(scope: DataScope, county: { code: string; inScope: boolean } | undefined, code: string): void {
  if (!county) throw fieldProblem('countyCode', `区县 ${code} 不存在`, 404)
  if (!county.inScope) throw forbidden(`区县 ${code} 不在本账号的数据范围内`)
  void scope
}

// ---- 处置审定 and 办理记录 (issue 28) ----

/** The 盘活方案 of the scope waiting for 审核, for the 处置审定 page. */
export async function pendingPlans(db: Db, scope: DataScope): Promise<PendingPlan[]> {
  return (await repo.pendingPlans(db, scope)).map((r) => ({
    id: r.id,
    name: r.name,
    method: r.method,
    countyName: r.county_name,
    landCodes: r.land_codes,
    startDate: r.start_date,
    deadline: r.deadline,
    author: r.author,
    submittedBy: r.submitted_by,
  }))
}

/** The 办理记录 of a plan of the scope. */
export async function planSteps(db: Db, scope: DataScope, id: number): Promise<ProceedingStepView[]> {
  await planOf(db, scope, id)
  return stepsOf(db, 'revitalize_plan', id)
}
