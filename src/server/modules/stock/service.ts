/**
 * The rules of 盘活处置 (docs/domain.md "闲置土地" and "闲置土地：听证告知、政府原因与报批"): a case only
 * for land the rules find idle, the documents in order and dated in order, a disposal only after the
 * 认定书 and as the cause and the years allow (第十四条; a fee at two years only with a 第八条 reason),
 * the 听证告知 before a decision to charge the fee or take the land back (第十五条), the 处置决定书
 * 报批 and approved by a second account (四眼), 土地闲置费 in 分 only under an approved decision and
 * never above what is due, completion only after it. Every step writes its 办理记录 in its own
 * transaction. Parcel facts (闲置 at 认定, 已收回 at a recovery, the new agreed start at an extension)
 * go to the data centre as audited submissions in the same transaction; nothing writes the parcel here.
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
  LandApproveList,
  ProceedingStepView,
  caseUpdateBody,
  completeBody,
  decisionReviewBody,
  disposeBody,
  documentBody,
  feeBody,
  hearingNoticeBody,
  hearingOutcomeBody,
  identifyBody,
} from '../../../domain/contracts/stock'
import { STOCK_KINDS, type StockFilter, type StockKind } from '../../../domain/contracts/stock'
import {
  DISPOSAL_STATES,
  IDLE_DOCUMENTS,
  RECOVERING_METHODS,
  decimalToFen,
  extensionProblem,
  fenToYuanText,
  fullYears,
  hearingDeadline,
  idleFeeFen,
  judgeIdle,
  methodProblem,
  needsHearing,
  previousDocument,
  twoYearProblem,
  type DisposalState,
} from '../../../domain/idle-land'
import { addDays, chineseDate } from '../../../domain/work-calendar'
import { FIGURES } from '../../../domain/figures/catalogue'
import { productToday } from '../../clock'
import { assertSecondAccount, recordStep, stepsOf, type StepActor } from '../../common/proceeding'
import { calendarMarks, dueProcessSettings } from '../../common/work-calendar'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import type { PageArgs } from '../../db/sql'
import { isUniqueViolation, iso } from '../../db/sql'
import { shownOr0 } from '../../figures/values'
import { currentYear } from '../../common/stat-years'
import type { LowLandFigures } from '../../../domain/figures/low-land'
import { AppError, conflict, notFound } from '../../http/errors'
import { propose } from '../datacenter/input-service'
import type { Proposer } from '../datacenter/proposal'
import * as repo from './repo'

// the product's clock, so tests can move "today" through a 听证 deadline (src/server/clock.ts)
const today = () => productToday()
const fieldProblem = (status: 400 | 422, field: string, message: string) => new AppError(status, message, [{ field, message }])
const areaMu = (m2: number | null) => shownOr0('stockAreaMu', FIGURES.stockAreaMu.formula(m2))
const yuan = (fen: number | null) => (fen === null ? '—' : `${fenToYuanText(fen)} 元`)
/** The parcel's price (万元, as the data centre keeps it) in 分, rounded half up once, on its decimal digits. */
const priceFen = (wan: number | null) => (wan === null ? null : decimalToFen(wan, '万元'))

/** The account taking a step, with the name the 办理记录 keeps. */
async function actorOf(db: Db, id: number): Promise<StepActor> {
  const r = await db.query<{ real_name: string }>('SELECT real_name FROM app_user WHERE id = $1', [id])
  return { id, realName: r.rows[0]?.real_name ?? `#${id}` }
}

/** Where a case stands, in the words of its 办理记录 (from / to of each step). */
function stageOf(c: repo.CaseRow, docs: repo.DocumentRow[], hearings: repo.HearingRow[]): string {
  if (c.completed_date) return '已完成'
  const decision = docs.find((d) => d.kind === '处置决定书')
  if (decision) return decision.review_state === '待审定' ? '待审定' : '实施中'
  const h = hearings.at(-1)
  if (c.method && h && h.method === c.method) return h.outcome ? '听证完结' : '听证告知'
  if (c.method) return '方案中'
  if (docs.some((d) => d.kind === '闲置土地认定书')) return '已认定'
  if (docs.some((d) => d.kind === '调查通知书')) return '调查中'
  return '立案'
}

