/** 用户管理 contracts (docs/product.md §7 /api/user/*). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery, regionCodeSchema, requiredText } from './admin'

/** 用户名: letters, digits, `_ . -`, 3–50, starting with a letter. */
export const usernameSchema = z
  .string({ error: '用户名不能为空' })
  .trim()
  .min(3, '用户名至少3个字符')
  .max(50, '用户名最多50个字符')
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, '用户名以字母开头，只能含字母、数字和 _ . -')

/** 手机号 (mainland) or empty. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(1\d{10})?$/, '手机号应为11位数字，以1开头')
  .optional()
  .default('')

/** 1 enabled, 0 disabled. */
export const userStatusSchema = z.union([z.literal(0), z.literal(1)], { error: '状态应为 0（停用）或 1（启用）' })

/** Fields an admin enters for a staff account. */
const userFields = {
  realName: requiredText(50, '姓名'),
  phone: phoneSchema,
  organizationId: idSchema.nullable().optional(),
  regionCode: regionCodeSchema.nullable().optional(),
  remark: optionalText(255, '备注'),
}

/** POST /api/user/add — the server generates the first password and returns it once. */
export const userAddBody = z.object({
  username: usernameSchema,
  ...userFields,
  roleIds: z.array(idSchema).max(50).optional().default([]),
})
export type UserAddBody = z.input<typeof userAddBody>

/** POST /api/user/edit */
export const userEditBody = z.object({ id: idSchema, ...userFields })
export type UserEditBody = z.input<typeof userEditBody>

/** POST /api/user/update/status — 停用 revokes every token of the user at once. */
export const userStatusBody = z.object({ id: idSchema, status: userStatusSchema })

/** POST /api/user/update/roles */
export const userRolesBody = z.object({ userId: idSchema, roleIds: z.array(idSchema).max(50) })

/** GET /api/user/query — list with search, paging and sorting. */
export const userQuery = pageQuery(['username', 'realName', 'createdAt', 'lastLoginAt'] as const).extend({
  username: z.string().trim().max(50).optional(),
  realName: z.string().trim().max(50).optional(),
  organizationId: idSchema.optional(),
  roleId: idSchema.optional(),
  status: z.coerce.number().pipe(userStatusSchema).optional(),
  regionCode: regionCodeSchema.optional(),
})
export type UserQuery = z.input<typeof userQuery>

/** GET /api/user/query/organ — the users of one organisation (and below). */
export const userOrganQuery = z.object({ organizationId: idSchema })

/** A user row of the admin list. */
export interface UserRowView {
  id: number
  username: string
  realName: string
  phone: string
  status: 0 | 1
  userType: 'staff' | 'company'
  organizationId: number | null
  organizationName: string | null
  regionCode: string | null
  regionName: string | null
  roles: { id: number; name: string }[]
  remark: string
  mustChangePassword: boolean
  /** epoch ms until which sign-in is locked, or null */
  lockedUntil: number | null
  lastLoginAt: string | null
  lastLoginIp: string
  createdAt: string
}

/** data of /api/user/add and /api/user/reset/password: the one-time password, shown once. */
export interface InitialPassword {
  id: number
  username: string
  password: string
}

/** POST /api/user/company/add — an account for an enterprise (用地单位). */
export const companyAddBody = z.object({
  enterpriseId: idSchema,
  username: usernameSchema,
  realName: requiredText(50, '联系人'),
  phone: phoneSchema,
})
export type CompanyAddBody = z.input<typeof companyAddBody>

/** GET /api/user/query/company — enterprise accounts. */
export const companyQuery = pageQuery(['username', 'createdAt'] as const).extend({
  keyword: z.string().trim().max(100).optional(),
})

/** GET /api/user/query/queryCompany — enterprises to bind an account to (within the data scope). */
export const queryCompanyQuery = z.object({
  keyword: z.string().trim().min(1, '请输入企业名称或统一社会信用代码').max(100),
})

/** An enterprise account row. */
export interface CompanyUserView {
  id: number
  username: string
  realName: string
  phone: string
  status: 0 | 1
  enterpriseId: number
  enterpriseName: string
  creditCode: string
  countyName: string | null
  createdAt: string
}
