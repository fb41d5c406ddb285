/** 组织机构 (/admin/setting/organization): the organisation tree — add below, edit, delete leaves without users. */
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Input, InputNumber, Space, Table, type TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import { organAddBody, organEditBody, type OrganNodeView } from '../../../../domain/contracts/admin-organ'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { OrganSelect, AreaSelect } from '../components/pickers'
import { useAction } from '../../../ui/use-action'
import { addOrgan, deleteOrgan, editOrgan, organTree } from '../api/organ-api'

type Row = Omit<OrganNodeView, 'children'> & { children?: Row[] }
const rows = (nodes: OrganNodeView[]): Row[] => nodes.map((n) => ({ ...n, children: n.children.length ? rows(n.children) : undefined }))

function findOrgan(nodes: OrganNodeView[], id: number): OrganNodeView | undefined {
  for (const n of nodes) {
    if (n.id === id) return n
    const found = findOrgan(n.children, id)
    if (found) return found
  }
  return undefined
}

/** 组织机构 */
export function OrganizationPage() {
  const tree = useQuery({ queryKey: ['organs'], queryFn: organTree })
  const data = useMemo(() => rows(tree.data ?? []), [tree.data])
  const [editing, setEditing] = useState<{ organ?: OrganNodeView; parentId: number } | null>(null)
  const run = useAction()

  const columns: TableColumnsType<Row> = [
    { title: '机构名称', dataIndex: 'name' },
    { title: '行政区划', dataIndex: 'regionName', render: (v: string | null) => v ?? '—' },
    { title: '用户数', dataIndex: 'userCount', width: 80 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'a',
      width: 220,
      render: (_, o) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ parentId: o.id })}>
            新增下级
          </Button>
          <Button type="link" size="small" onClick={() => setEditing({ organ: findOrgan(tree.data ?? [], o.id), parentId: o.parentId })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteOrgan(o.id), { confirm: { title: `删除机构“${o.name}”？` }, success: '已删除', refresh: [['organs']] })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]

  const organ = editing?.organ
  return (
    <ListShell
      title="组织机构"
      intro="机构树；有下级机构或仍有用户的机构不能删除"
      testId="admin-organization-page"
      toolbar={
        <>
          <span />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: -1 })} data-testid="organ-add">
            新增机构
          </Button>
        </>
      }
    >
      {tree.error && <LoadError error={tree.error} onRetry={() => void tree.refetch()} />}
      <Table<Row>
        key={tree.data ? 'ready' : 'loading'}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: emptyState('还没有组织机构，点“新增机构”建立') }}
        data-testid="organ-table"
      />
      <FormModal
        title={organ ? `编辑机构 ${organ.name}` : '新增机构'}
        open={!!editing}
        schema={organ ? organEditBody : organAddBody}
        initialValues={
          organ
            ? {
                id: organ.id,
                name: organ.name,
                parentId: organ.parentId,
                regionCode: organ.regionCode,
                sort: organ.sort,
                remark: organ.remark,
              }
            : { parentId: editing?.parentId ?? -1, sort: 0 }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (organ) await editOrgan(v as never)
          else await addOrgan(v as never)
          void tree.refetch()
        }}
        testId="organ-form"
      >
        {(form) => (
          <>
            <Form.Item
              label="机构名称"
              name="name"
              rules={[{ required: true, message: '机构名称不能为空' }, fieldRule(organAddBody, 'name')]}
            >
              <Input data-testid="organ-form-name" />
            </Form.Item>
            <Form.Item label="上级机构" name="parentId" extra="不选则为顶级机构">
              <OrganSelect
                value={form.getFieldValue('parentId') === -1 ? null : form.getFieldValue('parentId')}
                onChange={(v) => form.setFieldsValue({ parentId: v ?? -1 })}
              />
            </Form.Item>
            <Form.Item label="行政区划" name="regionCode">
              <AreaSelect maxLevel="county" />
            </Form.Item>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item label="备注" name="remark" rules={[fieldRule(organAddBody, 'remark')]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
