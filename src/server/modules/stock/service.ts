/**
 * The rules of 盘活处置 (docs/domain.md "闲置土地"): a case only for land the rules find idle, the
 * documents in order and dated in order, a disposal only after the 认定书 and as the cause allows,
 * 土地闲置费 only under a 处置决定书 and never above what is due, completion only after the decision.
 * Parcel facts (闲置 at 认定, 已收回 at a recovery, the new agreed start at an extension) go to the
 * data centre as audited submissions in the same transaction; nothing writes the parcel here.
 */
import type { z } from 'zod'
import type {
  CandidateList,
  IdleCase,
  StockDetail,
  StockMap,
  StockRow,
  StockStats,
  StockStatsRow,
  caseUpdateBody,
  completeBody,
  disposeBody,
  documentBody,
  feeBody,
  identifyBody,
} from '../../../domain/contracts/stock'
import { STOCK_KINDS, type StockFilter, type StockKind } from '../../../domain/contracts/stock'
import {
  DISPOSAL_STATES,
  IDLE_DOCUMENTS,
  RECOVERING_METHODS,
  extensionProblem,
  fullYears,
  idleFee,
  judgeIdle,
  methodProblem,
  previousDocument,
  type DisposalState,
} from '../../../domain/idle-land'
import { FIGURES } from '../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../domain/today'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import type { PageArgs } from '../../db/sql'
import { isUniqueViolation } from '../../db/sql'
import { shownOr0 } from '../../figures/values'
import { AppError, conflict, notFound } from '../../http/errors'
import { propose } from '../datacenter/input-service'
import type { Proposer } from '../datacenter/proposal'
import * as repo from './repo'

const today = () => todayInProductZone()
const fieldProblem = (status: 400 | 422, field: string, message: string) => new AppError(status, message, [{ field, message }])
const areaMu = (m2: number | null) => shownOr0('stockAreaMu', FIGURES.stockAreaMu.formula(m2))
const money = (v: number | null) => (v === null ? null : shownOr0('idleFeeDue', v))

function notAfterToday(field: string, date: string, label: string): void {
  if (date > today()) throw fieldProblem(400, field, `${label} ${field} 不能晚于今天`)
}

const rowOut = ({ areaM2, ...r }: repo.StockRowM2): StockRow => ({ ...r, areaMu: areaMu(areaM2) })

/** 盘活处置 list. */
export async function list(db: Db, scope: DataScope, f: StockFilter, args: PageArgs) {
  const page = await repo.list(db, scope, f, args)
  return { ...page, list: page.list.map(rowOut) }
}

/** Every row for the export. */
export async function* exportRows(db: Db, scope: DataScope, f: StockFilter): AsyncIterable<StockRow[]> {
  for await (const rows of repo.everyRow(db, scope, f)) yield rows.map(rowOut)
}

const emptyRow = (
  code: string,
  name: string,
): StockStatsRow & { m2: number; stateM2: Record<string, number>; kindM2: Record<string, number> } => ({
  code,
  name,
  count: 0,
  areaMu: 0,
  byState: Object.fromEntries(DISPOSAL_STATES.map((s) => [s, { count: 0, areaMu: 0 }])) as StockStatsRow['byState'],
  byKind: Object.fromEntries(STOCK_KINDS.map((k) => [k, { count: 0, areaMu: 0 }])) as StockStatsRow['byKind'],
  m2: 0,
  stateM2: {},
  kindM2: {},
})

