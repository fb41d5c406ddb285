/**
 * 地图图层 (/admin/setting/mapLayer, ADR 0011): the layer groups and layers of docs/product.md §3 that the
 * two layer controls of every map screen list — name, order, shown at start, opacity, type, url
 * template and base mark. Two tabs: 图层 and 图层组.
 */
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd'
import { useState } from 'react'
import {
  LAYER_TYPE_NAMES,
  LAYER_TYPES,
  groupAddBody,
  groupEditBody,
  layerAddBody,
  layerUrlProblem,
  type GroupView,
  type LayerType,
  type LayerView,
} from '../../../../domain/contracts/admin-map-layer'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { formatTime } from '../../../widgets/format-time'
import {
  addGroup,
  addLayer,
  allGroups,
  deleteGroup,
  deleteLayer,
  editGroup,
  editLayer,
  queryGroups,
  queryLayers,
} from '../api/map-layer-api'

const TYPE_COLOR: Record<LayerType, string> = { title: 'blue', feature: 'green', dynamic: 'purple' }

/** What the url field expects for each type. */
const URL_HELP: Record<LayerType, string> = {
  title: '瓦片地址模板，含 {x} {y} {z}，可含子域 {s} {a-c} {0-7}，如 https://t{0-7}.example.cn/vec/{z}/{y}/{x}.png',
  feature: '要素服务地址（ArcGIS FeatureServer/图层、WFS）或本系统接口，如 /api/tiles/parcels/{z}/{x}/{y}.pbf',
  dynamic: '动态地图服务地址（ArcGIS MapServer、WMS）；内网影像服务可留空，外网时使用公共影像',
}

/** 地图图层 */
export function MapLayerPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['tab', 'keyword', 'groupId', 'type'] as const)
  const tab = params.filters.tab === 'groups' ? 'groups' : 'layers'
  return (
    <ListShell title="地图图层" intro="各地图页“图层管理”“图层控制”中列出的图层组与图层" testId="admin-map-layer-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setFilters({ tab: k === 'groups' ? 'groups' : undefined })}
        items={[
          {
            key: 'layers',
            label: '图层',
            children: tab === 'layers' && (
              <LayersTab
                params={params}
                setFilters={setFilters}
                onTableChange={onTableChange}
                pagination={pagination}
                sortOrderOf={sortOrderOf}
              />
            ),
          },
          {
            key: 'groups',
            label: '图层组',
            children: tab === 'groups' && (
              <GroupsTab
                params={params}
                setFilters={setFilters}
                onTableChange={onTableChange}
                pagination={pagination}
                sortOrderOf={sortOrderOf}
              />
            ),
          },
        ]}
      />
    </ListShell>
  )
}

type ListState = Pick<
  ReturnType<typeof useListParams<'tab' | 'keyword' | 'groupId' | 'type'>>,
  'params' | 'setFilters' | 'onTableChange' | 'pagination' | 'sortOrderOf'
>

