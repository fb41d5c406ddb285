/**
 * Write-through of parcel facts from the business modules (全生命周期, 低效用地再开发, 闲置土地): the
 * facts never touch the parcel here; they go to the data centre as a 修改 submission, 待审核 at once,
 * and the auditor's approval writes them. A submission of the same module still waiting for audit
 * takes later facts too (an 'edit' step), so successive steps do not conflict at approval.
 */
import type { Db } from '../../db/engine'
import { checkProposal, type Proposer } from './proposal'
import { liveRecord, propose } from './input-service'
import { activeStandard } from './standard-service'

/** A submission still waiting for audit, with its payload. */
export interface OpenSubmission {
  id: number
  payload: Record<string, unknown>
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b))

/** Folds more parcel facts into a pending submission (it stays 待审核; the step is an 'edit' event). */
export async function foldIntoSubmission(
  db: Db,
  id: number,
  payload: Record<string, unknown>,
  actorId: number,
  remark: string,
): Promise<void> {
  await db.query(`UPDATE dc_submission SET payload = $2::jsonb, remark = $3, updated_at = now() WHERE id = $1 AND state = '待审核'`, [
    id,
    JSON.stringify(payload),
    remark,
  ])
  await db.query(
    `INSERT INTO dc_submission_event(submission_id, action, from_state, to_state, actor_id) VALUES ($1, 'edit', '待审核', '待审核', $2)`,
    [id, actorId],
  )
}

/**
 * Checks the facts of a parcel that has no master record yet (planned land) against the standard
 * and folds them into its pending 新增 submission.
 */
export async function foldNewParcelFacts(db: Db, p: Proposer, open: OpenSubmission, facts: Record<string, unknown>, remark: string) {
  const std = await activeStandard(db, 'parcel')
  const checked = await checkProposal(db, p, 'parcel', std, { ...open.payload, ...facts }, null, 'submit')
  await foldIntoSubmission(db, open.id, checked.payload, p.id, remark)
  return open.id
}

/**
 * Sends the facts that differ from the parcel (and from `open`, the caller's pending submission on
 * it, if any): folded into `open`, else a new 修改 submission sent to audit. Returns the
 * submission id, or null when nothing changes.
 */
export async function sendParcelFacts(
  db: Db,
  p: Proposer,
  parcelId: number,
  facts: Record<string, unknown>,
  remark: string,
  open?: OpenSubmission,
): Promise<number | null> {
  const target = await liveRecord(db, p, 'parcel', parcelId)
  const base = open ? { ...target.values, ...open.payload } : target.values
  const changed = Object.fromEntries(Object.entries(facts).filter(([k, v]) => !sameValue(base[k], v)))
  if (Object.keys(changed).length === 0) return open?.id ?? null
  if (open) {
    const std = await activeStandard(db, 'parcel')
    const checked = await checkProposal(db, p, 'parcel', std, { ...open.payload, ...changed }, target, 'submit')
    await foldIntoSubmission(db, open.id, checked.payload, p.id, remark)
    return open.id
  }
  const saved = await propose(db, p, 'parcel', 'update', { targetId: parcelId, payload: changed, submit: true, remark })
  return saved.id
}
