/** 区域: the one district picker of every page with a district filter. */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { ReportRegionOption } from '../../domain/contracts/statistical-report'
import { useRegions } from './use-regions'

interface RegionNode {
  value: string
  title: string
  children?: RegionNode[]
}

const toNodes = (options: readonly ReportRegionOption[]): RegionNode[] =>
  options.map((o) => ({ value: o.code, title: o.name, children: o.children?.length ? toNodes(o.children) : undefined }))

/** Props of {@link RegionPicker}. */
export interface RegionPickerProps {
  /** the chosen city or county code; absent = the whole data scope */
  value?: string
  onChange?: (regionCode: string | undefined) => void
  testId?: string
  /** pixels */
  width?: number
}

/**
 * A city or one of its counties inside the user's data scope, searchable by name; cleared = all the
 * user may see. When the list cannot be had the picker says so and stays disabled, and the page
 * goes on with the whole scope. Works alone or inside an antd Form.Item.
 */
export function RegionPicker({ value, onChange, testId, width = 180 }: RegionPickerProps) {
  const regions = useRegions()
  const treeData = useMemo(() => toNodes(regions.data ?? []), [regions.data])
  return (
    <TreeSelect<string>
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={regions.isError ? '区域加载失败' : '全部区域'}
      disabled={regions.isError}
      style={{ width }}
      popupMatchSelectWidth={false}
      loading={regions.isLoading}
      // a city user's one city is opened at once
      treeDefaultExpandedKeys={treeData.length === 1 ? [treeData[0].value] : undefined}
      value={value || undefined}
      onChange={(code) => onChange?.(code || undefined)}
      treeData={treeData}
      data-testid={testId}
    />
  )
}
