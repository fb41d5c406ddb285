/**
 * The filters the 整治提升 pages share: 年度 (the years that hold figures; none chosen = the latest)
 * and 区域 (the cities and counties of the user's data scope). The district picker stays away when
 * the list of districts cannot be had, so the pages still work on the whole scope.
 */
import { Select, TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { useRegions } from '../../../core/calls/list-regions'
import { useYears } from '../../../core/calls/list-years'

/** Props of {@link YearSelect}. */
export interface YearSelectProps {
  /** the chosen year; absent = the latest */
  value?: string
  onChange: (year: number) => void
}

/** 年度: newest first; with no year chosen it shows the latest, which the server then uses. */
export function YearSelect({ value, onChange }: YearSelectProps) {
  const years = useYears()
  const shown = value ? Number(value) : years.data?.latest
  return (
    <Select
      aria-label="年度"
      style={{ width: 110 }}
      loading={years.isLoading}
      value={shown}
      onChange={onChange}
      options={[...(years.data?.years ?? [])].reverse().map((y) => ({ value: y, label: `${y}年` }))}
      data-testid="regulation-year"
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
  /** the chosen district; absent = the whole data scope */
  value?: string
  onChange: (regionCode: string | undefined) => void
}

/** 区域: a city or one of its counties, searchable by name; cleared = everything the user may see. */
export function RegionPicker({ value, onChange }: RegionPickerProps) {
  const regions = useRegions()
  const treeData = useMemo(() => toNodes(regions.data ?? []), [regions.data])
  if (regions.isError) return null
  return (
    <TreeSelect<string>
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder="全部区域"
      style={{ width: 180 }}
      loading={regions.isLoading}
      value={value || undefined}
      onChange={(code) => onChange(code || undefined)}
      treeData={treeData}
      data-testid="regulation-region"
    />
  )
}