/** Counts and areas by county and state, and the fees (figures stockCount, stockAreaMu, idleFeeDue, idleFeePaid). */
export async function stats(db: Db, scope: DataScope, f: StockFilter): Promise<StockStats> {
  const [sums, fee] = await Promise.all([repo.sums(db, scope, f), repo.feeSums(db, scope)])
  const byCounty = new Map<string, ReturnType<typeof emptyRow>>()
  const total = emptyRow('all', '合计')
  for (const s of sums) {
    const key = s.code ?? ''
    let row = byCounty.get(key)
    if (!row) byCounty.set(key, (row = emptyRow(key, s.name ?? '未落区县')))
    for (const r of [row, total]) {
      r.count += s.stock_count
      r.m2 += s.stock_m2
      r.byState[s.state].count += s.stock_count
      r.stateM2[s.state] = (r.stateM2[s.state] ?? 0) + s.stock_m2
      r.byKind[s.kind].count += s.stock_count
      r.kindM2[s.kind] = (r.kindM2[s.kind] ?? 0) + s.stock_m2
    }
  }
  // areas summed exactly, converted and rounded once (docs/adr/0016)
  const out = (r: ReturnType<typeof emptyRow>): StockStatsRow => {
    for (const s of DISPOSAL_STATES) r.byState[s].areaMu = areaMu(r.stateM2[s] ?? 0)
    for (const k of STOCK_KINDS) r.byKind[k].areaMu = areaMu(r.kindM2[k] ?? 0)
    const { m2, stateM2: _s, kindM2: _k, ...row } = r
    return { ...row, count: shownOr0('stockCount', row.count), areaMu: areaMu(m2) }
  }
  return {
    rows: [...byCounty.values()].map(out),
    total: out(total),
    feeDue: shownOr0('idleFeeDue', fee.fee_due),
    feePaid: shownOr0('idleFeePaid', fee.fee_paid),
  }
}

/** The map's features. */
export async function map(db: Db, scope: DataScope, f: StockFilter, limit: number): Promise<StockMap> {
  const { rows, total } = await repo.mapFeatures(db, scope, f, limit)
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: r.geojson ? JSON.parse(r.geojson) : null,
      properties: { parcelId: r.parcel_id, landCode: r.land_code, name: r.name, kind: r.kind, state: r.state, areaMu: areaMu(r.area_m2) },
    })),
    total,
    limit,
  }
}

/** 疑似闲置 candidates with their whole years past the agreed start. */
export async function candidates(db: Db, scope: DataScope, f: { keyword?: string }, args: PageArgs): Promise<CandidateList> {
  const page = await repo.candidates(db, scope, f, args)
  const on = today()
  return {
    ...page,
    list: page.list.map(({ areaM2, ...c }) => ({ ...c, areaMu: areaMu(areaM2), idleYears: fullYears(c.agreedStartDate, on) })),
  }
}

async function parcelOf(db: Db, scope: DataScope, id: number): Promise<repo.ParcelFacts> {
  const p = await repo.parcel(db, scope, id)
  if (!p) throw notFound(`地块 ${id} 不存在或不在本账号的数据范围内`)
  return p
}

async function caseOf(db: Db, scope: DataScope, id: number, lock = false): Promise<repo.CaseRow> {
  const c = await repo.caseOf(db, scope, id, lock)
  if (!c) throw notFound(`闲置土地案件 ${id} 不存在或不在本账号的数据范围内`)
  return c
}

/** A case still open (not completed), or 409. */
async function openCase(db: Db, scope: DataScope, id: number): Promise<repo.CaseRow> {
  const c = await caseOf(db, scope, id, true)
  if (c.completed_date) throw conflict(`该闲置土地案件已于 ${c.completed_date} 处置完成，不能再修改`)
  return c
}

async function caseView(db: Db, c: repo.CaseRow): Promise<IdleCase> {
  const [docs, paid, hist] = await Promise.all([repo.documents(db, c.id), repo.fees(db, c.id), repo.history(db, c.id)])
  return {
    id: c.id,
    parcelId: c.parcel_id,
    ground: c.ground,
    grounds: c.grounds,
    idleSince: c.idle_since,
    cause: c.cause,
    developedAreaM2: c.developed_area_m2,
    invested: c.invested,
    totalInvestment: c.total_investment,
    stoppedSince: c.stopped_since,
    identifiedDate: c.identified_date,
    note: c.note,
    state: c.state,
    method: c.method,
    methodDetail: c.method_detail,
    newStartDate: c.new_start_date,
    plannedDate: c.planned_date,
    feeDue: money(c.fee_due),
    feePaid: shownOr0('idleFeePaid', c.fee_paid),
    completedDate: c.completed_date,
    completionNote: c.completion_note,
    submissionId: c.submission_id,
    documents: docs.map((d) => ({
      kind: d.kind,
      docNo: d.doc_no,
      date: d.date,
      note: d.note,
      submissionId: d.submission_id,
      actor: d.actor,
    })),
    fees: paid.map((f) => ({ id: f.id, amount: f.amount, date: f.date, receiptNo: f.receipt_no, note: f.note, actor: f.actor })),
    history: hist as IdleCase['history'],
    createdBy: c.created_by,
  }
}