/** The case's stage now (read inside the step's transaction). */
async function stageNow(db: Db, c: repo.CaseRow): Promise<string> {
  const [docs, hearings] = await Promise.all([repo.documents(db, c.id), repo.hearings(db, c.id)])
  return stageOf(c, docs, hearings)
}

/** Writes one step of the case's 办理记录, from the stage before to the stage after. */
async function step(tx: Db, scope: DataScope, actorId: number, caseId: number, action: string, from: string, note = ''): Promise<void> {
  const after = await caseOf(tx, scope, caseId)
  await recordStep(tx, await actorOf(tx, actorId), {
    subject: 'idle_case',
    subjectId: caseId,
    action,
    from,
    to: await stageNow(tx, after),
    note,
  })
}

/**
 * Whether the 听证告知 for the case's method is concluded (第十五条): the latest notice told of this
 * method and has its outcome. Methods that need no 听证 pass.
 */
function hearingConcluded(c: repo.CaseRow, hearings: repo.HearingRow[]): boolean {
  if (!needsHearing(c.method)) return true
  const h = hearings.at(-1)
  return !!h && h.method === c.method && h.outcome !== null
}

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

/**
 * 低效用地 of a scope (the 台账 of record and 闲置, of `year`: the current year means today) and
 * 疑似低效用地 today — the walls' figures, for the 台账 and 盘活 pages (GET /api/stock/lowLand).
 */
export async function lowLand(db: Db, scope: DataScope, year = currentYear()): Promise<LowLandFigures> {
  const s = await repo.lowLandSums(db, scope, year)
  return {
    year,
    lowEfficiencyCount: shownOr0('lowEfficiencyCount', s.low_count),
    lowEfficiencyAreaMu: shownOr0('lowEfficiencyAreaMu', FIGURES.lowEfficiencyAreaMu.formula(s.low_m2)),
    idleCount: shownOr0('idleCount', s.idle_count),
    suspectedLowCount: shownOr0('suspectedLowCount', s.suspected_count),
    suspectedLowAreaMu: shownOr0('suspectedLowAreaMu', FIGURES.suspectedLowAreaMu.formula(s.suspected_m2)),
  }
}

