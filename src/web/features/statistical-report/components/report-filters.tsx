/**
 * The filters every report shares: 年度 (the years that hold figures; none chosen = the latest) and
 * 区域 (the cities and counties of the user's data scope, a city or a county may be chosen).
 * Both work on their own or inside an antd Form.Item.
 */
import { Select, TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { useRegions } from '../../../core/calls/list-regions'
import { useYears } from '../../../core/calls/list-years'

/** Props of {@link YearSelect}. */
export interface YearSelectProps {
  /** the chosen year; absent = the latest */
  value?: number | string
  onChange?: (year: number) => void
  testId?: string
}

/** 年度: newest first; with no year chosen it shows the latest, which the reports then use. */
export function YearSelect({ value, onChange, testId = 'report-year' }: YearSelectProps) {
  const years = useYears()
  const shown = value === undefined || value === '' ? years.data?.latest : Number(value)
  return (
    <Select
      aria-label="年度"
      style={{ width: 110 }}
      loading={years.isLoading}
      value={shown}
      onChange={onChange}
      options={[...(years.data?.years ?? [])].reverse().map((y) => ({ value: y, label: `${y}年` }))}
      data-testid={testId}
    />
  )
}

interface RegionNode {
  value: string
  title: string
  children?: RegionNode[]
}

const toNodes = (options: ReportRegionOption[]): RegionNode[] =>
  options.map((o) => ({ value: o.code, title: o.name, children: o.children?.length ? toNodes(o.children) : undefined }))

/** Props of {@link RegionPicker}. */
export interface RegionPickerProps {
  /** the chosen region code; absent = the whole data scope */
  value?: string
  onChange?: (regionCode: string | undefined) => void
  testId?: string
}

/** 区域: a city or one of its counties, searchable by name; cleared = everything the user may see. */
export function RegionPicker({ value, onChange, testId = 'report-region' }: RegionPickerProps) {
  const regions = useRegions()
  const treeData = useMemo(() => toNodes(regions.data ?? []), [regions.data])
  return (
    <TreeSelect<string>
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder="全部区域"
      style={{ width: 200 }}
      loading={regions.isLoading}
      value={value || undefined}
      onChange={(code) => onChange?.(code || undefined)}
      treeData={treeData}
      data-testid={testId}
    />
  )
}
