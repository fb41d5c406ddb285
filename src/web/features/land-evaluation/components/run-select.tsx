/** The run a page shows, chosen among the runs the user may see ("2025年 · 模型名 · 时间 · 操作人"). */
import { Select } from 'antd'
import type { EvaluationRun } from '../../../../domain/contracts/land-evaluation'
import { runLabel } from './evaluation-format'

/** Props of {@link RunSelect}. */
export interface RunSelectProps {
  runs: EvaluationRun[] | undefined
  value: number | undefined
  onChange: (runId: number) => void
  loading?: boolean
}

/** A select of the runs, newest first. */
export function RunSelect({ runs, value, onChange, loading }: RunSelectProps) {
  return (
    <Select<number>
      aria-label="评价批次"
      data-testid="run-select"
      style={{ width: 480 }}
      loading={loading}
      value={value}
      placeholder="选择评价批次"
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      options={(runs ?? []).map((r) => ({ value: r.id, label: runLabel(r) }))}
    />
  )
}
