/**
 * The parcel list of 地块信息: 关键字 (宗地代码 or name, Enter searches), 区域, 地块状态 and 地类 in
 * the URL, server paging and sorting, xlsx export of the filtered list; a row opens its profile.
 */
import { Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import type { ParcelReportRow } from '../../../../domain/contracts/statistical-report'
import { STATUS_COLORS } from '../../../ui/parcel-status'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportParcels } from '../api/export-parcels'
import { useParcelList, type ParcelListParams } from '../api/list-parcels'
import { figure } from './profile-format'
import { LAND_USE_CHOICES, PARCEL_STATUS_CHOICES } from './record-choices'
import { RegionPicker } from '../../../widgets/region-picker'
import { RowLink } from './row-link'
import { CHOSEN_ROW } from './profile-layout'

const FILTERS = ['keyword', 'regionCode', 'status', 'landUse'] as const

/** The list; `chosen` is highlighted, `onChoose` opens a profile. */
export function ParcelList({ chosen, onChoose }: { chosen: number | null; onChoose: (id: number) => void }) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const filters = { keyword: f.keyword, regionCode: f.regionCode, status: f.status, landUse: f.landUse } as Omit<
    ParcelListParams,
    'page' | 'pageSize'
  >
  const list = useParcelList({
    ...filters,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField as ParcelListParams['sortField'],
    sortOrder: params.sortOrder,
  })
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | undefined>>) => setFilters({ ...f, ...change })
  const filtered = FILTERS.some((k) => f[k])

  const columns: TableColumnsType<ParcelReportRow> = [
    {
      title: '地块',
      key: 'landCode',
      sorter: true,
      sortOrder: sortOrderOf('landCode'),
      render: (_, r) => (
        <>
          <RowLink onClick={() => onChoose(r.id)} testId={`open-parcel-${r.id}`}>
            {r.name}
          </RowLink>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-field="landCode">
            {r.landCode}
          </Typography.Text>
        </>
      ),
    },
    { title: '区县', dataIndex: 'countyName', width: 80, render: (v: string | null) => v ?? '—' },
    { title: '状态', dataIndex: 'status', width: 84, render: (s: string) => <Tag color={STATUS_COLORS[s]}>{s}</Tag> },
    {
      title: '面积(亩)',
      dataIndex: 'areaMu',
      key: 'areaMu',
      width: 96,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('areaMu'),
      render: (v: number) => figure(v, 2),
    },
  ]

  return (
    <div data-testid="parcel-list">
      <Space wrap size={8} style={{ marginBottom: 10 }}>
        <Input.Search
          aria-label="关键字"
          placeholder="宗地代码或地块名称"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
          style={{ width: 228 }}
          data-testid="parcel-search"
        />
        <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} width={228} testId="parcel-region" />
        <Select
          aria-label="地块状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={f.status}
          onChange={(status) => set({ status })}
          options={PARCEL_STATUS_CHOICES}
          data-testid="parcel-status"
        />
        <Select
          aria-label="地类"
          allowClear
          placeholder="全部地类"
          style={{ width: 150 }}
          value={f.landUse}
          onChange={(landUse) => set({ landUse })}
          options={LAND_USE_CHOICES}
          data-testid="parcel-land-use"
        />
        <ExportButton onExport={() => exportParcels(filters)} testId="parcel-export" />
      </Space>
      <PagedTable<ParcelReportRow>
        list={list}
        size="small"
        emptyText={filtered ? '没有符合条件的地块，请调整搜索条件' : '本账号的数据范围内还没有地块'}
        pagination={(total) => ({ ...pagination(total), size: 'small', showSizeChanger: false })}
        columns={columns}
        onChange={onTableChange}
        rowClassName={(r) => (r.id === chosen ? CHOSEN_ROW : '')}
        onRow={(r) => ({ onClick: () => onChoose(r.id), style: { cursor: 'pointer' } })}
      />
    </div>
  )
}
