/**
 * SQL of 盘活处置: the 低效 and 闲置 land of a scope (figures fragment STOCK_LAND_SQL) for the list,
 * the stats, the map and the export; the idle-land cases with their documents, fees and history;
 * a 低效 parcel's 台账 entry and plans. Every read is limited by a {@link DataScope} on the parcel.
 */
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import { STOCK_LAND_SQL, idleFeeSums, stockSums } from '../../figures/stock-sql'
import { idleLandOfYear, lowLandOfYear, parcelOfYear, parcelToday, suspectedLow } from '../../figures/sql'
import type { Page } from '../../../domain/contracts/envelope'
import type { IdleCandidate, StockFilter, StockKind, StockRow } from '../../../domain/contracts/stock'
import type {
  DisposalState,
  GovernmentReason,
  HearingOutcome,
  IdleCause,
  IdleDocumentKind,
  IdleGround,
  IdleMethod,
} from '../../../domain/idle-land'

const STOCK_FROM = `${STOCK_LAND_SQL} s JOIN parcel p ON p.id = s.parcel_id LEFT JOIN region c ON c.code = p.county_code
  LEFT JOIN enterprise e ON e.id = p.enterprise_id`

function stockWhere(scope: DataScope, f: StockFilter): Where {
  const where = new Where()
  where.raw(scopeCondition(scope, 'p', where.params))
  if (f.keyword)
    where.add('(p.land_code ILIKE ? OR p.name ILIKE ? OR e.name ILIKE ?)', contains(f.keyword), contains(f.keyword), contains(f.keyword))
  where.addIf(f.kind, 's.kind = ?')
  where.addIf(f.state, 's.state = ?')
  return where
}

interface StockDbRow {
  parcel_id: number
  land_code: string
  name: string
  county_name: string | null
  area_m2: number | null
  status: string
  enterprise_name: string | null
  kind: StockKind
  state: DisposalState
  method: string | null
  case_id: number | null
  ledger_id: number | null
  plan_id: number | null
  last_document: IdleDocumentKind | null
  fee_due_fen: number | null
  fee_paid_fen: number
}

const STOCK_SELECT = `s.parcel_id, p.land_code, p.name, c.name AS county_name, p.area_m2, p.status, e.name AS enterprise_name, s.kind, s.state,
  s.method, s.case_id, s.ledger_id, s.plan_id,
  (SELECT d.kind FROM idle_document d WHERE d.case_id = s.case_id ORDER BY d.doc_date DESC, d.id DESC LIMIT 1) AS last_document,
  (SELECT ic.fee_due_fen FROM idle_case ic WHERE ic.id = s.case_id AND ic.method = '征缴土地闲置费')::float8 AS fee_due_fen,
  COALESCE((SELECT sum(f.amount_fen) FROM idle_fee f WHERE f.case_id = s.case_id), 0)::float8 AS fee_paid_fen`

/** Rows in the shape of the contract, with the area in 平方米 (the service turns it into 亩 by the catalogue). */
export type StockRowM2 = Omit<StockRow, 'areaMu'> & { areaM2: number }

const view = (r: StockDbRow): StockRowM2 => ({
  parcelId: r.parcel_id,
  landCode: r.land_code,
  name: r.name,
  countyName: r.county_name,
  areaM2: r.area_m2 ?? 0,
  status: r.status,
  enterpriseName: r.enterprise_name,
  kind: r.kind,
  state: r.state,
  method: r.method,
  caseId: r.case_id,
  ledgerId: r.ledger_id,
  planId: r.plan_id,
  lastDocument: r.last_document,
  feeDueFen: r.fee_due_fen,
  feePaidFen: r.fee_paid_fen,
})

const STATE_ORDER = `array_position(ARRAY['未处置', '方案中', '实施中', '已完成']::text[], s.state)`

export async function list(db: Db, scope: DataScope, f: StockFilter, args: PageArgs): Promise<Page<StockRowM2>> {
  const order = orderBy(args, { areaMu: 'p.area_m2', landCode: 'p.land_code', state: STATE_ORDER }, `${STATE_ORDER}, p.area_m2 DESC, p.id`)
  return queryPage<StockDbRow, StockRowM2>(db, { select: STOCK_SELECT, from: STOCK_FROM, where: stockWhere(scope, f), order }, args, view)
}

