/** SQL of submissions (dc_submission) and their events (dc_submission_event). */
import type { ChangeAction, SubmissionEvent, SubmissionListQuery, SubmissionRow } from '../../../domain/contracts/datacenter'
import type { Page } from '../../../domain/contracts/envelope'
import type { RecordValues } from '../../../domain/datacenter/record-diff'
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { SubmissionState } from '../../../domain/datacenter/submission-state'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { RegionCodes } from './record-repo'

/** A submission row as stored. */
export interface SubmissionRecord extends RegionCodes {
  id: number
  kind: RecordKind
  action: ChangeAction
  target_id: number | null
  standard_version: number
  payload: RecordValues
  before: RecordValues | null
  state: SubmissionState
  batch_id: number | null
  batch_row_no: number | null
  created_by: number
  submitted_at: Date | null
  audited_by: number | null
  audited_at: Date | null
  reason: string | null
  remark: string
  created_at: Date
}

const ROW_SELECT = `s.id, s.kind, s.action, s.target_id, s.state, s.standard_version, s.county_code, s.created_by, s.created_at, s.submitted_at,
  s.audited_at, s.reason, s.remark, s.batch_id, s.batch_row_no,
  COALESCE(NULLIF(s.payload->>'name', ''), s.before->>'name', '') AS title,
  COALESCE(NULLIF(s.payload->>'land_code', ''), NULLIF(s.payload->>'credit_code', ''), s.before->>'land_code', s.before->>'credit_code', '') AS code,
  COALESCE(rc.name, rcity.name, rp.name) AS region_name, cu.real_name AS created_by_name, au.real_name AS audited_by_name`
const ROW_FROM = `dc_submission s JOIN app_user cu ON cu.id = s.created_by LEFT JOIN app_user au ON au.id = s.audited_by
  LEFT JOIN region rc ON rc.code = s.county_code LEFT JOIN region rcity ON rcity.code = s.city_code LEFT JOIN region rp ON rp.code = s.province_code`

interface ListRow {
  id: number
  kind: RecordKind
  action: ChangeAction
  target_id: number | null
  state: SubmissionState
  standard_version: number
  county_code: string | null
  created_by: number
  created_at: Date
  submitted_at: Date | null
  audited_at: Date | null
  reason: string | null
  remark: string
  batch_id: number | null
  batch_row_no: number | null
  title: string
  code: string
  region_name: string | null
  created_by_name: string
  audited_by_name: string | null
}

const rowView = (r: ListRow): SubmissionRow => ({
  id: Number(r.id),
  kind: r.kind,
  action: r.action,
  targetId: r.target_id,
  state: r.state,
  title: r.title,
  code: r.code,
  countyCode: r.county_code,
  regionName: r.region_name,
  standardVersion: r.standard_version,
  createdBy: r.created_by,
  createdByName: r.created_by_name,
  createdAt: iso(r.created_at) as string,
  submittedAt: iso(r.submitted_at),
  auditedByName: r.audited_by_name,
  auditedAt: iso(r.audited_at),
  reason: r.reason,
  remark: r.remark,
  batchId: r.batch_id === null ? null : Number(r.batch_id),
  batchRowNo: r.batch_row_no,
})

/** China Standard Time: the dates of the filters are local dates of the users. */
const dayStart = (d: string) => `${d}T00:00:00+08:00`

/** The WHERE of a submission list: filters, plus the scope or the creator. */
function listWhere(f: Omit<SubmissionListQuery, keyof PageArgs>, limit: { scope?: DataScope; createdBy?: number }): Where {
  const where = new Where()
  if (limit.scope) where.raw(scopeCondition(limit.scope, 's', where.params))
  if (limit.createdBy !== undefined) where.add('s.created_by = ?', limit.createdBy)
  where.addIf(f.kind, 's.kind = ?')
  where.addIf(f.state, 's.state = ?')
  where.addIf(f.action, 's.action = ?')
  where.addIf(f.batchId, 's.batch_id = ?')
  if (f.regionCode)
    where.add(
      '(s.province_code = ? OR s.city_code = ? OR s.county_code = ? OR s.town_code = ?)',
      f.regionCode,
      f.regionCode,
      f.regionCode,
      f.regionCode,
    )
  if (f.submitter) where.add('(cu.username ILIKE ? OR cu.real_name ILIKE ?)', contains(f.submitter), contains(f.submitter))
  if (f.keyword) {
    const k = contains(f.keyword)
    where.add(
      `(s.payload->>'name' ILIKE ? OR s.before->>'name' ILIKE ? OR s.payload->>'land_code' ILIKE ? OR s.payload->>'credit_code' ILIKE ?
        OR s.before->>'land_code' ILIKE ? OR s.before->>'credit_code' ILIKE ?)`,
      k,
      k,
      k,
      k,
      k,
      k,
    )
  }
  if (f.from) where.add('COALESCE(s.submitted_at, s.created_at) >= ?::timestamptz', dayStart(f.from))
  if (f.to) where.add(`COALESCE(s.submitted_at, s.created_at) < ?::timestamptz + interval '1 day'`, dayStart(f.to))
  return where
}

