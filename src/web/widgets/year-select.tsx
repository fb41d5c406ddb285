/** 年度: the one year select of every page (filters and forms alike). */
import { Select } from 'antd'
import { yearsWithCurrent } from '../../domain/figures/catalogue'
import { todayInProductZone } from '../../domain/today'
import { useYears } from './use-years'

/** Props of {@link YearSelect}. */
export interface YearSelectProps {
  /** the chosen year (a number, or its text from the URL); absent = the latest */
  value?: number | string
  onChange?: (year: number) => void
  testId?: string
  /** pixels, or any CSS width ('100%' inside a form) */
  width?: number | string
  /**
   * The page shows stock figures (land, 低效, 闲置: issue 29): the current year is offered too, as
   * "2026年（截至今日）", and is the year shown when none is chosen (the server's default as well).
   */
  stock?: boolean
}

/**
 * The years that hold figures, newest first, as "2025年". With no year chosen it shows the latest,
 * which is also what the server uses when no year is asked — or, for a page of stock figures
 * (`stock`), the current year, meaning today. Works alone or inside an antd Form.Item.
 */
export function YearSelect({ value, onChange, testId, width, stock }: YearSelectProps) {
  const years = useYears()
  const today = years.data?.today ?? todayInProductZone()
  const current = Number(today.slice(0, 4))
  const offered = stock ? yearsWithCurrent(years.data?.years ?? [], today) : (years.data?.years ?? [])
  const shown = value === undefined || value === '' ? (stock ? current : years.data?.latest) : Number(value)
  return (
    <Select<number>
      aria-label="年度"
      style={{ width: width ?? (stock ? 170 : 110) }}
      loading={years.isLoading}
      placeholder={years.isError ? '年度加载失败' : '选择年度'}
      value={shown}
      onChange={onChange}
      options={[...offered].reverse().map((y) => ({ value: y, label: stock && y === current ? `${y}年（截至今日）` : `${y}年` }))}
      data-testid={testId}
    />
  )
}
