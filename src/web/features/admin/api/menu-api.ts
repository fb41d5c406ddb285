/** 菜单资源 calls (docs/product.md §7 /api/menu/*). */
import type { MenuAddBody, MenuModelRoute, MenuNodeView } from '../../../../domain/contracts/admin-menu'
import { apiGet, apiPostJson } from '../../../core/api'

/** 菜单树 GET /api/menu/query/all */
export const menuTree = () => apiGet<MenuNodeView[]>('/api/menu/query/all')
/** 路由表 GET /api/menu/query/model */
export const menuModel = () => apiGet<MenuModelRoute[]>('/api/menu/query/model')
/** 新增菜单 POST /api/menu/add */
export const addMenu = (body: MenuAddBody) => apiPostJson<{ id: number }>('/api/menu/add', body)
/** 编辑菜单 POST /api/menu/edit */
export const editMenu = (body: { id: number; name: string; sort: number; icon: string }) => apiPostJson<null>('/api/menu/edit', body)
/** 删除菜单 POST /api/menu/delete */
export const deleteMenu = (id: number) => apiPostJson<null>('/api/menu/delete', { id })