/** A parcel's records: its idle cases and its 低效 台账 entry with plans. */
export async function detail(db: Db, scope: DataScope, parcelId: number): Promise<StockDetail> {
  const p = await parcelOf(db, scope, parcelId)
  const [cases, low] = await Promise.all([repo.casesOfParcel(db, p.id), repo.lowEfficiency(db, p.id)])
  return {
    parcel: {
      id: p.id,
      landCode: p.land_code,
      name: p.name,
      countyName: p.county_name,
      areaMu: areaMu(p.area_m2),
      status: p.status,
      enterpriseName: p.enterprise_name,
      supplyDate: p.supply_date,
      supplyPrice: p.supply_price,
      agreedStartDate: p.agreed_start_date,
      actualStartDate: p.actual_start_date,
    },
    kind: (p.kind ?? (p.status === '低效' ? '低效' : '闲置')) as StockKind,
    state: (p.state ?? '未处置') as DisposalState,
    cases: await Promise.all(cases.map((c) => caseView(db, c))),
    lowEfficiency: low.ledger
      ? {
          ledgerId: low.ledger.id,
          state: low.ledger.state,
          criteria: low.ledger.criteria,
          confirmDate: low.ledger.confirm_date,
          confirmUnit: low.ledger.confirm_unit,
          closedDate: low.ledger.closed_date,
          disposalState: low.ledger.disposal_state,
          plans: low.plans.map((x) => ({
            id: x.id,
            method: x.method,
            state: x.state,
            startDate: x.start_date,
            deadline: x.deadline,
            progress: x.progress,
          })),
        }
      : null,
    feeOfPrice: money(idleFee(p.supply_price)),
  }
}

/** A case of the scope with everything on it. */
export async function caseDetail(db: Db, scope: DataScope, id: number): Promise<IdleCase> {
  return caseView(db, await caseOf(db, scope, id))
}

/** 立案: a case for a parcel the rules find idle on the date, with its grounds. */
export async function identify(
  db: Db,
  scope: DataScope,
  f: z.output<typeof identifyBody>,
  actorId: number,
  onFound: (p: repo.ParcelFacts) => void,
): Promise<IdleCase> {
  const p = await parcelOf(db, scope, f.parcelId)
  onFound(p)
  notAfterToday('date', f.date, '立案日期')
  if (p.status === '已收回') throw fieldProblem(422, 'parcelId', `地块 ${p.land_code} 已收回，不能认定闲置`)
  if (!p.supply_date) throw fieldProblem(422, 'parcelId', `地块 ${p.land_code} 尚未供地，不能认定闲置`)
  const judged = judgeIdle(
    {
      areaM2: p.area_m2 ?? 0,
      agreedStartDate: p.agreed_start_date,
      actualStartDate: p.actual_start_date,
      developedAreaM2: f.developedAreaM2 ?? null,
      invested: f.invested ?? null,
      totalInvestment: f.totalInvestment ?? p.planned_investment ?? null,
      stoppedSince: f.stoppedSince ?? null,
    },
    f.date,
  )
  if (!judged.idle) throw fieldProblem(422, judged.field, judged.reason)
  try {
    const id = await repo.insertCase(db, {
      parcelId: p.id,
      ground: judged.ground,
      grounds: judged.grounds,
      idleSince: judged.idleSince,
      cause: f.cause,
      developedAreaM2: f.developedAreaM2 ?? null,
      invested: f.invested ?? null,
      totalInvestment: f.totalInvestment ?? (judged.ground === '开发不足停工' ? p.planned_investment : null),
      stoppedSince: f.stoppedSince ?? null,
      date: f.date,
      note: f.note,
      actorId,
    })
    return caseDetail(db, scope, id)
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`地块 ${p.land_code} 已有未办结的闲置土地案件`)
    throw err
  }
}

const CASE_LABELS = { cause: '闲置原因', note: '说明' } as const

