/**
 * 操作日志 (/admin/setting/rz): who did what, when, from where, with what result — sign-ins,
 * denials and every write. Filter by user, time range, module and result; export to xlsx. Rows
 * cannot be changed or removed (GB/T 22239-2019 8.1.4.3).
 */
import { PagedTable } from '../../../ui/paged-table'
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Form, Input, Select, Tag, Tooltip, type TableColumnsType } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { LOG_MODULES } from '../../../../domain/contracts/admin'
import type { LogRowView } from '../../../../domain/contracts/admin-log'
import { saveBlob } from '../../../core/api'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { formatTime } from '../../../widgets/format-time'
import { exportLog, logPage } from '../api/log-api'

const FILTERS = ['username', 'module', 'action', 'success', 'from', 'to'] as const

/** 操作日志 */
export function RzPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const filter = {
    username: f.username,
    module: f.module,
    action: f.action,
    success: f.success === 'true' ? true : f.success === 'false' ? false : undefined,
    from: f.from,
    to: f.to,
  }
  const query = { page: params.page, pageSize: params.pageSize, sortField: params.sortField, sortOrder: params.sortOrder, ...filter }
  const list = useQuery({ queryKey: ['oplog', query], queryFn: () => logPage(query), placeholderData: keepPreviousData })
  const [form] = Form.useForm()
  const run = useAction()
  const [exporting, setExporting] = useState(false)

  const columns: TableColumnsType<LogRowView> = [
    { title: '时间', dataIndex: 'at', key: 'at', sorter: true, sortOrder: sortOrderOf('at'), width: 170, render: formatTime },
    {
      title: '用户',
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: sortOrderOf('username'),
      width: 100,
      render: (v: string) => v || '—',
    },
    {
      title: '模块',
      dataIndex: 'module',
      key: 'module',
      sorter: true,
      sortOrder: sortOrderOf('module'),
      width: 100,
      render: (v: string) => LOG_MODULES[v] ?? v,
    },
    { title: '操作', dataIndex: 'action', width: 140 },
    { title: '对象', dataIndex: 'target', ellipsis: true, render: (v: string) => v || '—' },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    {
      title: '结果',
      key: 'status',
      width: 110,
      render: (_, r) =>
        r.success ? (
          <Tag color="green">成功</Tag>
        ) : (
          <Tooltip title={r.message || `HTTP ${r.status}`}>
            <Tag color="red">失败 {r.status}</Tag>
          </Tooltip>
        ),
    },
    { title: '请求', key: 'request', ellipsis: true, render: (_, r) => <code style={{ fontSize: 12 }}>{`${r.method} ${r.path}`}</code> },
  ]

  const range: [Dayjs, Dayjs] | undefined = f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : undefined
  return (
    <ListShell title="操作日志" intro="登录、拒绝访问和每一次修改都有记录，日志不可修改或删除，至少保留184天" testId="admin-rz-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          initialValues={{ ...f, range }}
          onFinish={(v: { username?: string; module?: string; action?: string; success?: string; range?: [Dayjs, Dayjs] | null }) =>
            setFilters({
              username: v.username,
              module: v.module,
              action: v.action,
              success: v.success,
              from: v.range?.[0]?.startOf('day').toISOString(),
              to: v.range?.[1]?.endOf('day').toISOString(),
            })
          }
        >
          <Form.Item name="username">
            <Input placeholder="用户" allowClear style={{ width: 110 }} data-testid="rz-username" />
          </Form.Item>
          <Form.Item name="module">
            <Select
              placeholder="模块"
              allowClear
              style={{ width: 120 }}
              options={Object.entries(LOG_MODULES).map(([value, label]) => ({ value, label }))}
              data-testid="rz-module"
            />
          </Form.Item>
          <Form.Item name="action">
            <Input placeholder="操作" allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="success">
            <Select
              placeholder="结果"
              allowClear
              style={{ width: 90 }}
              options={[
                { value: 'true', label: '成功' },
                { value: 'false', label: '失败' },
              ]}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="rz-search">
            查询
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields()
              setFilters({})
            }}
          >
            重置
          </Button>
        </Form>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          data-testid="rz-export"
          onClick={async () => {
            setExporting(true)
            await run(async () => saveBlob(await exportLog(filter), '操作日志.xlsx'), { success: '已导出' })
            setExporting(false)
          }}
        >
          导出 Excel
        </Button>
      </div>
      <PagedTable<LogRowView>
        list={list}
        emptyText="没有符合条件的日志"
        pagination={pagination}
        size="small"
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1200 }}
        data-testid="rz-table"
      />
    </ListShell>
  )
}
