/** Tree selects of regions and organisations, from the API (cached: the trees change rarely). */
import { useQuery } from '@tanstack/react-query'
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import type { OrganNodeView } from '../../../../domain/contracts/admin-organ'
import type { RegionView } from '../../../../domain/contracts/admin-area'
import { allAreas } from '../api/area-api'
import { organTree } from '../api/organ-api'

interface Option {
  title: string
  value: string | number
  children?: Option[]
}

/** 行政区划 as tree options; `maxLevel` cuts below that level. */
function regionOptions(rows: Omit<RegionView, 'childCount'>[], maxLevel: RegionView['level']): Option[] {
  const depth = { province: 1, city: 2, county: 3, town: 4 }
  const nodes = new Map<string, Option & { parent: string | null }>()
  for (const r of rows) if (depth[r.level] <= depth[maxLevel]) nodes.set(r.code, { title: `${r.name}（${r.code}）`, value: r.code, parent: r.parentCode })
  const roots: Option[] = []
  for (const n of nodes.values()) {
    const parent = n.parent ? nodes.get(n.parent) : undefined
    if (parent) (parent.children ??= []).push(n)
    else roots.push(n)
  }
  return roots
}

/** The regions, shared by every picker (react-query cache). */
export function useRegions() {
  return useQuery({ queryKey: ['areas', 'all'], queryFn: allAreas, staleTime: 5 * 60_000 })
}

/** Picks one region code. */
export function RegionSelect({
  value,
  onChange,
  maxLevel = 'town',
  placeholder = '选择行政区划',
  testId,
}: {
  value?: string | null
  onChange?: (v: string | null) => void
  maxLevel?: RegionView['level']
  placeholder?: string
  testId?: string
}) {
  const regions = useRegions()
  const treeData = useMemo(() => regionOptions(regions.data ?? [], maxLevel), [regions.data, maxLevel])
  return (
    <TreeSelect
      data-testid={testId}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as string | undefined) ?? null)}
      treeData={treeData}
      loading={regions.isLoading}
      placeholder={placeholder}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandedKeys={['330000']}
      style={{ width: '100%', minWidth: 200 }}
      popupMatchSelectWidth={false}
    />
  )
}

function organOptions(nodes: OrganNodeView[]): Option[] {
  return nodes.map((n) => ({ title: n.name, value: n.id, children: n.children.length ? organOptions(n.children) : undefined }))
}

/** The organisation tree, shared by pickers. */
export function useOrgans() {
  return useQuery({ queryKey: ['organs'], queryFn: organTree })
}

/** Picks one organisation. */
export function OrganSelect({ value, onChange, placeholder = '选择组织机构', testId }: { value?: number | null; onChange?: (v: number | null) => void; placeholder?: string; testId?: string }) {
  const organs = useOrgans()
  const treeData = useMemo(() => organOptions(organs.data ?? []), [organs.data])
  return (
    <TreeSelect
      data-testid={testId}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | undefined) ?? null)}
      treeData={treeData}
      loading={organs.isLoading}
      placeholder={placeholder}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%', minWidth: 180 }}
    />
  )
}