/** Counts and areas (平方米) by county, kind and state. */
export async function sums(
  db: Db,
  scope: DataScope,
  f: StockFilter,
): Promise<{ code: string | null; name: string | null; kind: StockKind; state: DisposalState; stock_count: number; stock_m2: number }[]> {
  const where = stockWhere(scope, f)
  const r = await db.query<{
    code: string | null
    name: string | null
    kind: StockKind
    state: DisposalState
    stock_count: number
    stock_m2: number
  }>(
    `SELECT p.county_code AS code, c.name, s.kind, s.state, ${stockSums('p')} FROM ${STOCK_FROM} WHERE ${where.sql} GROUP BY 1, 2, 3, 4 ORDER BY 1`,
    where.params,
  )
  return r.rows
}

/**
 * 低效用地 of the scope today (catalogue lowEfficiencyCount, lowEfficiencyAreaMu, idleCount): the
 * 台账 of record and 闲置 among the land in the books, by the walls' own fragments of the current
 * year — the page's own population (盘活处置用地, with 已完成) is another figure.
 */
export async function lowLandSums(db: Db, scope: DataScope, year: number): Promise<LowLandSums> {
  const params: unknown[] = [year]
  const inScope = scopeCondition(scope, 'p', params)
  const r = await db.query<LowLandSums>(
    `WITH low AS (
       SELECT count(*) FILTER (WHERE ${lowLandOfYear('p', '$1')})::int AS low_count,
              COALESCE(sum(p.area_m2) FILTER (WHERE ${lowLandOfYear('p', '$1')}), 0)::float8 AS low_m2,
              count(*) FILTER (WHERE ${idleLandOfYear('p', '$1')})::int AS idle_count
       FROM parcel p WHERE ${parcelOfYear('p', '$1')} AND ${inScope}
     ), suspected AS (
       SELECT count(*)::int AS suspected_count, COALESCE(sum(p.area_m2), 0)::float8 AS suspected_m2
       FROM parcel p WHERE NOT p.deleted AND ${suspectedLow('p')} AND ${inScope}
     )
     SELECT * FROM low, suspected`,
    params,
  )
  return r.rows[0]
}

/** The columns of {@link lowLandSums}. */
export interface LowLandSums {
  low_count: number
  low_m2: number
  idle_count: number
  suspected_count: number
  suspected_m2: number
}

/** 应缴 / 已缴土地闲置费 (分) of the scope's latest cases. */
export async function feeSums(db: Db, scope: DataScope): Promise<{ fee_due_fen: number; fee_paid_fen: number }> {
  const params: unknown[] = []
  const r = await db.query<{ fee_due_fen: number; fee_paid_fen: number }>(
    `SELECT ${idleFeeSums('c')}
     FROM idle_land_disposal d JOIN idle_case c ON c.id = d.case_id JOIN parcel p ON p.id = c.parcel_id
     WHERE ${scopeCondition(scope, 'p', params)}`,
    params,
  )
  return r.rows[0] ?? { fee_due_fen: 0, fee_paid_fen: 0 }
}

/** The shapes of the land, largest first, at most `limit`, and how many there are. */
export async function mapFeatures(
  db: Db,
  scope: DataScope,
  f: StockFilter,
  limit: number,
): Promise<{ rows: (StockDbRow & { geojson: string | null })[]; total: number }> {
  const where = stockWhere(scope, f)
  const params = [...where.params, limit]
  const [rows, total] = await Promise.all([
    db.query<StockDbRow & { geojson: string | null }>(
      `SELECT ${STOCK_SELECT}, ST_AsGeoJSON(p.geom, 6) AS geojson FROM ${STOCK_FROM} WHERE ${where.sql} AND p.geom IS NOT NULL
       ORDER BY p.area_m2 DESC NULLS LAST, p.id LIMIT $${params.length}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${STOCK_FROM} WHERE ${where.sql} AND p.geom IS NOT NULL`, where.params),
  ])
  return { rows: rows.rows, total: total.rows[0].n }
}

/** Every row of the filters, in pages, for the export. */
export async function* everyRow(db: Db, scope: DataScope, f: StockFilter): AsyncIterable<StockRowM2[]> {
  for (let page = 1; ; page++) {
    const p = await list(db, scope, f, { page, pageSize: 1000 })
    yield p.list
    if (page * 1000 >= p.total) return
  }
}

