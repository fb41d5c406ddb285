/**
 * The members of the chosen group (right of a group page): its name and totals, search and
 * paging, 添加成员, 移出 of the ticked members after a confirmation, and 导出 Excel.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Input, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { GroupKind, GroupMember, RecordGroup } from '../../../../domain/contracts/record-group'
import { formatDate, formatTime } from '../../../widgets/format-time'
import { STATUS_COLORS } from '../../../ui/parcel-status'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { exportGroup } from '../api/export-group'
import { useMembers } from '../api/list-members'
import { removeMembers } from '../api/remove-members'
import { AddMembersModal } from './add-members-modal'
import { GROUP_WORDS } from './group-words'
import { figure } from './profile-format'
import { ProfileHead } from './profile-parts'
import { useGroupWrite } from './use-group-write'

/** Paging and search of the member table (local: the URL holds the group list's). */
interface MemberView {
  page: number
  pageSize: number
  keyword?: string
  sortField?: string
  sortOrder?: 'ascend' | 'descend'
}

/** The members of `group`. */
export function GroupMembers({ kind, group }: { kind: GroupKind; group: RecordGroup }) {
  const words = GROUP_WORDS[kind]
  const [view, setView] = useState<MemberView>({ page: 1, pageSize: 20 })
  const [ticked, setTicked] = useState<number[]>([])
  const [adding, setAdding] = useState(false)
  const list = useMembers(kind, { id: group.id, ...view })
  const write = useGroupWrite(kind)

  const remove = async () => {
    const done = await write(() => removeMembers(kind, group.id, ticked))
    if (done) setTicked([])
  }

  const sortOrderOf = (key: string) => (view.sortField === key ? view.sortOrder : null)
  const columns: TableColumnsType<GroupMember> = [
    {
      title: words.noun,
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, m) => (
        <>
          <div>{m.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span data-field="code">{m.code}</span> · {m.countyName ?? '—'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: string) => (kind === 'parcel' ? <Tag color={STATUS_COLORS[s]}>{s}</Tag> : s),
    },
    { title: words.area, dataIndex: 'areaMu', width: kind === 'parcel' ? 90 : 110, align: 'right', render: (v: number) => figure(v, 2) },
    { title: words.detail, dataIndex: 'detail', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: '加入时间',
      dataIndex: 'addedAt',
      key: 'addedAt',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('addedAt'),
      render: (v: string) => <span title={formatTime(v)}>{formatDate(v)}</span>,
    },
  ]

  return (
    <div data-testid="group-members" data-group={group.id}>
      <ProfileHead
        title={group.name}
        tags={
          <Typography.Text type="secondary" data-testid="group-summary">
            {group.memberCount} {words.measure}
            {words.noun} · {figure(group.areaMu, 2)} 亩 · {group.regionName ?? '全省'} · {group.createdBy} 创建
          </Typography.Text>
        }
      />
      {group.remark && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          备注：{group.remark}
        </Typography.Paragraph>
      )}
      <Space wrap size={8} style={{ marginBottom: 10 }}>
        <Input.Search
          aria-label="搜索成员"
          placeholder={words.search}
          allowClear
          onSearch={(k) => setView((v) => ({ ...v, keyword: k.trim() || undefined, page: 1 }))}
          style={{ width: 240 }}
          data-testid="member-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-members">
          添加成员
        </Button>
        <Popconfirm
          title={`从“${group.name}”移出选中的 ${ticked.length} ${words.measure}${words.noun}？`}
          description={`只解除分组关系，${words.noun}数据不会被删除。`}
          okText="移出"
          cancelText="取消"
          okButtonProps={{ danger: true, 'data-testid': 'confirm-remove-members' }}
          onConfirm={remove}
          disabled={ticked.length === 0}
        >
          <Button danger icon={<DeleteOutlined />} disabled={ticked.length === 0} data-testid="remove-members">
            移出{ticked.length ? ` ${ticked.length} ${words.measure}` : ''}
          </Button>
        </Popconfirm>
        <ExportButton onExport={() => exportGroup(kind, group.id, group.name)} disabled={group.memberCount === 0} testId="export-group" />
      </Space>
      <PagedTable<GroupMember>
        list={list}
        size="small"
        emptyText={
          view.keyword
            ? `分组中没有符合“${view.keyword}”的${words.noun}`
            : `分组中还没有${words.noun}，点击“添加成员”从${words.noun}列表中选择`
        }
        pagination={(total) => ({
          current: view.page,
          pageSize: view.pageSize,
          total: total ?? 0,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
        })}
        columns={columns}
        rowSelection={{ selectedRowKeys: ticked, preserveSelectedRowKeys: true, onChange: (keys) => setTicked(keys as number[]) }}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter
          setView((v) => ({
            ...v,
            page: p.current ?? 1,
            pageSize: p.pageSize ?? v.pageSize,
            sortField: s?.order ? String(s.columnKey) : undefined,
            sortOrder: s?.order ?? undefined,
          }))
        }}
      />
      <AddMembersModal kind={kind} group={group} open={adding} onClose={() => setAdding(false)} />
    </div>
  )
}
