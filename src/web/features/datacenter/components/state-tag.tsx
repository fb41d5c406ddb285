/** The state of a submission and the change it proposes, as coloured tags. */
import { Tag } from 'antd'
import { CHANGE_ACTION_NAMES, type ChangeAction } from '../../../../domain/contracts/datacenter'
import type { SubmissionState } from '../../../../domain/datacenter/submission-state'

const STATE_COLOR: Record<SubmissionState, string> = { 草稿: 'default', 待审核: 'processing', 已通过: 'success', 已退回: 'error' }
const ACTION_COLOR: Record<ChangeAction, string> = { create: 'green', update: 'blue', delete: 'red', claim: 'purple' }

/** 草稿 / 待审核 / 已通过 / 已退回 */
export function StateTag({ state }: { state: SubmissionState }) {
  return (
    <Tag color={STATE_COLOR[state]} data-testid="state-tag">
      {state}
    </Tag>
  )
}

/** 新增 / 修改 / 删除 / 认领 */
export function ActionTag({ action }: { action: ChangeAction }) {
  return <Tag color={ACTION_COLOR[action]}>{CHANGE_ACTION_NAMES[action]}</Tag>
}
