/**
 * 办理记录 and 四眼原则 (docs/domain.md "Due process"): every step of a batch, model, norm change,
 * 异议, 盘活方案 or 闲置土地 case is written, in the transaction of the step, as who / when / from which
 * state to which / the note (table proceeding_step, which refuses updates and deletes), and a
 * decision is refused when the account deciding prepared the thing itself.
 */
import type { Db } from '../db/engine'
import { iso } from '../db/sql'
import { AppError } from '../http/errors'
import type { ProceedingStep } from '../../domain/contracts/proceeding'

/** What the 办理记录 is kept for. */
export type ProceedingSubject =
  | 'appraisal_batch'
  | 'appraisal_model'
  | 'appraisal_norm'
  | 'objection'
  | 'revitalize_plan'
  | 'idle_case'
  | 'restatement'
  /** a 全生命周期 project: 违约认定 (migration 0330) */
  | 'lifecycle'

/** The account that takes a step. */
export interface StepActor {
  id: number
  realName: string
}

/** One step as written. */
export interface ProceedingStepInput {
  subject: ProceedingSubject
  subjectId: number
  /** what was done, in the page's words (试算, 公示, 发布, 审定通过 …) */
  action: string
  from?: string
  to?: string
  note?: string
}

/** One step of a 办理记录, as answered. */
export type { ProceedingStep }

/** Writes one step (call it inside the transaction that takes the step). */
export async function recordStep(tx: Db, actor: StepActor, s: ProceedingStepInput): Promise<void> {
  await tx.query(
    `INSERT INTO proceeding_step(subject, subject_id, action, from_state, to_state, actor_id, actor, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.subject, s.subjectId, s.action, s.from ?? '', s.to ?? '', actor.id, actor.realName, (s.note ?? '').slice(0, 500)],
  )
}

/** The steps of one subject, oldest first. */
export async function stepsOf(db: Db, subject: ProceedingSubject, subjectId: number): Promise<ProceedingStep[]> {
  const r = await db.query<{ id: string; action: string; from_state: string; to_state: string; actor: string; note: string; at: Date }>(
    `SELECT id, action, from_state, to_state, actor, note, at FROM proceeding_step WHERE subject = $1 AND subject_id = $2 ORDER BY id`,
    [subject, subjectId],
  )
  return r.rows.map((x) => ({
    id: Number(x.id),
    action: x.action,
    from: x.from_state,
    to: x.to_state,
    actor: x.actor,
    note: x.note,
    at: iso(x.at) as string,
  }))
}

/** The 办理记录 as export columns (the same list an auditor reads on the page). */
export const STEP_EXPORT_COLUMNS = [
  { header: '时间', key: 'at', width: 22 },
  { header: '办理人', key: 'actor', width: 14 },
  { header: '环节', key: 'action', width: 14 },
  { header: '原状态', key: 'from', width: 10 },
  { header: '新状态', key: 'to', width: 10 },
  { header: '说明', key: 'note', width: 50 },
] as const

/**
 * 四眼原则: refuses (422) a decision by an account that took one of the preparing steps. `prepared`
 * names each step and the account that took it (null: nobody yet, or taken before accounts were kept).
 */
export function assertSecondAccount(actorId: number, prepared: { what: string; by: number | null | undefined }[], decision: string): void {
  const own = prepared.filter((p) => p.by != null && p.by === actorId).map((p) => p.what)
  if (own.length) throw new AppError(422, `本账号${own.join('、')}，不能再${decision}；请由另一名有审定权限的人员${decision}（四眼原则）`)
}
