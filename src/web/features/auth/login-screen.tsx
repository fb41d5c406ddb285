/**
 * The sign-in screen without the router: the form, the password flow of docs/api.md (salt →
 * digest → POST /api/login/do), the Chinese errors and the stored session. Where the user goes
 * next is the caller's part, so the same screen serves the light sign-in start (no router, no
 * query cache: issue 19's budget) and the route page inside the app. Kept light: antd's inputs,
 * checkbox, button and alert, but not antd's Form — the two checks of sign-in-rules.ts do not
 * need its 30 KiB.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Input } from 'antd'
import { useState, type FormEvent } from 'react'
import type { LoginResult } from '../../../domain/contracts/auth'
import { toApiError } from '../../core/http-catalogue'
import { getRuntimeConfig } from '../../core/runtime-config'
import { useSession } from '../../core/session'
import { STORAGE_KEYS, getItemOr, setItem, type RememberedLogin } from '../../core/storage'
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '../../ui/brand'
import {
  Backdrop,
  Brand,
  BrandMark,
  Card,
  CardTitle,
  CheckRow,
  Field,
  FieldHelp,
  FieldLabel,
  Footer,
  Headline,
  Main,
  Points,
  Subtitle,
} from './login-styles'
import { signInWithPassword } from './password-flow'
import { signInFieldErrors, type SignInField, type SignInFieldErrors, type SignInValues } from './sign-in-rules'

/** Props of {@link LoginScreen}. */
export interface LoginScreenProps {
  /** Called as the form is sent, before the sign-in calls (the light start fetches the app meanwhile). */
  onSubmit?(): void
  /** Takes the user on after the session is stored; the button stays busy until it settles. */
  onSignedIn(result: LoginResult): Promise<void>
}

function rememberedLogin(): RememberedLogin {
  const v = getItemOr<Partial<RememberedLogin> | null>(STORAGE_KEYS.password, null)
  return { remember: v?.remember === true, username: typeof v?.username === 'string' ? v.username : '' }
}

const NO_ERRORS: SignInFieldErrors = { username: [], password: [] }

/** The sign-in screen. */
export function LoginScreen({ onSubmit, onSignedIn }: LoginScreenProps) {
  const signIn = useSession((s) => s.signIn)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [values, setValues] = useState<SignInValues>(() => {
    const remembered = rememberedLogin()
    return { username: remembered.username, password: '', remember: remembered.remember }
  })
  const [fieldErrors, setFieldErrors] = useState<SignInFieldErrors>(NO_ERRORS)
  const config = getRuntimeConfig()

  const change = (patch: Partial<SignInValues>) => {
    const next = { ...values, ...patch }
    setValues(next)
    if (error) setError(null)
    // a text field is checked as it changes, the others stay as they were until the next send
    const checked = signInFieldErrors(next)
    setFieldErrors((before) => ({
      username: 'username' in patch ? checked.username : before.username,
      password: 'password' in patch ? checked.password : before.password,
    }))
  }

  const send = async (event: FormEvent) => {
    event.preventDefault()
    // a send while the last one is under way is ignored, as the busy button ignores a click
    if (busy) return
    const checked = signInFieldErrors(values)
    setFieldErrors(checked)
    if (checked.username.length || checked.password.length) return
    setBusy(true)
    setError(null)
    onSubmit?.()
    try {
      const result = await signInWithPassword(values.username, values.password)
      // the `password` entry holds only the 记住用户名 choice — never a password or digest
      setItem(STORAGE_KEYS.password, { remember: values.remember, username: values.remember ? values.username.trim() : '' })
      signIn(result)
      await onSignedIn(result)
    } catch (err) {
      setError(toApiError(err).message)
      setBusy(false)
    }
  }

  /** The id, state and help of a checked field. */
  const fieldProps = (name: SignInField) => {
    const messages = fieldErrors[name]
    const invalid = messages.length > 0
    const help = invalid ? (
      <FieldHelp id={`${name}_help`} role="alert">
        {messages.map((m) => (
          <div key={m}>{m}</div>
        ))}
      </FieldHelp>
    ) : null
    return {
      invalid,
      help,
      input: {
        id: name,
        status: invalid ? ('error' as const) : undefined,
        'aria-invalid': invalid || undefined,
        'aria-describedby': invalid ? `${name}_help` : undefined,
      },
    }
  }
  const username = fieldProps('username')
  const password = fieldProps('password')

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
          <form onSubmit={(e) => void send(e)}>
            <Field $invalid={username.invalid}>
              <FieldLabel htmlFor="username">用户名</FieldLabel>
              <Input
                {...username.input}
                size="large"
                value={values.username}
                onChange={(e) => change({ username: e.target.value })}
                prefix={<UserOutlined />}
                placeholder="请输入用户名"
                autoComplete="username"
                autoFocus
                data-testid="login-username"
              />
              {username.help}
            </Field>
            <Field $invalid={password.invalid}>
              <FieldLabel htmlFor="password">密码</FieldLabel>
              <Input.Password
                {...password.input}
                size="large"
                value={values.password}
                onChange={(e) => change({ password: e.target.value })}
                prefix={<LockOutlined />}
                placeholder="请输入密码"
                autoComplete="current-password"
                data-testid="login-password"
              />
              {password.help}
            </Field>
            <CheckRow>
              <Checkbox id="remember" checked={values.remember} onChange={(e) => change({ remember: e.target.checked })}>
                记住用户名
              </Checkbox>
            </CheckRow>
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
              登 录
            </Button>
          </form>
        </Card>
      </Main>
      <Footer>{PRODUCT_NAME} · 建议使用 Chrome 或 Edge 浏览器访问</Footer>
    </Backdrop>
  )
}
