/**
 * The password flows of API.md "Sign-in": salt, then digest = hex(SHA-256(salt + password)),
 * then the call. The password itself never leaves this function.
 */
import type { LoginResult } from '../../../domain/contracts/auth'
import { passwordDigest } from '../../../domain/password-digest'
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
