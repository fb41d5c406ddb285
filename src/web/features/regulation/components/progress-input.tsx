/** 进度 as a slider and a number box on one form field (0–100 %), the last reported figure marked. */
import { InputNumber, Slider } from 'antd'
import styled from 'styled-components'

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  .ant-slider {
    flex: 1;
  }
`

/** Props of {@link ProgressInput} (an antd form control). */
export interface ProgressInputProps {
  value?: number
  onChange?: (value: number | undefined) => void
  /** the last reported progress, marked on the slider */
  last: number
}

/** Slider + InputNumber bound to one value. */
export function ProgressInput({ value, onChange, last }: ProgressInputProps) {
  return (
    <Row>
      <Slider
        min={0}
        max={100}
        value={value}
        onChange={(v: number) => onChange?.(v)}
        marks={last > 0 ? { [last]: `上次 ${last}%` } : undefined}
        tooltip={{ formatter: (v) => `${v}%` }}
      />
      {/* no `min` here: a lower figure is kept and explained under the field rather than silently raised */}
      <InputNumber
        min={0}
        max={100}
        precision={0}
        value={value}
        onChange={(v) => onChange?.(v ?? undefined)}
        suffix="%"
        style={{ width: 110 }}
        aria-label="进度"
        data-testid="progress-input"
      />
    </Row>
  )
}