function LayersTab({ params, setFilters, onTableChange, pagination, sortOrderOf }: ListState) {
  const f = params.filters
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword: f.keyword,
    groupId: f.groupId,
    type: f.type,
  }
  const list = useQuery({ queryKey: ['map-layers', query], queryFn: () => queryLayers(query), placeholderData: keepPreviousData })
  const groups = useQuery({ queryKey: ['map-groups', 'all'], queryFn: allGroups })
  const [editing, setEditing] = useState<LayerView | 'new' | null>(null)
  const run = useAction()
  const queryClient = useQueryClient()
  const refresh = [['map-layers'], ['map-groups'], ['map', 'layers']]
  const columns: TableColumnsType<LayerView> = [
    { title: '图层组', dataIndex: 'groupName', key: 'group', sorter: true, sortOrder: sortOrderOf('group'), width: 120 },
    { title: '图层名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
    {
      title: '类型',
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (t: LayerType) => <Tag color={TYPE_COLOR[t]}>{LAYER_TYPE_NAMES[t]}</Tag>,
    },
    {
      title: '地址',
      dataIndex: 'url',
      render: (u: string, l) =>
        u ? (
          <Typography.Text code ellipsis={{ tooltip: u }} style={{ maxWidth: 360 }}>
            {u}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{l.base === 'img' ? '（内网影像服务，外网用公共影像）' : '（未设置）'}</Typography.Text>
        ),
    },
    { title: '透明度', dataIndex: 'opacity', width: 80 },
    { title: '初始显示', dataIndex: 'visible', width: 90, render: (v: boolean) => (v ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>) },
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, sortOrder: sortOrderOf('sort'), width: 80 },
    { title: '修改时间', dataIndex: 'updatedAt', render: formatTime, width: 165 },
    {
      title: '操作',
      key: 'a',
      width: 120,
      render: (_, l) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(l)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteLayer(l.id), {
                confirm: { title: `删除图层“${l.name}”？`, content: `各地图页的图层控件中将不再有该图层（图层组：${l.groupName}）。` },
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
  const current = editing && editing !== 'new' ? editing : null
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))
  return (
    <>
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Input.Search
            placeholder="图层名称或地址"
            allowClear
            defaultValue={f.keyword}
            onSearch={(keyword) => setFilters({ keyword, groupId: f.groupId, type: f.type })}
            style={{ width: 240 }}
            data-testid="layer-search"
          />
          <Select
            placeholder="全部图层组"
            allowClear
            style={{ width: 160 }}
            value={f.groupId ? Number(f.groupId) : undefined}
            options={groupOptions}
            onChange={(g?: number) => setFilters({ keyword: f.keyword, groupId: g, type: f.type })}
            data-testid="layer-group-filter"
          />
          <Select
            placeholder="全部类型"
            allowClear
            style={{ width: 130 }}
            value={f.type}
            options={LAYER_TYPES.map((t) => ({ value: t, label: LAYER_TYPE_NAMES[t] }))}
            onChange={(type?: string) => setFilters({ keyword: f.keyword, groupId: f.groupId, type })}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          disabled={!groupOptions.length}
          title={groupOptions.length ? undefined : '请先新增图层组'}
        >
          新增图层
        </Button>
      </Space>
      <PagedTable<LayerView>
        list={list}
        emptyText={
          f.keyword || f.groupId || f.type
            ? '没有符合条件的图层'
            : groupOptions.length
              ? '还没有图层，点击“新增图层”添加'
              : '还没有图层组，请先在“图层组”中新增'
        }
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1100 }}
      />
      <FormModal
        title={current ? `编辑图层 ${current.name}` : '新增图层'}
        open={editing !== null}
        schema={layerAddBody}
        testId="layer-form"
        width={640}
        initialValues={
          current
            ? {
                groupId: current.groupId,
                name: current.name,
                type: current.type,
                url: current.url,
                opacity: current.opacity,
                visible: current.visible,
                sort: current.sort,
                base: current.base,
              }
            : {
                groupId: f.groupId ? Number(f.groupId) : groupOptions[0]?.value,
                type: 'title',
                url: '',
                opacity: 1,
                visible: true,
                sort: 0,
                base: '',
              }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editLayer({ id: current.id, ...v })
          else await addLayer(v)
          for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey })
        }}
      >
        {(form) => <LayerFields form={form} groups={groupOptions} />}
      </FormModal>
    </>
  )
}

