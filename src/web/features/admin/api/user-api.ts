/**
 * 用户管理 calls (docs/product.md §7 /api/user/*). One file per resource rather than per endpoint: each
 * function names its method and path.
 */
import type {
  CompanyAddBody,
  CompanyUserView,
  InitialPassword,
  UserAddBody,
  UserEditBody,
  UserQuery,
  UserRowView,
} from '../../../../domain/contracts/admin-user'
import type { EnterpriseBrief } from '../../../../domain/contracts/land-scope'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'
import type { QueryParams } from '../../../core/http'

/** 用户列表 GET /api/user/query */
export const queryUsers = (q: Omit<UserQuery, 'sortField'> & { sortField?: string }) =>
  apiGet<Page<UserRowView>>('/api/user/query', q as QueryParams)
/** 用户选择 GET /api/user/query/all */
export const pickUsers = (keyword?: string) =>
  apiGet<{ id: number; username: string; realName: string }[]>('/api/user/query/all', { keyword })
/** 新增用户 POST /api/user/add — answers the one-time password */
export const addUser = (body: UserAddBody) => apiPostJson<InitialPassword>('/api/user/add', body)
/** 编辑用户 POST /api/user/edit */
export const editUser = (body: UserEditBody) => apiPostJson<UserRowView>('/api/user/edit', body)
/** 启用/停用 POST /api/user/update/status */
export const setUserStatus = (id: number, status: 0 | 1) => apiPostJson<null>('/api/user/update/status', { id, status })
/** 删除用户 POST /api/user/delete */
export const deleteUser = (id: number) => apiPostJson<null>('/api/user/delete', { id })
/** 分配角色 POST /api/user/update/roles */
export const setUserRoles = (userId: number, roleIds: number[]) => apiPostJson<null>('/api/user/update/roles', { userId, roleIds })
/** 重置密码 POST /api/user/reset/password */
export const resetUserPassword = (id: number) => apiPostJson<InitialPassword>('/api/user/reset/password', { id })
/** 解除锁定 POST /api/user/unlock */
export const unlockUser = (id: number) => apiPostJson<null>('/api/user/unlock', { id })
/** 企业账号列表 GET /api/user/query/company */
export const queryCompanyUsers = (q: { page: number; pageSize: number; keyword?: string }) =>
  apiGet<Page<CompanyUserView>>('/api/user/query/company', q)
/** 查找企业 GET /api/user/query/queryCompany */
export const findCompanies = (keyword: string) => apiGet<EnterpriseBrief[]>('/api/user/query/queryCompany', { keyword })
/** 新增企业账号 POST /api/user/company/add */
export const addCompanyUser = (body: CompanyAddBody) => apiPostJson<InitialPassword>('/api/user/company/add', body)
/** 删除企业账号 POST /api/user/company/delete */
export const deleteCompanyUser = (id: number) => apiPostJson<null>('/api/user/company/delete', { id })
