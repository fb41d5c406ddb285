/** 区域标准 calls (/api/regionrecoup/*). */
import type { RegionStandardAddBody, RegionStandardView } from '../../../../domain/contracts/admin-region-standard'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'

/** 区域标准列表 GET /api/regionrecoup/query */
export const queryStandards = (q: {
  page: number
  pageSize: number
  regionCode?: string
  year?: number
  sortField?: string
  sortOrder?: string
}) => apiGet<Page<RegionStandardView>>('/api/regionrecoup/query', q)
/** 新增区域标准 POST /api/regionrecoup/add */
export const addStandard = (body: RegionStandardAddBody) => apiPostJson<RegionStandardView>('/api/regionrecoup/add', body)
/** 修改区域标准 POST /api/regionrecoup/edit */
export const editStandard = (body: RegionStandardAddBody & { id: number }) =>
  apiPostJson<RegionStandardView>('/api/regionrecoup/edit', body)
/** 删除区域标准 POST /api/regionrecoup/delete */
export const deleteStandard = (id: number) => apiPostJson<null>('/api/regionrecoup/delete', { id })
