/**
 * 首次登录/密码过期: shown instead of any page while the signed-in user must change the password
 * (a new or reset account, or a password past its age; GB/T 22239-2019 8.1.4.1). The server
 * refuses every other call until then.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd'
import { useNavigate } from 'react-router-dom'
import { signOutEverywhere } from '../../core/calls/logout'
import { getRuntimeConfig } from '../../core/runtime-config'
import { selectUser, useSession } from '../../core/session'
import { afterSignInPath } from './after-sign-in'
import { ChangePasswordForm } from './change-password-form'
import { Backdrop, Card, CardTitle, Footer, Main } from './login-styles'
import { PRODUCT_NAME } from '../../ui/brand'

/** The forced change of password. */
export function ForcedPasswordPage() {
  const user = useSession(selectUser)
  const signIn = useSession((s) => s.signIn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  if (!user) return null
  const expired = user.passwordChangeReason === 'expired'
  return (
    <Backdrop>
      <Main style={{ justifyContent: 'center' }}>
        <Card data-testid="forced-password-change" style={{ width: 420 }}>
          <CardTitle>{expired ? '密码已过期，请修改密码' : '首次登录，请修改初始密码'}</CardTitle>
          <p style={{ marginTop: -8, color: '#6b7280', fontSize: 13 }}>
            {user.realName}（{user.username}）：
            {expired ? '按照安全要求，密码须定期更换。' : '初始密码由管理员发放，请换成只有您知道的密码。'}
          </p>
          <ChangePasswordForm
            username={user.username}
            submitText="修改并进入系统"
            onChanged={async (result) => {
              queryClient.clear()
              signIn(result)
              navigate(await afterSignInPath(queryClient, result, getRuntimeConfig().portalHost), { replace: true })
            }}
          />
          <Button
            type="link"
            block
            style={{ marginTop: 8 }}
            onClick={async () => (await signOutEverywhere(), navigate('/login', { replace: true }))}
          >
            退出登录
          </Button>
        </Card>
      </Main>
      <Footer>{PRODUCT_NAME}</Footer>
    </Backdrop>
  )
}
