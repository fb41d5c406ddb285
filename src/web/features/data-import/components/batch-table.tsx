/**
 * The list of import batches, with search, filters (type, state, mine) and paging kept in the URL;
 * the chosen batch is the URL's `batch` parameter; 导出批次列表 takes the same filters. Each page adds its
 * own actions.
 */
import { Input, Select, Space, Switch, Tag, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { BATCH_STATUSES } from '../../../../domain/datacenter/import-batch'
import { RECORD_KIND_LABEL } from '../../../../domain/datacenter/standard'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportBatches } from '../api/export-batches'
import { useBatches } from '../api/query-batches'
import { StatusTag } from './labels'
import { formatTime } from '../../../widgets/format-time'

const FILTERS = ['kind', 'status', 'keyword', 'mine'] as const
const FORMAT_SHORT: Record<string, string> = { xlsx: 'Excel', csv: 'CSV', shapefile: 'Shapefile', geojson: 'GeoJSON' }

/** The batch chosen in the URL (`?batch=`), and a setter. */
export function useChosenBatch(): [number | null, (id: number | null) => void] {
  const [sp, setSp] = useSearchParams()
  const id = Number(sp.get('batch'))
  const set = (next: number | null) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev)
        if (next === null) p.delete('batch')
        else p.set('batch', String(next))
        return p
      },
      { replace: false },
    )
  return [Number.isInteger(id) && id > 0 ? id : null, set]
}

/** Props of {@link BatchTable}. */
export interface BatchTableProps {
  /** the actions of a row (选择, 重新导入, 删除 …) */
  actions: (b: BatchView) => ReactNode
  chosen: number | null
  testId: string
}

/** 导入批次 list with its toolbar. */
export function BatchTable({ actions, chosen, testId }: BatchTableProps) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS, 10)
  const f = params.filters
  const list = useBatches({ page: params.page, pageSize: params.pageSize, sortField: params.sortField, sortOrder: params.sortOrder, ...f })
  const columns: TableColumnsType<BatchView> = [
    {
      title: '批次',
      key: 'name',
      render: (_, b) => (
        <span title={b.name}>
          #{b.id} {b.name}
        </span>
      ),
      ellipsis: true,
    },
    { title: '类型', key: 'kind', width: 70, render: (_, b) => RECORD_KIND_LABEL[b.kind] },
    { title: '格式', key: 'format', width: 96, render: (_, b) => FORMAT_SHORT[b.format] },
    { title: '行数', dataIndex: 'rowCount', key: 'rowCount', width: 90, sorter: true, sortOrder: sortOrderOf('rowCount'), align: 'right' },
    { title: '状态', key: 'status', width: 96, render: (_, b) => <StatusTag status={b.status} /> },
    {
      title: '检查结果',
      key: 'issues',
      width: 150,
      render: (_, b) =>
        b.checkedAt ? (
          <Space size={4}>
            {b.errorRows > 0 ? <Tag color="red">错误 {b.errorRows}</Tag> : <Tag color="green">无错误</Tag>}
            {b.warningRows > 0 && <Tag color="orange">警告 {b.warningRows}</Tag>}
          </Space>
        ) : (
          <span style={{ color: '#9ca3af' }}>未检查</span>
        ),
    },
    {
      title: '上传',
      key: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (_, b) => `${formatTime(b.createdAt)} ${b.createdBy}`,
    },
    { title: '操作', key: 'actions', width: 210, render: (_, b) => actions(b) },
  ]
  return (
    <div data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="按文件名或上传人搜索"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 240 }}
        />
        <Select
          placeholder="数据类型"
          allowClear
          value={f.kind}
          style={{ width: 110 }}
          options={Object.entries(RECORD_KIND_LABEL).map(([value, label]) => ({ value, label }))}
          onChange={(kind) => setFilters({ ...f, kind })}
        />
        <Select
          placeholder="批次状态"
          allowClear
          value={f.status}
          style={{ width: 120 }}
          options={BATCH_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(status) => setFilters({ ...f, status })}
        />
        <span>
          只看我的 <Switch size="small" checked={f.mine === '1'} onChange={(on) => setFilters({ ...f, mine: on ? '1' : undefined })} />
        </span>
        <ExportButton onExport={() => exportBatches(f)} disabled={!list.data?.total} testId={`${testId}-export`}>
          导出批次列表
        </ExportButton>
      </Space>
      <PagedTable<BatchView>
        list={list}
        emptyText="还没有导入批次：在上方选择数据类型后上传文件"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        size="small"
        rowClassName={(b) => (b.id === chosen ? 'ant-table-row-selected' : '')}
      />
    </div>
  )
}