// ---- the parcel ----

/** A parcel's facts for the rules, inside the scope. */
export interface ParcelFacts {
  id: number
  land_code: string
  name: string
  county_name: string | null
  area_m2: number | null
  status: string
  enterprise_name: string | null
  supply_date: string | null
  supply_price: number | null
  agreed_start_date: string | null
  actual_start_date: string | null
  planned_investment: number | null
  kind: StockKind | null
  state: DisposalState | null
}

export async function parcel(db: Db, scope: DataScope, id: number): Promise<ParcelFacts | undefined> {
  const params: unknown[] = [id]
  const r = await db.query<ParcelFacts>(
    `SELECT p.id, p.land_code, p.name, c.name AS county_name, p.area_m2, p.status, e.name AS enterprise_name,
            to_char(p.supply_date, 'YYYY-MM-DD') AS supply_date, p.supply_price, to_char(p.agreed_start_date, 'YYYY-MM-DD') AS agreed_start_date,
            to_char(p.actual_start_date, 'YYYY-MM-DD') AS actual_start_date,
            (SELECT lp.planned_investment FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND NOT lp.deleted ORDER BY lp.id DESC LIMIT 1) AS planned_investment,
            s.kind, s.state
     FROM parcel p LEFT JOIN region c ON c.code = p.county_code LEFT JOIN enterprise e ON e.id = p.enterprise_id
       LEFT JOIN ${STOCK_LAND_SQL} s ON s.parcel_id = p.id
     WHERE p.id = $1 AND NOT p.deleted AND ${scopeCondition(scope, 'p', params)}`,
    params,
  )
  return r.rows[0]
}

/** 疑似闲置: supplied land in the books, not started one year after its agreed start date, without an open case. */
export async function candidates(
  db: Db,
  scope: DataScope,
  f: { keyword?: string },
  args: PageArgs,
): Promise<Page<Omit<IdleCandidate, 'areaMu' | 'idleYears'> & { areaM2: number }>> {
  const where = new Where()
    .add('p.actual_start_date IS NULL')
    .add('p.agreed_start_date IS NOT NULL')
    .add(`p.agreed_start_date + interval '1 year' <= current_date`)
    .raw(parcelToday('p'))
    .add('NOT EXISTS (SELECT 1 FROM idle_case ic WHERE ic.parcel_id = p.id AND ic.completed_date IS NULL)')
  where.raw(scopeCondition(scope, 'p', where.params))
  if (f.keyword)
    where.add('(p.land_code ILIKE ? OR p.name ILIKE ? OR e.name ILIKE ?)', contains(f.keyword), contains(f.keyword), contains(f.keyword))
  return queryPage<
    {
      id: number
      land_code: string
      name: string
      county_name: string | null
      area_m2: number | null
      status: string
      enterprise_name: string | null
      agreed: string
    },
    Omit<IdleCandidate, 'areaMu' | 'idleYears'> & { areaM2: number }
  >(
    db,
    {
      select: `p.id, p.land_code, p.name, c.name AS county_name, p.area_m2, p.status, e.name AS enterprise_name, to_char(p.agreed_start_date, 'YYYY-MM-DD') AS agreed`,
      from: 'parcel p LEFT JOIN region c ON c.code = p.county_code LEFT JOIN enterprise e ON e.id = p.enterprise_id',
      where,
      order: orderBy(args, { agreedStartDate: 'p.agreed_start_date', areaMu: 'p.area_m2' }, 'p.agreed_start_date, p.id'),
    },
    args,
    (r) => ({
      parcelId: r.id,
      landCode: r.land_code,
      name: r.name,
      countyName: r.county_name,
      areaM2: r.area_m2 ?? 0,
      status: r.status,
      enterpriseName: r.enterprise_name,
      agreedStartDate: r.agreed,
    }),
  )
}

// ---- cases ----

