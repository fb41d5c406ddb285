/**
 * The header of the system and admin frames: app title (runtime config), the section, and the
 * user's tools — 平台门户 (/main), 口径说明 (the figures catalogue), 锁屏 (/lock), 修改密码, the user's
 * real name, 退出.
 */
import { HomeOutlined, KeyOutlined, LockOutlined, LogoutOutlined, QuestionCircleOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { App, Avatar, Button, Layout, Modal } from 'antd'
import { useState } from 'react'
import { ChangePasswordForm } from '../../features/auth/change-password-form'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { useSignOut } from '../../core/use-sign-out'
import { getRuntimeConfig } from '../../core/runtime-config'
import { selectUser, useSession } from '../../core/session'
import { FigureCatalogueDrawer } from '../../widgets/figure-catalogue-drawer'

const Bar = styled(Layout.Header)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  color: #fff;
  border-bottom: 3px solid ${({ theme }) => theme.accent};
`

const Title = styled.div`
  display: flex;
  align-items: baseline;
  gap: 16px;
  white-space: nowrap;
  h1 {
    margin: 0;
    color: #fff;
    font-size: 20px;
    letter-spacing: 3px;
  }
  span {
    opacity: 0.85;
    font-size: 15px;
    padding-left: 16px;
    border-left: 1px solid rgba(255, 255, 255, 0.4);
  }
`

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  .ant-btn {
    color: #fff;
  }
`

const Who = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0 12px;
`

/** The frame header. */
export function AppHeader({ section }: { section: string }) {
  const navigate = useNavigate()
  const user = useSession(selectUser)
  const lock = useSession((s) => s.lock)
  const config = getRuntimeConfig()
  const name = user?.realName || user?.username || ''
  const signIn = useSession((s) => s.signIn)
  const queryClient = useQueryClient()
  const { message } = App.useApp()
  const [changing, setChanging] = useState(false)
  const [catalogue, setCatalogue] = useState(false)

  const onLock = () => {
    lock()
    navigate('/lock')
  }
  const onSignOut = useSignOut()

  return (
    <Bar>
      <Title>
        <h1>{config.appTitle}</h1>
        {section && <span>{section}</span>}
      </Title>
      <Tools>
        <Button type="text" icon={<HomeOutlined />} onClick={() => navigate('/main')} data-testid="header-portal">
          平台门户
        </Button>
        <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => setCatalogue(true)} data-testid="header-figures">
          口径说明
        </Button>
        <Button type="text" icon={<LockOutlined />} onClick={onLock} data-testid="header-lock">
          锁屏
        </Button>
        <Button type="text" icon={<KeyOutlined />} onClick={() => setChanging(true)} data-testid="header-password">
          修改密码
        </Button>
        <Who data-testid="header-user">
          <Avatar size="small" src={user?.avatar || undefined} style={{ background: '#fff', color: '#1d4e9e' }}>
            {name.slice(0, 1)}
          </Avatar>
          {name}
        </Who>
        <Button type="text" icon={<LogoutOutlined />} onClick={onSignOut} data-testid="header-logout">
          退出
        </Button>
      </Tools>
      <FigureCatalogueDrawer open={catalogue} onClose={() => setCatalogue(false)} />
      <Modal title="修改密码" open={changing} onCancel={() => setChanging(false)} footer={null} destroyOnHidden width={420}>
        {user && (
          <ChangePasswordForm
            username={user.username}
            onChanged={(result) => {
              // the change ended every token: the form signed in again with the new password
              queryClient.clear()
              signIn(result)
              setChanging(false)
              message.success('密码已修改')
            }}
          />
        )}
      </Modal>
    </Bar>
  )
}
