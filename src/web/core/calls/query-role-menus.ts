/** 查询角色菜单 POST /api/role/query/role/menuMutil (docs/product.md §7 "Detailed call"; docs/api.md step 6) */
import type { MenuItem } from '../../../domain/contracts/auth'
import { apiPostForm } from '../api'

/** The menus granted to any of the roles (form field roleId = comma-joined role ids). */
export function queryRoleMenus(roleIds: string): Promise<MenuItem[]> {
  if (roleIds === '') return Promise.resolve([])
  return apiPostForm<MenuItem[]>('/api/role/query/role/menuMutil', { roleId: roleIds })
}

/** react-query options for the role menus of a session (the token keys a fresh sign-in). */
export function roleMenusQuery(roleIds: string, token: string | null) {
  return {
    queryKey: ['role-menus', roleIds, token] as const,
    queryFn: () => queryRoleMenus(roleIds),
    staleTime: 5 * 60_000,
  }
}
