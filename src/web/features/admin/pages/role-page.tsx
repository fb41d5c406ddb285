/**
 * 角色管理 (/admin/setting/role): roles, their menu grants (a checkable tree of all six menu
 * groups) and their users.
 */
import { PagedTable } from '../../../ui/paged-table'
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Button, Form, Input, Space, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { roleAddBody, roleEditBody, type RoleView } from '../../../../domain/contracts/admin-role'
import { ApiError } from '../../../core/api'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { formatTime } from '../../../widgets/format-time'
import { addRole, deleteRole, editRole, queryRoles } from '../api/role-api'
import { RoleGrantDrawer } from './role-grant'
import { RoleUsersDrawer } from './role-users'

/** 角色管理 */
export function RolePage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['keyword'] as const)
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword: params.filters.keyword,
  }
  const list = useQuery({ queryKey: ['roles', query], queryFn: () => queryRoles(query), placeholderData: keepPreviousData })
  const run = useAction()
  const { modal, message } = App.useApp()
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null)
  const [granting, setGranting] = useState<RoleView | null>(null)
  const [usersOf, setUsersOf] = useState<RoleView | null>(null)
  const refresh = [['roles']]

  const onDelete = (r: RoleView) =>
    run(
      async () => {
        try {
          await deleteRole(r.id)
        } catch (err) {
          // a role still held by users: say how many, and delete only when confirmed again
          if (!(err instanceof ApiError) || err.status !== 422 || !err.message.includes('确认后')) throw err
          const again = await modal.confirm({
            title: '角色仍在使用',
            content: `${err.message}。删除后这些用户将失去该角色的菜单权限。`,
            okText: '仍然删除',
            cancelText: '取消',
            okButtonProps: { danger: true },
          })
          if (!again) return
          await deleteRole(r.id, true)
        }
        message.success('已删除')
      },
      { confirm: { title: `删除角色“${r.name}”？` }, refresh },
    )

  const columns: TableColumnsType<RoleView> = [
    { title: '角色名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
    {
      title: '角色编码',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      sortOrder: sortOrderOf('code'),
      render: (v: string) => <code>{v}</code>,
    },
    { title: '说明', dataIndex: 'remark', render: (v: string) => v || '—' },
    { title: '用户数', dataIndex: 'userCount', width: 80 },
    { title: '授权菜单', dataIndex: 'menuCount', width: 90 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: formatTime,
      width: 170,
    },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setGranting(r)} data-testid={`role-grant-${r.code}`}>
            授权菜单
          </Button>
          <Button type="link" size="small" onClick={() => setUsersOf(r)}>
            用户
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ]

  const current = editing && editing !== 'new' ? editing : null
  return (
    <ListShell
      title="角色管理"
      intro="角色决定用户能进入哪些页面：给角色授权菜单，再把角色分配给用户"
      testId="admin-role-page"
      toolbar={
        <>
          <Input.Search
            placeholder="角色名称或编码"
            allowClear
            defaultValue={params.filters.keyword}
            onSearch={(keyword) => setFilters({ keyword })}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="role-add">
            新增角色
          </Button>
        </>
      }
    >
      <PagedTable<RoleView>
        list={list}
        emptyText="没有符合条件的角色"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        data-testid="role-table"
      />
      <FormModal
        title={current ? `编辑角色 ${current.name}` : '新增角色'}
        open={editing !== null}
        schema={current ? roleEditBody : roleAddBody}
        initialValues={current ? { id: current.id, name: current.name, code: current.code, remark: current.remark } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editRole(v as never)
          else await addRole(v as never)
          void list.refetch()
        }}
        testId="role-form"
      >
        {() => (
          <>
            <Form.Item
              label="角色名称"
              name="name"
              rules={[{ required: true, message: '角色名称不能为空' }, fieldRule(roleAddBody, 'name')]}
            >
              <Input data-testid="role-form-name" />
            </Form.Item>
            <Form.Item
              label="角色编码"
              name="code"
              rules={[{ required: true, message: '角色编码不能为空' }, fieldRule(roleAddBody, 'code')]}
              extra="大写字母、数字和下划线，如 PATROL"
            >
              <Input data-testid="role-form-code" />
            </Form.Item>
            <Form.Item label="说明" name="remark" rules={[fieldRule(roleAddBody, 'remark')]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </FormModal>
      <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} onSaved={() => void list.refetch()} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} onChanged={() => void list.refetch()} />
    </ListShell>
  )
}
