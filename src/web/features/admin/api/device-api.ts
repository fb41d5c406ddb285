/** 设备注册 calls (docs/product.md §7 /api/device/info/*). */
import type { DeviceEditBody, DeviceView } from '../../../../domain/contracts/admin-device'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'

/** 设备列表 GET /api/device/info/list */
export const queryDevices = (q: {
  page: number
  pageSize: number
  keyword?: string
  status?: number
  os?: string
  sortField?: string
  sortOrder?: string
}) => apiGet<Page<DeviceView>>('/api/device/info/list', q)
/** 编辑设备 POST /api/device/info/edit */
export const editDevice = (body: DeviceEditBody) => apiPostJson<DeviceView>('/api/device/info/edit', body)
/** 删除设备 POST /api/device/info/delete */
export const deleteDevice = (id: number) => apiPostJson<null>('/api/device/info/delete', { id })
