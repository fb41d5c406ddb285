/**
 * 审核 (docs/product.md §2 /system/audit/gyyd, /system/audit/yddw): approve → the change is merged into the
 * master data in ONE transaction (the master row inserted, updated, soft-deleted or claimed, the
 * record_history row with the next version, the submission's 附件 linked to the record, the
 * submission 已通过, its event) — all or nothing;
 * reject → 已退回 with the required reason, back to the submitter. Imports (数据采集) insert
 * submissions directly and are merged exactly like form submissions.
 */
import type { SubmissionDetails } from '../../../domain/contracts/datacenter'
import { diffRecord, type RecordValues } from '../../../domain/datacenter/record-diff'
import { checkRecord, type RecordKind, type StandardField } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { isUniqueViolation } from '../../db/sql'
import { AppError, conflict, forbidden } from '../../http/errors'
import * as attachments from '../datacenter/attachment-repo'
import type { Proposer } from '../datacenter/proposal'
import { assertUnchanged, recordGone, step, submissionGone } from '../datacenter/input-service'
import * as records from '../datacenter/record-repo'
import { MASTER, OWNER_LINK, REGION_COLUMNS, type RecordSnapshot, type RegionCodes } from '../datacenter/record-repo'
import { activeStandard, lookupsFor, type ActiveStandard } from '../datacenter/standard-service'
import * as subs from '../datacenter/submission-repo'
import type { SubmissionRecord } from '../datacenter/submission-repo'

/**
 * Test-only instrumentation of an approval (the kill test of the issue: a process killed inside
 * an approval must leave nothing half-written). Production never passes any.
 */
export interface ApprovalHooks {
  /** Awaited inside the approval's transaction after every write, just before COMMIT (`tx` reads what it wrote). */
  beforeCommit?: (submissionId: number, tx: Db) => Promise<void>
}

/** The auditor: a proposer (scope) who may also audit kinds. */
export interface Auditor extends Proposer {
  /** the kinds whose audit page the auditor holds */
  kinds: ReadonlySet<RecordKind>
}

/** What an approval did. */
export interface ApprovalResult {
  id: number
  state: '已通过'
  recordId: number
  version: number
}

const KIND_NAME: Record<RecordKind, string> = { parcel: '地块', enterprise: '企业' }

/** The proposal re-checked against the standard in force; 422 (with the issues) when it fails now. */
async function recheckForApproval(db: Db, std: ActiveStandard, raw: RecordValues): Promise<RecordValues> {
  const check = checkRecord(std.fields, raw, await lookupsFor(db, std.fields, [raw]))
  if (check.issues.length) {
    throw new AppError(
      422,
      `提交内容不符合现行数据标准（版本 ${std.version}），请退回修改：${check.issues.map((i) => i.message).join('；')}`,
      check.issues.map((i) => ({ field: i.field, message: i.message })),
    )
  }
  return check.value
}

/** The owner enterprise of a parcel's values: its id, null when none is named, 422 when it does not exist. */
async function ownerId(db: Db, values: RecordValues, fields: readonly StandardField[]): Promise<number | null> {
  const code = values[OWNER_LINK]
  if (typeof code !== 'string' || !code) return null
  const id = await records.enterpriseIdByCreditCode(db, code)
  if (id === undefined) {
    const label = fields.find((f) => f.name === OWNER_LINK)?.label ?? OWNER_LINK
    throw new AppError(422, `「${label}」${code} 对应的企业不存在，无法关联用地单位；请先录入该企业，或退回此提交`)
  }
  return id
}

/** The region codes of a county (or, without one, the submission's own region). */
async function regionOf(db: Db, county: unknown, fallback: RegionCodes): Promise<RegionCodes> {
  if (typeof county !== 'string' || !county)
    return { province_code: fallback.province_code, city_code: fallback.city_code, county_code: null, town_code: null }
  const { level: _level, ...chain } = await records.regionChain(db, county)
  return chain
}

/** The master record an update, delete or claim changes, locked; 404 when gone. */
async function lockedTarget(db: Db, s: SubmissionRecord): Promise<RecordSnapshot> {
  const current = await records.findRecord(db, s.kind, s.target_id as number, { lock: true })
  if (!current) throw recordGone(s.kind, s.target_id as number)
  return current
}

