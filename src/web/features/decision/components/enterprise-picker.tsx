/**
 * Chooses an enterprise of the scope by part of its name or its credit code: the list is asked
 * from the server as the user types (a pause of 300 ms first), 20 at a time.
 */
import { Select } from 'antd'
import { useEffect, useState } from 'react'
import { useEnterpriseSearch } from '../api/search-enterprises'

/** Props of {@link EnterprisePicker}. */
export interface EnterprisePickerProps {
  value?: number
  /** the chosen enterprise's name, shown before any search */
  valueLabel?: string
  onChange: (id: number | undefined) => void
}

/** Remote-search select of an enterprise. */
export function EnterprisePicker({ value, valueLabel, onChange }: EnterprisePickerProps) {
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), 300)
    return () => clearTimeout(t)
  }, [typed])
  const found = useEnterpriseSearch(keyword)
  const list = keyword ? (found.data?.page.list ?? []) : []
  const options = list.map((e) => ({ value: e.id, label: e.name, creditCode: e.creditCode, county: e.countyName }))
  if (value !== undefined && valueLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: valueLabel, creditCode: '', county: null })
  const searching = typed.trim() !== keyword || found.isFetching
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      aria-label="企业"
      prefix="企业"
      style={{ width: 420 }}
      placeholder="输入企业名称或统一社会信用代码"
      value={value}
      onChange={(id) => {
        setTyped('')
        onChange(id ?? undefined)
      }}
      options={options}
      loading={searching && typed.trim() !== ''}
      notFoundContent={
        typed.trim() === ''
          ? '请输入企业名称或信用代码'
          : searching
            ? '正在查找…'
            : found.error
              ? `查找失败：${found.error.message}`
              : '没有找到符合的企业'
      }
      optionRender={(o) => (
        <div>
          <div>{o.data.label}</div>
          {o.data.creditCode && (
            <div style={{ fontSize: 12, color: '#6b7280' }}>
              {o.data.creditCode}
              {o.data.county ? ` · ${o.data.county}` : ''}
            </div>
          )}
        </div>
      )}
      data-testid="enterprise-picker"
    />
  )
}