/** A case row as stored. */
export interface CaseRow {
  id: number
  parcel_id: number
  ground: IdleGround
  grounds: string[]
  idle_since: string
  cause: IdleCause
  developed_area_m2: number | null
  invested: number | null
  total_investment: number | null
  stopped_since: string | null
  identified_date: string
  note: string
  method: IdleMethod | null
  method_detail: string
  new_start_date: string | null
  planned_date: string | null
  planned_by: number | null
  gov_reason: GovernmentReason | null
  fee_base_fen: number | null
  fee_due_fen: number | null
  completed_date: string | null
  completion_note: string
  submission_id: number | null
  created_by: string
  created_user_id: number
  state: DisposalState
  fee_paid_fen: number
}

const CASE_SELECT = `ic.id, ic.parcel_id, ic.ground, ic.grounds, to_char(ic.idle_since, 'YYYY-MM-DD') AS idle_since, ic.cause, ic.developed_area_m2, ic.invested,
  ic.total_investment, to_char(ic.stopped_since, 'YYYY-MM-DD') AS stopped_since, to_char(ic.identified_date, 'YYYY-MM-DD') AS identified_date, ic.note,
  ic.method, ic.method_detail, to_char(ic.new_start_date, 'YYYY-MM-DD') AS new_start_date, to_char(ic.planned_date, 'YYYY-MM-DD') AS planned_date,
  ic.planned_by, ic.gov_reason, ic.fee_base_fen::float8 AS fee_base_fen, ic.fee_due_fen::float8 AS fee_due_fen,
  to_char(ic.completed_date, 'YYYY-MM-DD') AS completed_date, ic.completion_note, ic.submission_id::int AS submission_id, u.real_name AS created_by,
  ic.created_by AS created_user_id,
  (CASE WHEN ic.completed_date IS NOT NULL THEN '已完成'
        WHEN EXISTS (SELECT 1 FROM idle_document d WHERE d.case_id = ic.id AND d.kind = '处置决定书' AND d.review_state = '已审定') THEN '实施中'
        WHEN ic.method IS NOT NULL THEN '方案中' ELSE '未处置' END) AS state,
  COALESCE((SELECT sum(f.amount_fen) FROM idle_fee f WHERE f.case_id = ic.id), 0)::float8 AS fee_paid_fen`
const CASE_FROM = 'idle_case ic JOIN parcel p ON p.id = ic.parcel_id JOIN app_user u ON u.id = ic.created_by'

/** A case inside the scope (locked for a change with `lock`). */
export async function caseOf(db: Db, scope: DataScope, id: number, lock = false): Promise<CaseRow | undefined> {
  const params: unknown[] = [id]
  const r = await db.query<CaseRow>(
    `SELECT ${CASE_SELECT} FROM ${CASE_FROM} WHERE ic.id = $1 AND NOT p.deleted AND ${scopeCondition(scope, 'p', params)}${lock ? ' FOR UPDATE OF ic' : ''}`,
    params,
  )
  return r.rows[0]
}

/** Every case of a parcel, the latest first. */
export async function casesOfParcel(db: Db, parcelId: number): Promise<CaseRow[]> {
  return (await db.query<CaseRow>(`SELECT ${CASE_SELECT} FROM ${CASE_FROM} WHERE ic.parcel_id = $1 ORDER BY ic.id DESC`, [parcelId])).rows
}

/** A procedure document as stored, with who issued it and (a 处置决定书) its 报批 and 审定. */
export interface DocumentRow {
  id: number
  kind: IdleDocumentKind
  doc_no: string
  date: string
  note: string
  submission_id: number | null
  actor: string
  actor_id: number
  approval_authority: string
  approval_no: string
  review_state: '待审定' | '已审定'
  approved_by: string | null
  approved_at: Date | string | null
}

export async function documents(db: Db, caseId: number): Promise<DocumentRow[]> {
  const r = await db.query<DocumentRow>(
    `SELECT d.id, d.kind, d.doc_no, to_char(d.doc_date, 'YYYY-MM-DD') AS date, d.note, d.submission_id::int AS submission_id, u.real_name AS actor,
            d.actor_id, d.approval_authority, d.approval_no, d.review_state, a.real_name AS approved_by, d.approved_at
     FROM idle_document d JOIN app_user u ON u.id = d.actor_id LEFT JOIN app_user a ON a.id = d.approved_by WHERE d.case_id = $1
     ORDER BY array_position(ARRAY['调查通知书', '闲置土地认定书', '处置决定书']::text[], d.kind::text)`,
    [caseId],
  )
  return r.rows
}

