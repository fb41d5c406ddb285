/** Shared bits of the 亩均效益评价 pages: the class tag, the batch state tag, the indicator columns, the history notice. */
import { Alert, Tag } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { APPRAISAL_KEY, useAppraisalHistory } from '../api/appraisal-api'
import type { BatchState } from '../../../../domain/contracts/appraisal'
import { APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../../../domain/appraisal'
import { MODEL_INDICATOR_KEYS, indicatorName } from '../../../../domain/appraisal-run'
import { formatFigureValue } from '../../../../domain/figures/format'
import type { FigureKey } from '../../../../domain/figures/catalogue'

const CLASS_COLORS: Record<AppraisalClass, string> = { A: 'green', B: 'blue', C: 'orange', D: 'red' }

/** A/B/C/D with its meaning on hover. */
export function AppraisalClassTag({ value }: { value: string | null | undefined }) {
  if (!value) return <span style={{ color: '#9ca3af' }}>—</span>
  return (
    <Tag color={CLASS_COLORS[value as AppraisalClass]} title={APPRAISAL_CLASS_NAMES[value as AppraisalClass]} data-testid="appraisal-class">
      {value}类
    </Tag>
  )
}

const STATE_COLORS: Record<BatchState, string> = { 试算: 'default', 公示: 'processing', 异议: 'warning', 发布: 'success', 归档: 'default' }

/** 试算 / 公示 / 异议 / 发布 / 归档 */
export function BatchStateTag({ state }: { state: BatchState }) {
  return (
    <Tag color={STATE_COLORS[state]} data-testid="batch-state">
      {state}
    </Tag>
  )
}

/** An indicator value in its catalogue unit and digits. */
export const indicatorValue = (key: string, v: number | null | undefined) => formatFigureValue(key as FigureKey, v ?? null)

/** The indicators a result may carry, with their catalogue names. */
export const INDICATOR_OPTIONS = MODEL_INDICATOR_KEYS.map((k) => ({ value: k, label: indicatorName(k) }))

/**
 * While the demo's past years are still being published after a first start at a province's size:
 * which years, how far, and that their results are not complete yet. Refreshes the pages' data as
 * each year lands and once more when all have.
 */
export function AppraisalHistoryNotice() {
  const history = useAppraisalHistory()
  const client = useQueryClient()
  const done = useRef<number | null>(null)
  const h = history.data
  useEffect(() => {
    if (!h) return
    const now = h.pending ? h.done : -1
    if (done.current !== null && done.current !== now) void client.invalidateQueries({ queryKey: APPRAISAL_KEY })
    done.current = now
  }, [h, client])
  if (!h?.pending) return null
  const span = `${h.years[0]}–${h.years[h.years.length - 1]} 年`
  const next = h.years[h.done]
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="appraisal-history"
      message={`历史年度评价生成中：已完成 ${h.done}/${h.years.length} 年${next ? `，正在生成 ${next} 年` : ''}`}
      description={`演示数据 ${span}的评价批次正在后台逐县发布，期间系统照常使用；完成前这些年度的评价结果、排名和上年类别不全，本页会自动刷新。`}
    />
  )
}
