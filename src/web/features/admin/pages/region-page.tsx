/**
 * 行政区划 (/admin/setting/region): the division tree 330000 → city → county → town from the
 * database; names are editable; 开发区 / 园区 are added as units under a county. The page opens on
 * the province, opened in the tree and with its cities listed, until another region is picked.
 */
import { PlusOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Tree,
  type TableColumnsType,
  type TreeDataNode,
} from 'antd'
import { useCallback, useState, type Key } from 'react'
import styled from 'styled-components'
import { areaAddBody, areaEditBody, type RegionView } from '../../../../domain/contracts/admin-area'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { addArea, areaChildren, deleteArea, editArea } from '../api/area-api'

const LEVEL = { province: '省', city: '市', county: '区县', town: '乡镇街道' } as const

const Split = styled.div`
  display: grid;
  grid-template-columns: 320px 1fr;
  gap: 16px;
  align-items: start;
  .tree {
    max-height: calc(100vh - 260px);
    overflow: auto;
  }
`

type Node = TreeDataNode & { region: RegionView }
const toNode = (r: RegionView): Node => ({
  key: r.code,
  title: r.kind === '行政区' ? r.name : `${r.name}（${r.kind}）`,
  isLeaf: r.childCount === 0,
  region: r,
})

function replaceChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: replaceChildren(n.children as Node[], key, children) } : n,
  )
}

/** 行政区划 */
export function RegionPage() {
  const queryClient = useQueryClient()
  const [nodes, setNodes] = useState<Node[] | null>(null)
  const roots = useQuery({ queryKey: ['area-children', ''], queryFn: () => areaChildren() })
  const [picked, setSelected] = useState<RegionView | null>(null)
  const province = roots.data?.[0]
  const selected = picked ?? province ?? null
  // null until the user opens or closes a branch: the province starts open (the tree loads its cities)
  const [expanded, setExpanded] = useState<Key[] | null>(null)
  const children = useQuery({
    queryKey: ['area-children', selected?.code],
    queryFn: () => areaChildren(selected!.code),
    enabled: !!selected,
  })
  const [editing, setEditing] = useState<RegionView | null>(null)
  const [adding, setAdding] = useState(false)
  const run = useAction()
  const tree = nodes ?? (roots.data ?? []).map(toNode)

  const loadData = useCallback(
    async (node: TreeDataNode) => {
      const list = await queryClient.fetchQuery({
        queryKey: ['area-children', String(node.key)],
        queryFn: () => areaChildren(String(node.key)),
      })
      setNodes((prev) => replaceChildren(prev ?? (roots.data ?? []).map(toNode), String(node.key), list.map(toNode)))
    },
    [queryClient, roots.data],
  )

  /** After a change: reload the selected region's children and its branch of the tree. */
  const reload = async () => {
    if (!selected) return
    await queryClient.invalidateQueries({ queryKey: ['area-children'] })
    await queryClient.invalidateQueries({ queryKey: ['areas', 'all'] })
    await loadData({ key: selected.code } as TreeDataNode)
  }

  const columns: TableColumnsType<RegionView> = [
    { title: '代码', dataIndex: 'code', width: 120, render: (v: string) => <code>{v}</code> },
    { title: '名称', dataIndex: 'name' },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (v: string) => (v === '行政区' ? <Tag>行政区</Tag> : <Tag color="blue">{v}</Tag>),
    },
    { title: '下级', dataIndex: 'childCount', width: 70 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '操作',
      key: 'a',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            改名
          </Button>
          {!r.builtin && (
            <Button
              type="link"
              size="small"
              danger
              onClick={async () =>
                (await run(() => deleteArea(r.code), { confirm: { title: `删除“${r.name}”？` }, success: '已删除' })) && reload()
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ]

  return (
    <ListShell
      title="行政区划"
      intro="浙江省 → 市 → 区县 → 乡镇街道；区县下可增设开发区、园区单元"
      testId="admin-region-page"
      error={roots.error}
      onRetry={() => void roots.refetch()}
    >
      <Split>
        <Card size="small" title="区划树" className="tree">
          <Tree<Node>
            treeData={tree}
            loadData={loadData}
            selectedKeys={selected ? [selected.code] : []}
            expandedKeys={expanded ?? (province ? [province.code] : [])}
            onExpand={(keys) => setExpanded(keys)}
            onSelect={(_, info) => setSelected(info.node.region)}
            data-testid="region-tree"
          />
        </Card>
        {selected ? (
          <Card
            size="small"
            title={`${selected.name}（${selected.code}）`}
            extra={
              <Space>
                <Button size="small" onClick={() => setEditing(selected)}>
                  修改名称
                </Button>
                {selected.level === 'county' && (
                  <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="region-add-unit">
                    新增开发区/园区
                  </Button>
                )}
              </Space>
            }
          >
            <Descriptions
              size="small"
              column={4}
              items={[
                { label: '级别', children: LEVEL[selected.level] },
                { label: '类型', children: selected.kind },
                { label: '下级数量', children: selected.childCount },
                { label: '来源', children: selected.builtin ? '国家行政区划' : '管理员新增' },
              ]}
            />
            {children.error && <LoadError error={children.error} onRetry={() => void children.refetch()} />}
            <Table<RegionView>
              rowKey="code"
              size="small"
              columns={columns}
              dataSource={children.data}
              loading={children.isFetching}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: emptyState(selected.level === 'county' ? '没有下级区划，可新增开发区/园区' : '没有下级区划') }}
              data-testid="region-children"
            />
          </Card>
        ) : (
          <Card size="small">
            <Empty description="在左侧区划树中选择一个区划" />
          </Card>
        )}
      </Split>
      <FormModal
        title={`修改名称：${editing?.code ?? ''}`}
        open={!!editing}
        schema={areaEditBody}
        initialValues={editing ? { code: editing.code, name: editing.name, sort: editing.sort } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const saved = await editArea(v)
          if (selected?.code === saved.code) setSelected(saved)
          setNodes((prev) => prev && renameNode(prev, saved))
          await reload()
        }}
      >
        {() => (
          <>
            <Form.Item label="名称" name="name" rules={[{ required: true, message: '名称不能为空' }, fieldRule(areaEditBody, 'name')]}>
              <Input />
            </Form.Item>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </>
        )}
      </FormModal>
      <FormModal
        title={`在${selected?.name ?? ''}下新增开发区/园区`}
        open={adding}
        schema={areaAddBody}
        initialValues={selected ? { parentCode: selected.code, kind: '开发区', code: '', sort: 0 } : undefined}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await addArea(v)
          await reload()
        }}
        testId="region-unit-form"
      >
        {() => (
          <>
            <Form.Item label="名称" name="name" rules={[{ required: true, message: '名称不能为空' }, fieldRule(areaAddBody, 'name')]}>
              <Input placeholder="如：上城数字经济园" data-testid="region-unit-name" />
            </Form.Item>
            <Form.Item label="类型" name="kind">
              <Select
                options={[
                  { value: '开发区', label: '开发区' },
                  { value: '园区', label: '园区' },
                ]}
              />
            </Form.Item>
            <Form.Item
              label="代码"
              name="code"
              rules={[fieldRule(areaAddBody, 'code')]}
              extra={`留空则自动编为 ${selected?.code ?? ''}401 起的下一个`}
            >
              <Input placeholder="可留空" />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}

function renameNode(nodes: Node[], r: RegionView): Node[] {
  return nodes.map((n) =>
    n.key === r.code
      ? { ...n, ...toNode(r), children: n.children }
      : n.children
        ? { ...n, children: renameNode(n.children as Node[], r) }
        : n,
  )
}
