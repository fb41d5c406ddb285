/** 解锁验证 POST /api/login/verify (docs/api.md sign-in step 7: the server re-verifies the password) */
import { apiPostForm } from '../../../core/api'

/** Re-verifies the signed-in user's password digest; resolves when it is right. */
export function loginVerify(digest: string): Promise<null> {
  return apiPostForm<null>('/api/login/verify', { password: digest })
}
