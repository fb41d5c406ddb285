/**
 * 登录 (/, /login, /visualLogin). Sign-in per docs/api.md: salt → digest → POST /api/login/do; on
 * success the session is stored and the user goes to the last page if still allowed, else the
 * default landing route (docs/product.md §4, §6). Kept light: antd form pieces only.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Form, Input } from 'antd'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { toApiError } from '../../core/http-catalogue'
import { getRuntimeConfig } from '../../core/runtime-config'
import { useSession } from '../../core/session'
import { STORAGE_KEYS, getItemOr, setItem, type RememberedLogin } from '../../core/storage'
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '../../ui/brand'
import { afterSignInPath } from './after-sign-in'
import { Backdrop, Brand, BrandMark, Card, CardTitle, Footer, Headline, Main, Points, Subtitle } from './login-styles'
import { signInWithPassword } from './password-flow'

interface LoginValues {
  username: string
  password: string
  remember: boolean
}

function rememberedLogin(): RememberedLogin {
  const v = getItemOr<Partial<RememberedLogin> | null>(STORAGE_KEYS.password, null)
  return { remember: v?.remember === true, username: typeof v?.username === 'string' ? v.username : '' }
}

/** The sign-in page. */
export function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const signIn = useSession((s) => s.signIn)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [initial] = useState(rememberedLogin)
  const config = getRuntimeConfig()

  const onFinish = async (values: LoginValues) => {
    setBusy(true)
    setError(null)
    try {
      const result = await signInWithPassword(values.username, values.password)
      // the `password` entry holds only the 记住用户名 choice — never a password or digest
      setItem(STORAGE_KEYS.password, { remember: values.remember, username: values.remember ? values.username.trim() : '' })
      signIn(result)
      const target = location.pathname === '/visualLogin' ? '/visual' : await afterSignInPath(queryClient, result, config.portalHost)
      navigate(target, { replace: true })
    } catch (err) {
      setError(toApiError(err).message)
      setBusy(false)
    }
  }

  return (
    <Backdrop>
      <Main>
        <Brand>
          <BrandMark aria-hidden>图</BrandMark>
          <Headline>{config.appTitle || PRODUCT_NAME}</Headline>
          <Subtitle>{PRODUCT_SUBTITLE}</Subtitle>
          <Points>
            <li>工业用地与用地单位一张图管理</li>
            <li>低效用地认定与盘活处置</li>
            <li>亩均效益评价与全生命周期监管</li>
          </Points>
        </Brand>
        <Card>
          <CardTitle>用户登录</CardTitle>
          {error && (
            <div data-testid="login-error" role="alert">
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
            </div>
          )}
          <Form<LoginValues>
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{ username: initial.username, password: '', remember: initial.remember }}
            onFinish={onFinish}
            onValuesChange={() => error && setError(null)}
          >
            <Form.Item
              label="用户名"
              name="username"
              rules={[
                { required: true, whitespace: true, message: '请输入用户名' },
                { max: 50, message: '用户名最多50个字符' },
              ]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder="请输入用户名"
                autoComplete="username"
                autoFocus
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="请输入密码"
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Form.Item name="remember" valuePropName="checked" style={{ marginBottom: 16 }}>
              <Checkbox>记住用户名</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              登 录
            </Button>
          </Form>
        </Card>
      </Main>
      <Footer>{PRODUCT_NAME} · 建议使用 Chrome 或 Edge 浏览器访问</Footer>
    </Backdrop>
  )
}
