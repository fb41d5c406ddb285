/** 行业, the filter the analysis pages share beside the 年度 and 区域 widgets. */
import { Select } from 'antd'
import { INDUSTRY_CODES, INDUSTRY_DIVISIONS } from '../../../../domain/codes/industry'

/** The manufacturing divisions C13–C43 as options: C34 通用设备制造业. */
export const INDUSTRY_OPTIONS = INDUSTRY_CODES.map((code) => ({ value: code, label: `${code} ${INDUSTRY_DIVISIONS[code]}` }))

/** 行业: one GB/T 4754 division; cleared is every division. */
export function IndustrySelect({ value, onChange }: { value?: string; onChange: (code: string | undefined) => void }) {
  return (
    <Select
      aria-label="行业"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 280 }}
      placeholder="全部行业"
      value={value}
      onChange={(v?: string) => onChange(v || undefined)}
      options={INDUSTRY_OPTIONS}
      popupMatchSelectWidth={360}
      data-testid="filter-industry"
    />
  )
}
