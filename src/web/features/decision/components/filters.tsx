/** The filters the analysis pages share: 年度, 区域 (cities → counties of the scope) and 行业. */
import { Select, TreeSelect } from 'antd'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { INDUSTRY_CODES, INDUSTRY_DIVISIONS } from '../../../../domain/codes/industry'
import { useRegions } from '../../../core/calls/list-regions'
import { useYears } from '../../../core/calls/list-years'
import { useRegionPlace } from './use-region-place'

/** 年度: the years with figures, newest first; no value shows the latest. */
export function YearSelect({ value, onChange }: { value?: number; onChange: (year: number) => void }) {
  const years = useYears()
  const list = years.data?.years ?? []
  return (
    <Select
      prefix="年度"
      aria-label="年度"
      style={{ width: 130 }}
      value={value ?? years.data?.latest}
      loading={years.isLoading}
      onChange={onChange}
      options={[...list].reverse().map((y) => ({ value: y, label: `${y}年` }))}
      data-testid="filter-year"
    />
  )
}

type TreeNode = { value: string; title: string; children?: TreeNode[] }
const toTree = (nodes: readonly ReportRegionOption[]): TreeNode[] => nodes.map((n) => ({ value: n.code, title: n.name, children: n.children ? toTree(n.children) : undefined }))

/** 区域: a city or county of the scope; cleared is the whole scope. */
export function RegionSelect({ value, onChange }: { value?: string; onChange: (code: string | undefined) => void }) {
  const regions = useRegions()
  const { scope } = useRegionPlace(undefined)
  return (
    <TreeSelect
      prefix="区域"
      aria-label="区域"
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: 220 }}
      placeholder={scope}
      value={value}
      onChange={(v) => onChange(v || undefined)}
      treeData={toTree(regions.data ?? [])}
      loading={regions.isLoading}
      popupMatchSelectWidth={false}
      data-testid="filter-region"
    />
  )
}

/** The manufacturing divisions C13–C43 as options: C34 通用设备制造业. */
export const INDUSTRY_OPTIONS = INDUSTRY_CODES.map((code) => ({ value: code, label: `${code} ${INDUSTRY_DIVISIONS[code]}` }))

/** 行业: one GB/T 4754 division; cleared is every division. */
export function IndustrySelect({ value, onChange }: { value?: string; onChange: (code: string | undefined) => void }) {
  return (
    <Select
      prefix="行业"
      aria-label="行业"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 280 }}
      placeholder="全部行业"
      value={value}
      onChange={(v?: string) => onChange(v || undefined)}
      options={INDUSTRY_OPTIONS}
      popupMatchSelectWidth={360}
      data-testid="filter-industry"
    />
  )
}
