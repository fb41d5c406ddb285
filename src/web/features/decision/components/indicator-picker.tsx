/** The indicator a chart shows: one of the six, as a segmented control (arrow keys move). */
import { Segmented } from 'antd'
import { INDICATORS, type IndicatorKey } from '../../../../domain/contracts/decision'
import { INDICATOR_KEYS } from './indicator-format'

const OPTIONS = INDICATOR_KEYS.map((k) => ({ value: k, label: INDICATORS[k].name }))

/** Whether a URL value names one of the six. */
export const isIndicatorKey = (v: string | undefined): v is IndicatorKey => v !== undefined && (INDICATOR_KEYS as string[]).includes(v)

/** Segmented control of the six indicators. */
export function IndicatorPicker({ value, onChange }: { value: IndicatorKey; onChange: (key: IndicatorKey) => void }) {
  return (
    <Segmented<IndicatorKey>
      size="small"
      aria-label="指标"
      value={value}
      onChange={onChange}
      options={OPTIONS}
      data-testid="indicator-picker"
    />
  )
}
