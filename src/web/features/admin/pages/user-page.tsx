/**
 * 用户管理 (/admin/setting/user): staff accounts — search, paging, add (with a one-time password),
 * edit, roles, enable/disable, reset password, unlock, delete — and enterprise accounts.
 */
import { PagedTable } from '../../../ui/paged-table'
import { DownOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Dropdown, Form, Input, Select, Space, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { userAddBody, userEditBody, type InitialPassword, type UserRowView } from '../../../../domain/contracts/admin-user'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { OneTimePasswordModal } from '../components/one-time-password'
import { OrganSelect, AreaSelect } from '../components/pickers'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { allRoles } from '../api/role-api'
import { addUser, deleteUser, editUser, queryUsers, resetUserPassword, setUserRoles, setUserStatus, unlockUser } from '../api/user-api'
import { CompanyAccounts } from './user-company'
import { formatTime } from '../../../widgets/format-time'

const FILTERS = ['username', 'realName', 'organizationId', 'roleId', 'status'] as const

/** The roles, for selects. */
function useRoleOptions() {
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: allRoles })
  return (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))
}

function StaffAccounts() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    username: f.username,
    realName: f.realName,
    organizationId: f.organizationId ? Number(f.organizationId) : undefined,
    roleId: f.roleId ? Number(f.roleId) : undefined,
    status: f.status === '0' || f.status === '1' ? (Number(f.status) as 0 | 1) : undefined,
  }
  const list = useQuery({ queryKey: ['users', query], queryFn: () => queryUsers(query), placeholderData: keepPreviousData })
  const roleOptions = useRoleOptions()
  const run = useAction()
  const [editing, setEditing] = useState<UserRowView | 'new' | null>(null)
  const [rolesOf, setRolesOf] = useState<UserRowView | null>(null)
  const [password, setPassword] = useState<{ title: string; value: InitialPassword } | null>(null)
  const [search] = Form.useForm()
  const refresh = [['users']]

  const onMore = (u: UserRowView, key: string) => {
    if (key === 'status') {
      return run(() => setUserStatus(u.id, u.status === 1 ? 0 : 1), {
        confirm:
          u.status === 1 ? { title: `停用账号 ${u.username}？`, content: '停用后该账号的所有登录会话立即失效，且不能再登录。' } : undefined,
        success: u.status === 1 ? '已停用' : '已启用',
        refresh,
      })
    }
    if (key === 'reset') {
      return run(async () => setPassword({ title: '密码已重置', value: await resetUserPassword(u.id) }), {
        confirm: { title: `重置 ${u.username} 的密码？`, content: '将生成一次性密码，原密码和所有登录会话立即失效。', danger: false },
        refresh,
      })
    }
    if (key === 'unlock') return run(() => unlockUser(u.id), { success: '已解除锁定', refresh })
    return run(() => deleteUser(u.id), {
      confirm: { title: `删除账号 ${u.username}？`, content: '删除后账号不能再登录，用户名也不能再次使用。' },
      success: '已删除',
      refresh,
    })
  }

  const columns: TableColumnsType<UserRowView> = [
    { title: '用户名', dataIndex: 'username', key: 'username', sorter: true, sortOrder: sortOrderOf('username'), width: 120 },
    { title: '姓名', dataIndex: 'realName', key: 'realName', sorter: true, sortOrder: sortOrderOf('realName'), width: 100 },
    { title: '组织机构', dataIndex: 'organizationName', render: (v: string | null) => v ?? '—' },
    { title: '行政区划', dataIndex: 'regionName', render: (v: string | null) => v ?? '—', width: 110 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: UserRowView['roles']) => (roles.length ? roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : '—'),
    },
    {
      title: '状态',
      key: 'status',
      width: 110,
      filters: [
        { text: '启用', value: '1' },
        { text: '停用', value: '0' },
      ],
      filterMultiple: false,
      filteredValue: f.status ? [f.status] : null,
      render: (_, u) => (
        <Space size={4} wrap>
          {u.status === 1 ? <Tag color="green">启用</Tag> : <Tag color="default">停用</Tag>}
          {u.lockedUntil && (
            <Tooltip title={`锁定至 ${formatTime(u.lockedUntil)}`}>
              <Tag color="red">已锁定</Tag>
            </Tooltip>
          )}
          {u.mustChangePassword && <Tag color="orange">待改密</Tag>}
        </Space>
      ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      sorter: true,
      sortOrder: sortOrderOf('lastLoginAt'),
      width: 150,
      render: (v: string | null, u) => (v ? <Tooltip title={u.lastLoginIp}>{formatTime(v)}</Tooltip> : '从未登录'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(u)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setRolesOf(u)}>
            分配角色
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'status', label: u.status === 1 ? '停用' : '启用' },
                { key: 'reset', label: '重置密码' },
                ...(u.lockedUntil ? [{ key: 'unlock', label: '解除锁定' }] : []),
                { type: 'divider' as const },
                { key: 'delete', label: '删除', danger: true },
              ],
              onClick: ({ key }) => onMore(u, key),
            }}
          >
            <Button type="link" size="small" data-testid={`user-more-${u.username}`}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ]

  const isNew = editing === 'new'
  const current = editing && editing !== 'new' ? editing : null
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <Form
          form={search}
          layout="inline"
          initialValues={{
            ...f,
            organizationId: f.organizationId ? Number(f.organizationId) : undefined,
            roleId: f.roleId ? Number(f.roleId) : undefined,
          }}
          onFinish={(v) => setFilters(v)}
        >
          <Form.Item name="username">
            <Input placeholder="用户名" allowClear style={{ width: 130 }} data-testid="user-search-username" />
          </Form.Item>
          <Form.Item name="realName">
            <Input placeholder="姓名" allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="organizationId">
            <OrganSelect placeholder="组织机构" />
          </Form.Item>
          <Form.Item name="roleId">
            <Select placeholder="角色" allowClear options={roleOptions} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder="状态"
              allowClear
              style={{ width: 90 }}
              options={[
                { value: '1', label: '启用' },
                { value: '0', label: '停用' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="user-search">
            查询
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              search.resetFields()
              setFilters({})
            }}
          >
            重置
          </Button>
        </Form>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="user-add">
          新增用户
        </Button>
      </div>
      <PagedTable<UserRowView>
        list={list}
        emptyText="没有符合条件的用户"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1100 }}
        data-testid="user-table"
      />
      <FormModal
        title={isNew ? '新增用户' : `编辑用户 ${current?.username ?? ''}`}
        open={editing !== null}
        schema={isNew ? userAddBody : userEditBody}
        initialValues={
          current
            ? {
                id: current.id,
                realName: current.realName,
                phone: current.phone,
                organizationId: current.organizationId,
                regionCode: current.regionCode,
                remark: current.remark,
              }
            : { roleIds: [] }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (isNew) {
            const created = await addUser(values as never)
            setPassword({ title: '用户已创建', value: created })
          } else await editUser(values as never)
          void list.refetch()
        }}
        testId="user-form"
      >
        {() => (
          <>
            {isNew && (
              <Form.Item
                label="用户名"
                name="username"
                rules={[{ required: true, message: '用户名不能为空' }, fieldRule(userAddBody, 'username')]}
                extra="字母开头，3–50位，字母、数字和 _ . -"
              >
                <Input autoComplete="off" data-testid="user-form-username" />
              </Form.Item>
            )}
            <Form.Item
              label="姓名"
              name="realName"
              rules={[{ required: true, message: '姓名不能为空' }, fieldRule(userAddBody, 'realName')]}
            >
              <Input data-testid="user-form-realname" />
            </Form.Item>
            <Form.Item label="手机号" name="phone" rules={[fieldRule(userAddBody, 'phone')]}>
              <Input />
            </Form.Item>
            <Form.Item label="组织机构" name="organizationId">
              <OrganSelect />
            </Form.Item>
            <Form.Item label="行政区划（数据范围）" name="regionCode" extra="该用户只能查看和修改本区划及下级的地块、企业数据">
              <AreaSelect testId="user-form-region" />
            </Form.Item>
            {isNew && (
              <Form.Item label="角色" name="roleIds">
                <Select
                  mode="multiple"
                  options={roleOptions}
                  placeholder="选择角色"
                  data-testid="user-form-roles"
                  optionFilterProp="label"
                />
              </Form.Item>
            )}
            <Form.Item label="备注" name="remark" rules={[fieldRule(userAddBody, 'remark')]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </FormModal>
      <RolesModal user={rolesOf} options={roleOptions} onClose={() => setRolesOf(null)} onSaved={() => void list.refetch()} />
      <OneTimePasswordModal value={password?.value ?? null} title={password?.title ?? ''} onClose={() => setPassword(null)} />
    </>
  )
}

function RolesModal({
  user,
  options,
  onClose,
  onSaved,
}: {
  user: UserRowView | null
  options: { value: number; label: string }[]
  onClose: () => void
  onSaved: () => void
}) {
  const schema = userEditBody.pick({ id: true }).extend({ roleIds: userAddBody.shape.roleIds })
  return (
    <FormModal
      title={`分配角色：${user?.username ?? ''}`}
      open={!!user}
      schema={schema}
      initialValues={user ? { id: user.id, roleIds: user.roles.map((r) => r.id) } : undefined}
      onClose={onClose}
      onSubmit={async (v) => {
        await setUserRoles(v.id, v.roleIds)
        onSaved()
      }}
    >
      {() => (
        <Form.Item label="角色" name="roleIds" extra="用户可进入的页面由其角色被授权的菜单决定">
          <Select mode="multiple" options={options} optionFilterProp="label" />
        </Form.Item>
      )}
    </FormModal>
  )
}

/** 用户管理 */
export function UserPage() {
  return (
    <ListShell title="用户管理" intro="账号、角色、组织机构与数据范围；新账号和重置后的账号首次登录须修改密码" testId="admin-user-page">
      <Tabs
        items={[
          { key: 'staff', label: '工作人员账号', children: <StaffAccounts /> },
          { key: 'company', label: '企业账号', children: <CompanyAccounts /> },
        ]}
      />
    </ListShell>
  )
}
