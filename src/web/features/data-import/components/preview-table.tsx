/** 数据预览: a batch's rows as read from the source, column by column, paged from the server. */
import { Table, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { BatchRowView } from '../../../../domain/contracts/datacenter-import'
import { LoadError, emptyState } from '../../../ui/list-shell'
import { useRows } from '../api/query-rows'
import { LevelTag } from './labels'

/** The source rows of a batch. */
export function PreviewTable({ batchId }: { batchId: number }) {
  const [page, setPage] = useState({ page: 1, pageSize: 20 })
  const rows = useRows({ id: batchId, ...page })
  const headers = rows.data?.headers ?? []
  const mapped = new Set(Object.values(rows.data?.mapping ?? {}))
  const columns: TableColumnsType<BatchRowView> = [
    {
      title: '源行号',
      key: 'line',
      width: 76,
      fixed: 'left',
      render: (_, r) => <span title={`第 ${r.rowNo} 条数据`}>{r.sourceLine}</span>,
    },
    { title: '状态', key: 'level', width: 76, fixed: 'left', render: (_, r) => <LevelTag level={r.level} excluded={r.excluded} /> },
    ...headers.map((h) => ({
      title: (
        <span style={{ color: mapped.has(h) ? undefined : '#9ca3af' }} title={mapped.has(h) ? '已映射到标准字段' : '未映射，不会导入'}>
          {h}
        </span>
      ),
      key: h,
      ellipsis: true,
      width: Math.min(260, Math.max(90, h.length * 16 + 24)),
      render: (_: unknown, r: BatchRowView) => {
        const v = r.source[h]
        return v === null || v === undefined ? <span style={{ color: '#d1d5db' }}>—</span> : String(v)
      },
    })),
    { title: '图形', key: 'geom', width: 64, render: (_, r) => (r.hasGeometry ? '有' : '—') },
  ]
  return (
    <>
      {rows.error && <LoadError error={rows.error} onRetry={() => void rows.refetch()} />}
      <Table<BatchRowView>
        rowKey="rowNo"
        size="small"
        data-testid="preview-table"
        columns={columns}
        dataSource={rows.data?.rows.list}
        loading={rows.isFetching}
        scroll={{ x: 'max-content', y: 420 }}
        locale={{ emptyText: emptyState(rows.error ? '加载失败' : '批次中没有数据行') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: rows.data?.rows.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 行`,
          onChange: (p, ps) => setPage({ page: p, pageSize: ps }),
        }}
      />
    </>
  )
}
