/**
 * 主数据列表 of one kind inside the user's region: search and county filter in the URL, server
 * paging, xlsx export of the filtered list, and per record 修改 (a change proposal), 删除 (a
 * deletion proposal, confirmed) and 历史.
 */
import { Button, Input, Select, Space, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { EnterpriseBrief, ParcelBrief } from '../../../../domain/contracts/land-scope'
import { m2ToMu } from '../../../../domain/codes/units'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { deleteRecord } from '../api/delete-record'
import { exportRecords } from '../api/export-records'
import { useCounties } from '../api/list-counties'
import { useEnterprises } from '../api/list-enterprises'
import { useParcels } from '../api/list-parcels'
import { EditorDrawer, type DrawerTarget } from './editor-drawer'
import { HistoryDrawer } from './history-drawer'

type Row = ParcelBrief | EnterpriseBrief

const FILTERS = ['keyword', 'countyCode'] as const

/** The master list of a kind with its record actions. */
export function MasterList({ kind, canWrite }: { kind: RecordKind; canWrite: boolean }) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    ...params.filters,
  }
  const parcels = useParcels(query)
  const enterprises = useEnterprises(query, kind === 'enterprise')
  const list = kind === 'parcel' ? parcels : enterprises
  const counties = useCounties()
  const [editing, setEditing] = useState<DrawerTarget>(null)
  const [history, setHistory] = useState<{ id: number; title: string } | null>(null)
  const run = useAction()
  const noun = kind === 'parcel' ? '地块' : '企业'

  const proposeDelete = (r: Row) =>
    run(() => deleteRecord(kind, { targetId: r.id, submit: true, remark: `申请删除${noun}` }), {
      confirm: { title: `申请删除${noun}“${r.name}”？`, content: '将提交删除申请，审核通过后该记录从主数据中删除（历史版本保留）。' },
      success: '已提交删除申请，等待审核',
      refresh: [['submissions'], ['record']],
    })

  const actions: TableColumnsType<Row>[number] = {
    title: '操作',
    key: 'actions',
    width: canWrite ? 180 : 80,
    render: (_, r) => (
      <Space size={0}>
        {canWrite && (
          <Button
            type="link"
            size="small"
            data-testid={`edit-${r.id}`}
            onClick={() => setEditing({ kind, targetId: r.id, title: `修改${noun}：${r.name}` })}
          >
            修改
          </Button>
        )}
        {canWrite && (
          <Button type="link" size="small" danger onClick={() => void proposeDelete(r)}>
            删除
          </Button>
        )}
        <Button type="link" size="small" data-testid={`history-${r.id}`} onClick={() => setHistory({ id: r.id, title: r.name })}>
          历史
        </Button>
      </Space>
    ),
  }
  const columns: TableColumnsType<Row> =
    kind === 'parcel'
      ? [
          { title: '宗地代码', dataIndex: 'landCode', width: 190 },
          { title: '地块名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
          { title: '所在县', dataIndex: 'countyName', width: 110, render: (v: string | null) => v ?? '待认领' },
          { title: '状态', dataIndex: 'status', width: 90 },
          {
            title: '面积（亩）',
            dataIndex: 'areaM2',
            width: 110,
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : m2ToMu(v).toFixed(2)),
          },
          { title: '用地单位', dataIndex: 'enterpriseName', ellipsis: true, render: (v: string | null) => v ?? '—' },
          actions,
        ]
      : [
          { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
          { title: '企业名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
          { title: '所在县', dataIndex: 'countyName', width: 110, render: (v: string | null) => v ?? '待认领' },
          { title: '规模', dataIndex: 'scale', width: 70 },
          { title: '经营状态', dataIndex: 'status', width: 90 },
          { title: '联系人', dataIndex: 'contactPerson', width: 100, render: (v: string) => v || '—' },
          actions,
        ]
  return (
    <div data-testid={`master-list-${kind}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder={kind === 'parcel' ? '宗地代码或地块名称' : '信用代码或企业名称'}
          allowClear
          defaultValue={params.filters.keyword}
          onSearch={(keyword) => setFilters({ ...params.filters, keyword })}
          style={{ width: 280 }}
          data-testid="master-search"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部区县"
          style={{ width: 200 }}
          value={params.filters.countyCode}
          onChange={(countyCode) => setFilters({ ...params.filters, countyCode })}
          options={(counties.data ?? []).map((c) => ({ value: c.code, label: `${c.cityName} ${c.name}` }))}
        />
        <ExportButton onExport={() => exportRecords({ kind, ...params.filters })} testId="master-export" />
      </Space>
      <PagedTable<Row>
        list={list}
        emptyText={
          params.filters.keyword || params.filters.countyCode ? `没有符合条件的${noun}，请调整搜索条件` : `本账号的数据范围内还没有${noun}`
        }
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
      />
      <EditorDrawer target={editing} onClose={() => setEditing(null)} />
      <HistoryDrawer kind={kind} id={history?.id ?? null} title={history?.title} onClose={() => setHistory(null)} />
    </div>
  )
}
