/**
 * 区域 filter of the lifecycle pages: the province → city → county tree, cut down to the user's own
 * region so that every choice is inside the data scope (a region outside it answers 403).
 */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { GlobeRegion } from '../../../../domain/contracts/globe'
import { selectUser, useSession } from '../../../core/session'
import { useRegions } from '../api/list-regions'

interface RegionNode {
  value: string
  title: string
  children?: RegionNode[]
}

/** The tree under `root` (the user's region), or the whole tree when the user has none. */
export function regionNodes(regions: GlobeRegion[], root: string | null): RegionNode[] {
  const byParent = new Map<string | null, GlobeRegion[]>()
  for (const r of regions) byParent.set(r.parentCode, [...(byParent.get(r.parentCode) ?? []), r])
  const build = (r: GlobeRegion): RegionNode => {
    const kids = byParent.get(r.code) ?? []
    return { value: r.code, title: r.name, ...(kids.length ? { children: kids.map(build) } : {}) }
  }
  const own = root ? regions.find((r) => r.code === root) : undefined
  if (own) return [build(own)]
  const codes = new Set(regions.map((r) => r.code))
  return regions.filter((r) => !r.parentCode || !codes.has(r.parentCode)).map(build)
}

/** Props of {@link RegionSelect}. */
export interface RegionSelectProps {
  value?: string
  onChange: (code: string | undefined) => void
  testId?: string
}

/** A tree select of the regions inside the user's scope; cleared = the whole scope. */
export function RegionSelect({ value, onChange, testId }: RegionSelectProps) {
  const regions = useRegions()
  const root = useSession(selectUser)?.regionCode ?? null
  const tree = useMemo(() => regionNodes(regions.data ?? [], root), [regions.data, root])
  return (
    <TreeSelect<string>
      data-testid={testId}
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={regions.isError ? '区域加载失败' : '全部区域'}
      loading={regions.isLoading}
      treeData={tree}
      treeDefaultExpandedKeys={tree.map((n) => n.value)}
      popupMatchSelectWidth={240}
      style={{ width: 180 }}
      value={value}
      onChange={(code) => onChange(code || undefined)}
    />
  )
}
