/**
 * /visualLogin 大屏登录: the sign-in of a command-centre wall — dark, large, readable from the
 * back of the room, scaled with the viewport (vmin) — that lands on /visual (issue 6). The
 * password flow is the login page's (docs/api.md "Sign-in").
 */
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { toApiError } from '../../core/http-catalogue'
import { getRuntimeConfig } from '../../core/runtime-config'
import { useSession } from '../../core/session'
import { signInWithPassword } from './password-flow'

const Wall = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4vmin;
  color: #d6e4ff;
  background:
    repeating-linear-gradient(0deg, rgba(80, 150, 255, 0.06) 0 1px, transparent 1px 6vmin),
    repeating-linear-gradient(90deg, rgba(80, 150, 255, 0.06) 0 1px, transparent 1px 6vmin),
    radial-gradient(ellipse at 50% 35%, #0d2a5c 0%, #061533 50%, #02081a 100%);
  h1 {
    margin: 0;
    font-size: 5vmin;
    letter-spacing: 1.2vmin;
    color: #f0f6ff;
    text-shadow: 0 0 2vmin rgba(80, 160, 255, 0.9);
  }
`
const Card = styled.form`
  width: 52vmin;
  display: flex;
  flex-direction: column;
  gap: 2.2vmin;
  padding: 4vmin 4.5vmin;
  background: linear-gradient(180deg, rgba(12, 40, 90, 0.85) 0%, rgba(6, 22, 52, 0.85) 100%);
  border: 1px solid rgba(80, 150, 255, 0.5);
  box-shadow: inset 0 0 3vmin rgba(47, 155, 255, 0.2);
  h2 {
    margin: 0 0 1vmin;
    font-size: 3vmin;
    text-align: center;
    color: #fff;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 0.8vmin;
    font-size: 2vmin;
    color: #8fa8d6;
  }
  input {
    height: 5.6vmin;
    font-size: 2.4vmin;
    padding: 0 1.4vmin;
    color: #fff;
    background: rgba(2, 8, 26, 0.8);
    border: 1px solid rgba(80, 150, 255, 0.55);
    border-radius: 0.6vmin;
    outline: none;
  }
  input:focus {
    border-color: #2fb5ff;
    box-shadow: 0 0 1vmin rgba(47, 181, 255, 0.6);
  }
  button {
    height: 6vmin;
    margin-top: 1vmin;
    font-size: 2.6vmin;
    letter-spacing: 1vmin;
    color: #fff;
    background: linear-gradient(90deg, #1d4e9e 0%, #2f9bff 100%);
    border: 0;
    border-radius: 0.6vmin;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
  }
`
const ErrorText = styled.div`
  font-size: 2vmin;
  color: #ff7a45;
  text-align: center;
`

/** The wall's sign-in page. */
export function VisualLoginPage() {
  const navigate = useNavigate()
  const signIn = useSession((s) => s.signIn)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!username.trim()) return setError('请输入用户名')
    if (!password) return setError('请输入密码')
    setBusy(true)
    setError(null)
    try {
      signIn(await signInWithPassword(username, password))
      navigate('/visual', { replace: true })
    } catch (err) {
      setError(toApiError(err).message)
      setBusy(false)
    }
  }

  return (
    <Wall data-testid="visual-login">
      <h1>{getRuntimeConfig().appTitle} · 可视化大屏</h1>
      <Card onSubmit={onSubmit} noValidate>
        <h2>大屏登录</h2>
        <label>
          用户名
          <input
            data-testid="login-username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label>
          密码
          <input
            data-testid="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <ErrorText role="alert" data-testid="login-error">
            {error}
          </ErrorText>
        )}
        <button type="submit" data-testid="login-submit" disabled={busy}>
          {busy ? '登录中…' : '进入大屏'}
        </button>
      </Card>
    </Wall>
  )
}
