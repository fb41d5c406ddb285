/**
 * The password flows of docs/api.md "Sign-in": salt, then digest = hex(SHA-256(salt + password)),
 * then the call. The password itself leaves the browser only encrypted, when it is a new one.
 */
import type { LoginResult } from '../../../domain/contracts/auth'
import { passwordDigest } from '../../../domain/password-digest'
import { rsaOaepEncrypt } from '../../../domain/rsa-oaep'
import { changePassword } from './api/change-password'
import { getPublicKey } from './api/get-public-key'
import { getSalt } from './api/get-salt'
import { loginDo } from './api/login-do'
import { loginVerify } from './api/login-verify'

/** 登录: getSalt → digest → POST /api/login/do. */
export async function signInWithPassword(username: string, password: string): Promise<LoginResult> {
  const name = username.trim()
  const salt = await getSalt(name)
  return loginDo(name, passwordDigest(salt, password))
}

/** 解锁: getSalt → digest → POST /api/login/verify. */
export async function verifyPassword(username: string, password: string): Promise<void> {
  const salt = await getSalt(username)
  await loginVerify(passwordDigest(salt, password))
}

/**
 * 修改密码 (docs/adr/0002): the current password as the sign-in digest, the new one encrypted
 * under the server's key so the server can check the policy; then a fresh sign-in with the new
 * password, because the change ended every token of the user.
 */
export async function changeOwnPassword(username: string, oldPassword: string, newPassword: string): Promise<LoginResult> {
  const [salt, key] = await Promise.all([getSalt(username), getPublicKey()])
  await changePassword({ oldPassword: passwordDigest(salt, oldPassword), newPassword: rsaOaepEncrypt(key, newPassword), keyId: key.kid })
  return signInWithPassword(username, newPassword)
}
