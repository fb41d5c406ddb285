/** 角色管理 contracts (docs/product.md §7 /api/role/*). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery, requiredText } from './admin'

const roleFields = {
  name: requiredText(50, '角色名称'),
  code: z
    .string({ error: '角色编码不能为空' })
    .trim()
    .min(2, '角色编码至少2个字符')
    .max(50, '角色编码最多50个字符')
    .regex(/^[A-Z][A-Z0-9_]*$/, '角色编码用大写字母、数字和下划线，以字母开头'),
  remark: optionalText(255, '备注'),
}

/** POST /api/role/add */
export const roleAddBody = z.object(roleFields)
export type RoleAddBody = z.input<typeof roleAddBody>

/** POST /api/role/edit */
export const roleEditBody = z.object({ id: idSchema, ...roleFields })

/** POST /api/role/delete — a role still held by users needs `force` (the page asks first). */
export const roleDeleteBody = z.object({ id: idSchema, force: z.boolean().optional().default(false) })

/** GET /api/role/query */
export const roleQuery = pageQuery(['name', 'code', 'createdAt'] as const).extend({
  keyword: z.string().trim().max(50).optional(),
})

/** POST /api/role/menus/grant — the menus of a role; parents stand for all their leaves. */
export const roleGrantBody = z.object({ roleId: idSchema, menuIds: z.array(idSchema).max(2000) })

/** GET /api/role/query/role/menu — the granted menu ids of one role. */
export const roleIdQuery = z.object({ roleId: idSchema })

/** GET /api/role/user — the users of a role. */
export const roleUserQuery = pageQuery(['username'] as const).extend({ roleId: idSchema })

/** POST /api/role/relation — add users to and remove users from a role. */
export const roleRelationBody = z
  .object({
    roleId: idSchema,
    add: z.array(idSchema).max(500).optional().default([]),
    remove: z.array(idSchema).max(500).optional().default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { message: '请选择要加入或移出的用户', path: ['add'] })

/** A role row. */
export interface RoleView {
  id: number
  name: string
  code: string
  remark: string
  userCount: number
  menuCount: number
  createdAt: string
}
