/** 角色用户 (docs/product.md §7 /api/role/user, /api/role/relation): who holds a role; add and remove users. */
import { useQuery } from '@tanstack/react-query'
import { Button, Drawer, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import type { RoleView } from '../../../../domain/contracts/admin-role'
import { changeRoleUsers, roleUsers } from '../api/role-api'
import { pickUsers } from '../api/user-api'
import { LoadError, emptyState } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'

/** The users drawer of one role. */
export function RoleUsersDrawer({ role, onClose, onChanged }: { role: RoleView | null; onClose: () => void; onChanged: () => void }) {
  const [page, setPage] = useState(1)
  const users = useQuery({ queryKey: ['role-users', role?.id, page], queryFn: () => roleUsers(role!.id, page, 10), enabled: !!role })
  const [keyword, setKeyword] = useState('')
  const candidates = useQuery({ queryKey: ['pick-users', keyword], queryFn: () => pickUsers(keyword || undefined), enabled: !!role })
  const [adding, setAdding] = useState<number[]>([])
  const run = useAction()
  const refresh = [['role-users'], ['roles'], ['users']]

  return (
    <Drawer title={`角色用户：${role?.name ?? ''}`} open={!!role} onClose={onClose} size={560} destroyOnHidden>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder="搜索用户名或姓名，加入该角色"
          value={adding}
          onChange={setAdding}
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          options={(candidates.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }))}
        />
        <Button
          type="primary"
          disabled={!adding.length}
          onClick={async () => {
            if (await run(() => changeRoleUsers(role!.id, adding, []), { success: '已加入', refresh })) {
              setAdding([])
              onChanged()
            }
          }}
        >
          加入
        </Button>
      </Space.Compact>
      {users.error && <LoadError error={users.error} onRetry={() => void users.refetch()} />}
      <Table
        rowKey="id"
        size="small"
        loading={users.isFetching}
        dataSource={users.data?.list}
        pagination={{ current: page, pageSize: 10, total: users.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 人` }}
        locale={{ emptyText: emptyState('该角色还没有用户') }}
        columns={[
          { title: '用户名', dataIndex: 'username' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '状态', dataIndex: 'status', render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          {
            title: '操作',
            key: 'a',
            render: (_, u) => (
              <Button
                type="link"
                danger
                size="small"
                onClick={async () => {
                  if (
                    await run(() => changeRoleUsers(role!.id, [], [u.id]), {
                      confirm: { title: `将 ${u.username} 移出该角色？` },
                      success: '已移出',
                      refresh,
                    })
                  )
                    onChanged()
                }}
              >
                移出
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  )
}
