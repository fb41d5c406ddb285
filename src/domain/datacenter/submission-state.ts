/**
 * 提交的状态机 (docs/domain.md "Data centre" 审核): 草稿 → 待审核 → 已通过 | 已退回. A pure function of the
 * state, the action and who acts, so that the server and the table test read the same rules.
 *
 * Beyond the four states named by the issue, two transitions keep work from being lost: a
 * submitter may 撤回 (withdraw) a pending submission back to 草稿 before anyone audits it, and
 * may 修改 a returned (已退回) one, which turns it back into a 草稿 to fix and submit again.
 * Only a draft that was never submitted may be discarded; everything that reached an auditor
 * stays, with its events.
 */

/** The four states of a submission (table dc_submission). */
export const SUBMISSION_STATES = ['草稿', '待审核', '已通过', '已退回'] as const
/** See {@link SUBMISSION_STATES}. */
export type SubmissionState = (typeof SUBMISSION_STATES)[number]

/** What a person can do to a submission. */
export const SUBMISSION_ACTIONS = ['edit', 'submit', 'withdraw', 'discard', 'approve', 'reject'] as const
/** See {@link SUBMISSION_ACTIONS}. */
export type SubmissionAction = (typeof SUBMISSION_ACTIONS)[number]

/** Chinese names of the actions, for messages and the event list. */
export const SUBMISSION_ACTION_LABEL: Readonly<Record<SubmissionAction | 'create', string>> = {
  create: '新建',
  edit: '修改',
  submit: '提交审核',
  withdraw: '撤回',
  discard: '删除草稿',
  approve: '审核通过',
  reject: '退回',
}

/** Who acts and what else the rules need to know. */
export interface TransitionContext {
  /** the actor created the submission */
  actorIsCreator: boolean
  /** the submission was submitted at least once (then it is never discarded) */
  everSubmitted: boolean
  /** 退回原因 (reject only) */
  reason?: string | null
}

/** Where an allowed action leads: a state, or `null` when the submission is removed (discard). */
export type TransitionResult = { ok: true; next: SubmissionState | null } | { ok: false; status: 403 | 422; message: string }

/** Actions only the submitter may take. */
const CREATOR_ONLY: ReadonlySet<SubmissionAction> = new Set(['edit', 'submit', 'withdraw', 'discard'])

/** state → action → next state (absent: not allowed from that state). */
const TABLE: Readonly<Record<SubmissionState, Partial<Record<SubmissionAction, SubmissionState | null>>>> = {
  草稿: { edit: '草稿', submit: '待审核', discard: null },
  待审核: { withdraw: '草稿', approve: '已通过', reject: '已退回' },
  已通过: {},
  已退回: { edit: '草稿' },
}

/** Why an action is not allowed from a state, in words the submitter or auditor can act on. */
function refusal(state: SubmissionState, action: SubmissionAction): string {
  const what = SUBMISSION_ACTION_LABEL[action]
  if (action === 'approve' || action === 'reject') return `只有待审核的提交可以${what}，当前状态为${state}`
  if (state === '已通过') return `该提交已审核通过并入库，不能再${what}`
  if (state === '待审核' && (action === 'edit' || action === 'submit' || action === 'discard'))
    return `该提交正在审核中，不能${what}；如需修改请先撤回`
  if (state === '已退回' && action === 'submit') return '已退回的提交请先修改，再重新提交审核'
  if (state === '已退回' && action === 'discard') return '已退回的提交保留审核记录，不能删除'
  if (state === '草稿' && action === 'discard') return '提交过审核的记录保留审核记录，不能删除'
  return `当前状态为${state}，不能${what}`
}

/**
 * The next state of a submission after an action, or why the action is refused:
 * 403 when the actor may not take it (someone else's draft), 422 when a rule forbids it (wrong
 * state, auditing one's own submission, a rejection without a reason).
 */
export function transition(state: SubmissionState, action: SubmissionAction, ctx: TransitionContext): TransitionResult {
  if (CREATOR_ONLY.has(action) && !ctx.actorIsCreator)
    return { ok: false, status: 403, message: `只能${SUBMISSION_ACTION_LABEL[action]}本人的提交` }
  if ((action === 'approve' || action === 'reject') && ctx.actorIsCreator)
    return { ok: false, status: 422, message: '不能审核本人提交的记录，请由其他审核员审核' }
  const row = TABLE[state]
  if (!(action in row)) return { ok: false, status: 422, message: refusal(state, action) }
  if (action === 'discard' && ctx.everSubmitted) return { ok: false, status: 422, message: refusal(state, action) }
  if (action === 'reject' && !ctx.reason?.trim()) return { ok: false, status: 422, message: '退回必须填写退回原因' }
  return { ok: true, next: row[action] as SubmissionState | null }
}
