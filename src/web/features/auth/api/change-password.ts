/** 修改密码 POST /api/user/update/password (docs/adr/0002: old password as digest, new one encrypted) */
import type { ChangePasswordBody } from '../../../../domain/contracts/auth'
import { apiPostJson } from '../../../core/api'

/** Changes the signed-in user's password; every token of the user ends at once. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiPostJson<null>('/api/user/update/password', body)
}
