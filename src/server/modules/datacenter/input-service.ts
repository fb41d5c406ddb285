/**
 * 数据更新 (input / gyydInput / yddwInput): a change of a master record is never written directly —
 * it becomes a submission (草稿, or 待审核 when submitted at once) that an auditor approves or
 * returns. Every step goes through the one state machine and leaves an event.
 */
import type { ChangeAction, SubmissionSaved } from '../../../domain/contracts/datacenter'
import { diffRecord } from '../../../domain/datacenter/record-diff'
import type { RecordKind } from '../../../domain/datacenter/standard'
import { transition, type SubmissionAction, type SubmissionState } from '../../../domain/datacenter/submission-state'
import type { Db } from '../../db/engine'
import { AppError, conflict, notFound } from '../../http/errors'
import * as attachmentRepo from './attachment-repo'
import { checkAttachments } from './attachments'
import { checkProposal, submissionRegion, type CheckMode, type Proposer } from './proposal'
import * as records from './record-repo'
import type { RecordSnapshot } from './record-repo'
import { activeStandard } from './standard-service'
import * as subs from './submission-repo'
import type { SubmissionRecord } from './submission-repo'

const KIND_NAME: Record<RecordKind, string> = { parcel: '地块', enterprise: '企业' }

/** 404 for a record that does not exist or lies outside the scope (ids reveal nothing). */
export const recordGone = (kind: RecordKind, id: number) => notFound(`${KIND_NAME[kind]} ${id} 不存在或不在本账号的数据范围内`)
/** 404 for a submission that does not exist or lies outside the scope. */
export const submissionGone = (id: number) => notFound(`提交 ${id} 不存在或不在本账号的数据范围内`)

/** A visible, not deleted record, or 404/422. */
export async function liveRecord(db: Db, p: Proposer, kind: RecordKind, id: number, lock = false): Promise<RecordSnapshot> {
  const r = await records.findRecord(db, kind, id, { scope: p.scope, lock })
  if (!r) throw recordGone(kind, id)
  if (r.deleted) throw new AppError(422, `${KIND_NAME[kind]} ${id} 已删除，不能再修改`)
  return r
}

/** Throws the state machine's refusal, or returns the next state. */
export function step(state: SubmissionState, action: SubmissionAction, ctx: Parameters<typeof transition>[2]): SubmissionState | null {
  const t = transition(state, action, ctx)
  if (!t.ok) throw new AppError(t.status, t.message)
  return t.next
}

/**
 * The record an update or delete changes must still be as it was when the change was proposed
 * (optimistic check): otherwise approving would silently overwrite someone else's approved change.
 */
export function assertUnchanged(
  kind: RecordKind,
  before: Record<string, unknown> | null,
  current: RecordSnapshot,
  fields: Parameters<typeof diffRecord>[0],
): void {
  if (!before) return
  const changed = diffRecord(fields, before, current.values, true).filter((r) => r.changed)
  if (current.deleted) throw conflict(`${KIND_NAME[kind]} ${current.id} 在提交后已被删除`)
  if (changed.length) {
    throw conflict(
      `${KIND_NAME[kind]} ${current.id} 在提交后已被修改（${changed.map((c) => c.label).join('、')}），请退回后按最新数据重新提交`,
    )
  }
}

/** The events of a new submission: 新建, and 提交审核 when it went to audit at once. */
export async function recordCreated(db: Db, id: number, actorId: number, submitted: boolean): Promise<void> {
  await subs.addEvent(db, { submissionId: id, action: 'create', from: null, to: '草稿', actorId })
  if (submitted) await subs.addEvent(db, { submissionId: id, action: 'submit', from: '草稿', to: '待审核', actorId })
}

/** 草稿 → 待审核 with its event. */
async function toPending(db: Db, id: number, actorId: number): Promise<SubmissionSaved> {
  await subs.moveState(db, id, '草稿', '待审核')
  await subs.addEvent(db, { submissionId: id, action: 'submit', from: '草稿', to: '待审核', actorId })
  return { id, state: '待审核' }
}

/** Creates a submission for a record (新增 / 修改 / 删除), as a draft or submitted at once. */
export async function propose(
  db: Db,
  p: Proposer,
  kind: RecordKind,
  action: Exclude<ChangeAction, 'claim'>,
  input: { targetId?: number; payload?: Record<string, unknown>; submit: boolean; remark: string; attachments?: number[] },
): Promise<SubmissionSaved> {
  const mode: CheckMode = input.submit ? 'submit' : 'draft'
  return db.transaction(async (tx) => {
    const std = await activeStandard(tx, kind)
    const target = action === 'create' ? null : await liveRecord(tx, p, kind, input.targetId as number)
    let proposal
    if (action === 'delete') {
      proposal = { payload: {}, region: await submissionRegion(tx, p, (target?.values.county_code as string | null) ?? null) }
    } else {
      proposal = await checkProposal(tx, p, kind, std, input.payload ?? {}, target, mode)
    }
    const files = await checkAttachments(tx, p.id, input.attachments ?? [])
    const state: SubmissionState = input.submit ? '待审核' : '草稿'
    const id = await subs.insertSubmission(tx, {
      kind,
      action,
      targetId: target?.id ?? null,
      standardVersion: std.version,
      payload: proposal.payload,
      before: target?.values ?? null,
      state,
      region: proposal.region,
      userId: p.id,
      remark: input.remark,
    })
    await attachmentRepo.setSubmissionFiles(tx, id, files)
    await recordCreated(tx, id, p.id, input.submit)
    return { id, state }
  })
}