const SORTS = { id: 's.id', submittedAt: 's.submitted_at', createdAt: 's.created_at' }

/** A page of submissions: inside a scope (audit) or of one creator (my submissions). */
export async function listSubmissions(
  db: Db,
  q: SubmissionListQuery,
  limit: { scope?: DataScope; createdBy?: number },
): Promise<Page<SubmissionRow>> {
  const { page, pageSize, sortField, sortOrder, ...f } = q
  const args = { page, pageSize, sortField, sortOrder }
  return queryPage(
    db,
    { select: ROW_SELECT, from: ROW_FROM, where: listWhere(f, limit), order: orderBy(args, SORTS, 's.id DESC') },
    args,
    rowView,
  )
}

/** Every submission of a list's filters, in pages of `size` (exports), newest first. */
export async function* eachSubmission(
  db: Db,
  q: Omit<SubmissionListQuery, keyof PageArgs>,
  limit: { scope?: DataScope; createdBy?: number },
  size = 1000,
): AsyncGenerator<SubmissionRow[]> {
  let after = Number.MAX_SAFE_INTEGER
  for (;;) {
    const where = listWhere(q, limit).add('s.id < ?', after)
    const r = await db.query<ListRow>(
      `SELECT ${ROW_SELECT} FROM ${ROW_FROM} WHERE ${where.sql} ORDER BY s.id DESC LIMIT ${size}`,
      where.params,
    )
    if (r.rows.length === 0) return
    yield r.rows.map(rowView)
    after = Number(r.rows[r.rows.length - 1].id)
  }
}

/** One submission in list form (with names), inside a scope when given. */
export async function submissionRow(db: Db, id: number, scope?: DataScope): Promise<SubmissionRow | undefined> {
  const where = new Where().add('s.id = ?', id)
  if (scope) where.raw(scopeCondition(scope, 's', where.params))
  const r = await db.query<ListRow>(`SELECT ${ROW_SELECT} FROM ${ROW_FROM} WHERE ${where.sql}`, where.params)
  return r.rows[0] && rowView(r.rows[0])
}

/** One submission as stored; `lock` holds it until the transaction ends. */
export async function getSubmission(
  db: Db,
  id: number,
  opts: { scope?: DataScope; lock?: boolean } = {},
): Promise<SubmissionRecord | undefined> {
  const params: unknown[] = [id]
  const scoped = opts.scope ? ` AND ${scopeCondition(opts.scope, 's', params)}` : ''
  const r = await db.query<SubmissionRecord>(
    `SELECT s.* FROM dc_submission s WHERE s.id = $1${scoped}${opts.lock ? ' FOR UPDATE' : ''}`,
    params,
  )
  const row = r.rows[0]
  return row && { ...row, id: Number(row.id), batch_id: row.batch_id === null ? null : Number(row.batch_id) }
}