export async function fees(
  db: Db,
  caseId: number,
): Promise<{ id: number; amount_fen: number; date: string; receipt_no: string; note: string; actor: string }[]> {
  const r = await db.query<{ id: number; amount_fen: number; date: string; receipt_no: string; note: string; actor: string }>(
    `SELECT f.id, f.amount_fen::float8 AS amount_fen, to_char(f.paid_date, 'YYYY-MM-DD') AS date, f.receipt_no, f.note, u.real_name AS actor
     FROM idle_fee f JOIN app_user u ON u.id = f.actor_id WHERE f.case_id = $1 ORDER BY f.paid_date, f.id`,
    [caseId],
  )
  return r.rows
}

export async function history(db: Db, caseId: number): Promise<{ changes: unknown; actor: string; at: string }[]> {
  const r = await db.query<{ changes: unknown; actor: string; created_at: Date | string }>(
    `SELECT h.changes, u.real_name AS actor, h.created_at FROM idle_case_history h JOIN app_user u ON u.id = h.actor_id WHERE h.case_id = $1 ORDER BY h.id`,
    [caseId],
  )
  return r.rows.map((h) => ({
    changes: typeof h.changes === 'string' ? JSON.parse(h.changes) : h.changes,
    actor: h.actor,
    at: iso(h.created_at)!,
  }))
}

export async function insertCase(
  db: Db,
  f: {
    parcelId: number
    ground: IdleGround
    grounds: string[]
    idleSince: string
    cause: IdleCause
    developedAreaM2: number | null
    invested: number | null
    totalInvestment: number | null
    stoppedSince: string | null
    date: string
    note: string
    actorId: number
  },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO idle_case(parcel_id, ground, grounds, idle_since, cause, developed_area_m2, invested, total_investment, stopped_since, identified_date, note, created_by)
     VALUES ($1, $2, $3::text[], $4::date, $5, $6, $7, $8, $9::date, $10::date, $11, $12) RETURNING id`,
    [
      f.parcelId,
      f.ground,
      f.grounds,
      f.idleSince,
      f.cause,
      f.developedAreaM2,
      f.invested,
      f.totalInvestment,
      f.stoppedSince,
      f.date,
      f.note,
      f.actorId,
    ],
  )
  return r.rows[0].id
}

/** Writes the changed fields of a case and their history together. */
export async function updateCase(
  db: Db,
  id: number,
  set: { cause?: IdleCause; note?: string; govReason?: GovernmentReason | null },
  changes: { field: string; label: string; before: unknown; after: unknown }[],
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE idle_case SET cause = COALESCE($2, cause), note = COALESCE($3, note),
         gov_reason = CASE WHEN $4::boolean THEN $5 ELSE gov_reason END, updated_at = now() WHERE id = $1`,
      [id, set.cause ?? null, set.note ?? null, set.govReason !== undefined, set.govReason ?? null],
    )
    await tx.query('INSERT INTO idle_case_history(case_id, changes, actor_id) VALUES ($1, $2::jsonb, $3)', [
      id,
      JSON.stringify(changes),
      actorId,
    ])
  })
}