/** Counts and areas by county and state, and the fees (figures stockCount, stockAreaMu, idleFeeDue, idleFeePaid). */
export async function stats(db: Db, scope: DataScope, f: StockFilter): Promise<StockStats> {
  const [sums, fee, low] = await Promise.all([repo.sums(db, scope, f), repo.feeSums(db, scope), lowLand(db, scope)])
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
    feeDueFen: fee.fee_due_fen,
    feePaidFen: fee.fee_paid_fen,
    lowEfficiency: { year: low.year, count: low.lowEfficiencyCount, areaMu: low.lowEfficiencyAreaMu, idleCount: low.idleCount },
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
  const [docs, paid, hist, hearings] = await Promise.all([
    repo.documents(db, c.id),
    repo.fees(db, c.id),
    repo.history(db, c.id),
    repo.hearings(db, c.id),
  ])
  const feeDue = c.method === '征缴土地闲置费' ? c.fee_due_fen : null
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
    govReason: c.gov_reason,
    idleYears: fullYears(c.idle_since, c.completed_date ?? today()),
    feeBaseFen: c.fee_base_fen,
    feeDueFen: feeDue,
    feePaidFen: c.fee_paid_fen,
    feeLeftFen: feeDue === null ? null : feeDue - c.fee_paid_fen,
    hearings: hearings.map((h) => ({
      id: h.id,
      method: h.method,
      noticeNo: h.notice_no,
      noticeDate: h.notice_date,
      deadline: h.deadline,
      note: h.note,
      noticeBy: h.notice_by,
      outcome: h.outcome,
      outcomeDate: h.outcome_date,
      requestedDate: h.requested_date,
      hearingDate: h.hearing_date,
      hearingRecord: h.hearing_record,
      outcomeBy: h.outcome_by,
    })),
    hearingDone: hearingConcluded(c, hearings),
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
      approvalAuthority: d.approval_authority,
      approvalNo: d.approval_no,
      reviewState: d.review_state,
      approvedBy: d.approved_by,
      approvedAt: iso(d.approved_at),
    })),
    fees: paid.map((f) => ({ id: f.id, amountFen: f.amount_fen, date: f.date, receiptNo: f.receipt_no, note: f.note, actor: f.actor })),
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
      supplyPriceFen: priceFen(p.supply_price),
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
    feeOfPriceFen: idleFeeFen(priceFen(p.supply_price)),
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
    return await db.transaction(async (tx) => {
      const id = await repo.insertCase(tx, {
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
      await step(tx, scope, actorId, id, '立案', '', `${judged.ground}，${f.cause}${f.note ? `：${f.note}` : ''}`)
      return caseDetail(tx, scope, id)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`地块 ${p.land_code} 已有未办结的闲置土地案件`)
    throw err
  }
}

const CASE_LABELS = { cause: '闲置原因', note: '说明', govReason: '政府原因（第八条）' } as const

/** Edits the cause, the 第八条 government reason or the note of an open case; the change is kept in the history. A cause is fixed once a disposal is chosen. */
export async function updateCase(db: Db, scope: DataScope, f: z.output<typeof caseUpdateBody>, actorId: number): Promise<IdleCase> {
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const from = await stageNow(tx, c)
    const changes: { field: string; label: string; before: unknown; after: unknown }[] = []
    for (const k of ['cause', 'note'] as const) {
      const v = f[k]
      if (v !== undefined && v !== c[k]) changes.push({ field: k, label: CASE_LABELS[k], before: c[k], after: v })
    }
    if (f.govReason !== undefined && (f.govReason ?? null) !== c.gov_reason)
      changes.push({ field: 'govReason', label: CASE_LABELS.govReason, before: c.gov_reason, after: f.govReason ?? null })
    if (changes.length === 0) throw new AppError(422, '与当前案件信息相比没有任何修改，无需保存')
    if (f.cause !== undefined && f.cause !== c.cause && c.method)
      throw fieldProblem(422, 'cause', `已确定处置方式（${c.method}），不能再改闲置原因；请先重新拟订处置方案`)
    // the reason a fee at two years rests on cannot be taken away under that fee
    if (f.govReason !== undefined && !f.govReason && c.method) {
      const problem = twoYearProblem(c.method, c.idle_since, c.planned_date ?? today(), null)
      if (problem) throw fieldProblem(422, 'govReason', `处置方案（${c.method}）依据该政府原因，不能删除；请先重新拟订处置方案`)
    }
    await repo.updateCase(tx, c.id, { cause: f.cause, note: f.note, govReason: f.govReason }, changes, actorId)
    await step(
      tx,
      scope,
      actorId,
      c.id,
      '修改案件',
      from,
      changes.map((x) => `${x.label}：${String(x.before ?? '（空）')} → ${String(x.after ?? '（空）')}`).join('；'),
    )
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/** A submission of parcel facts to the data centre, 待审核 at once; null when nothing changes. */
async function writeThrough(db: Db, p: Proposer, parcelId: number, facts: Record<string, unknown>, remark: string): Promise<number> {
  const saved = await propose(db, p, 'parcel', 'update', { targetId: parcelId, payload: facts, submit: true, remark })
  return saved.id
}

/**
 * Why the case's method cannot be decided (处置决定书 报批, or its 审定), or null: the 听证告知 of 第十五条
 * for a fee or a recovery, and the two-year rule of 第十四条 for a fee.
 */
function decisionProblem(c: repo.CaseRow, hearings: repo.HearingRow[], on: string): { field: string; message: string } | null {
  if (!c.method) return { field: 'kind', message: '请先拟订处置方案（处置方式），再下达处置决定书' }
  if (!hearingConcluded(c, hearings)) {
    const h = hearings.at(-1)
    const told = h && h.method === c.method
    return {
      field: 'kind',
      message: told
        ? `听证告知（${h.notice_no}）尚无结果：请登记听证结果（已听证、放弃听证，或 ${h.deadline} 申请期限届满后登记逾期未申请），再报批处置决定`
        : `${c.method}的处置决定作出前，须书面告知土地使用权人有申请听证的权利（《闲置土地处置办法》第十五条）：请先完成听证告知，再报批处置决定`,
    }
  }
  const years = twoYearProblem(c.method, c.idle_since, on, c.gov_reason)
  if (years) return { field: 'kind', message: years }
  return null
}

/**
 * Issues the next procedure document: in order (a later one before an earlier one is 422), dated
 * not before the one before it nor after today, a number used once per kind. The 认定书 sends the
 * parcel's 闲置 status to the data centre. The 处置决定书 is 报批: it needs a disposal chosen, the
 * 听证告知 concluded for a fee or a recovery, the approving authority and its number, and waits (待审定)
 * until a second account approves it.
 */
export async function issueDocument(
  db: Db,
  scope: DataScope,
  proposer: Proposer,
  f: z.output<typeof documentBody>,
  actorId: number,
): Promise<{ idleCase: IdleCase; submission: number | null }> {
  notAfterToday('date', f.date, '发文日期')
  if (f.kind === '处置决定书') {
    const missing = [
      ...(f.approvalAuthority
        ? []
        : [{ field: 'approvalAuthority', message: '处置决定须报经批准：请填写批准机关 approvalAuthority（如 市人民政府）' }]),
      ...(f.approvalNo ? [] : [{ field: 'approvalNo', message: '处置决定须报经批准：请填写报批文号 approvalNo' }]),
    ]
    if (missing.length) throw new AppError(400, missing.map((m) => m.message).join('；'), missing)
  }
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const [docs, hearings] = await Promise.all([repo.documents(tx, c.id), repo.hearings(tx, c.id)])
    const from = stageOf(c, docs, hearings)
    const same = docs.find((d) => d.kind === f.kind)
    if (same?.review_state === '待审定')
      throw fieldProblem(422, 'kind', `${f.kind} ${same.doc_no} 正在等待审定，审定通过或退回后才能再报批`)
    if (same) throw fieldProblem(422, 'kind', `该案件已下达${f.kind}，不能重复下达`)
    const prev = previousDocument(f.kind)
    const before = prev ? docs.find((d) => d.kind === prev) : undefined
    if (prev && !before) throw fieldProblem(422, 'kind', `须先下达${prev}，再下达${f.kind}（顺序：${IDLE_DOCUMENTS.join(' → ')}）`)
    const floor = before?.date ?? c.identified_date
    if (f.date < floor)
      throw fieldProblem(422, 'date', `${f.kind}的发文日期 date 不能早于${before ? `${prev}的日期` : '立案日期'} ${floor}`)
    if (f.kind === '处置决定书') {
      const problem = decisionProblem(c, hearings, f.date)
      if (problem) throw fieldProblem(422, problem.field, problem.message)
      const h = hearings.at(-1)
      if (needsHearing(c.method) && h && h.outcome_date && f.date < h.outcome_date)
        throw fieldProblem(422, 'date', `处置决定书的发文日期 date 不能早于听证结果的登记日期 ${h.outcome_date}`)
    }
    let docId: number
    try {
      docId = await repo.insertDocument(tx, {
        ...f,
        actorId,
        ...(f.kind === '处置决定书'
          ? { approvalAuthority: f.approvalAuthority, approvalNo: f.approvalNo, reviewState: '待审定' as const }
          : {}),
      })
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
    const action = f.kind === '处置决定书' ? '报批处置决定' : `下达${f.kind}`
    const note = f.kind === '处置决定书' ? `${f.docNo}，${c.method}，报${f.approvalAuthority}（${f.approvalNo}）` : f.docNo
    await step(tx, scope, actorId, c.id, action, from, `${note}${f.note ? `；${f.note}` : ''}`)
    return { idleCase: await caseView(tx, await caseOf(tx, scope, c.id)), submission }
  })
}

/**
 * 处置方案: the method, after the 认定书 and before the 处置决定书, as the cause allows (闲置费 at one
 * year, 无偿收回 at two; a fee at two years only with a 第八条 government reason); an extension names a
 * new start date at most one year after the plan; the fee is 20 % of the price in 分, computed here.
 * A change of method before the decision is kept in the history.
 */
export async function dispose(db: Db, scope: DataScope, f: z.output<typeof disposeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '方案日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const from = await stageNow(tx, c)
    const docs = await repo.documents(tx, c.id)
    const finding = docs.find((d) => d.kind === '闲置土地认定书')
    if (!finding) throw fieldProblem(422, 'caseId', '尚未下达闲置土地认定书，不能拟订处置方案')
    const decision = docs.find((d) => d.kind === '处置决定书')
    if (decision?.review_state === '待审定')
      throw conflict(`处置决定书 ${decision.doc_no} 正在等待审定，处置方式不能再改；如需修改，请审定人退回后再拟订`)
    if (decision) throw conflict('已下达处置决定书，处置方式不能再改')
    if (f.date < finding.date) throw fieldProblem(422, 'date', `方案日期 date 不能早于闲置土地认定书的日期 ${finding.date}`)
    const problem = methodProblem(c.cause, f.method, c.idle_since, f.date)
    if (problem) throw fieldProblem(422, 'method', problem)
    const govReason = f.govReason === undefined ? c.gov_reason : f.govReason
    const years = twoYearProblem(f.method, c.idle_since, f.date, govReason)
    if (years) throw fieldProblem(422, 'govReason', years)
    let newStart: string | null = null
    if (f.method === '延长动工期限') {
      if (!f.newStartDate) throw fieldProblem(400, 'newStartDate', '延长动工期限须填写新约定动工日期 newStartDate')
      const late = extensionProblem(f.date, f.newStartDate)
      if (late) throw fieldProblem(422, 'newStartDate', late)
      newStart = f.newStartDate
    }
    let feeBase: number | null = null
    let feeDue: number | null = null
    if (f.method === '征缴土地闲置费') {
      const p = await parcelOf(tx, scope, c.parcel_id)
      feeBase = priceFen(p.supply_price)
      feeDue = idleFeeFen(feeBase)
      if (feeDue === null)
        throw fieldProblem(
          422,
          'method',
          `地块 ${p.land_code} 没有登记出让（划拨）价款，无法计算土地闲置费：请先在数据中心登记该地块的出让价款，再拟订征缴土地闲置费`,
        )
    }
    const changes = [
      ...(c.method ? [{ field: 'method', label: '处置方式', before: c.method as unknown, after: f.method as unknown }] : []),
      ...(govReason !== c.gov_reason ? [{ field: 'govReason', label: CASE_LABELS.govReason, before: c.gov_reason, after: govReason }] : []),
    ].filter((x) => x.before !== x.after)
    await repo.setDisposal(
      tx,
      {
        caseId: c.id,
        method: f.method,
        detail: f.detail,
        newStartDate: newStart,
        date: f.date,
        feeBaseFen: feeBase,
        feeDueFen: feeDue,
        govReason: govReason ?? null,
        actorId,
      },
      changes,
    )
    const fee = feeDue === null ? '' : `，应缴土地闲置费 ${yuan(feeDue)}（出让价款 ${yuan(feeBase)} 的 20%）`
    await step(
      tx,
      scope,
      actorId,
      c.id,
      c.method ? '修改处置方案' : '拟订处置方案',
      from,
      `${f.method}${fee}${govReason ? `；政府原因：${govReason}` : ''}`,
    )
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/**
 * 听证告知 (第十五条): the holder is told in writing of the decision intended (the case's method, a fee
 * or a recovery) and of its right to ask for a 听证 within the working days set in 系统设置 (5 by
 * default), counted on the product calendar from the day after the notice.
 */
export async function hearingNotice(db: Db, scope: DataScope, f: z.output<typeof hearingNoticeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '告知日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const [docs, hearings] = await Promise.all([repo.documents(tx, c.id), repo.hearings(tx, c.id)])
    const from = stageOf(c, docs, hearings)
    if (!c.method) throw fieldProblem(422, 'caseId', '请先拟订处置方案，听证告知须写明拟作出的处置决定')
    if (!needsHearing(c.method))
      throw fieldProblem(422, 'caseId', `处置方式为${c.method}，无需听证告知（只有征缴土地闲置费、无偿收回须告知听证权利）`)
    if (docs.some((d) => d.kind === '处置决定书')) throw conflict('已报批处置决定书，不能再作听证告知')
    const last = hearings.at(-1)
    if (last && last.method === c.method)
      throw fieldProblem(422, 'caseId', `已就${c.method}作出听证告知（${last.notice_no}，${last.notice_date}），不能重复告知`)
    if (c.planned_date && f.date < c.planned_date) throw fieldProblem(422, 'date', `告知日期 date 不能早于处置方案的日期 ${c.planned_date}`)
    const { hearingDays } = await dueProcessSettings(tx)
    const marks = await calendarMarks(tx, f.date, addDays(f.date, hearingDays * 3 + 40))
    const deadline = hearingDeadline(f.date, hearingDays, marks)
    try {
      await repo.insertHearing(tx, { caseId: c.id, method: c.method, noticeNo: f.noticeNo, date: f.date, deadline, note: f.note, actorId })
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldProblem(422, 'noticeNo', `听证告知书文号 noticeNo ${f.noticeNo} 已用于另一份听证告知书`)
      throw err
    }
    await step(
      tx,
      scope,
      actorId,
      c.id,
      '听证告知',
      from,
      `${f.noticeNo}，拟${c.method}，申请听证期限至 ${deadline}（${hearingDays} 个工作日）`,
    )
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/**
 * The outcome of a 听证告知: 已听证 (asked within the deadline, held, with its record), 放弃听证 (the
 * holder waived it in writing), or 逾期未申请 (only once the deadline has passed).
 */
export async function hearingOutcome(db: Db, scope: DataScope, f: z.output<typeof hearingOutcomeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '登记日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const [docs, hearings] = await Promise.all([repo.documents(tx, c.id), repo.hearings(tx, c.id)])
    const from = stageOf(c, docs, hearings)
    const h = hearings.at(-1)
    if (!h || h.method !== c.method) throw fieldProblem(422, 'caseId', '尚未就当前处置方式作出听证告知，请先听证告知')
    if (h.outcome) throw fieldProblem(422, 'outcome', `该听证告知已登记结果（${h.outcome}，${h.outcome_date}），不能重复登记`)
    if (f.date < h.notice_date) throw fieldProblem(422, 'date', `登记日期 date 不能早于听证告知日期 ${h.notice_date}`)
    let requested: string | null = null
    let held: string | null = null
    if (f.outcome === '已听证') {
      if (!f.requestedDate) throw fieldProblem(400, 'requestedDate', '已听证须填写申请听证日期 requestedDate')
      if (!f.hearingDate) throw fieldProblem(400, 'hearingDate', '已听证须填写听证日期 hearingDate')
      if (!f.record) throw fieldProblem(400, 'record', '已听证须填写听证笔录 record（笔录编号或要点）')
      if (f.requestedDate < h.notice_date || f.requestedDate > h.deadline)
        throw fieldProblem(422, 'requestedDate', `申请听证日期 requestedDate 应在告知日期 ${h.notice_date} 至申请期限 ${h.deadline} 之间`)
      if (f.hearingDate < f.requestedDate || f.hearingDate > f.date)
        throw fieldProblem(422, 'hearingDate', `听证日期 hearingDate 应不早于申请日期 ${f.requestedDate}、不晚于登记日期 ${f.date}`)
      requested = f.requestedDate
      held = f.hearingDate
    }
    if (f.outcome === '逾期未申请') {
      const now = today()
      if (now <= h.deadline)
        throw fieldProblem(
          422,
          'outcome',
          `申请听证期限至 ${chineseDate(h.deadline)}止，期满后（${chineseDate(addDays(h.deadline, 1))}起）才能登记逾期未申请；期限内土地使用权人放弃的，请登记放弃听证`,
        )
      if (f.date <= h.deadline) throw fieldProblem(422, 'date', `逾期未申请的登记日期 date 应晚于申请期限 ${h.deadline}`)
    }
    await repo.setHearingOutcome(tx, {
      id: h.id,
      outcome: f.outcome,
      date: f.date,
      requestedDate: requested,
      hearingDate: held,
      record: f.record,
      actorId,
    })
    const what = f.outcome === '已听证' ? `已听证：${held} 举行，笔录 ${f.record}` : `${f.outcome}${f.record ? `：${f.record}` : ''}`
    await step(tx, scope, actorId, c.id, '听证结果', from, `${h.notice_no}，${what}`)
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/**
 * 审定 of a 处置决定 waiting for it, by an account holding /land/approve (the route's grant): 审定通过
 * by anyone but who 报批 the decision or drew up its plan (四眼), with the 听证告知 and the two-year
 * rule checked again; 退回 with a reason gives the decision back (the plan stays).
 */
export async function reviewDecision(db: Db, scope: DataScope, f: z.output<typeof decisionReviewBody>, actorId: number): Promise<IdleCase> {
  if (f.action === '退回' && !f.note) throw fieldProblem(400, 'note', '退回须填写退回理由 note')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const [docs, hearings] = await Promise.all([repo.documents(tx, c.id), repo.hearings(tx, c.id)])
    const from = stageOf(c, docs, hearings)
    const decision = docs.find((d) => d.kind === '处置决定书')
    if (!decision || decision.review_state !== '待审定') throw fieldProblem(422, 'caseId', '该案件没有等待审定的处置决定')
    if (f.action === '审定通过') {
      assertSecondAccount(
        actorId,
        [
          { what: '报批了该处置决定', by: decision.actor_id },
          { what: '拟订了该处置方案', by: c.planned_by },
        ],
        '审定该处置决定',
      )
      const problem = decisionProblem(c, hearings, decision.date)
      if (problem) throw fieldProblem(422, 'caseId', problem.message)
      await repo.approveDecision(tx, decision.id, actorId)
    } else {
      await repo.withdrawDecision(tx, decision.id)
    }
    const note = `${decision.doc_no}（${decision.approval_authority} ${decision.approval_no}）${f.note ? `：${f.note}` : ''}`
    await step(tx, scope, actorId, c.id, f.action === '审定通过' ? '审定通过' : '退回处置决定', from, note)
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/** What waits for the land 审定 in the scope: 处置决定 (the 盘活方案 are read by the revitalize module). */
export async function pendingDecisions(db: Db, scope: DataScope): Promise<LandApproveList['decisions']> {
  const rows = await repo.pendingDecisions(db, scope)
  return Promise.all(
    rows.map(async (r) => {
      const h = (await repo.hearings(db, r.case_id)).at(-1)
      return {
        caseId: r.case_id,
        parcelId: r.parcel_id,
        landCode: r.land_code,
        parcelName: r.parcel_name,
        countyName: r.county_name,
        enterpriseName: r.enterprise_name,
        method: r.method,
        docNo: r.doc_no,
        date: r.date,
        approvalAuthority: r.approval_authority,
        approvalNo: r.approval_no,
        feeDueFen: r.method === '征缴土地闲置费' ? r.fee_due_fen : null,
        preparedBy: r.prepared_by,
        hearing: h && h.method === r.method ? { noticeNo: h.notice_no, outcome: h.outcome } : null,
      }
    }),
  )
}

/** The 办理记录 of a case of the scope. */
export async function caseSteps(db: Db, scope: DataScope, id: number): Promise<ProceedingStepView[]> {
  await caseOf(db, scope, id)
  return stepsOf(db, 'idle_case', id)
}

/** A payment of 土地闲置费 in 分: only under an approved 处置决定书 to collect it, dated after it, never above what is left. */
export async function addFee(db: Db, scope: DataScope, f: z.output<typeof feeBody>, actorId: number): Promise<IdleCase> {
  notAfterToday('date', f.date, '缴纳日期')
  const amountFen = decimalToFen(f.amountYuan, '元')
  if (amountFen === null || amountFen <= 0) throw fieldProblem(400, 'amountYuan', '缴纳金额 amountYuan 应为以元为单位、最多两位小数的金额')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const from = await stageNow(tx, c)
    const decision = (await repo.documents(tx, c.id)).find((d) => d.kind === '处置决定书')
    if (!decision) throw fieldProblem(422, 'caseId', '尚未下达处置决定书，不能登记土地闲置费')
    if (decision.review_state !== '已审定')
      throw fieldProblem(422, 'caseId', `处置决定书 ${decision.doc_no} 尚待审定，审定通过后才能登记土地闲置费`)
    if (c.method !== '征缴土地闲置费') throw fieldProblem(422, 'caseId', `该案件的处置方式为${c.method}，不征缴土地闲置费`)
    if (f.date < decision.date) throw fieldProblem(422, 'date', `缴纳日期 date 不能早于处置决定书的日期 ${decision.date}`)
    const due = c.fee_due_fen ?? 0
    const left = due - c.fee_paid_fen
    // integers of 分: paying exactly what is shown as left settles the fee, a 分 more is refused
    if (amountFen > left)
      throw fieldProblem(
        422,
        'amountYuan',
        `缴纳金额 amountYuan 超过未缴金额：应缴 ${yuan(due)}，已缴 ${yuan(c.fee_paid_fen)}，未缴 ${yuan(left)}`,
      )
    await repo.insertFee(tx, { caseId: c.id, amountFen, date: f.date, receiptNo: f.receiptNo, note: f.note, actorId })
    await step(tx, scope, actorId, c.id, '缴纳闲置费', from, `${yuan(amountFen)}，票据 ${f.receiptNo}；未缴 ${yuan(left - amountFen)}`)
    return caseView(tx, await caseOf(tx, scope, c.id))
  })
}

/**
 * 处置完成: after the approved 处置决定书, not before it nor after today; a fee must be paid in full. A
 * recovery (协议有偿收回, 无偿收回, 置换土地) sends 已收回 to the data centre; an extension sends the new
 * agreed start date (and 已供未建 in place of 闲置).
 */
export async function complete(
  db: Db,
  scope: DataScope,
  proposer: Proposer,
  f: z.output<typeof completeBody>,
  actorId: number,
): Promise<{ idleCase: IdleCase; submission: number | null }> {
  notAfterToday('date', f.date, '完成日期')
  return db.transaction(async (tx) => {
    const c = await openCase(tx, scope, f.caseId)
    const from = await stageNow(tx, c)
    const decision = (await repo.documents(tx, c.id)).find((d) => d.kind === '处置决定书')
    if (!decision || !c.method) throw fieldProblem(422, 'caseId', '尚未下达处置决定书，不能办结处置')
    if (decision.review_state !== '已审定') throw fieldProblem(422, 'caseId', `处置决定书 ${decision.doc_no} 尚待审定，审定通过后才能办结`)
    if (f.date < decision.date) throw fieldProblem(422, 'date', `完成日期 date 不能早于处置决定书的日期 ${decision.date}`)
    if (c.method === '征缴土地闲置费' && c.fee_paid_fen < (c.fee_due_fen ?? 0))
      throw fieldProblem(
        422,
        'caseId',
        `土地闲置费尚未缴清：应缴 ${yuan(c.fee_due_fen)}，已缴 ${yuan(c.fee_paid_fen)}，未缴 ${yuan((c.fee_due_fen ?? 0) - c.fee_paid_fen)}`,
      )
    let facts: Record<string, unknown> | null = null
    if (RECOVERING_METHODS.includes(c.method)) facts = { status: '已收回' }
    if (c.method === '延长动工期限' && c.new_start_date) {
      const p = await parcelOf(tx, scope, c.parcel_id)
      facts = { agreed_start_date: c.new_start_date, ...(p.status === '闲置' ? { status: '已供未建' } : {}) }
    }
    const submission = facts ? await writeThrough(tx, proposer, c.parcel_id, facts, `闲置土地处置·${c.method}·${decision.doc_no}`) : null
    await repo.complete(tx, { caseId: c.id, date: f.date, note: f.note, submissionId: submission })
    await step(
      tx,
      scope,
      actorId,
      c.id,
      '办结',
      from,
      `${c.method}${f.note ? `：${f.note}` : ''}${submission ? `；地块变更提交 #${submission}` : ''}`,
    )
    return { idleCase: await caseView(tx, await caseOf(tx, scope, c.id)), submission }
  })
}