/** Edits the cause or the note of an open case; the change is kept in the history. A cause is fixed once a disposal is chosen. */
export async function updateCase(db: Db, scope: DataScope, f: z.output<typeof caseUpdateBody>, actorId: number): Promise<IdleCase> {
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const changes: { field: string; label: string; before: unknown; after: unknown }[] = []
    for (const k of ['cause', 'note'] as const) {
      const v = f[k]
      if (v !== undefined && v !== c[k]) changes.push({ field: k, label: CASE_LABELS[k], before: c[k], after: v })
    }
    if (changes.length === 0) throw new AppError(422, '与当前案件信息相比没有任何修改，无需保存')
    if (f.cause !== undefined && f.cause !== c.cause && c.method)
      throw fieldProblem(422, 'cause', `已确定处置方式（${c.method}），不能再改闲置原因；请先重新拟订处置方案`)
    await repo.updateCase(tx, c.id, { cause: f.cause, note: f.note }, changes, actorId)
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/** A submission of parcel facts to the data centre, 待审核 at once; null when nothing changes. */
async function writeThrough(db: Db, p: Proposer, parcelId: number, facts: Record<string, unknown>, remark: string): Promise<number> {
  const saved = await propose(db, p, 'parcel', 'update', { targetId: parcelId, payload: facts, submit: true, remark })
  return saved.id
}

/**
 * Issues the next procedure document: in order (a later one before an earlier one is 422), dated
 * not before the one before it nor after today, a number used once per kind. The 认定书 sends the
 * parcel's 闲置 status to the data centre; the 处置决定书 needs a disposal chosen.
 */
export async function issueDocument(
  db: Db,
  scope: DataScope,
  proposer: Proposer,
  f: z.output<typeof documentBody>,
  actorId: number,
): Promise<{ idleCase: IdleCase; submission: number | null }> {
  notAfterToday('date', f.date, '发文日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const docs = await repo.documents(tx, c.id)
    if (docs.some((d) => d.kind === f.kind)) throw fieldProblem(422, 'kind', `该案件已下达${f.kind}，不能重复下达`)
    const prev = previousDocument(f.kind)
    const before = prev ? docs.find((d) => d.kind === prev) : undefined
    if (prev && !before) throw fieldProblem(422, 'kind', `须先下达${prev}，再下达${f.kind}（顺序：${IDLE_DOCUMENTS.join(' → ')}）`)
    const floor = before?.date ?? c.identified_date
    if (f.date < floor)
      throw fieldProblem(422, 'date', `${f.kind}的发文日期 date 不能早于${before ? `${prev}的日期` : '立案日期'} ${floor}`)
    if (f.kind === '处置决定书' && !c.method) throw fieldProblem(422, 'kind', '请先拟订处置方案（处置方式），再下达处置决定书')
    let docId: number
    try {
      docId = await repo.insertDocument(tx, { ...f, actorId })
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldProblem(422, 'docNo', `文号 docNo ${f.docNo} 已用于另一份${f.kind}`)
      throw err
    }
    let submission: number | null = null
    if (f.kind === '闲置土地认定书') {
      const p = await parcelOf(tx, scope, c.parcel_id)
      if (p.status !== '闲置') {
        submission = await writeThrough(tx, proposer, c.parcel_id, { status: '闲置' }, `闲置土地认定·${f.docNo}`)
        await repo.linkDocumentSubmission(tx, docId, submission)
      }
    }
    return { idleCase: await caseView(tx, await caseOf(tx, scope, c.id)), submission }
  })
}

/**
 * 处置方案: the method, after the 认定书 and before the 处置决定书, as the cause allows (闲置费 at one
 * year, 无偿收回 at two); an extension names a new start date at most one year after the plan; the
 * fee is 20 % of the price. A change of method before the decision is kept in the history.
 */
