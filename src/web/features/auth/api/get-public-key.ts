/** 获取密码传输公钥 GET /api/login/publicKey (docs/adr/0002; public) */
import type { RsaPublicJwk } from '../../../../domain/rsa-oaep'
import { apiGetNoToken } from '../../../core/api'

/** The server's RSA key that a new password is encrypted with. */
export function getPublicKey(): Promise<RsaPublicJwk> {
  return apiGetNoToken<RsaPublicJwk>('/api/login/publicKey')
}
