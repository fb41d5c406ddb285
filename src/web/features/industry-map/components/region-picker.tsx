/** 区域: a city or one of its counties of the user's data scope, searchable by name; cleared = all. */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { useRegions } from '../../../core/calls/list-regions'

interface RegionNode {
  value: string
  title: string
  children?: RegionNode[]
}

const toNodes = (options: ReportRegionOption[]): RegionNode[] =>
  options.map((o) => ({ value: o.code, title: o.name, children: o.children?.length ? toNodes(o.children) : undefined }))

/** Props of {@link RegionPicker}. */
export interface RegionPickerProps {
  value?: string
  onChange: (regionCode: string | undefined) => void
  width?: number
  testId?: string
}

/** The district filter of the profile lists and of 添加成员. */
export function RegionPicker({ value, onChange, width = 170, testId }: RegionPickerProps) {
  const regions = useRegions()
  const treeData = useMemo(() => toNodes(regions.data ?? []), [regions.data])
  return (
    <TreeSelect<string>
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder="全部区域"
      style={{ width }}
      loading={regions.isLoading}
      value={value || undefined}
      onChange={(code) => onChange(code || undefined)}
      treeData={treeData}
      data-testid={testId}
    />
  )
}
