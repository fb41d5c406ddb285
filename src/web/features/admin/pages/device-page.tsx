/** 设备注册 (/admin/setting/device): registered phones — owner, status (停用 refuses the device), last seen. */
import { PagedTable } from '../../../ui/paged-table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space, Switch, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { deviceEditBody, type DeviceView } from '../../../../domain/contracts/admin-device'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { formatTime } from '../../../widgets/format-time'
import { deleteDevice, editDevice, queryDevices } from '../api/device-api'
import { pickUsers } from '../api/user-api'

const OS = { android: 'Android', ios: 'iOS', harmony: 'HarmonyOS' } as Record<string, string>

/** 设备注册 */
export function DevicePage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['keyword', 'status', 'os'] as const)
  const f = params.filters
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword: f.keyword,
    os: f.os,
    status: f.status ? Number(f.status) : undefined,
  }
  const list = useQuery({ queryKey: ['devices', query], queryFn: () => queryDevices(query), placeholderData: keepPreviousData })
  const users = useQuery({ queryKey: ['pick-users', ''], queryFn: () => pickUsers() })
  const [editing, setEditing] = useState<DeviceView | null>(null)
  const run = useAction()
  const refresh = [['devices']]

  const columns: TableColumnsType<DeviceView> = [
    { title: '设备标识', dataIndex: 'deviceId', width: 150, render: (v: string) => <code>{v}</code> },
    { title: '名称', dataIndex: 'name', render: (v: string) => v || '—' },
    { title: '型号', dataIndex: 'model', key: 'model', sorter: true, sortOrder: sortOrderOf('model') },
    {
      title: '系统',
      key: 'os',
      filters: Object.entries(OS).map(([value, text]) => ({ value, text })),
      filterMultiple: false,
      filteredValue: f.os ? [f.os] : null,
      render: (_, d) => `${OS[d.os] ?? d.os} ${d.osVersion}`,
    },
    { title: 'App版本', dataIndex: 'appVersion', width: 90 },
    { title: '使用人', key: 'user', render: (_, d) => (d.username ? `${d.realName}（${d.username}）` : '—') },
    {
      title: '状态',
      key: 'status',
      width: 90,
      filters: [
        { value: '1', text: '启用' },
        { value: '0', text: '停用' },
      ],
      filterMultiple: false,
      filteredValue: f.status ? [f.status] : null,
      render: (_, d) => (d.status === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>),
    },
    {
      title: '最近上报',
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      sorter: true,
      sortOrder: sortOrderOf('lastSeenAt'),
      render: formatTime,
      width: 165,
    },
    {
      title: '注册时间',
      dataIndex: 'registeredAt',
      key: 'registeredAt',
      sorter: true,
      sortOrder: sortOrderOf('registeredAt'),
      render: formatTime,
      width: 165,
    },
    {
      title: '操作',
      key: 'a',
      width: 170,
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(d)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              run(() => editDevice({ id: d.id, name: d.name, userId: d.userId, status: d.status === 1 ? 0 : 1, remark: d.remark }), {
                confirm: d.status === 1 ? { title: `停用设备 ${d.deviceId}？`, content: '停用后该设备上报将被拒绝。' } : undefined,
                success: d.status === 1 ? '已停用' : '已启用',
                refresh,
              })
            }
          >
            {d.status === 1 ? '停用' : '启用'}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteDevice(d.id), {
                confirm: { title: `删除设备 ${d.deviceId}？`, content: '设备再次上报时会重新注册。' },
                success: '已删除',
                refresh,
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]
  return (
    <ListShell
      title="设备注册"
      intro="外业移动设备：登录后自动上报注册，停用的设备不能再使用"
      testId="admin-device-page"
      toolbar={
        <Input.Search
          placeholder="设备标识、名称、型号或使用人"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 300 }}
        />
      }
    >
      <PagedTable<DeviceView>
        list={list}
        emptyText="没有已注册的设备"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1300 }}
      />
      <FormModal
        title={`编辑设备 ${editing?.deviceId ?? ''}`}
        open={!!editing}
        schema={deviceEditBody}
        initialValues={
          editing
            ? { id: editing.id, name: editing.name, userId: editing.userId, status: editing.status, remark: editing.remark }
            : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await editDevice(v)
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Form.Item label="名称" name="name" rules={[fieldRule(deviceEditBody, 'name')]}>
              <Input placeholder="如：巡查终端-01" />
            </Form.Item>
            <Form.Item label="使用人" name="userId">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }))}
              />
            </Form.Item>
            <Form.Item
              label="启用"
              name="status"
              getValueProps={(v) => ({ checked: v === 1 })}
              getValueFromEvent={(checked: boolean) => (checked ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
            <Form.Item label="备注" name="remark" rules={[fieldRule(deviceEditBody, 'remark')]}>
              <Input />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
