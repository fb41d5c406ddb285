/**
 * The enterprise list of 用地单位信息: 关键字 (name or credit code, Enter searches), 区域, 行业, 规模,
 * 评价类别 and 年度 in the URL, with the year's 亩均税收 and 评价类别; server paging and sorting,
 * xlsx export of the filtered list; a row opens its profile.
 */
import { Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import type { EnterpriseReportRow } from '../../../../domain/contracts/statistical-report'
import { APPRAISAL_CLASS_COLORS, type AppraisalClass } from '../../../../domain/palettes'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportEnterprises } from '../api/export-enterprises'
import { useEnterpriseList, type EnterpriseListParams } from '../api/list-enterprises'
import { useYears } from '../../../widgets/use-years'
import { YearSelect } from '../../../widgets/year-select'
import { figure } from './profile-format'
import { APPRAISAL_CHOICES, INDUSTRY_CHOICES, SCALE_CHOICES } from './record-choices'
import { RegionPicker } from '../../../widgets/region-picker'
import { RowLink } from './row-link'
import { CHOSEN_ROW } from './profile-layout'

const FILTERS = ['keyword', 'regionCode', 'industry', 'scale', 'appraisalClass', 'year'] as const

/** 评价类别 as a coloured tag (未评价: under 3 亩, no figures …). */
export function AppraisalTag({ value }: { value: string | null }) {
  return value ? (
    <Tag color={APPRAISAL_CLASS_COLORS[value as AppraisalClass]}>{value}类</Tag>
  ) : (
    <Typography.Text type="secondary">未评价</Typography.Text>
  )
}

/** The list; `chosen` is highlighted, `onChoose` opens a profile. */
export function EnterpriseList({ chosen, onChoose }: { chosen: number | null; onChoose: (id: number) => void }) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const years = useYears()
  const filters = { ...f, year: f.year ? Number(f.year) : undefined } as Omit<EnterpriseListParams, 'page' | 'pageSize'>
  const report = useEnterpriseList({
    ...filters,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField as EnterpriseListParams['sortField'],
    sortOrder: params.sortOrder,
  })
  const list = { ...report, data: report.data?.page }
  const year = report.data?.year ?? years.data?.latest
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | number | undefined>>) => setFilters({ ...f, ...change })
  const filtered = FILTERS.some((k) => k !== 'year' && f[k])

  const columns: TableColumnsType<EnterpriseReportRow> = [
    {
      title: '企业',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, r) => (
        <>
          <RowLink onClick={() => onChoose(r.id)} testId={`open-enterprise-${r.id}`}>
            {r.name}
          </RowLink>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.creditCode} · {r.countyName ?? '—'}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: '规模', dataIndex: 'scale', width: 56 },
    {
      title: `亩均税收(万元/亩)`,
      dataIndex: 'taxPerMu',
      key: 'taxPerMu',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('taxPerMu'),
      render: (v: number | null) => <span data-field="taxPerMu">{figure(v, 2)}</span>,
    },
    { title: '评价', dataIndex: 'appraisalClass', width: 64, render: (v: string | null) => <AppraisalTag value={v} /> },
  ]

  return (
    <div data-testid="enterprise-list">
      <Space wrap size={8} style={{ marginBottom: 10 }}>
        <Input.Search
          aria-label="关键字"
          placeholder="企业名称或信用代码"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
          style={{ width: 228 }}
          data-testid="enterprise-search"
        />
        <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} width={228} testId="enterprise-region" />
        <Select
          aria-label="行业"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部行业"
          style={{ width: 228 }}
          value={f.industry}
          onChange={(industry) => set({ industry })}
          options={INDUSTRY_CHOICES}
          data-testid="enterprise-industry"
        />
        <Select
          aria-label="规模"
          allowClear
          placeholder="全部规模"
          style={{ width: 108 }}
          value={f.scale}
          onChange={(scale) => set({ scale })}
          options={SCALE_CHOICES}
        />
        <Select
          aria-label="评价类别"
          allowClear
          placeholder="全部类别"
          style={{ width: 130 }}
          value={f.appraisalClass}
          onChange={(appraisalClass) => set({ appraisalClass })}
          options={APPRAISAL_CHOICES}
        />
        <YearSelect
          value={year}
          onChange={(y) => set({ year: y === years.data?.latest ? undefined : y })}
          width={100}
          testId="enterprise-year"
        />
        <ExportButton onExport={() => exportEnterprises(filters)} testId="enterprise-export" />
      </Space>
      <PagedTable<EnterpriseReportRow>
        list={list}
        size="small"
        emptyText={filtered ? '没有符合条件的企业，请调整搜索条件' : '本账号的数据范围内还没有企业'}
        pagination={(total) => ({ ...pagination(total), size: 'small', showSizeChanger: false })}
        columns={columns}
        onChange={onTableChange}
        rowClassName={(r) => (r.id === chosen ? CHOSEN_ROW : '')}
        onRow={(r) => ({ onClick: () => onChoose(r.id), style: { cursor: 'pointer' } })}
      />
    </div>
  )
}
