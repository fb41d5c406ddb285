/**
 * Tree selects of the admin forms: the 行政区划 table down to towns and the 开发区 / 园区 that
 * administrators add (GET /api/area/query/all, refreshed when the 行政区划 page changes it), and
 * the organisations. A record's region is picked from the whole table the administrator keeps;
 * the district filters of the business pages use the region picker widget instead.
 */
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
  for (const r of rows)
    if (depth[r.level] <= depth[maxLevel]) nodes.set(r.code, { title: `${r.name}（${r.code}）`, value: r.code, parent: r.parentCode })
  const roots: Option[] = []
  for (const n of nodes.values()) {
    const parent = n.parent ? nodes.get(n.parent) : undefined
    if (parent) (parent.children ??= []).push(n)
    else roots.push(n)
  }
  return roots
}

/** The whole 行政区划 table, shared by the admin pickers (react-query cache). */
export function useAreaTable() {
  return useQuery({ queryKey: ['areas', 'all'], queryFn: allAreas, staleTime: 5 * 60_000 })
}

/** Picks one code of the 行政区划 table (a user's, an organisation's or a benchmark's region). */
export function AreaSelect({
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
  const regions = useAreaTable()
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
export function OrganSelect({
  value,
  onChange,
  placeholder = '选择组织机构',
  testId,
}: {
  value?: number | null
  onChange?: (v: number | null) => void
  placeholder?: string
  testId?: string
}) {
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
