/**
 * 登录 (/, /login) inside the app: the sign-in screen, then the last page if still allowed, else
 * the default landing route (docs/product.md §4, §6). A fresh load of /login or / shows the same
 * screen from the light sign-in start instead (app/sign-in-start), without the router.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router-dom'
import type { LoginResult } from '../../../domain/contracts/auth'
import { getRuntimeConfig } from '../../core/runtime-config'
import { afterSignInPath } from './after-sign-in'
import { LoginScreen } from './login-screen'

/** The sign-in page of the route table. */
export function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()

  const onSignedIn = async (result: LoginResult) => {
    const target =
      location.pathname === '/visualLogin' ? '/visual' : await afterSignInPath(queryClient, result, getRuntimeConfig().portalHost)
    navigate(target, { replace: true })
  }

  return <LoginScreen onSignedIn={onSignedIn} />
}