/** A submission the proposer may see (scope), locked for the change. */
async function ownedSubmission(db: Db, p: Proposer, id: number): Promise<SubmissionRecord> {
  const s = await subs.getSubmission(db, id, { lock: true })
  // the creator always sees their own; others only inside their scope
  if (!s) throw submissionGone(id)
  if (s.created_by !== p.id && !(await subs.getSubmission(db, id, { scope: p.scope }))) throw submissionGone(id)
  return s
}

/** Re-checks a stored proposal against the standard in force, for submission. */
async function recheck(db: Db, p: Proposer, s: SubmissionRecord, payload: Record<string, unknown>, mode: CheckMode) {
  const std = await activeStandard(db, s.kind)
  if (s.action === 'delete' || s.action === 'claim') return { std, payload: s.payload, region: null }
  const target = s.target_id === null ? null : await liveRecord(db, p, s.kind, s.target_id)
  if (target) assertUnchanged(s.kind, s.before, target, std.fields)
  const checked = await checkProposal(db, p, s.kind, std, payload, target, mode)
  return { std, payload: checked.payload, region: checked.region }
}

/** 修改 a draft or a returned submission: new values, back to 草稿 (or straight to 待审核 with `submit`). */
export async function editDraft(
  db: Db,
  p: Proposer,
  id: number,
  input: { payload: Record<string, unknown>; submit: boolean; remark: string; attachments?: number[] },
): Promise<SubmissionSaved> {
  return db.transaction(async (tx) => {
    const s = await ownedSubmission(tx, p, id)
    step(s.state, 'edit', { actorIsCreator: s.created_by === p.id, everSubmitted: s.submitted_at !== null })
    const { std, payload, region } = await recheck(tx, p, s, input.payload, input.submit ? 'submit' : 'draft')
    // left out, the draft keeps its files; given, the list replaces them
    if (input.attachments) await attachmentRepo.setSubmissionFiles(tx, id, await checkAttachments(tx, p.id, input.attachments, id))
    await subs.updateDraft(tx, id, { payload, standardVersion: std.version, region: region ?? s, remark: input.remark })
    await subs.addEvent(tx, { submissionId: id, action: 'edit', from: s.state, to: '草稿', actorId: p.id })
    return input.submit ? toPending(tx, id, p.id) : { id, state: '草稿' as const }
  })
}

/** 提交审核: 草稿 → 待审核, after checking the proposal fully against the standard in force. */
export async function submitDraft(db: Db, p: Proposer, id: number): Promise<SubmissionSaved> {
  return db.transaction(async (tx) => {
    const s = await ownedSubmission(tx, p, id)
    step(s.state, 'submit', { actorIsCreator: s.created_by === p.id, everSubmitted: s.submitted_at !== null })
    const { std, payload, region } = await recheck(tx, p, s, s.payload, 'submit')
    if (region) await subs.updateDraft(tx, id, { payload, standardVersion: std.version, region, remark: s.remark })
    return toPending(tx, id, p.id)
  })
}

/** 撤回: 待审核 → 草稿, before an auditor decides. */
export async function withdraw(db: Db, p: Proposer, id: number): Promise<SubmissionSaved> {
  return db.transaction(async (tx) => {
    const s = await ownedSubmission(tx, p, id)
    step(s.state, 'withdraw', { actorIsCreator: s.created_by === p.id, everSubmitted: s.submitted_at !== null })
    if (!(await subs.moveState(tx, id, '待审核', '草稿'))) throw conflict('该提交刚刚已被审核，不能撤回')
    await subs.addEvent(tx, { submissionId: id, action: 'withdraw', from: '待审核', to: '草稿', actorId: p.id })
    return { id, state: '草稿' as const }
  })
}

/** 删除草稿: only a draft that never reached an auditor. */
export async function discard(db: Db, p: Proposer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const s = await ownedSubmission(tx, p, id)
    step(s.state, 'discard', { actorIsCreator: s.created_by === p.id, everSubmitted: s.submitted_at !== null })
    await subs.deleteDraft(tx, id)
  })
}