function LayerFields({ form, groups }: { form: FormInstance; groups: { value: number; label: string }[] }) {
  const type = (Form.useWatch('type', form) ?? 'title') as LayerType
  return (
    <>
      <Space size={12} style={{ display: 'flex' }} align="start">
        <Form.Item label="图层组" name="groupId" rules={[{ required: true, message: '请选择图层组' }]} style={{ width: 200 }}>
          <Select options={groups} data-testid="layer-form-group" />
        </Form.Item>
        <Form.Item
          label="图层名称"
          name="name"
          rules={[{ required: true, message: '图层名称不能为空' }, fieldRule(layerAddBody, 'name')]}
          style={{ flex: 1 }}
        >
          <Input data-testid="layer-form-name" />
        </Form.Item>
      </Space>
      <Form.Item label="类型" name="type" rules={[{ required: true, message: '请选择类型' }]}>
        <Select
          data-testid="layer-form-type"
          options={LAYER_TYPES.map((t) => ({ value: t, label: `${LAYER_TYPE_NAMES[t]}（${t}）` }))}
          // the url's rule depends on the type: check it again
          onChange={() => void form.validateFields(['url']).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item
        label="地址"
        name="url"
        extra={URL_HELP[type]}
        rules={[
          fieldRule(layerAddBody, 'url'),
          {
            validator: async (_r: unknown, value: string | undefined) => {
              const problem = layerUrlProblem(form.getFieldValue('type') ?? 'title', (value ?? '').trim())
              if (problem) throw new Error(problem)
            },
          },
        ]}
      >
        <Input.TextArea rows={2} data-testid="layer-form-url" />
      </Form.Item>
      <Space size={24} align="start" wrap>
        {/* no min/max on the input: a value out of range is said, not silently clamped */}
        <Form.Item
          label="透明度（0–1）"
          name="opacity"
          rules={[{ required: true, message: '透明度不能为空' }, fieldRule(layerAddBody, 'opacity')]}
        >
          <InputNumber step={0.05} data-testid="layer-form-opacity" />
        </Form.Item>
        <Form.Item label="初始显示" name="visible" valuePropName="checked" extra="关闭时地图打开后该图层透明度为0">
          <Switch />
        </Form.Item>
        <Form.Item label="排序" name="sort" rules={[fieldRule(layerAddBody, 'sort')]}>
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item label="底图标记" name="base" rules={[fieldRule(layerAddBody, 'base')]} extra="img 表示影像（外网时不用其地址）">
          <Input style={{ width: 120 }} />
        </Form.Item>
      </Space>
    </>
  )
}

function GroupsTab({ params, setFilters, onTableChange, pagination, sortOrderOf }: ListState) {
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword: params.filters.keyword,
  }
  const list = useQuery({ queryKey: ['map-groups', query], queryFn: () => queryGroups(query), placeholderData: keepPreviousData })
  const [editing, setEditing] = useState<GroupView | 'new' | null>(null)
  const run = useAction()
  const queryClient = useQueryClient()
  const refresh = [['map-groups'], ['map-layers'], ['map', 'layers']]
  const columns: TableColumnsType<GroupView> = [
    { title: '图层组名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
    { title: '初始展开', dataIndex: 'open', width: 100, render: (v: boolean) => (v ? <Tag color="green">展开</Tag> : <Tag>收起</Tag>) },
    { title: '图层数', dataIndex: 'layerCount', width: 90 },
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, sortOrder: sortOrderOf('sort'), width: 80 },
    {
      title: '操作',
      key: 'a',
      width: 170,
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setFilters({ groupId: g.id })}>
            查看图层
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(g)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteGroup(g.id), {
                confirm: {
                  title: `删除图层组“${g.name}”？`,
                  content: g.layerCount ? `其下 ${g.layerCount} 个图层将一并删除，各地图页不再列出它们。` : '该组下没有图层。',
                },
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
  const current = editing && editing !== 'new' ? editing : null
  return (
    <>
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Input.Search
          placeholder="图层组名称"
          allowClear
          defaultValue={params.filters.keyword}
          onSearch={(keyword) => setFilters({ tab: 'groups', keyword })}
          style={{ width: 240 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增图层组
        </Button>
      </Space>
      <PagedTable<GroupView>
        list={list}
        emptyText={params.filters.keyword ? '没有符合条件的图层组' : '还没有图层组，点击“新增图层组”添加'}
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
      />
      <FormModal
        title={current ? `编辑图层组 ${current.name}` : '新增图层组'}
        open={editing !== null}
        schema={current ? groupEditBody : groupAddBody}
        testId="group-form"
        initialValues={current ? { id: current.id, name: current.name, sort: current.sort, open: current.open } : { sort: 0, open: true }}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editGroup({ ...(v as { name: string; sort: number; open: boolean }), id: current.id })
          else await addGroup(v)
          for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey })
        }}
      >
        {() => (
          <>
            <Form.Item
              label="图层组名称"
              name="name"
              rules={[{ required: true, message: '图层组名称不能为空' }, fieldRule(groupAddBody, 'name')]}
            >
              <Input data-testid="group-form-name" />
            </Form.Item>
            <Space size={24}>
              <Form.Item label="排序" name="sort" rules={[fieldRule(groupAddBody, 'sort')]}>
                <InputNumber min={0} max={9999} />
              </Form.Item>
              <Form.Item label="初始展开" name="open" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
          </>
        )}
      </FormModal>
    </>
  )
}