/** A new submission; returns its id. */
export async function insertSubmission(
  db: Db,
  s: {
    kind: RecordKind
    action: ChangeAction
    targetId: number | null
    standardVersion: number
    payload: RecordValues
    before: RecordValues | null
    state: SubmissionState
    region: RegionCodes
    userId: number
    remark: string
  },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO dc_submission(kind, action, target_id, standard_version, payload, before, state, province_code, city_code, county_code, town_code,
                               created_by, submitted_at, remark)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, CASE WHEN $7::varchar = '待审核' THEN now() END, $13)
     RETURNING id`,
    [
      s.kind,
      s.action,
      s.targetId,
      s.standardVersion,
      JSON.stringify(s.payload),
      s.before && JSON.stringify(s.before),
      s.state,
      s.region.province_code,
      s.region.city_code,
      s.region.county_code,
      s.region.town_code,
      s.userId,
      s.remark,
    ],
  )
  return Number(r.rows[0].id)
}

/** Replaces a draft's proposal (and the region it belongs to). */
export async function updateDraft(
  db: Db,
  id: number,
  d: { payload: RecordValues; standardVersion: number; region: RegionCodes; remark: string },
): Promise<void> {
  await db.query(
    `UPDATE dc_submission SET payload = $2::jsonb, standard_version = $3, province_code = $4, city_code = $5, county_code = $6, town_code = $7,
       remark = $8, state = '草稿', updated_at = now() WHERE id = $1`,
    [
      id,
      JSON.stringify(d.payload),
      d.standardVersion,
      d.region.province_code,
      d.region.city_code,
      d.region.county_code,
      d.region.town_code,
      d.remark,
    ],
  )
}

/**
 * Moves a submission to a state, only if it is still in `from` (two auditors at once: the second
 * finds nothing to move). Returns whether it moved.
 */
export async function moveState(
  db: Db,
  id: number,
  from: SubmissionState,
  to: SubmissionState,
  extra: { auditedBy?: number; reason?: string | null; targetId?: number } = {},
): Promise<boolean> {
  const r = await db.query(
    `UPDATE dc_submission SET state = $3::varchar,
       submitted_at = CASE WHEN $3::varchar = '待审核' THEN now() ELSE submitted_at END,
       audited_by = CASE WHEN $3::varchar IN ('已通过', '已退回') THEN $4::int ELSE audited_by END,
       audited_at = CASE WHEN $3::varchar IN ('已通过', '已退回') THEN now() ELSE audited_at END,
       reason = CASE WHEN $3::varchar = '已退回' THEN $5::varchar ELSE reason END,
       target_id = COALESCE(target_id, $6::int),
       updated_at = now()
     WHERE id = $1 AND state = $2::varchar`,
    [id, from, to, extra.auditedBy ?? null, extra.reason ?? null, extra.targetId ?? null],
  )
  return r.affectedRows === 1
}

/** Removes a draft that never reached an auditor (its events go with it). */
export async function deleteDraft(db: Db, id: number): Promise<void> {
  await db.query(`DELETE FROM dc_submission WHERE id = $1 AND state = '草稿' AND submitted_at IS NULL`, [id])
}

/** Records one step of a submission. */
export async function addEvent(
  db: Db,
  e: { submissionId: number; action: string; from: SubmissionState | null; to: SubmissionState; actorId: number; reason?: string | null },
): Promise<void> {
  await db.query(
    'INSERT INTO dc_submission_event(submission_id, action, from_state, to_state, actor_id, reason) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.submissionId, e.action, e.from, e.to, e.actorId, e.reason ?? null],
  )
}

/** The steps of a submission, in order. */
export async function eventsOf(db: Db, id: number): Promise<SubmissionEvent[]> {
  const r = await db.query<{
    action: string
    from_state: SubmissionState | null
    to_state: SubmissionState
    actor_name: string
    reason: string | null
    at: Date
  }>(
    `SELECT e.action, e.from_state, e.to_state, u.real_name AS actor_name, e.reason, e.at
       FROM dc_submission_event e JOIN app_user u ON u.id = e.actor_id WHERE e.submission_id = $1 ORDER BY e.id`,
    [id],
  )
  return r.rows.map((x) => ({
    action: x.action,
    fromState: x.from_state,
    toState: x.to_state,
    actorName: x.actor_name,
    reason: x.reason,
    at: iso(x.at) as string,
  }))
}

/** Drafts and pending submissions on a record, with the names of their creators. */
export async function openOnRecord(
  db: Db,
  kind: RecordKind,
  targetId: number,
): Promise<{ id: number; state: SubmissionState; action: ChangeAction; createdByName: string }[]> {
  const r = await db.query<{ id: number; state: SubmissionState; action: ChangeAction; created_by_name: string }>(
    `SELECT s.id, s.state, s.action, u.real_name AS created_by_name FROM dc_submission s JOIN app_user u ON u.id = s.created_by
      WHERE s.kind = $1 AND s.target_id = $2 AND s.state IN ('草稿', '待审核') ORDER BY s.id`,
    [kind, targetId],
  )
  return r.rows.map((x) => ({ id: Number(x.id), state: x.state, action: x.action, createdByName: x.created_by_name }))
}