/** Writes one approved submission into the master data; returns the record id and its before/after. */
async function merge(db: Db, s: SubmissionRecord, std: ActiveStandard): Promise<{ recordId: number; before: RecordValues | null }> {
  const kind = s.kind
  const inStandard = new Set(std.fields.map((f) => f.name))
  if (s.action === 'create') {
    const value = await recheckForApproval(db, std, s.payload)
    const code = value[MASTER[kind].code] as string
    const holder = await records.recordByCode(db, kind, code)
    if (holder) throw conflict(`${KIND_NAME[kind]} ${code} 已存在（#${holder.id}${holder.deleted ? '，已删除' : ''}），不能重复新增`)
    const enterpriseId = kind === 'parcel' ? await ownerId(db, value, std.fields) : null
    const region = await regionOf(db, value.county_code, s)
    return { recordId: await records.insertRecord(db, kind, value, region, enterpriseId), before: null }
  }
  const current = await lockedTarget(db, s)
  if (current.deleted) throw conflict(`${KIND_NAME[kind]} ${current.id} 已删除，不能再${s.action === 'delete' ? '删除' : '修改'}`)
  assertUnchanged(kind, s.before, current, std.fields)
  if (s.action === 'delete') {
    await records.markDeleted(db, kind, current.id)
  } else if (s.action === 'claim') {
    if (current.values.county_code) throw conflict(`${KIND_NAME[kind]} ${current.id} 已归属区县 ${current.values.county_code}，不能再认领`)
    const region = Object.fromEntries(REGION_COLUMNS.map((c) => [c, (s.payload[c] as string | null) ?? null])) as unknown as RegionCodes
    await records.updateRecord(db, kind, current.id, {}, region)
  } else {
    // the proposal changes the fields it names; the record's other values stay, and the whole
    // record must pass the standard in force
    const proposed = Object.fromEntries(Object.entries(s.payload).filter(([k]) => inStandard.has(k)))
    const base = Object.fromEntries(Object.entries(current.values).filter(([k]) => inStandard.has(k)))
    const value = await recheckForApproval(db, std, { ...base, ...proposed })
    const write = Object.fromEntries(Object.keys(proposed).map((k) => [k, value[k]]))
    const countyChanged = 'county_code' in write && write.county_code !== current.values.county_code
    const region = countyChanged ? await regionOf(db, write.county_code, s) : null
    const enterpriseId = kind === 'parcel' && OWNER_LINK in write ? await ownerId(db, value, std.fields) : undefined
    await records.updateRecord(db, kind, current.id, write, region, enterpriseId)
  }
  return { recordId: current.id, before: current.values }
}

/** Database refusals of a merge, in words (nothing was written: the transaction rolled back). */
function mergeFailure(err: unknown): unknown {
  const code = (err as { code?: string })?.code
  if (isUniqueViolation(err)) return conflict('主数据中已有相同代码的记录，不能重复入库')
  if (code === '23514' || code === '22001' || code === '22003' || code === '23503') {
    return new AppError(422, '主数据表不接受提交的值（超出字段约束），请退回修改或在数据标准中收紧该字段的规则')
  }
  return err
}

/** 审核通过: merges the submission in one transaction. */
export async function approve(db: Db, a: Auditor, id: number, hooks: ApprovalHooks = {}): Promise<ApprovalResult> {
  try {
    return await db.transaction(async (tx) => {
      const s = await subs.getSubmission(tx, id, { scope: a.scope, lock: true })
      if (!s) throw submissionGone(id)
      if (!a.kinds.has(s.kind)) throw forbidden(`无权审核${KIND_NAME[s.kind]}提交`)
      step(s.state, 'approve', { actorIsCreator: s.created_by === a.id, everSubmitted: true })
      const std = await activeStandard(tx, s.kind)
      const { recordId, before } = await merge(tx, s, std)
      const after = (await records.findRecord(tx, s.kind, recordId))?.values ?? null
      const version = await records.appendHistory(tx, {
        kind: s.kind,
        recordId,
        action: s.action,
        before,
        after,
        submissionId: id,
        userId: a.id,
      })
      // the submission's 附件 become the record's, with the merge and its history row
      await attachments.linkApproved(tx, id, s.kind, recordId)
      if (!(await subs.moveState(tx, id, '待审核', '已通过', { auditedBy: a.id, targetId: recordId })))
        throw conflict('该提交刚刚已被处理，请刷新')
      await subs.addEvent(tx, { submissionId: id, action: 'approve', from: '待审核', to: '已通过', actorId: a.id })
      await hooks.beforeCommit?.(id, tx)
      return { id, state: '已通过' as const, recordId, version }
    })
  } catch (err) {
    throw mergeFailure(err)
  }
}

