/** Shared bits of the 亩均效益评价 pages: the class tag, the batch state tag, the indicator columns. */
import { Tag } from 'antd'
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
