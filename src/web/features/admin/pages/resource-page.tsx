/**
 * 菜单资源 (/admin/setting/resource): the menu tree of the six groups. A menu's route must be a
 * route of the route table (the server says so when it is not); its group and parent follow the
 * table, while name, order and icon are the admin's.
 */
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { AutoComplete, Button, Form, Input, InputNumber, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import { menuAddBody, menuEditBody, type MenuNodeView } from '../../../../domain/contracts/admin-menu'
import { MENU_GROUPS, MENU_GROUP_TITLES, type MenuGroup } from '../../../../domain/route-table'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { addMenu, deleteMenu, editMenu, menuModel, menuTree } from '../api/menu-api'

type Row = Omit<MenuNodeView, 'children'> & { children?: Row[] }

/** antd tree tables want `children` absent on leaves. */
function rows(nodes: MenuNodeView[]): Row[] {
  return nodes.map((n) => ({ ...n, children: n.children.length ? rows(n.children) : undefined }))
}

/** 菜单资源 */
export function ResourcePage() {
  const tree = useQuery({ queryKey: ['menus', 'tree'], queryFn: menuTree })
  const model = useQuery({ queryKey: ['menus', 'model'], queryFn: menuModel })
  const [group, setGroup] = useState<MenuGroup>('systemMenus')
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const run = useAction()
  const refresh = [['menus']]
  const data = useMemo(() => rows((tree.data ?? []).filter((m) => m.group === group)), [tree.data, group])
  const missing = (model.data ?? []).filter((r) => !r.present)

  const columns: TableColumnsType<Row> = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      render: (v: string, m) =>
        m.customized ? (
          <Space>
            {v}
            <Tag color="blue">已调整</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { title: '路由', dataIndex: 'menuRoute', render: (v: string) => <code>{v}</code> },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '图标', dataIndex: 'icon', width: 150, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'a',
      width: 140,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(m)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteMenu(m.id), {
                confirm: { title: `删除菜单“${m.name}”？`, content: '删除后所有角色失去该菜单的授权；可以在“新增菜单”中按路由恢复。' },
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
    <ListShell
      title="菜单资源"
      intro="菜单与路由表一一对应，角色按菜单授权页面"
      testId="admin-resource-page"
      toolbar={
        <>
          <span style={{ color: '#6b7280' }}>
            {missing.length ? `已删除 ${missing.length} 个菜单，可按路由恢复` : '路由表中的页面都已是菜单'}
          </span>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="menu-add">
            新增菜单
          </Button>
        </>
      }
    >
      {tree.error && <LoadError error={tree.error} onRetry={() => void tree.refetch()} />}
      <Tabs
        activeKey={group}
        onChange={(k) => setGroup(k as MenuGroup)}
        items={MENU_GROUPS.map((g) => ({ key: g, label: MENU_GROUP_TITLES[g] }))}
      />
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: false }}
        locale={{ emptyText: emptyState('该菜单组没有菜单') }}
        data-testid="menu-table"
      />
      <FormModal
        title={current ? `编辑菜单 ${current.name}` : '新增菜单'}
        open={editing !== null}
        schema={current ? menuEditBody : menuAddBody}
        initialValues={current ? { id: current.id, name: current.name, sort: current.sort, icon: current.icon } : { sort: 1, icon: '' }}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editMenu(v as never)
          else await addMenu(v as never)
          void tree.refetch()
          void model.refetch()
        }}
        testId="menu-form"
      >
        {(form) => (
          <>
            {!current && (
              <>
                <Form.Item
                  label="路由"
                  name="menuRoute"
                  rules={[{ required: true, message: '路由不能为空' }, fieldRule(menuAddBody, 'menuRoute')]}
                  extra="必须是路由表中的页面；已删除的菜单可在此恢复"
                >
                  <AutoComplete
                    data-testid="menu-form-route"
                    options={missing.map((r) => ({ value: r.path, label: `${r.path}　${r.title}` }))}
                    onSelect={(path: string) => {
                      const r = missing.find((x) => x.path === path)
                      if (r) form.setFieldsValue({ name: r.title, group: r.group })
                    }}
                    placeholder="/admin/setting/rz"
                  />
                </Form.Item>
                <Form.Item label="菜单组" name="group" extra="留空则按路由表">
                  <Select allowClear options={MENU_GROUPS.map((g) => ({ value: g, label: MENU_GROUP_TITLES[g] }))} />
                </Form.Item>
              </>
            )}
            <Form.Item
              label="菜单名称"
              name="name"
              rules={[{ required: true, message: '菜单名称不能为空' }, fieldRule(menuEditBody, 'name')]}
            >
              <Input data-testid="menu-form-name" />
            </Form.Item>
            <Form.Item label="排序" name="sort" rules={[fieldRule(menuEditBody, 'sort')]}>
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item label="图标" name="icon" rules={[fieldRule(menuEditBody, 'icon')]} extra="antd 图标名，如 SettingOutlined">
              <Input />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
