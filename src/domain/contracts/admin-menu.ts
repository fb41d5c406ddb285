/** 菜单资源 contracts (docs/product.md §7 /api/menu/*). A menu's route must be a route of the route table. */
import { z } from 'zod'
import { MENU_GROUPS, type MenuGroup } from '../route-table'
import { idSchema } from './admin'

const menuFields = {
  name: z.string({ error: '菜单名称不能为空' }).trim().min(1, '菜单名称不能为空').max(50, '菜单名称最多50个字符'),
  sort: z.coerce.number({ error: '排序应为数字' }).int('排序应为整数').min(0, '排序不能为负').max(9999, '排序最大9999'),
  icon: z
    .string()
    .trim()
    .max(50, '图标最多50个字符')
    .regex(/^([A-Z][A-Za-z]*)?$/, '图标为 antd 图标名，如 SettingOutlined')
    .optional()
    .default(''),
}

/** POST /api/menu/add — group and parent follow the route table; a given group must agree with it. */
export const menuAddBody = z.object({
  menuRoute: z
    .string({ error: '路由不能为空' })
    .trim()
    .regex(/^\/[A-Za-z0-9/_-]*$/, '路由应以 / 开头，如 /admin/setting/user'),
  group: z.enum(MENU_GROUPS, { error: '菜单组不正确' }).optional(),
  ...menuFields,
})
export type MenuAddBody = z.input<typeof menuAddBody>

/** POST /api/menu/edit — name, order and icon (route, group and parent are the route table's). */
export const menuEditBody = z.object({ id: idSchema, ...menuFields })

/** A menu node of the admin tree. */
export interface MenuNodeView {
  id: number
  parentId: number
  name: string
  menuRoute: string
  group: MenuGroup
  sort: number
  icon: string
  /** renamed or reordered by an admin: the start-up sync leaves it alone */
  customized: boolean
  children: MenuNodeView[]
}

/** GET /api/menu/query/model — routes of the route table an admin may add as menus. */
export interface MenuModelRoute {
  path: string
  title: string
  group: MenuGroup
  parent: string | null
  /** already a live menu */
  present: boolean
}