/** 退回: 待审核 → 已退回 with the reason the submitter will read. */
export async function reject(db: Db, a: Auditor, id: number, reason: string | undefined): Promise<{ id: number; state: '已退回' }> {
  return db.transaction(async (tx) => {
    const s = await subs.getSubmission(tx, id, { scope: a.scope, lock: true })
    if (!s) throw submissionGone(id)
    if (!a.kinds.has(s.kind)) throw forbidden(`无权审核${KIND_NAME[s.kind]}提交`)
    step(s.state, 'reject', { actorIsCreator: s.created_by === a.id, everSubmitted: true, reason })
    const text = (reason ?? '').trim()
    if (!(await subs.moveState(tx, id, '待审核', '已退回', { auditedBy: a.id, reason: text }))) throw conflict('该提交刚刚已被处理，请刷新')
    await subs.addEvent(tx, { submissionId: id, action: 'reject', from: '待审核', to: '已退回', actorId: a.id, reason: text })
    return { id, state: '已退回' as const }
  })
}

/** The proposal as a whole record: what the record would be after approval. */
function proposedValues(s: SubmissionRecord): RecordValues | null {
  if (s.action === 'delete') return null
  if (s.action === 'claim') return { ...(s.before ?? {}), ...s.payload }
  return s.payload
}

/**
 * The side-by-side view of a submission: before/after by the standard in force, both shapes, the
 * record now (and whether it changed since the proposal), the re-check against the standard in
 * force, and the events. An approved submission shows exactly what its history row recorded.
 */
export async function details(db: Db, viewer: Proposer & { auditKinds: ReadonlySet<RecordKind> }, id: number): Promise<SubmissionDetails> {
  const row = await subs.submissionRow(db, id, viewer.scope)
  const s = row && (await subs.getSubmission(db, id))
  if (!row || !s) throw submissionGone(id)
  const std = await activeStandard(db, s.kind)
  const history =
    s.state === '已通过' && s.target_id !== null
      ? (await records.historyOf(db, s.kind, s.target_id)).find((h) => h.submission_id === id)
      : undefined
  const before = history ? history.before : s.before
  const after = history ? history.after : proposedValues(s)
  const current = s.target_id === null ? null : ((await records.findRecord(db, s.kind, s.target_id)) ?? null)
  const stale =
    s.state === '待审核' && !!current && !!s.before && diffRecord(std.fields, s.before, current.values, true).some((r) => r.changed)
  let issues: { field: string; message: string }[] = []
  if (s.state === '待审核' && (s.action === 'create' || s.action === 'update')) {
    const inStandard = new Set(std.fields.map((f) => f.name))
    const base = current ? Object.fromEntries(Object.entries(current.values).filter(([k]) => inStandard.has(k))) : {}
    const raw = { ...base, ...Object.fromEntries(Object.entries(s.payload).filter(([k]) => inStandard.has(k))) }
    issues = checkRecord(std.fields, raw, await lookupsFor(db, std.fields, [raw])).issues.map((i) => ({
      field: i.field,
      message: i.message,
    }))
  }
  return {
    submission: row,
    fields: std.fields,
    before,
    after,
    diff: diffRecord(std.fields, before, after, s.action === 'claim'),
    current: current?.values ?? null,
    stale,
    issues,
    events: await subs.eventsOf(db, id),
    attachments: await attachments.submissionAttachments(db, id),
    canAudit: s.state === '待审核' && s.created_by !== viewer.id && viewer.auditKinds.has(s.kind),
  }
}