export async function insertDocument(
  db: Db,
  f: {
    caseId: number
    kind: IdleDocumentKind
    docNo: string
    date: string
    note: string
    actorId: number
    approvalAuthority?: string
    approvalNo?: string
    reviewState?: '待审定' | '已审定'
  },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO idle_document(case_id, kind, doc_no, doc_date, note, actor_id, approval_authority, approval_no, review_state)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9) RETURNING id`,
    [f.caseId, f.kind, f.docNo, f.date, f.note, f.actorId, f.approvalAuthority ?? '', f.approvalNo ?? '', f.reviewState ?? '已审定'],
  )
  return r.rows[0].id
}

/** 审定通过 of a 处置决定书 waiting for it. */
export async function approveDecision(db: Db, documentId: number, approverId: number): Promise<void> {
  await db.query(
    `UPDATE idle_document SET review_state = '已审定', approved_by = $2, approved_at = now() WHERE id = $1 AND review_state = '待审定'`,
    [documentId, approverId],
  )
}

/** 退回 of a 处置决定书 waiting for 审定: never issued, so its number is free again (the 办理记录 keeps it). */
export async function withdrawDecision(db: Db, documentId: number): Promise<void> {
  await db.query(`DELETE FROM idle_document WHERE id = $1 AND review_state = '待审定'`, [documentId])
}

// ---- 听证告知 ----

/** A 听证告知 as stored, with the names of who gave it and who recorded its outcome. */
export interface HearingRow {
  id: number
  method: IdleMethod
  notice_no: string
  notice_date: string
  deadline: string
  note: string
  notice_by: string
  outcome: HearingOutcome | null
  outcome_date: string | null
  requested_date: string | null
  hearing_date: string | null
  hearing_record: string
  outcome_by: string | null
}

export async function hearings(db: Db, caseId: number): Promise<HearingRow[]> {
  const r = await db.query<HearingRow>(
    `SELECT h.id, h.method, h.notice_no, to_char(h.notice_date, 'YYYY-MM-DD') AS notice_date, to_char(h.deadline, 'YYYY-MM-DD') AS deadline,
            h.note, n.real_name AS notice_by, h.outcome, to_char(h.outcome_date, 'YYYY-MM-DD') AS outcome_date,
            to_char(h.requested_date, 'YYYY-MM-DD') AS requested_date, to_char(h.hearing_date, 'YYYY-MM-DD') AS hearing_date,
            h.hearing_record, o.real_name AS outcome_by
     FROM idle_hearing h JOIN app_user n ON n.id = h.notice_by LEFT JOIN app_user o ON o.id = h.outcome_by
     WHERE h.case_id = $1 ORDER BY h.id`,
    [caseId],
  )
  return r.rows
}

export async function insertHearing(
  db: Db,
  f: { caseId: number; method: IdleMethod; noticeNo: string; date: string; deadline: string; note: string; actorId: number },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO idle_hearing(case_id, method, notice_no, notice_date, deadline, note, notice_by) VALUES ($1, $2, $3, $4::date, $5::date, $6, $7) RETURNING id`,
    [f.caseId, f.method, f.noticeNo, f.date, f.deadline, f.note, f.actorId],
  )
  return r.rows[0].id
}

export async function setHearingOutcome(
  db: Db,
  f: {
    id: number
    outcome: HearingOutcome
    date: string
    requestedDate: string | null
    hearingDate: string | null
    record: string
    actorId: number
  },
): Promise<void> {
  await db.query(
    `UPDATE idle_hearing SET outcome = $2, outcome_date = $3::date, requested_date = $4::date, hearing_date = $5::date, hearing_record = $6, outcome_by = $7
     WHERE id = $1 AND outcome IS NULL`,
    [f.id, f.outcome, f.date, f.requestedDate, f.hearingDate, f.record, f.actorId],
  )
}

// ---- 处置审定 ----

/** The 处置决定 of the scope waiting for 审定, oldest first. */
export async function pendingDecisions(
  db: Db,
  scope: DataScope,
): Promise<
  {
    case_id: number
    parcel_id: number
    land_code: string
    parcel_name: string
    county_name: string | null
    enterprise_name: string | null
    method: IdleMethod
    doc_no: string
    date: string
    approval_authority: string
    approval_no: string
    fee_due_fen: number | null
    prepared_by: string
  }[]
> {
  const params: unknown[] = []
  const r = await db.query<{
    case_id: number
    parcel_id: number
    land_code: string
    parcel_name: string
    county_name: string | null
    enterprise_name: string | null
    method: IdleMethod
    doc_no: string
    date: string
    approval_authority: string
    approval_no: string
    fee_due_fen: number | null
    prepared_by: string
  }>(
    `SELECT ic.id AS case_id, p.id AS parcel_id, p.land_code, p.name AS parcel_name, c.name AS county_name, e.name AS enterprise_name, ic.method,
            d.doc_no, to_char(d.doc_date, 'YYYY-MM-DD') AS date, d.approval_authority, d.approval_no, ic.fee_due_fen::float8 AS fee_due_fen,
            u.real_name AS prepared_by
     FROM idle_document d JOIN idle_case ic ON ic.id = d.case_id JOIN parcel p ON p.id = ic.parcel_id
       LEFT JOIN region c ON c.code = p.county_code LEFT JOIN enterprise e ON e.id = p.enterprise_id JOIN app_user u ON u.id = d.actor_id
     WHERE d.kind = '处置决定书' AND d.review_state = '待审定' AND ic.completed_date IS NULL AND NOT p.deleted AND ${scopeCondition(scope, 'p', params)}
     ORDER BY d.created_at, d.id`,
    params,
  )
  return r.rows
}

