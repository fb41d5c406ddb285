/**
 * 平台门户 (/main, docs/domain.md "Pages left open by the requirements"): one tile per menu group the user
 * holds. Choosing one stores it under `platform` and opens that group's first leaf route.
 */
import {
  AppstoreOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FundProjectionScreenOutlined,
  LogoutOutlined,
  NodeIndexOutlined,
  ShopOutlined,
} from '@ant-design/icons'
import { Button, Empty } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import type { MenuItem } from '../../../domain/contracts/auth'
import { MENU_GROUP_TITLES, findRoute, type MenuGroup } from '../../../domain/route-table'
import { useSignOut } from '../../core/use-sign-out'
import { firstLeafRoute, groupTree, groupsPresent } from '../../core/menus'
import { getRuntimeConfig } from '../../core/runtime-config'
import { selectUser, useSession } from '../../core/session'
import { STORAGE_KEYS, setItem } from '../../core/storage'
import { useUserMenus } from '../../core/use-user-menus'
import { PageSpin } from '../../ui/page-spin'
import { Body, Chip, Chips, Grid, Hub, Lead, Tile, TileIcon, TileText, Top, TopRight } from './main-styles'

/** What each platform is for (docs/domain.md). */
const GROUP_INFO: Record<MenuGroup, { icon: ReactNode; text: string }> = {
  systemMenus: { icon: <AppstoreOutlined />, text: '资源云图、统计报表、产业地图、决策分析、数据中心与系统管理' },
  busMenus: { icon: <ShopOutlined />, text: '亩均效益评价与企业整治提升' },
  bigDataMenus: { icon: <FundProjectionScreenOutlined />, text: '全省产业用地大数据分析大屏' },
  DataMenus: { icon: <DatabaseOutlined />, text: '数据标准、采集、处理、更新、认领与审核' },
  landMenus: { icon: <EnvironmentOutlined />, text: '低效用地认定、盘活利用与成效评估' },
  landLifeCycle: { icon: <NodeIndexOutlined />, text: '工业用地项目签约至评价的全生命周期监管' },
}

/** The first leaf route below one menu. */
function firstLeafOf(item: MenuItem): string {
  if (item.children.length === 0) return item.menuRoute
  return firstLeafOf(item.children[0])
}

/** The platform hub. */
export function MainPage() {
  const navigate = useNavigate()
  const user = useSession(selectUser)
  const { menus, ready } = useUserMenus()
  const config = getRuntimeConfig()
  const groups = groupsPresent(menus)

  const open = (group: MenuGroup, route: string | null) => {
    if (!route) return
    setItem(STORAGE_KEYS.platform, group)
    navigate(route)
  }
  const onSignOut = useSignOut()

  return (
    <Hub>
      <Top>
        <h1>{config.appTitle}</h1>
        <TopRight>
          <span>{user?.realName || user?.username}</span>
          <Button ghost icon={<LogoutOutlined />} onClick={onSignOut}>
            退出
          </Button>
        </TopRight>
      </Top>
      <Body>
        <Lead>请选择要进入的平台</Lead>
        {!ready ? (
          <PageSpin />
        ) : groups.length === 0 ? (
          <Empty description="您的账号尚未被授予任何平台，请联系系统管理员分配权限" />
        ) : (
          <Grid>
            {groups.map((group) => {
              const roots = groupTree(menus, group)
              return (
                <Tile
                  key={group}
                  role="button"
                  tabIndex={0}
                  data-testid={`platform-${group}`}
                  onClick={() => open(group, firstLeafRoute(menus, group))}
                  onKeyDown={(e) => e.key === 'Enter' && open(group, firstLeafRoute(menus, group))}
                >
                  <TileIcon>{GROUP_INFO[group].icon}</TileIcon>
                  <h2>{MENU_GROUP_TITLES[group]}</h2>
                  <TileText>{GROUP_INFO[group].text}</TileText>
                  {roots.length > 1 && (
                    <Chips>
                      {roots.map((root) => (
                        <Chip
                          key={root.id}
                          type="button"
                          onClick={(e) => {
                            e.stopPropagation()
                            open(group, firstLeafOf(root))
                          }}
                        >
                          {findRoute(root.menuRoute)?.title ?? root.name}
                        </Chip>
                      ))}
                    </Chips>
                  )}
                </Tile>
              )
            })}
          </Grid>
        )}
      </Body>
    </Hub>
  )
}
