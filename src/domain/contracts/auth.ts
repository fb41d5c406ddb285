/** Sign-in contract (docs/api.md "Sign-in"): shared by the login page and the server. */
import { z } from 'zod'
import type { MenuGroup } from '../route-table'

/** GET /api/user/getSalt */
export const getSaltQuery = z.object({
  username: z.string({ error: '用户名不能为空' }).trim().min(1, '用户名不能为空').max(50, '用户名最多50个字符'),
})

/** POST /api/login/do (form-encoded) */
export const loginForm = z.object({
  username: z.string({ error: '用户名不能为空' }).trim().min(1, '用户名不能为空').max(50, '用户名最多50个字符'),
  password: z.string({ error: '密码不能为空' }).regex(/^[0-9a-f]{64}$/, '密码摘要格式错误（应为64位十六进制SHA-256）'),
})

/** POST /api/login/verify — re-checks the signed-in user's password (lock screen, docs/api.md step 7). */
export const verifyForm = z.object({
  password: z.string({ error: '密码不能为空' }).regex(/^[0-9a-f]{64}$/, '密码摘要格式错误（应为64位十六进制SHA-256）'),
})

/**
 * POST /api/user/update/password — the signed-in user's own change (docs/adr/0002): the current
 * password as the sign-in digest, the new one RSA-OAEP encrypted under the server's transport key
 * (GET /api/login/publicKey), so the server can check the policy and the history.
 */
export const changePasswordBody = z.object({
  oldPassword: z.string({ error: '原密码不能为空' }).regex(/^[0-9a-f]{64}$/, '原密码摘要格式错误（应为64位十六进制SHA-256）'),
  newPassword: z
    .string({ error: '新密码不能为空' })
    .min(16, '新密码密文格式错误')
    .max(1024, '新密码密文格式错误')
    .regex(/^[A-Za-z0-9+/]+=*$/, '新密码密文应为base64'),
  keyId: z.string().max(64).optional(),
})
export type ChangePasswordBody = z.infer<typeof changePasswordBody>

/** POST /api/role/query/role/menuMutil (form-encoded) */
export const menuMutilForm = z.object({
  roleId: z.string({ error: '角色ID不能为空' }).regex(/^\d+(,\d+)*$/, '角色ID应为逗号分隔的数字，如 1,3'),
})

/** A menu as the API returns it (docs/product.md §3 "Menu item"). */
export interface MenuItem {
  id: number
  parentId: number
  name: string
  menuRoute: string
  group: MenuGroup
  sort: number
  icon: string
  children: MenuItem[]
}

/** The six menu groups of the signed-in user (docs/product.md §3). */
export type UserMenus = Record<MenuGroup, MenuItem[]>

/** The user as the client stores it under `user` (docs/product.md §3). */
export interface SessionUser {
  id: number
  username: string
  realName: string
  roles: { id: number; name: string }[]
  menus: UserMenus
  authorities: string[]
  avatar: string
  regionCode: string | null
  /** the next step must be a password change: a new or reset account, or an expired password */
  mustChangePassword: boolean
  /** why a change is required, for the page that asks for it */
  passwordChangeReason: 'initial' | 'expired' | null
}

/** data of a successful POST /api/login/do */
export interface LoginResult {
  token: string
  /** epoch milliseconds */
  expiresAt: number
  user: SessionUser
}
