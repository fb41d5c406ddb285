/** 地图图层 calls (/admin/setting/mapLayer; docs/product.md §3 layer groups and layers). */
import type { GroupAddBody, GroupView, LayerAddBody, LayerEditBody, LayerView } from '../../../../domain/contracts/admin-map-layer'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'

/** 图层列表 GET /api/map/layer/query */
export const queryLayers = (q: {
  page: number
  pageSize: number
  keyword?: string
  groupId?: string
  type?: string
  sortField?: string
  sortOrder?: string
}) => apiGet<Page<LayerView>>('/api/map/layer/query', q)
/** 新增图层 POST /api/map/layer/add */
export const addLayer = (body: LayerAddBody) => apiPostJson<LayerView>('/api/map/layer/add', body)
/** 修改图层 POST /api/map/layer/edit */
export const editLayer = (body: LayerEditBody) => apiPostJson<LayerView>('/api/map/layer/edit', body)
/** 删除图层 POST /api/map/layer/delete */
export const deleteLayer = (id: number) => apiPostJson<null>('/api/map/layer/delete', { id })
/** 图层组列表 GET /api/map/group/query */
export const queryGroups = (q: { page: number; pageSize: number; keyword?: string; sortField?: string; sortOrder?: string }) =>
  apiGet<Page<GroupView>>('/api/map/group/query', q)
/** 全部图层组 GET /api/map/group/all */
export const allGroups = () => apiGet<GroupView[]>('/api/map/group/all')
/** 新增图层组 POST /api/map/group/add */
export const addGroup = (body: GroupAddBody) => apiPostJson<GroupView>('/api/map/group/add', body)
/** 修改图层组 POST /api/map/group/edit */
export const editGroup = (body: GroupAddBody & { id: number }) => apiPostJson<GroupView>('/api/map/group/edit', body)
/** 删除图层组 POST /api/map/group/delete */
export const deleteGroup = (id: number) => apiPostJson<null>('/api/map/group/delete', { id })
