/** 登录 POST /api/login/do (docs/api.md sign-in step 2; token-free form POST, docs/product.md §7) */
import type { LoginResult } from '../../../../domain/contracts/auth'
import { apiPostFormNoToken } from '../../../core/api'

/** Signs in with the password digest, never the password. */
export function loginDo(username: string, digest: string): Promise<LoginResult> {
  return apiPostFormNoToken<LoginResult>('/api/login/do', { username, password: digest })
}
