/** 角色管理 calls (docs/product.md §7 /api/role/*). */
import type { RoleAddBody, RoleView } from '../../../../domain/contracts/admin-role'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'

/** 角色列表 GET /api/role/query */
export const queryRoles = (q: { page: number; pageSize: number; keyword?: string; sortField?: string; sortOrder?: string }) =>
  apiGet<Page<RoleView>>('/api/role/query', q)
/** 全部角色 GET /api/role/query/all */
export const allRoles = () => apiGet<RoleView[]>('/api/role/query/all')
/** 新增角色 POST /api/role/add */
export const addRole = (body: RoleAddBody) => apiPostJson<RoleView>('/api/role/add', body)
/** 编辑角色 POST /api/role/edit */
export const editRole = (body: RoleAddBody & { id: number }) => apiPostJson<RoleView>('/api/role/edit', body)
/** 删除角色 POST /api/role/delete — `force` after the user confirmed */
export const deleteRole = (id: number, force = false) => apiPostJson<null>('/api/role/delete', { id, force })
/** 角色已授权菜单 GET /api/role/query/role/menu */
export const roleMenuIds = (roleId: number) => apiGet<number[]>('/api/role/query/role/menu', { roleId })
/** 角色授权 POST /api/role/menus/grant */
export const grantMenus = (roleId: number, menuIds: number[]) =>
  apiPostJson<{ granted: number }>('/api/role/menus/grant', { roleId, menuIds })
/** 角色用户 GET /api/role/user */
export const roleUsers = (roleId: number, page: number, pageSize: number) =>
  apiGet<Page<{ id: number; username: string; realName: string; status: number }>>('/api/role/user', { roleId, page, pageSize })
/** 调整角色用户 POST /api/role/relation */
export const changeRoleUsers = (roleId: number, add: number[], remove: number[]) =>
  apiPostJson<{ changed: number }>('/api/role/relation', { roleId, add, remove })
