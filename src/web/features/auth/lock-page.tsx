/**
 * 锁屏 (/lock, docs/product.md §4 "Lock": 1 locked, 0 unlocked). While locked every route but
 * /lock and sign-in goes here (the guard), surviving a reload. Unlocking re-verifies the password
 * with the server (docs/api.md step 7) and returns to the page before locking (the last page).
 */
import { LockOutlined, UnlockOutlined } from '@ant-design/icons'
import { Alert, Avatar, Button, Form, Input } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { useSignOut } from '../../core/use-sign-out'
import { toApiError } from '../../core/http-catalogue'
import { lastPageHref, readLastPage, selectUser, useSession } from '../../core/session'
import { useUserMenus } from '../../core/use-user-menus'
import { Backdrop, Card, Footer } from './login-styles'
import { verifyPassword } from './password-flow'

const Centre = styled.main`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
`

const Who = styled.div`
  text-align: center;
  margin-bottom: 24px;
  h2 {
    margin: 12px 0 4px;
    font-size: 20px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** A wrong password is the server's 400 密码错误; a 401 means the session ended (the client handles it). */
function unlockMessage(err: unknown): string {
  const e = toApiError(err)
  return e.status === 400 || e.status === 401 ? '密码错误' : e.message
}

/** The lock screen. */
export function LockPage() {
  const navigate = useNavigate()
  const user = useSession(selectUser)
  const unlock = useSession((s) => s.unlock)
  const { landing } = useUserMenus()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // being on the lock screen is being locked, also when /lock was typed in (on arrival only:
  // after unlock the page is still mounted until the navigation away completes)
  useEffect(() => {
    if (!useSession.getState().locked) useSession.getState().lock()
  }, [])

  const onFinish = async ({ password }: { password: string }) => {
    if (!user) return
    setBusy(true)
    setError(null)
    try {
      await verifyPassword(user.username, password)
      unlock()
      const last = readLastPage()
      navigate(last ? lastPageHref(last) : landing, { replace: true })
    } catch (err) {
      setError(unlockMessage(err))
      setBusy(false)
    }
  }

  const onSwitchUser = useSignOut()

  const name = user?.realName || user?.username || ''
  return (
    <Backdrop data-testid="lock-screen">
      <Centre>
        <Card>
          <Who>
            <Avatar size={72} src={user?.avatar || undefined} style={{ background: '#1d4e9e', fontSize: 30 }}>
              {name.slice(0, 1)}
            </Avatar>
            <h2>{name}</h2>
            <p>屏幕已锁定，请输入密码解锁</p>
          </Who>
          {error && (
            <div data-testid="lock-error" role="alert">
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
            </div>
          )}
          <Form<{ password: string }> size="large" onFinish={onFinish} onValuesChange={() => error && setError(null)}>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="请输入登录密码"
                autoComplete="current-password"
                autoFocus
                data-testid="lock-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} icon={<UnlockOutlined />} data-testid="lock-submit">
              解锁
            </Button>
          </Form>
          <Button type="link" block onClick={onSwitchUser} style={{ marginTop: 8 }}>
            退出并重新登录
          </Button>
        </Card>
      </Centre>
      <Footer>锁屏期间刷新页面仍保持锁定</Footer>
    </Backdrop>
  )
}
