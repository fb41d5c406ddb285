/**
 * The groups of a kind (left of a group page): search by name, paging and sorting in the URL,
 * 新建分组, and per group 编辑 and 删除 (confirmed, naming the group); a row opens its members.
 */
import { PlusOutlined } from '@ant-design/icons'
import { Button, Input, Popconfirm, Space, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { GROUP_KINDS, type GroupKind, type RecordGroup } from '../../../../domain/contracts/record-group'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { deleteGroup } from '../api/delete-group'
import { useGroups } from '../api/list-groups'
import { GroupFormModal, type GroupEditing } from './group-form-modal'
import { GROUP_WORDS } from './group-words'
import { figure } from './profile-format'
import { RowLink } from './row-link'
import { useGroupWrite } from './use-group-write'
import { CHOSEN_ROW } from './profile-layout'

/** Props of {@link GroupList}. */
export interface GroupListProps {
  kind: GroupKind
  chosen: number | null
  onChoose: (id: number | null) => void
}

/** The list with its create / edit modal. */
export function GroupList({ kind, chosen, onChoose }: GroupListProps) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['keyword'] as const)
  const keyword = params.filters.keyword
  const list = useGroups(kind, {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword,
  })
  const [editing, setEditing] = useState<GroupEditing>(null)
  const write = useGroupWrite(kind)
  const words = GROUP_WORDS[kind]

  const remove = async (g: RecordGroup) => {
    const done = await write(() => deleteGroup(kind, g.id))
    if (done !== undefined && g.id === chosen) onChoose(null)
  }

  const columns: TableColumnsType<RecordGroup> = [
    {
      title: '分组名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, g) => (
        <>
          <RowLink onClick={() => onChoose(g.id)} testId={`open-group-${g.id}`}>
            <span data-field="name">{g.name}</span>
          </RowLink>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[g.regionName ?? '全省', g.remark].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: `成员(${words.measure})`,
      dataIndex: 'memberCount',
      key: 'memberCount',
      width: 86,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('memberCount'),
      render: (n: number, g) => (
        <span data-field="memberCount" title={`共 ${figure(g.areaMu, 2)} 亩`}>
          {n}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 104,
      render: (_, g) => (
        // the row's click opens the group: the actions keep their clicks to themselves
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => setEditing(g)} data-testid={`edit-group-${g.id}`}>
            编辑
          </Button>
          <Popconfirm
            title={`删除分组“${g.name}”？`}
            description={
              g.memberCount ? `其中的 ${g.memberCount} ${words.measure}${words.noun}只解除分组关系，不会被删除。` : '分组中没有成员。'
            }
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true, 'data-testid': 'confirm-delete-group' }}
            onConfirm={() => remove(g)}
          >
            <Button type="link" size="small" danger data-testid={`delete-group-${g.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="group-list">
      <Space wrap size={8} style={{ marginBottom: 10, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          aria-label="分组名称"
          placeholder="搜索分组名称"
          allowClear
          defaultValue={keyword}
          onSearch={(k) => setFilters({ keyword: k.trim() || undefined })}
          style={{ width: 220 }}
          data-testid="group-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="new-group">
          新建分组
        </Button>
      </Space>
      <PagedTable<RecordGroup>
        list={list}
        size="small"
        emptyText={keyword ? `没有名称含“${keyword}”的分组` : '还没有分组，点击“新建分组”创建'}
        pagination={(total) => ({ ...pagination(total), size: 'small', showSizeChanger: false })}
        columns={columns}
        onChange={onTableChange}
        rowClassName={(g) => (g.id === chosen ? CHOSEN_ROW : '')}
        onRow={(g) => ({ onClick: () => onChoose(g.id), style: { cursor: 'pointer' } })}
      />
      <GroupFormModal kind={kind} editing={editing} onClose={() => setEditing(null)} onSaved={(g) => onChoose(g.id)} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
        {GROUP_KINDS[kind].label}分组归属于创建账号的行政区，数据范围包含该行政区的账号都能看到。
      </Typography.Paragraph>
    </div>
  )
}