export async function linkDocumentSubmission(db: Db, documentId: number, submissionId: number): Promise<void> {
  await db.query('UPDATE idle_document SET submission_id = $2 WHERE id = $1', [documentId, submissionId])
}

/** Sets the disposal of a case and keeps a changed one in the history. */
export async function setDisposal(
  db: Db,
  f: {
    caseId: number
    method: IdleMethod
    detail: string
    newStartDate: string | null
    date: string
    feeBaseFen: number | null
    feeDueFen: number | null
    govReason: GovernmentReason | null
    actorId: number
  },
  changes: { field: string; label: string; before: unknown; after: unknown }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE idle_case SET method = $2, method_detail = $3, new_start_date = $4::date, planned_date = $5::date, fee_base_fen = $6, fee_due_fen = $7,
         gov_reason = $8, planned_by = $9, updated_at = now() WHERE id = $1`,
      [f.caseId, f.method, f.detail, f.newStartDate, f.date, f.feeBaseFen, f.feeDueFen, f.govReason, f.actorId],
    )
    if (changes.length)
      await tx.query('INSERT INTO idle_case_history(case_id, changes, actor_id) VALUES ($1, $2::jsonb, $3)', [
        f.caseId,
        JSON.stringify(changes),
        f.actorId,
      ])
  })
}

export async function insertFee(
  db: Db,
  f: { caseId: number; amountFen: number; date: string; receiptNo: string; note: string; actorId: number },
): Promise<void> {
  await db.query('INSERT INTO idle_fee(case_id, amount_fen, paid_date, receipt_no, note, actor_id) VALUES ($1, $2, $3::date, $4, $5, $6)', [
    f.caseId,
    f.amountFen,
    f.date,
    f.receiptNo,
    f.note,
    f.actorId,
  ])
}

export async function complete(db: Db, f: { caseId: number; date: string; note: string; submissionId: number | null }): Promise<void> {
  await db.query(
    'UPDATE idle_case SET completed_date = $2::date, completion_note = $3, submission_id = $4, updated_at = now() WHERE id = $1 AND completed_date IS NULL',
    [f.caseId, f.date, f.note, f.submissionId],
  )
}

// ---- 低效 (read from 低效用地再开发) ----

export async function lowEfficiency(
  db: Db,
  parcelId: number,
): Promise<{
  ledger:
    | {
        id: number
        state: string
        criteria: string[]
        confirm_date: string | null
        confirm_unit: string
        closed_date: string | null
        disposal_state: DisposalState
      }
    | undefined
  plans: { id: number; method: string; state: string; start_date: string | null; deadline: string | null; progress: number | null }[]
}> {
  const ledger = await db.query<{
    id: number
    state: string
    criteria: string[]
    confirm_date: string | null
    confirm_unit: string
    closed_date: string | null
    disposal_state: DisposalState
  }>(
    `SELECT l.id, l.state, l.criteria, to_char(l.confirm_date, 'YYYY-MM-DD') AS confirm_date, l.confirm_unit, to_char(l.closed_date, 'YYYY-MM-DD') AS closed_date,
            d.disposal_state
     FROM low_efficiency_disposal d JOIN revitalize_ledger l ON l.id = d.ledger_id WHERE d.parcel_id = $1`,
    [parcelId],
  )
  const plans = await db.query<{
    id: number
    method: string
    state: string
    start_date: string | null
    deadline: string | null
    progress: number | null
  }>(
    `SELECT rp.id, rp.method, rp.state, to_char(rp.start_date, 'YYYY-MM-DD') AS start_date, to_char(rp.deadline, 'YYYY-MM-DD') AS deadline, rp.progress::int AS progress
     FROM revitalize_plan rp JOIN revitalize_plan_parcel pp ON pp.plan_id = rp.id WHERE pp.parcel_id = $1 AND NOT rp.deleted ORDER BY rp.id DESC`,
    [parcelId],
  )
  return { ledger: ledger.rows[0], plans: plans.rows }
}
