/**
 * The server's RSA key for the one value the browser must send decryptable: a new password, so
 * that the server can enforce the password policy (docs/adr/0002). Created once and kept in
 * app_setting, so every API process behind a load balancer shares it.
 */
import crypto from 'node:crypto'
import type { RsaPublicJwk } from '../../domain/rsa-oaep'
import type { Db } from '../db/engine'
import { badRequest } from '../http/errors'
import { putSettingIfAbsent } from '../db/settings'

/** The key pair as the server uses it. */
export interface TransportKey {
  publicJwk: RsaPublicJwk
  decrypt(base64: string): string
}

const cache = new WeakMap<Db, Promise<TransportKey>>()

/** The database's transport key, created on first use. */
export function transportKey(db: Db): Promise<TransportKey> {
  let key = cache.get(db)
  if (!key) {
    key = load(db)
    cache.set(db, key)
    key.catch(() => cache.delete(db))
  }
  return key
}

async function load(db: Db): Promise<TransportKey> {
  const fresh = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  const pem = await putSettingIfAbsent(db, 'password_transport_key', fresh)
  const privateKey = crypto.createPrivateKey(pem)
  const jwk = crypto.createPublicKey(privateKey).export({ format: 'jwk' }) as { n: string; e: string }
  const kid = crypto.createHash('sha256').update(jwk.n).digest('hex').slice(0, 16)
  return {
    publicJwk: { kty: 'RSA', n: jwk.n, e: jwk.e, kid },
    decrypt(base64: string) {
      try {
        const plain = crypto.privateDecrypt(
          { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        )
        return plain.toString('utf8')
      } catch {
        throw badRequest('新密码无法解密，请刷新页面后重试', [{ field: 'newPassword', message: '新密码无法解密，请刷新页面后重试' }])
      }
    },
  }
}
