/** 组织机构 calls (docs/product.md §7 /api/organ/*). */
import type { OrganAddBody, OrganNodeView } from '../../../../domain/contracts/admin-organ'
import { apiGet, apiPostJson } from '../../../core/api'

/** 机构树 GET /api/organ/query/all */
export const organTree = () => apiGet<OrganNodeView[]>('/api/organ/query/all')
/** 新增机构 POST /api/organ/add */
export const addOrgan = (body: OrganAddBody) => apiPostJson<OrganNodeView>('/api/organ/add', body)
/** 编辑机构 POST /api/organ/edit */
export const editOrgan = (body: OrganAddBody & { id: number }) => apiPostJson<OrganNodeView>('/api/organ/edit', body)
/** 删除机构 POST /api/organ/delete */
export const deleteOrgan = (id: number) => apiPostJson<null>('/api/organ/delete', { id })
