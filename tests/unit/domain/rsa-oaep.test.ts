/** The browser's RSA-OAEP encryption (docs/adr/0002) is read by Node's own OAEP decryption. */
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { rsaOaepEncrypt, type RsaPublicJwk } from '../../../src/domain/rsa-oaep'

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string }
const key: RsaPublicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, kid: 'test' }
const decrypt = (b64: string) =>
  crypto
    .privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64'))
    .toString('utf8')

describe('rsaOaepEncrypt', () => {
  it.each(['Abcdef1!', '长密码：浙江省自然资源厅2026@', 'x'.repeat(190)])('round-trips %s through Node', (text) => {
    expect(decrypt(rsaOaepEncrypt(key, text))).toBe(text)
  })
  it('is randomised: the same text encrypts differently each time', () => {
    expect(rsaOaepEncrypt(key, 'Same@2026')).not.toBe(rsaOaepEncrypt(key, 'Same@2026'))
  })
  it('refuses a message longer than the key allows', () => {
    expect(() => rsaOaepEncrypt(key, 'x'.repeat(191))).toThrow('待加密内容过长')
  })
})
