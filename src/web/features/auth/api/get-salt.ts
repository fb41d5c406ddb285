/** 获取密码盐 GET /api/user/getSalt (docs/api.md sign-in step 1; token-free) */
import { apiGetNoToken } from '../../../core/api'

/** The salt of a user name (an unknown user gets a fake one of the same shape). */
export async function getSalt(username: string): Promise<string> {
  const data = await apiGetNoToken<{ salt: string }>('/api/user/getSalt', { username })
  return data.salt
}
