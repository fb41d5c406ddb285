/** District picker (issue 5): the province → city → county tree from the database; choosing flies there. */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { GlobeRegion } from '../../../domain/contracts/globe'
import { useGlobe } from '../../globe/globe-host'
import { useGlobeRegions } from './api/get-globe-regions'

interface TreeNode {
  value: string
  title: string
  children?: TreeNode[]
}

/** Regions as a tree (the province on top when present). */
export function regionTree(regions: GlobeRegion[]): TreeNode[] {
  const byParent = new Map<string | null, GlobeRegion[]>()
  for (const r of regions) byParent.set(r.parentCode, [...(byParent.get(r.parentCode) ?? []), r])
  const build = (r: GlobeRegion): TreeNode => {
    const kids = byParent.get(r.code) ?? []
    return { value: r.code, title: r.name, ...(kids.length ? { children: kids.map(build) } : {}) }
  }
  const codes = new Set(regions.map((r) => r.code))
  return regions.filter((r) => !r.parentCode || !codes.has(r.parentCode)).map(build)
}

/** The picker; the province (no own outline) flies to the home view. */
export function DistrictPicker() {
  const globe = useGlobe()
  const q = useGlobeRegions()
  const tree = useMemo(() => regionTree(q.data ?? []), [q.data])
  return (
    <TreeSelect
      data-testid="globe-district-picker"
      style={{ width: 180 }}
      placeholder={q.isError ? '行政区加载失败' : '选择行政区'}
      loading={q.isLoading}
      treeData={tree}
      treeDefaultExpandedKeys={['330000']}
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={240}
      onChange={(code: string) => {
        const r = q.data?.find((x) => x.code === code)
        if (r?.bbox) globe.flyTo(r.bbox)
        else globe.goHome()
      }}
    />
  )
}
