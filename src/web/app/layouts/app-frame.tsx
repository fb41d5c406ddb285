/**
 * The frame of the 'system' and 'admin' layouts: header, a side menu generated from the route
 * table for the current top-level section (filtered by the user's grants), breadcrumbs from the
 * entry's trail, and the page.
 */
import { Breadcrumb, Layout, Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { findRoute, normalizePath } from '../../../domain/route-table'
import { isGranted } from '../../core/permission'
import { useUserMenus } from '../../core/use-user-menus'
import { breadcrumbsFor, buildSideMenu, openKeysFor, sectionPath, type SideMenuNode } from '../side-menu-model'
import { AppHeader } from './app-header'
import { UnsavedChangesGuard } from '../../ui/unsaved-changes'

const Content = styled(Layout.Content)`
  padding: 12px 20px 20px;
  overflow: auto;
`

const Paper = styled.div`
  background: #fff;
  border-radius: 4px;
  min-height: calc(100% - 34px);
  margin-top: 12px;
`

type MenuItems = NonNullable<MenuProps['items']>

function toMenuItems(nodes: SideMenuNode[]): MenuItems {
  return nodes.map((n) => (n.children ? { key: n.key, label: n.label, children: toMenuItems(n.children) } : { key: n.key, label: n.label }))
}

/** System / admin frame. */
export function AppFrame() {
  const location = useLocation()
  const navigate = useNavigate()
  const path = normalizePath(location.pathname)
  const section = sectionPath(path)
  const { grants, isAdmin } = useUserMenus()

  const items = useMemo(() => toMenuItems(buildSideMenu(section, (p) => isAdmin || isGranted(p, grants))), [section, grants, isAdmin])
  const crumbs = breadcrumbsFor(path)

  return (
    <Layout style={{ height: '100vh' }}>
      <AppHeader section={findRoute(section)?.title ?? ''} />
      <Layout>
        <Layout.Sider width={220} theme="light" style={{ borderRight: '1px solid #e5e9f2', overflow: 'auto' }}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={[path]}
            defaultOpenKeys={openKeysFor(path)}
            onClick={({ key }) => navigate(key)}
            style={{ borderInlineEnd: 'none' }}
            data-testid="side-menu"
          />
        </Layout.Sider>
        <Content>
          <Breadcrumb
            data-testid="breadcrumbs"
            items={crumbs.map((c) => ({ title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))}
          />
          <Paper>
            {/* a page with unsaved input asks before the user leaves it */}
            <UnsavedChangesGuard />
            <Outlet />
          </Paper>
        </Content>
      </Layout>
    </Layout>
  )
}