export async function dispose(db: Db, scope: DataScope, f: z.output<typeof disposeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '方案日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const docs = await repo.documents(tx, c.id)
    const finding = docs.find((d) => d.kind === '闲置土地认定书')
    if (!finding) throw fieldProblem(422, 'caseId', '尚未下达闲置土地认定书，不能拟订处置方案')
    if (docs.some((d) => d.kind === '处置决定书')) throw conflict('已下达处置决定书，处置方式不能再改')
    if (f.date < finding.date) throw fieldProblem(422, 'date', `方案日期 date 不能早于闲置土地认定书的日期 ${finding.date}`)
    const problem = methodProblem(c.cause, f.method, c.idle_since, f.date)
    if (problem) throw fieldProblem(422, 'method', problem)
    let newStart: string | null = null
    if (f.method === '延长动工期限') {
      if (!f.newStartDate) throw fieldProblem(400, 'newStartDate', '延长动工期限须填写新约定动工日期 newStartDate')
      const late = extensionProblem(f.date, f.newStartDate)
      if (late) throw fieldProblem(422, 'newStartDate', late)
      newStart = f.newStartDate
    }
    let feeDue: number | null = null
    if (f.method === '征缴土地闲置费') {
      const p = await parcelOf(tx, scope, c.parcel_id)
      feeDue = idleFee(p.supply_price)
      if (feeDue === null) throw fieldProblem(422, 'method', `地块 ${p.land_code} 没有登记出让（划拨）价款，无法计算土地闲置费`)
    }
    const changes = c.method
      ? [{ field: 'method', label: '处置方式', before: c.method, after: f.method }].filter((x) => x.before !== x.after)
      : []
    await repo.setDisposal(
      tx,
      { caseId: c.id, method: f.method, detail: f.detail, newStartDate: newStart, date: f.date, feeDue, actorId },
      changes,
    )
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/** A payment of 土地闲置费: only under a 处置决定书 to collect it, dated after it, never above what is due. */
export async function addFee(db: Db, scope: DataScope, f: z.output<typeof feeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '缴纳日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const decision = (await repo.documents(tx, c.id)).find((d) => d.kind === '处置决定书')
    if (!decision) throw fieldProblem(422, 'caseId', '尚未下达处置决定书，不能登记土地闲置费')
    if (c.method !== '征缴土地闲置费') throw fieldProblem(422, 'caseId', `该案件的处置方式为${c.method}，不征缴土地闲置费`)
    if (f.date < decision.date) throw fieldProblem(422, 'date', `缴纳日期 date 不能早于处置决定书的日期 ${decision.date}`)
    const due = c.fee_due ?? 0
    if (c.fee_paid + f.amount > due + 1e-6)
      throw fieldProblem(422, 'amount', `缴纳金额 amount 超过未缴金额：应缴 ${money(due)} 万元，已缴 ${money(c.fee_paid)} 万元`)
    await repo.insertFee(tx, { ...f, actorId })
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/**
 * 处置完成: after the 处置决定书, not before it nor after today; a fee must be paid in full. A
 * recovery (协议有偿收回, 无偿收回, 置换土地) sends 已收回 to the data centre; an extension sends the new
 * agreed start date (and 已供未建 in place of 闲置).
 */
export async function complete(
  db: Db,
  scope: DataScope,
  proposer: Proposer,
  f: z.output<typeof completeBody>,
): Promise<{ idleCase: IdleCase; submission: number | null }> {
  notAfterToday('date', f.date, '完成日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const decision = (await repo.documents(tx, c.id)).find((d) => d.kind === '处置决定书')
    if (!decision || !c.method) throw fieldProblem(422, 'caseId', '尚未下达处置决定书，不能办结处置')
    if (f.date < decision.date) throw fieldProblem(422, 'date', `完成日期 date 不能早于处置决定书的日期 ${decision.date}`)
    if (c.method === '征缴土地闲置费' && c.fee_paid + 1e-6 < (c.fee_due ?? 0))
      throw fieldProblem(422, 'caseId', `土地闲置费尚未缴清：应缴 ${money(c.fee_due)} 万元，已缴 ${money(c.fee_paid)} 万元`)
    let facts: Record<string, unknown> | null = null
    if (RECOVERING_METHODS.includes(c.method)) facts = { status: '已收回' }
    if (c.method === '延长动工期限' && c.new_start_date) {
      const p = await parcelOf(tx, scope, c.parcel_id)
      facts = { agreed_start_date: c.new_start_date, ...(p.status === '闲置' ? { status: '已供未建' } : {}) }
    }
    const submission = facts ? await writeThrough(tx, proposer, c.parcel_id, facts, `闲置土地处置·${c.method}·${decision.doc_no}`) : null
    await repo.complete(tx, { caseId: c.id, date: f.date, note: f.note, submissionId: submission })
    return { idleCase: await caseView(tx, await caseOf(tx, scope, c.id)), submission }
  })
}
