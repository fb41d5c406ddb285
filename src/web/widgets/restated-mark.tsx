/**
 * The marks of a closed year's value (docs/domain.md "Closed years"): "已更正" beside a value an
 * approved 更正 changed after the year was published — on hover the value as published, the restated
 * value, the date, the reason and who filed and approved it — and "更正待审定" beside a value whose
 * 更正 waits for 评价审定.
 */
import { Tag, Tooltip } from 'antd'
import type { Restatement } from '../../domain/contracts/appraisal'
import { formatTime } from './format-time'

const shown = (v: number | null, unit: string) => (v === null ? '空' : `${v} ${unit}`)

/** "已更正" with the item, its published and restated values on hover (beside the item, or beside a figure or class it touches). */
export function RestatedMark({ r }: { r: Restatement }) {
  return (
    <Tooltip
      title={
        <div data-testid="restated-tip">
          <div>
            {r.year}年{r.itemName}（已发布年度）
          </div>
          <div>发布值：{shown(r.publishedValue, r.unit)}</div>
          <div>更正值：{shown(r.newValue, r.unit)}</div>
          <div>审定日期：{r.decidedAt ? formatTime(r.decidedAt) : '—'}</div>
          <div>更正原因：{r.reason}</div>
          <div>
            {r.createdBy} 提交，{r.decidedBy} 审定
          </div>
        </div>
      }
    >
      <Tag color="orange" style={{ marginInlineStart: 6, cursor: 'help' }} data-testid="restated-mark">
        已更正
      </Tag>
    </Tooltip>
  )
}

/** "更正待审定" with the proposed value on hover. */
export function PendingMark({ r }: { r: Restatement }) {
  return (
    <Tooltip title={`拟更正为 ${shown(r.newValue, r.unit)}（${r.createdBy}，${formatTime(r.createdAt)}）；原因：${r.reason}`}>
      <Tag color="processing" style={{ marginInlineStart: 6, cursor: 'help' }} data-testid="pending-mark">
        更正待审定
      </Tag>
    </Tooltip>
  )
}
