/** 行政区划 calls (docs/product.md §7 /api/area/*). */
import type { AreaAddBody, RegionView } from '../../../../domain/contracts/admin-area'
import { apiGet, apiPostJson } from '../../../core/api'

/** 下级区划 GET /api/area/query/children (no code: the province) */
export const areaChildren = (code?: string) => apiGet<RegionView[]>('/api/area/query/children', { code })
/** 全部区划 GET /api/area/query/all */
export const allAreas = () => apiGet<Omit<RegionView, 'childCount'>[]>('/api/area/query/all')
/** 新增开发区/园区 POST /api/area/add */
export const addArea = (body: AreaAddBody) => apiPostJson<RegionView>('/api/area/add', body)
/** 修改区划名称 POST /api/area/edit */
export const editArea = (body: { code: string; name: string; sort?: number }) => apiPostJson<RegionView>('/api/area/edit', body)
/** 删除区划 POST /api/area/delete */
export const deleteArea = (code: string) => apiPostJson<null>('/api/area/delete', { code })
