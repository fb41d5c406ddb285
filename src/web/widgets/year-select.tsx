/** 年度: the one year select of every page (filters and forms alike). */
import { Select } from 'antd'
import { useYears } from './use-years'

/** Props of {@link YearSelect}. */
export interface YearSelectProps {
  /** the chosen year (a number, or its text from the URL); absent = the latest */
  value?: number | string
  onChange?: (year: number) => void
  testId?: string
  /** pixels, or any CSS width ('100%' inside a form) */
  width?: number | string
}

/**
 * The years that hold figures, newest first, as "2025年". With no year chosen it shows the latest,
 * which is also what the server uses when no year is asked. Works alone or inside an antd Form.Item.
 */
export function YearSelect({ value, onChange, testId, width = 110 }: YearSelectProps) {
  const years = useYears()
  const shown = value === undefined || value === '' ? years.data?.latest : Number(value)
  return (
    <Select<number>
      aria-label="年度"
      style={{ width }}
      loading={years.isLoading}
      placeholder={years.isError ? '年度加载失败' : '选择年度'}
      value={shown}
      onChange={onChange}
      options={[...(years.data?.years ?? [])].reverse().map((y) => ({ value: y, label: `${y}年` }))}
      data-testid={testId}
    />
  )
}
