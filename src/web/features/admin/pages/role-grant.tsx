/**
 * 授权菜单: a checkable tree of all six menu groups (docs/product.md §6). Grants are leaves (ADR 0001): the
 * tree shows the granted leaves checked and their parents half-checked; saving sends every checked
 * menu and the server keeps the leaves.
 */
import { useQuery } from '@tanstack/react-query'
import { App, Button, Drawer, Empty, Space, Spin, Tree } from 'antd'
import { useEffect, useMemo, useState, type Key } from 'react'
import type { RoleView } from '../../../../domain/contracts/admin-role'
import { MENU_GROUPS } from '../../../../domain/route-table'
import { grantTree, grantedIds } from '../components/grant-tree'
import { toApiError } from '../../../core/http-catalogue'
import { grantMenus, roleMenuIds } from '../api/role-api'
import { menuTree } from '../api/menu-api'
import { LoadError } from '../../../ui/list-shell'

/** The drawer that grants menus to one role. */
export function RoleGrantDrawer({ role, onClose, onSaved }: { role: RoleView | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp()
  const tree = useQuery({ queryKey: ['menus', 'tree'], queryFn: menuTree, enabled: !!role })
  const granted = useQuery({ queryKey: ['role-menus', role?.id], queryFn: () => roleMenuIds(role!.id), enabled: !!role, gcTime: 0 })
  const [checked, setChecked] = useState<Key[]>([])
  const [saving, setSaving] = useState(false)
  const nodes = useMemo(() => grantTree(tree.data ?? []), [tree.data])

  useEffect(() => {
    if (granted.data) setChecked(granted.data)
  }, [granted.data])

  const save = async () => {
    if (!role) return
    setSaving(true)
    try {
      const r = await grantMenus(role.id, grantedIds(checked))
      message.success(`已授权 ${r.granted} 个菜单页面`)
      onSaved()
      onClose()
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      setSaving(false)
    }
  }

  const loading = tree.isLoading || granted.isLoading
  const error = tree.error ?? granted.error
  return (
    <Drawer
      title={`授权菜单：${role?.name ?? ''}`}
      open={!!role}
      onClose={onClose}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={save} disabled={loading || !!error} data-testid="grant-save">
            保存
          </Button>
        </Space>
      }
    >
      {error && <LoadError error={error} onRetry={() => void (tree.refetch(), granted.refetch())} />}
      {loading ? (
        <Spin description="加载菜单…" />
      ) : nodes.length === 0 ? (
        <Empty description="没有菜单" />
      ) : (
        <div data-testid="grant-tree">
          <Tree
            checkable
            selectable={false}
            treeData={nodes}
            checkedKeys={checked}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
            defaultExpandedKeys={MENU_GROUPS.map((g) => `group:${g}`)}
          />
        </div>
      )}
    </Drawer>
  )
}
