/**
 * The submission state machine (docs/domain.md "Data centre" 审核: 草稿 → 待审核 → 已通过 | 已退回), one row
 * per state × action × actor: every allowed transition and every forbidden one with its status
 * and message.
 */
import { describe, expect, it } from 'vitest'
import {
  SUBMISSION_ACTIONS,
  SUBMISSION_STATES,
  transition,
  type SubmissionAction,
  type SubmissionState,
} from '../../../src/domain/datacenter/submission-state'

type Row = [SubmissionState, SubmissionAction, 'creator' | 'other', SubmissionState | null | 403 | 422]

/** The whole table: 4 states × 6 actions × 2 actors = 48 rows. */
const TABLE: Row[] = [
  // 草稿: the creator edits, submits or discards it; nobody audits a draft
  ['草稿', 'edit', 'creator', '草稿'],
  ['草稿', 'edit', 'other', 403],
  ['草稿', 'submit', 'creator', '待审核'],
  ['草稿', 'submit', 'other', 403],
  ['草稿', 'withdraw', 'creator', 422],
  ['草稿', 'withdraw', 'other', 403],
  ['草稿', 'discard', 'creator', null],
  ['草稿', 'discard', 'other', 403],
  ['草稿', 'approve', 'creator', 422],
  ['草稿', 'approve', 'other', 422],
  ['草稿', 'reject', 'creator', 422],
  ['草稿', 'reject', 'other', 422],
  // 待审核: another person approves or returns it; the creator may only withdraw it
  ['待审核', 'edit', 'creator', 422],
  ['待审核', 'edit', 'other', 403],
  ['待审核', 'submit', 'creator', 422],
  ['待审核', 'submit', 'other', 403],
  ['待审核', 'withdraw', 'creator', '草稿'],
  ['待审核', 'withdraw', 'other', 403],
  ['待审核', 'discard', 'creator', 422],
  ['待审核', 'discard', 'other', 403],
  ['待审核', 'approve', 'creator', 422],
  ['待审核', 'approve', 'other', '已通过'],
  ['待审核', 'reject', 'creator', 422],
  ['待审核', 'reject', 'other', '已退回'],
  // 已通过: final
  ['已通过', 'edit', 'creator', 422],
  ['已通过', 'edit', 'other', 403],
  ['已通过', 'submit', 'creator', 422],
  ['已通过', 'submit', 'other', 403],
  ['已通过', 'withdraw', 'creator', 422],
  ['已通过', 'withdraw', 'other', 403],
  ['已通过', 'discard', 'creator', 422],
  ['已通过', 'discard', 'other', 403],
  ['已通过', 'approve', 'creator', 422],
  ['已通过', 'approve', 'other', 422],
  ['已通过', 'reject', 'creator', 422],
  ['已通过', 'reject', 'other', 422],
  // 已退回: back to the submitter, who fixes it (→ 草稿); it stays on record, never discarded
  ['已退回', 'edit', 'creator', '草稿'],
  ['已退回', 'edit', 'other', 403],
  ['已退回', 'submit', 'creator', 422],
  ['已退回', 'submit', 'other', 403],
  ['已退回', 'withdraw', 'creator', 422],
  ['已退回', 'withdraw', 'other', 403],
  ['已退回', 'discard', 'creator', 422],
  ['已退回', 'discard', 'other', 403],
  ['已退回', 'approve', 'creator', 422],
  ['已退回', 'approve', 'other', 422],
  ['已退回', 'reject', 'creator', 422],
  ['已退回', 'reject', 'other', 422],
]

describe('submission state machine', () => {
  it('covers every state, action and actor once', () => {
    expect(TABLE.length).toBe(SUBMISSION_STATES.length * SUBMISSION_ACTIONS.length * 2)
    expect(new Set(TABLE.map(([s, a, who]) => `${s}/${a}/${who}`)).size).toBe(TABLE.length)
  })

  it.each(TABLE)('%s --%s (%s)--> %s', (state, action, who, expected) => {
    const r = transition(state, action, { actorIsCreator: who === 'creator', everSubmitted: state !== '草稿', reason: '原因' })
    if (typeof expected === 'number') {
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.status).toBe(expected)
    } else {
      expect(r).toEqual({ ok: true, next: expected })
    }
  })

  it('says why, in words a person can act on', () => {
    const msg = (
      state: SubmissionState,
      action: SubmissionAction,
      creator: boolean,
      extra: { everSubmitted?: boolean; reason?: string } = {},
    ) => {
      const r = transition(state, action, { actorIsCreator: creator, everSubmitted: extra.everSubmitted ?? false, reason: extra.reason })
      return r.ok ? null : r.message
    }
    expect(msg('待审核', 'approve', true)).toBe('不能审核本人提交的记录，请由其他审核员审核')
    expect(msg('待审核', 'reject', false)).toBe('退回必须填写退回原因')
    expect(msg('待审核', 'reject', false, { reason: '   ' })).toBe('退回必须填写退回原因')
    expect(msg('草稿', 'edit', false)).toBe('只能修改本人的提交')
    expect(msg('待审核', 'edit', true)).toBe('该提交正在审核中，不能修改；如需修改请先撤回')
    expect(msg('已通过', 'withdraw', true)).toBe('该提交已审核通过并入库，不能再撤回')
    expect(msg('已通过', 'approve', false)).toBe('只有待审核的提交可以审核通过，当前状态为已通过')
    expect(msg('已退回', 'submit', true)).toBe('已退回的提交请先修改，再重新提交审核')
    expect(msg('已退回', 'discard', true)).toBe('已退回的提交保留审核记录，不能删除')
    // a draft that once reached an auditor (withdrawn) keeps its trail
    expect(msg('草稿', 'discard', true, { everSubmitted: true })).toBe('提交过审核的记录保留审核记录，不能删除')
    expect(msg('草稿', 'discard', true, { everSubmitted: false })).toBeNull()
  })
})
